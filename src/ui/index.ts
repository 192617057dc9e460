/**
 * Shared UI kit (spec §2 shared styling): small presentational components and the brand palette.
 * Nothing here fetches; components are written against the React API.
 */
export { VerifiedBadge, VERIFIED_LABEL, VERIFIED_BADGE_SIZE_PX } from './verified-badge';
export type { VerifiedBadgeProps } from './verified-badge';
export { Loader, LOADING_LABEL, LOADER_SQUARE_PX } from './loader';
export type { LoaderProps } from './loader';
export {
  BRAND_COLORS,
  randomBrandColor,
  CHECKERED_BACKGROUND,
  FOCUS_RING,
  DARK_SURFACE,
  LIGHT_SURFACE,
  DARK_TEXT,
  LIGHT_TEXT,
} from './colors';
export { REDUCED_MOTION, STILL_UNDER_REDUCED_MOTION } from './motion';
