/**
 * Sizes of the related grids (spec §2, §9): 3 columns with a 6 px gutter; the footer grid
 * keeps a 15 px allowance, the alternative widget is the window width minus 30 px and as tall
 * as the tallest of its first 3 GIFs.
 */
import { columnWidthFor } from '../../src/sdk/masonry';
import { gifHeightFor } from '../../src/sdk/gif-size';
import type { Gif } from '../../src/model';

/** Spec §7/§9 related page sizes: 6 GIFs for the first page, 12 for each after it. */
export const RELATED_FIRST_PAGE = 6;
export const RELATED_NEXT_PAGES = 12;
/** Spec §9 related widget constants. */
export const RELATED_COLUMNS = 3;
export const RELATED_GUTTER_PX = 6;
/**
 * Spec §9 "15 px width allowance": the footer grid scrolls vertically, so its tiles keep 15 px
 * clear on the right for the scrollbar instead of sliding under it.
 */
export const RELATED_WIDTH_ALLOWANCE_PX = 15;
/** Spec §2: the alternative widget is the window width minus 30 px. */
export const WIDGET_WINDOW_MARGIN_PX = 30;
/** Spec §9: the widget re-renders on resize at most every 500 ms. */
export const WIDGET_RESIZE_THROTTLE_MS = 500;
/** Spec §2: the first 3 GIFs fetched set the widget's height. */
export const WIDGET_HEIGHT_SAMPLE = 3;

/** Width of the footer grid's tiles area for the `width` the player gives (never negative). */
export function footerGridWidth(width: number): number {
  return Math.max(0, Math.floor(width) - RELATED_WIDTH_ALLOWANCE_PX);
}

/** Width of the alternative widget for a window `innerWidth` wide (never negative). */
export function widgetWidth(innerWidth: number): number {
  return Math.max(0, Math.floor(innerWidth) - WIDGET_WINDOW_MARGIN_PX);
}

/**
 * The widget's height for `gifs` in a grid `width` wide: the tallest of the first 3 GIFs
 * scaled to the column width (a GIF without a size counts as square). 0 before any GIF arrives.
 */
export function widgetHeight(gifs: readonly Gif[], width: number): number {
  const column = columnWidthFor(width, RELATED_COLUMNS, RELATED_GUTTER_PX);
  let tallest = 0;
  for (const gif of gifs.slice(0, WIDGET_HEIGHT_SAMPLE)) tallest = Math.max(tallest, gifHeightFor(gif, column));
  return tallest;
}
