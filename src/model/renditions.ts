/**
 * Renditions (spec §5, §9): the choice for a box (./rendition-choice.ts), the mp4 video media
 * plays, the embed's srcset and the still of a poster.
 */
import type { Gif, Rendition } from './types';
import { mediaUrl } from './rendition-choice';

export { ANIMATED_RENDITIONS, SCALE_UP_MAX_PX, isStillName, mediaUrl, pickRendition, stillOf } from './rendition-choice';
export type { MediaOptions, PickOptions } from './rendition-choice';

/**
 * The mp4 a box showing `rendition` of `gif` plays (spec §5: "video uses mp4"), for video media:
 * a clip (type video), or a rendition with no image file (an mp4 alone). The rendition's own
 * mp4 (sized for the box), else the GIF's video (spec §3: hd when an .mp4, else the original's);
 * '' for a GIF or sticker that moves as an image, or video media with no mp4.
 */
export function videoFile(gif: Gif, rendition?: Rendition): string {
  return ((gif.type == 'video' || (rendition && !rendition.url && !rendition.webp)) && (rendition?.mp4 || gif.video)) || '';
}

/** Embed srcset widths of spec §9. */
export const SRCSET_FIXED_WIDTH_W = 200;
export const SRCSET_DOWNSIZED_W = 480;
export const SRCSET_ORIGINAL_W = 500;

/**
 * The embed's `srcset` (spec §9): fixed_width at 200w, downsized (or, without it, original) at
 * 480w, original at 500w. Each url is listed once: when original already stands in for 480w it
 * is not repeated at 500w. `webpSupported` picks WebP files for GIFs (never for stickers).
 */
export function embedSrcset(gif: Gif, webpSupported: boolean): string {
  const { fixed_width, downsized, original } = gif.images;
  const entries: [Rendition | undefined, number][] = [
    [fixed_width, SRCSET_FIXED_WIDTH_W],
    [downsized ?? original, SRCSET_DOWNSIZED_W],
    [downsized && original, SRCSET_ORIGINAL_W],
  ];
  const urls: string[] = [];
  const parts: string[] = [];
  for (const [rendition, w] of entries) {
    const url = rendition && mediaUrl(gif, rendition, { webp: webpSupported });
    if (!url || urls.includes(url)) continue;
    urls.push(url);
    parts.push(`${url} ${w}w`);
  }
  return parts.join(', ');
}

/** Stills for a GIF's poster or thumbnail, in order of preference. */
const STILLS = ['original_still', 'fixed_width_still', 'downsized_still', 'fixed_height_still'] as const;

/** `gif`'s best still with a URL and a size (its oEmbed thumbnail, the AMP snippet's placeholder); undefined when it has none. */
export function stillImage(gif: Gif): Rendition | undefined {
  return STILLS.map((name) => gif.images[name]).find((r): r is Rendition => !!r?.url && r.width > 0 && r.height > 0);
}
