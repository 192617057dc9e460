/**
 * The SDK's Grid: the masonry grid (tile-grid.tsx) of GIF tiles with their attribution overlay,
 * in its reader's language (use-strings.ts).
 */
import { Gif } from './gif';
import { TileGrid, type GridProps } from './tile-grid';
import { useLiveWindow } from './live-window';
import { useStrings } from './use-strings';
import { withTheme } from './theme';

export { DEFAULT_GRID_COLUMNS, GRID_CLASS } from './tile-grid';
export type { GridProps } from './tile-grid';

/** The Grid. Props: see GridProps. Tiles far off screen are not rendered (live-window.ts). */
export function Grid(props: GridProps) {
  const { lang, dir, m } = useStrings(props.locale);
  return <TileGrid {...props} className={withTheme(props.theme, props.className)} Tile={Gif} useWindow={useLiveWindow} m={m} lang={lang} dir={dir} />;
}
