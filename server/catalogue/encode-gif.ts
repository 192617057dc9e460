/**
 * The GIF half of the generator, kept free of ffmpeg and file writes so a unit test can redraw
 * an item and prove the committed files are exactly what this code makes.
 */
import gifenc from 'gifenc';
import { drawFrame, TRANSPARENT_INDEX, type ArtSpec, type Rgb } from './art';
import type { ItemSpec } from './items';
import { FRAME_COUNT, FRAME_DELAY_MS } from './media-files';

// gifenc is CommonJS whose named exports Node cannot see statically; take them off the default.
const { GIFEncoder } = gifenc;

/** The drawing parameters of `item`. */
export function artOf(item: ItemSpec): ArtSpec {
  return { pattern: item.pattern, palette: item.palette, seed: item.seed, sticker: item.sticker };
}

/** All frames of `item` drawn at `width` x `height`, as palette indices. */
export function itemFrames(item: ItemSpec, width: number, height: number): Uint8Array[] {
  const art = artOf(item);
  return Array.from({ length: FRAME_COUNT }, (_, i) => drawFrame(art, width, height, i, FRAME_COUNT));
}

/**
 * Encodes `frames` (palette indices at `width` x `height`) as a GIF; one frame makes a still.
 * Stickers get colour 0 as their transparent colour. Returns the file's bytes.
 */
export function encodeGif(spec: ArtSpec, palette: Rgb[], frames: Uint8Array[], width: number, height: number): Uint8Array {
  const gif = GIFEncoder();
  frames.forEach((frame, i) => {
    gif.writeFrame(frame, width, height, {
      // the palette goes on the first frame only, so it becomes the global colour table
      palette: i === 0 ? palette : undefined,
      delay: frames.length > 1 ? FRAME_DELAY_MS : 0,
      repeat: frames.length > 1 ? 0 : -1,
      transparent: spec.sticker,
      transparentIndex: TRANSPARENT_INDEX,
    });
  });
  gif.finish();
  return gif.bytes();
}

