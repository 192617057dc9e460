/**
 * GIF normalisation (spec §3 GIF): the one place that turns the service's loose JSON into a
 * `Gif` whose fields can be trusted. Only input that cannot be a GIF at all throws.
 */
import { isRecord, optionalText, toBool, toNumber, toText } from './coerce';
import { normalizeImages, videoMp4 } from './images';
import { normalizeUser } from './user';
import type { BottleData, ExternalMedia, Gif, GifMeta } from './types';

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

/**
 * Reads tags given as text or `{ text }` objects.
 * `raw`: anything; returns the non-empty tag texts in order.
 */
export function normalizeTags(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const tags: string[] = [];
  for (const entry of raw) {
    const text = isRecord(entry) ? toText(entry.text) : toText(entry);
    if (text.trim()) tags.push(text);
  }
  return tags;
}

/** Reads bottle_data: an object ({} by default) whose tid is text and whose tags are text. */
function normalizeBottleData(raw: unknown): BottleData {
  if (!isRecord(raw)) return {};
  const bottle: BottleData = { ...raw };
  const tid = optionalText(raw.tid);
  if (tid) bottle.tid = tid;
  else delete bottle.tid;
  if (Array.isArray(raw.tags)) bottle.tags = raw.tags.filter((t): t is string => typeof t === 'string');
  else delete bottle.tags;
  return bottle;
}

/** Reads external_media; undefined unless it names both a provider and an asset. */
function normalizeExternalMedia(raw: unknown): ExternalMedia | undefined {
  if (!isRecord(raw)) return undefined;
  const provider_name = toText(raw.provider_name).toLowerCase();
  const asset_uid = toText(raw.asset_uid);
  if (!provider_name || !asset_uid) return undefined;
  const media: ExternalMedia = { provider_name, asset_uid };
  if (raw.start !== undefined && raw.start !== null) media.start = toNumber(raw.start);
  return media;
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
  const images = normalizeImages(raw.images);
  const flags = Object.fromEntries(GIF_FLAGS.map((flag) => [flag, toBool(raw[flag])])) as Record<
    (typeof GIF_FLAGS)[number],
    boolean
  >;
  const gif: Gif = {
    id,
    url: toText(raw.url),
    bitly_url: toText(raw.bitly_url),
    embed_url: toText(raw.embed_url),
    title: toText(raw.title),
    slug: toText(raw.slug),
    type: toText(raw.type) || (flags.is_sticker ? 'sticker' : 'gif'),
    username: toText(raw.username),
    ...flags,
    tags: normalizeTags(raw.tags),
    tags_string: toText(raw.tags_string),
    bottle_data: normalizeBottleData(raw.bottle_data),
    images,
  };
  const optional = {
    rating: optionalText(raw.rating),
    source: optionalText(raw.source),
    import_datetime: optionalText(raw.import_datetime),
    trending_datetime: optionalText(raw.trending_datetime),
    external_media: normalizeExternalMedia(raw.external_media),
    user: normalizeUser(raw.user),
    response_id: optionalText(meta?.response_id) ?? optionalText(raw.response_id),
    pingback_event_type: optionalText(meta?.pingback_event_type) ?? optionalText(raw.pingback_event_type),
    video: videoMp4(images),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) (gif as unknown as Record<string, unknown>)[key] = value;
  }
  return gif;
}
