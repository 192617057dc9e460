/**
 * Masonry layout: GIFs of mixed aspect ratios packed into equal-width columns.
 * Pure maths, no DOM, so the Grid, the related widget and tests share one definition.
 */

/** Spec §9: default gutter between columns and rows, in px. */
export const DEFAULT_GUTTER = 6;

export interface MasonryItem { width: number; height: number }
export interface Breakpoint { minWidth: number; columns: number; gutter?: number }
export interface MasonryOptions { width: number; columns: number; gutter?: number }
export interface MasonryPlacement { x: number; y: number; width: number; height: number; column: number }
export interface MasonryResult { columnWidth: number; placements: MasonryPlacement[]; height: number }

/**
 * Column width for a container: floor((width - gutter*(columns-1)) / columns), never negative.
 * `width` is the container width in px, `columns` at least 1; returns px.
 */
export function columnWidthFor(width: number, columns: number, gutter = DEFAULT_GUTTER): number {
  const cols = Math.max(1, Math.floor(columns) || 1);
  const w = Math.floor((width - gutter * (cols - 1)) / cols);
  return Number.isFinite(w) && w > 0 ? w : 0;
}

/** Height of an item scaled to `columnWidth`; items with no usable size become square. */
function scaledHeight(item: MasonryItem, columnWidth: number): number {
  const { width, height } = item;
  if (!(width > 0) || !(height > 0) || !Number.isFinite(width) || !Number.isFinite(height)) return columnWidth;
  return Math.round((columnWidth * height) / width);
}

/**
 * Places each item, in order, into the currently shortest column (leftmost on ties).
 * `items` give natural sizes; returns the column width, one placement per item, and the total height.
 */
export function masonryLayout(items: readonly MasonryItem[], options: MasonryOptions): MasonryResult {
  const gutter = options.gutter ?? DEFAULT_GUTTER;
  const columns = Math.max(1, Math.floor(options.columns) || 1);
  const columnWidth = columnWidthFor(options.width, columns, gutter);
  // Running bottom of each column, gutter included, so the next item's y is just the value.
  const bottoms = new Float64Array(columns);
  const placements: MasonryPlacement[] = new Array(items.length);
  for (let i = 0; i < items.length; i++) {
    let column = 0;
    for (let c = 1; c < columns; c++) if (bottoms[c] < bottoms[column]) column = c;
    const height = scaledHeight(items[i], columnWidth);
    const y = bottoms[column];
    placements[i] = { x: column * (columnWidth + gutter), y, width: columnWidth, height, column };
    bottoms[column] = y + height + gutter;
  }
  let height = 0;
  for (let c = 0; c < columns; c++) if (bottoms[c] > height) height = bottoms[c];
  // The last row carries no gutter below it.
  return { columnWidth, placements, height: items.length ? height - gutter : 0 };
}

/**
 * The breakpoint for a container `width`: the one with the largest minWidth not above it.
 * `breakpoints` in any order; returns undefined when none matches (or the list is empty).
 */
export function pickBreakpoint(breakpoints: readonly Breakpoint[], width: number): Breakpoint | undefined {
  let best: Breakpoint | undefined;
  for (const bp of breakpoints) {
    if (bp.minWidth <= width && (!best || bp.minWidth > best.minWidth)) best = bp;
  }
  return best;
}
