/**
 * Shared UI kit (spec §2 shared styling): small presentational components and the brand palette.
 * Nothing here fetches; components are written against the React API, and every animation
 * stops under prefers-reduced-motion.
 */
export { VerifiedBadge, VERIFIED_LABEL, VERIFIED_BADGE_SIZE_PX } from './verified-badge';
export type { VerifiedBadgeProps } from './verified-badge';
export { Loader, LOADING_LABEL, LOADER_SQUARE_PX } from './loader';
export type { LoaderProps } from './loader';
export { TextInput, FormButton, CONTROL_HEIGHT_PX } from './inputs';
export type { TextInputProps, FormButtonProps, Theme, ButtonVariant } from './inputs';
export { RadioOption, RADIO_SELECT_MS } from './radio-option';
export type { RadioOptionProps } from './radio-option';
export { StillOrVideo } from './still-or-video';
export type { StillOrVideoProps } from './still-or-video';
export { FavoriteButton, FAVORITE_ANIMATION_MS, FAVORITE_LABEL, UNFAVORITE_LABEL } from './favorite-button';
export type { FavoriteButtonProps, FavoriteState } from './favorite-button';
export {
  BRAND_COLORS,
  brandColorFor,
  CHECKERED_BACKGROUND,
  FOCUS_RING,
  FOCUS_OUTLINE,
  DARK_SURFACE,
  LIGHT_SURFACE,
  DARK_TEXT,
  LIGHT_TEXT,
} from './colors';
export { REDUCED_MOTION, REDUCED_MOTION_QUERY, STILL_UNDER_REDUCED_MOTION } from './motion';
