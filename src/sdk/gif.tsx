/**
 * The SDK's GIF tile (spec §2): the tile (tile.tsx) with the creator's attribution overlay,
 * fading in from the first hover. Grid, Carousel and `renderGif` all use it.
 */
import { useSyncExternalStore } from 'react';
import { BROWSER_ONLY } from '../browser-only';
import { AttributionOverlay } from './attribution-overlay';
import { Tile, type GifProps } from './tile';
import { withTheme } from './theme';
import { getConfig } from '../config';

export { HOVER_REPORT_DELAY_MS, DEFAULT_BORDER_RADIUS, GIF_TILE_CLASS } from './tile';
export type { GifEvents, GifOverlayProps, GifProps, TileOptions } from './tile';

const noSubscription = () => () => {};

/** One GIF tile with its attribution overlay. Props: see GifProps. */
export function Gif(props: GifProps) {
  const { gif, overlay: Overlay, hideAttribution } = props;
  // React's server snapshot: true on the server and while the browser hydrates its HTML, false
  // in a render only the browser makes (a constant false in dist/sdk.js, see BROWSER_ONLY).
  const serverRendered = !BROWSER_ONLY && useSyncExternalStore(noSubscription, () => false, () => true);
  return (
    <Tile
      {...props}
      className={withTheme(props.theme, props.className)}
      autoplay={props.autoplay || getConfig().autoplay}
      serverRendered={serverRendered}
      renderOverlay={(isHovered, hoveredOnce, height) => (
        <>
          {Overlay ? <Overlay gif={gif} isHovered={isHovered} width={props.width} height={height} /> : null}
          {/* The attribution mounts after the first hover (spec §2), then fades with it. */}
          {!hideAttribution && hoveredOnce && gif.user ? <AttributionOverlay gif={gif} isHovered={isHovered} locale={props.locale} /> : null}
        </>
      )}
    />
  );
}
