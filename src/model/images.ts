/**
 * Rendition normalisation: sizes become numbers, media hosts are made plain, and renditions
 * that carry no usable file are dropped. Unknown rendition names are kept as they are.
 */
import { isRecord, optionalNumber, optionalText, readFields, toNumber } from './coerce';
import { plainMediaHost } from './media-host';
import { safeUrl } from './safe-url';
import type { Images, Rendition } from './types';

/** Sizes in px, 0 when unknown. */
const SIZE_FIELDS = ['width', 'height'];
/** The largest side a GIF can have (the format stores it in 16 bits); larger sizes are unknown. */
export const MAX_MEDIA_SIDE_PX = 65_535;

/** A size from the service: a finite number in 1..MAX_MEDIA_SIDE_PX, else 0 (unknown): 0, negative, NaN and 1e9 are not sizes. */
function mediaSize(value: unknown): number {
  const n = toNumber(value);
  return n > 0 && n <= MAX_MEDIA_SIDE_PX ? n : 0;
}
/** Alternative files of a rendition, kept only when given. */
const ALTERNATE_FIELDS = ['webp', 'mp4'];
/** Optional byte-size/frame fields copied as numbers when present. */
const COUNT_FIELDS = ['size', 'webp_size', 'mp4_size', 'frames'];

/** A media url read from the service, on the plain media host; undefined unless it is http(s). */
function mediaFile(value: unknown): string | undefined {
  const text = optionalText(value);
  return (text && safeUrl(plainMediaHost(text))) || undefined;
}

/**
 * Normalises one rendition.
 * `raw`: anything; returns undefined when it is not an object or has no url, webp or mp4.
 */
export function normalizeRendition(raw: unknown): Rendition | undefined {
  if (!isRecord(raw)) return undefined;
  const rendition = readFields({ url: mediaFile(raw.url) || '' } as Rendition, raw, SIZE_FIELDS, mediaSize);
  readFields(rendition, raw, ALTERNATE_FIELDS, mediaFile);
  if (!rendition.url && !rendition.webp && !rendition.mp4) return undefined;
  return readFields(rendition, raw, COUNT_FIELDS, optionalNumber);
}

/**
 * Normalises the `images` map of a GIF.
 * `raw`: anything; returns {} when it is not an object.
 */
export function normalizeImages(raw: unknown): Images {
  const images: Images = {};
  if (!isRecord(raw)) return images;
  for (const [name, value] of Object.entries(raw)) {
    // JSON can carry an own "__proto__" key; assigning it would swap the map's prototype.
    if (name === '__proto__') continue;
    const rendition = normalizeRendition(value);
    if (rendition) images[name] = rendition;
  }
  return images;
}
