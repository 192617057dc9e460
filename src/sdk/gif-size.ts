/**
 * Sizes of a GIF tile: the height a GIF takes at a given width, from its own aspect ratio.
 */
import type { Gif, Rendition } from '../model';

/** Renditions that carry the GIF's true aspect ratio, best first. */
const RATIO_SOURCES = ['original', 'fixed_width', 'fixed_height', 'downsized'] as const;

/** The first rendition with a usable size, or undefined. */
function sizedRendition(gif: Pick<Gif, 'images'>): Rendition | undefined {
  for (const name of RATIO_SOURCES) {
    const r = gif.images?.[name];
    if (r && r.width > 0 && r.height > 0) return r;
  }
  return undefined;
}

/**
 * The natural size of `gif` (its original rendition's width and height).
 * Returns 1x1 when the service sent no usable size, so layouts show a square instead of breaking.
 */
export function gifNaturalSize(gif: Pick<Gif, 'images'>): { width: number; height: number } {
  const r = sizedRendition(gif);
  return r ? { width: r.width, height: r.height } : { width: 1, height: 1 };
}

/**
 * The height of `gif` shown `width` px wide, keeping its aspect ratio (rounded to whole px).
 * Returns `width` (a square) when its size is unknown.
 */
export function gifHeightFor(gif: Pick<Gif, 'images'>, width: number): number {
  const { width: w, height: h } = gifNaturalSize(gif);
  return Math.round((width * h) / w);
}

/**
 * The width of `gif` shown `height` px tall (the Carousel's rows have a fixed height).
 * Returns `height` when its size is unknown.
 */
export function gifWidthFor(gif: Pick<Gif, 'images'>, height: number): number {
  const { width: w, height: h } = gifNaturalSize(gif);
  return Math.round((height * w) / h);
}
