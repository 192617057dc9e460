/**
 * The SDK's GIF tile (spec §2): the tile (tile.tsx) with the creator's attribution overlay,
 * fading in from the first hover. Grid, Carousel and `renderGif` all use it.
 */
import { AttributionOverlay } from './attribution-overlay';
import { Tile, type GifProps } from './tile';

export { HOVER_REPORT_DELAY_MS, DEFAULT_BORDER_RADIUS, GIF_TILE_CLASS } from './tile';
export type { GifEvents, GifProps, TileOptions } from './tile';

/** One GIF tile with its attribution overlay. Props: see GifProps. */
export function Gif(props: GifProps) {
  const { gif } = props;
  return <Tile {...props} renderOverlay={gif.user ? (isHovered) => <AttributionOverlay gif={gif} isHovered={isHovered} /> : undefined} />;
}
