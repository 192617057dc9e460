/**
 * The player file's firePixels (build.mjs puts this module where src/player/tracking.ts imports
 * src/analytics/pixels.ts): the snippet reader, the macros and the pixels' once-per-page record
 * are the pixels plugin (dist/plugins/pixels.<hash>.js), fetched the first time a GIF seen has a
 * pixel (a sponsored GIF's bottle_data, a placement's `data-pixel`). Pages of GIFs without one
 * never download it; a file that does not come fires no pixel.
 */
import type { BottleData } from '../model';
import { fromPluginFile } from '../plugin-files';

export function firePixels(bottle: BottleData | undefined, pixel = '') {
  if (bottle?.tags?.length || pixel) void fromPluginFile('pixels').then((fire) => fire?.(bottle, pixel));
}
