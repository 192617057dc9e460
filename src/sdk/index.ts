/**
 * The SDK (gif-embed/sdk): Grid, Carousel and Gif components written against the React API, the
 * masonry layout and the paging state machine. A React app renders these with its own React;
 * plain pages use the vanilla helpers in dist/sdk.js instead.
 */
export { Grid, DEFAULT_GRID_COLUMNS, GRID_CLASS } from './grid';
export type { GridProps } from './grid';
export { Carousel, DEFAULT_CAROUSEL_HEIGHT, CAROUSEL_CLASS } from './carousel';
export type { CarouselProps } from './carousel';
export { Gif, HOVER_REPORT_DELAY_MS, DEFAULT_BORDER_RADIUS, GIF_TILE_CLASS } from './gif';
export type { GifProps, GifEvents, GifOverlayProps, TileOptions } from './gif';
export { GifPicker, PICKER_CLASS, PICKER_PAGE_SIZE, SEARCH_DEBOUNCE_MS, AUTOCOMPLETE_DEBOUNCE_MS, RECENTS_KEPT, FAVORITES_KEPT } from './picker';
export type { GifPickerProps, PickerMediaType, PickerSelection, PickerStore } from './picker';
export type { ColorScheme } from './theme';
export { loadLocale } from './use-strings';
export { AttributionOverlay, OVERLAY_FADE_MS } from './attribution-overlay';
export { FetchErrorView, FETCH_ERROR_MESSAGE, TRY_AGAIN_LABEL } from './fetch-error-view';
export type { FetchErrorViewProps } from './fetch-error-view';
export { SEEN_THRESHOLD } from '../analytics/viewability';
export { masonryLayout, pickBreakpoint, columnWidthFor, DEFAULT_GUTTER } from './masonry';
export type { MasonryItem, MasonryOptions, MasonryPlacement, MasonryResult, Breakpoint } from './masonry';
export {
  pagingTransition,
  initialPagingState,
  canFetch,
  GRID_FETCH_DEBOUNCE_MS,
  CAROUSEL_FETCH_DEBOUNCE_MS,
} from './paging';
export type { PagingState, PagingEvent, PagingEffect, PagingMode, PagingTransition } from './paging';
export { usePaging } from './use-paging';
export type { FetchGifs, PagingOptions, Paging } from './use-paging';
export { gifHeightFor, gifWidthFor, gifNaturalSize } from './gif-size';
export { takeServerCss, addSdkStyleElement, SDK_STYLE_ID } from './server-css';
// Debug logging: debug(true) on, debug(false) off, debug() back to `?debug=true` in the page query.
export { debug } from '../debug';
// The UI kit of spec §2 (the controls the Grid, the share menu and the player are made of), for
// apps that build their own GIF UI around these components and want it to match.
export {
  Loader, TextInput, FormButton, RadioOption, StillOrVideo, FavoriteButton, VerifiedBadge,
  BRAND_COLORS, brandColorFor, CHECKERED_BACKGROUND, FOCUS_RING, REDUCED_MOTION_QUERY,
} from '../ui';
export type {
  LoaderProps, TextInputProps, FormButtonProps, RadioOptionProps, StillOrVideoProps, FavoriteButtonProps, VerifiedBadgeProps, Theme,
} from '../ui';
