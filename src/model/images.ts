/**
 * Rendition normalisation: sizes become numbers, media hosts are made plain, and renditions
 * that carry no usable file are dropped. Unknown rendition names are kept as they are.
 */
import { isRecord, toNumber, toText } from './coerce';
import { plainMediaHost } from './media-host';
import type { Images, Rendition } from './types';

/** Optional byte-size/frame fields copied as numbers when present. */
const COUNT_FIELDS = ['size', 'webp_size', 'mp4_size', 'frames'] as const;

/**
 * Normalises one rendition.
 * `raw`: anything; returns undefined when it is not an object or has no url, webp or mp4.
 */
export function normalizeRendition(raw: unknown): Rendition | undefined {
  if (!isRecord(raw)) return undefined;
  const rendition: Rendition = {
    url: plainMediaHost(toText(raw.url)),
    width: toNumber(raw.width),
    height: toNumber(raw.height),
  };
  const webp = toText(raw.webp);
  const mp4 = toText(raw.mp4);
  if (webp) rendition.webp = plainMediaHost(webp);
  if (mp4) rendition.mp4 = plainMediaHost(mp4);
  if (!rendition.url && !webp && !mp4) return undefined;
  for (const field of COUNT_FIELDS) {
    if (raw[field] !== undefined && raw[field] !== null) rendition[field] = toNumber(raw[field]);
  }
  return rendition;
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

/** True when the path of `url` (query and hash ignored) ends in `.mp4`. */
function isMp4Url(url: string | undefined): url is string {
  return !!url && /\.mp4$/i.test(url.split(/[?#]/)[0]);
}

/**
 * The mp4 used for video playback (spec §3): hd when its url ends in .mp4, else the original's.
 * `images`: normalised renditions; undefined when neither has an mp4.
 */
export function videoMp4(images: Images): string | undefined {
  const hd = images.hd?.mp4;
  if (isMp4Url(hd)) return hd;
  return images.original?.mp4 || undefined;
}
