/**
 * Rendition choice (spec §5): which file to load for a box of a given size, and which of its url
 * and webp to show. embed.js carries it for its pictures of the first screen
 * (src/embed/early-picture.ts) and lends it to the player file (scripts/ships.mjs EMBED_LENT).
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
