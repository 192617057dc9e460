/**
 * The rendition table: which files a catalogue item has, their names (GIPHY's own file names)
 * and their pixel sizes. The generator writes exactly these files and the API describes exactly
 * these files, so both read this one table.
 */

/** GIPHY's fixed renditions: 200 px wide/tall, and the small ones at 100 px. */
export const FIXED_SIZE_PX = 200;
export const FIXED_SMALL_SIZE_PX = 100;
/** hd is a video constrained between 720 and 1920 px on a side; ours is the short end. */
export const HD_WIDTH_PX = 720;

/** An animated rendition: GIF + WebP + MP4 files, plus a still (GIF + WebP) of the same size. */
export interface AnimatedRendition {
  /** images key, e.g. `fixed_width`. */
  key: 'original' | 'fixed_width' | 'fixed_height' | 'fixed_width_small' | 'fixed_height_small';
  /** File stem: `giphy` -> giphy.gif, giphy.webp, giphy.mp4, giphy_s.gif, giphy_s.webp. */
  stem: string;
  width: number;
  height: number;
}

/** H.264 in yuv420p needs even sides; every file we make keeps both sides even. */
export function evenPx(value: number): number {
  return Math.max(2, 2 * Math.round(value / 2));
}

/**
 * The animated renditions of an item whose original is `width` x `height` px.
 * Returns them in the order the generator draws them (original first).
 */
export function animatedRenditions(width: number, height: number): AnimatedRendition[] {
  return [
    { key: 'original', stem: 'giphy', width, height },
    { key: 'fixed_width', stem: '200w', width: FIXED_SIZE_PX, height: evenPx((FIXED_SIZE_PX * height) / width) },
    { key: 'fixed_height', stem: '200', width: evenPx((FIXED_SIZE_PX * width) / height), height: FIXED_SIZE_PX },
    { key: 'fixed_width_small', stem: '100w', width: FIXED_SMALL_SIZE_PX, height: evenPx((FIXED_SMALL_SIZE_PX * height) / width) },
    { key: 'fixed_height_small', stem: '100', width: evenPx((FIXED_SMALL_SIZE_PX * width) / height), height: FIXED_SMALL_SIZE_PX },
  ];
}

/** Size of the hd video for an original of `width` x `height`. */
export function hdSize(width: number, height: number): { width: number; height: number } {
  return { width: HD_WIDTH_PX, height: evenPx((HD_WIDTH_PX * height) / width) };
}

/** File names of an animated rendition and its still. */
export function renditionFiles(stem: string) {
  return { gif: `${stem}.gif`, webp: `${stem}.webp`, mp4: `${stem}.mp4`, stillGif: `${stem}_s.gif`, stillWebp: `${stem}_s.webp` };
}

export const HD_FILE = 'giphy-hd.mp4';

/** The files of an animated rendition an item has: a clip's moving file is its mp4 alone. */
export function itemFiles(stem: string, clip: boolean | undefined): string[] {
  const files = renditionFiles(stem);
  return clip ? [files.mp4, files.stillGif, files.stillWebp] : Object.values(files);
}
