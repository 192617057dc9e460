/**
 * The SDK's Grid: the masonry grid (tile-grid.tsx) of GIF tiles with their attribution overlay.
 */
import { Gif } from './gif';
import { TileGrid, type GridProps } from './tile-grid';

export { DEFAULT_GRID_COLUMNS, GRID_CLASS } from './tile-grid';
export type { GridProps } from './tile-grid';

/** The Grid. Props: see GridProps. */
export function Grid(props: GridProps) {
  return <TileGrid {...props} Tile={Gif} />;
}
