/**
 * Keyboard movement in a masonry grid (the accessibility issue: the grid is one Tab stop and the
 * arrow keys move inside it). Pure: from the tiles' placements and the key, the tile to focus.
 * Up and Down stay in the column; Left and Right go to the neighbouring column's tile nearest in
 * height; Home and End go to the first and last tile; Page Up and Page Down move one `page` (px)
 * up or down the column.
 */
import type { MasonryPlacement } from './masonry';

/** The keys the grid answers; any other key is left to the browser. */
export type GridKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End' | 'PageUp' | 'PageDown';

/** Whether the grid answers `key`. */
export const isGridKey = (key: string): key is GridKey => /^(Arrow(Up|Down|Left|Right)|Home|End|Page(Up|Down))$/.test(key);

/**
 * `key` as it reads in `el`'s direction: in a right-to-left box the first column (or tab) is at
 * the right, so Left moves on and Right back. Other keys as they are.
 */
export function inlineKey(key: string, el: Element | null | undefined): string {
  if (!/^Arrow(Left|Right)$/.test(key) || !el || getComputedStyle(el).direction !== 'rtl') return key;
  return key === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
}

/**
 * The index of the tile `key` moves to from tile `from`, among `tiles` (in list order); `from`
 * itself when there is nowhere to go, -1 when there are no tiles. `page`: the height Page Up/Down
 * move by, px.
 */
export function gridMove(tiles: MasonryPlacement[], from: number, key: GridKey, page: number): number {
  if (!tiles.length) return -1;
  if (key === 'Home') return 0;
  if (key === 'End') return tiles.length - 1;
  const here = tiles[from];
  if (!here) return 0;
  // Vertical keys: -1 up, 1 down, 0 for Left/Right. Page keys aim one page away, arrows at the nearest.
  const down = key === 'ArrowDown' || key === 'PageDown' ? 1 : key === 'ArrowUp' || key === 'PageUp' ? -1 : 0;
  const aim = key.startsWith('Page') ? here.y + down * page : here.y;
  const column = here.column + (key === 'ArrowRight' ? 1 : key === 'ArrowLeft' ? -1 : 0);
  let found = from;
  let lowest = Infinity;
  tiles.forEach((p, i) => {
    if (p.column !== column || (down && (p.y - here.y) * down <= 0)) return;
    const score = down ? Math.abs(p.y - aim) : Math.abs(p.y + p.height / 2 - here.y - here.height / 2);
    if (score < lowest) [lowest, found] = [score, i];
  });
  return found;
}
