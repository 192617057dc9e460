/**
 * Rendition choice (spec §5, §9): which file to load for a box of a given size, and which of
 * its url / webp / mp4 to use.
 */
import type { Gif, Images, NamedRendition, Rendition } from './types';

/** Default scale-up limit (spec §9): a rendition may be stretched by at most this many px. */
export const SCALE_UP_MAX_PX = 50;

/** Suffix the service gives still renditions. */
const STILL_SUFFIX = '_still';

/** Animated renditions the picker chooses among (their stills are `<name>_still`). */
export const ANIMATED_RENDITIONS = [
  'fixed_width_small',
  'fixed_height_small',
  'fixed_width',
  'fixed_height',
  'downsized',
  'downsized_medium',
  'downsized_large',
  'original',
] as const;

/** The still rendition name for `name` (`fixed_width` -> `fixed_width_still`; stills map to themselves). */
export function stillOf(name: string): string {
  return isStillName(name) ? name : `${name}${STILL_SUFFIX}`;
}

/** True when `name` names a still rendition. */
export function isStillName(name: string): boolean {
  return name.endsWith(STILL_SUFFIX);
}

export interface PickOptions {
  /** How many px a rendition may be scaled up in each direction (default `SCALE_UP_MAX_PX`). */
  scaleUpMax?: number;
  /** Pick among still renditions instead of animated ones. */
  stills?: boolean;
}

/** How far an area ratio is from 1, as spec §5 measures it: |ratio - 1|. */
const distanceFromOne = (ratio: number) => Math.abs(ratio - 1);

/**
 * Picks the rendition for a `targetWidth` x `targetHeight` box (spec §5 rendition choice).
 * Among renditions no more than `scaleUpMax` px smaller than the target in each direction, the
 * one whose area ratio to the target is closest to 1 wins; when none fits, the largest.
 * Returns undefined when `images` has no usable candidate.
 */
export function pickRendition(
  images: Images,
  targetWidth: number,
  targetHeight: number,
  { scaleUpMax = SCALE_UP_MAX_PX, stills = false }: PickOptions = {},
): NamedRendition | undefined {
  const targetArea = targetWidth * targetHeight;
  let largest: NamedRendition | undefined;
  let best: NamedRendition | undefined;
  let bestDistance = Infinity;
  for (const base of ANIMATED_RENDITIONS) {
    const name = stills ? stillOf(base) : base;
    const rendition = images[name];
    // A moving rendition may be a clip's mp4 alone; a still must be an image.
    if (!(stills ? rendition?.url : rendition) || !(rendition!.width > 0 && rendition!.height > 0)) continue;
    const candidate = { ...rendition!, name };
    const area = candidate.width * candidate.height;
    if (!largest || area > largest.width * largest.height) largest = candidate;
    // Without a usable target (0, negative or NaN area) nothing fits and the largest is shown.
    if (!(targetArea > 0) || candidate.width + scaleUpMax < targetWidth || candidate.height + scaleUpMax < targetHeight) continue;
    const distance = distanceFromOne(area / targetArea);
    // On a tie the larger file wins: it looks sharper for the same distance.
    if (distance < bestDistance || (distance === bestDistance && best && area > best.width * best.height)) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best ?? largest;
}

export interface MediaOptions {
  /** Whether the browser supports WebP. */
  webp: boolean;
}

/**
 * The image url to show for `rendition` of `gif` (spec §5): stickers and stills use the plain
 * url (WebP transparency/stills gain nothing), otherwise the WebP when supported.
 * `rendition`: from `pickRendition` (its `name` marks stills) or an entry of `gif.images`.
 */
export function mediaUrl(gif: Gif, rendition: Rendition & { name?: string }, { webp }: MediaOptions): string {
  // A rendition taken straight from gif.images has no name: find which entry it is.
  const still = rendition.name
    ? isStillName(rendition.name)
    : Object.keys(gif.images).some((name) => gif.images[name] === rendition && isStillName(name));
  if (gif.is_sticker || still || !webp || !rendition.webp) return rendition.url || rendition.webp || '';
  return rendition.webp;
}

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
