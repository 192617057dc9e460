/**
 * GIF normalisation (spec §3 GIF): the one place that turns the service's loose JSON into a
 * `Gif` whose fields can be trusted. Only input that cannot be a GIF at all throws.
 */
import { isRecord, optionalNumber, optionalText, readFields, toBool, toText } from './coerce';
import { normalizeImages } from './images';
import { safeUrl } from './safe-url';
import { normalizeUser } from './user';
import type { BottleData, ExternalMedia, Gif, GifMeta, Images } from './types';

/** Flags of spec §3 that are coerced to true/false. */
export const GIF_FLAGS = [
  'is_anonymous',
  'is_community',
  'is_featured',
  'is_hidden',
  'is_indexable',
  'is_preserve_size',
  'is_realtime',
  'is_removed',
  'is_sticker',
] as const;

/** The path of a url (query and hash ignored) ends in `.mp4`. */
const MP4_PATH = /^[^?#]*\.mp4([?#]|$)/i;

/**
 * The mp4 used for video playback (spec §3): hd when its url ends in .mp4, else the original's.
 * `images`: normalised renditions; undefined when neither has an mp4.
 */
export function videoMp4(images: Images): string | undefined {
  const hd = images.hd?.mp4;
  if (hd && MP4_PATH.test(hd)) return hd;
  return images.original?.mp4 || undefined;
}

/** Text fields of spec §3 that default to ''. */
const TEXT_FIELDS = ['title', 'slug', 'type', 'username', 'tags_string'];
/** Links that default to '' and hold only http(s) URLs. */
const URL_FIELDS = ['url', 'bitly_url', 'embed_url'];
/** Text fields left out when absent or empty. */
const OPTIONAL_TEXT_FIELDS = ['rating', 'source', 'import_datetime', 'trending_datetime'];
/** Fields the response meta gives; the GIF's own value is used when the meta has none. */
const META_FIELDS = ['response_id', 'pingback_event_type'];

/**
 * Reads tags given as text or `{ text }` objects.
 * `raw`: anything; returns the non-empty tag texts in order.
 */
export function normalizeTags(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((entry) => toText(isRecord(entry) ? entry.text : entry)).filter((text) => text.trim());
}

/** Reads bottle_data: an object ({} by default) whose tid is text and whose tags are text. */
function normalizeBottleData(raw: unknown): BottleData {
  if (!isRecord(raw)) return {};
  const { tid, tags, ...bottle }: BottleData = raw;
  const tidText = optionalText(tid);
  if (tidText) bottle.tid = tidText;
  if (Array.isArray(tags)) bottle.tags = tags.filter((t): t is string => typeof t === 'string');
  return bottle;
}

/** Reads external_media; undefined unless it names both a provider and an asset. */
function normalizeExternalMedia(raw: unknown): ExternalMedia | undefined {
  if (!isRecord(raw)) return undefined;
  const provider_name = toText(raw.provider_name).toLowerCase();
  const asset_uid = toText(raw.asset_uid);
  if (!provider_name || !asset_uid) return undefined;
  return readFields<ExternalMedia>({ provider_name, asset_uid }, raw, ['start'], optionalNumber);
}

/**
 * Normalises one GIF object from the service.
 * `raw`: the GIF JSON; `meta`: the response meta (response_id, pingback_event_type) to attach.
 * Throws an Error when `raw` is not an object or has no id; any other defect degrades.
 */
export function normalizeGif(raw: unknown, meta?: GifMeta): Gif {
  if (!isRecord(raw)) throw new Error(`Cannot normalise a GIF from ${raw === null ? 'null' : typeof raw}`);
  const id = toText(raw.id);
  if (!id) throw new Error('Cannot normalise a GIF without an id');
  const gif = readFields({ id } as Gif, raw, URL_FIELDS, safeUrl);
  readFields(gif, raw, TEXT_FIELDS, toText);
  readFields(gif, raw, GIF_FLAGS, toBool);
  gif.type ||= gif.is_sticker ? 'sticker' : 'gif';
  gif.tags = normalizeTags(raw.tags);
  gif.bottle_data = normalizeBottleData(raw.bottle_data);
  const images = (gif.images = normalizeImages(raw.images));
  readFields(gif, raw, OPTIONAL_TEXT_FIELDS, optionalText);
  readFields(gif, raw, META_FIELDS, optionalText);
  if (meta) readFields(gif, meta, META_FIELDS, optionalText);
  const external_media = normalizeExternalMedia(raw.external_media);
  if (external_media) gif.external_media = external_media;
  const user = normalizeUser(raw.user);
  if (user) gif.user = user;
  const video = videoMp4(images);
  if (video) gif.video = video;
  return gif;
}

/**
 * `raw` normalised as normalizeGif does, or undefined when it cannot be a GIF: one broken entry
 * must not cost a list (a grid, a page of answers) the others.
 */
export function tryNormalizeGif(raw: unknown, meta?: GifMeta): Gif | undefined {
  try {
    return normalizeGif(raw, meta);
  } catch {
    return undefined;
  }
}
