/**
 * Keyboard movement in a masonry grid (the accessibility issue: the grid is one Tab stop and the
 * arrow keys move inside it). Pure: from the tiles' placements and the key, the tile to focus.
 * Up and Down stay in the column; Left and Right go to the neighbouring column's tile nearest in
 * height; Home and End go to the first and last tile; Page Up and Page Down move one `page` (px)
 * up or down the column.
 */
import type { MasonryPlacement } from './masonry';

/** The keys the grid answers; any other key is left to the browser. */
export const GRID_KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'] as const;
export type GridKey = (typeof GRID_KEYS)[number];

const middle = (p: MasonryPlacement) => p.y + p.height / 2;

/** The index among `candidates` (indexes into `tiles`) that `score` ranks lowest; `fallback` when there are none. */
function best(tiles: MasonryPlacement[], candidates: number[], score: (p: MasonryPlacement) => number, fallback: number): number {
  let found = fallback;
  let lowest = Infinity;
  for (const i of candidates) {
    const s = score(tiles[i]);
    if (s < lowest) [lowest, found] = [s, i];
  }
  return found;
}

/**
 * The index of the tile `key` moves to from tile `from`, among `tiles` (in list order); `from`
 * itself when there is nowhere to go. `page`: the height Page Up/Down move by, px.
 */
export function gridMove(tiles: MasonryPlacement[], from: number, key: GridKey, page: number): number {
  const last = tiles.length - 1;
  if (last < 0) return -1;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  const here = tiles[from];
  if (!here) return 0;
  const all = tiles.map((_, i) => i).filter((i) => i !== from);
  const column = (above: boolean) => all.filter((i) => tiles[i].column === here.column && (above ? tiles[i].y < here.y : tiles[i].y > here.y));
  switch (key) {
    case 'ArrowDown':
      return best(tiles, column(false), (p) => p.y, from);
    case 'ArrowUp':
      return best(tiles, column(true), (p) => -p.y, from);
    case 'PageDown':
      return best(tiles, column(false), (p) => Math.abs(p.y - (here.y + page)) - (p.y <= here.y + page ? 0.5 : 0), from);
    case 'PageUp':
      return best(tiles, column(true), (p) => Math.abs(p.y - (here.y - page)) - (p.y >= here.y - page ? 0.5 : 0), from);
    default: {
      const step = key === 'ArrowRight' ? 1 : -1;
      const next = all.filter((i) => tiles[i].column === here.column + step);
      return best(tiles, next, (p) => Math.abs(middle(p) - middle(here)), from);
    }
  }
}
