/**
 * Every public API call of spec §7 (GIFs, search, trending, related, tags, channels search,
 * videos), each returning normalised data with its pagination and meta.
 */
import { normalizeGif, normalizeUser, tryNormalizeGif, type Gif, type User } from '../model';
import { asList, asRecord, asText, type JsonRecord } from './json';
import { readMeta, readPagination, type Meta, type Pagination } from './public-types';
import { segment, type Query } from './url';
import { v1 } from './v1';
import { ValidationError } from './errors';
import { rememberSearchResponseId } from '../analytics/session-ids';

/** Related page size for the first page (offset 0), spec §7/§9. */
export const RELATED_FIRST_PAGE = 6;
/** Related page size for every later page. */
export const RELATED_PAGE = 12;
/** Name of the A/B parameter that selects the channel-relevance variant of channel search. */
export const CHANNEL_RELEVANCE_AB_PARAM = 'channel_relevance';
/** Video search parameters for exact tag matching and AND matching of terms. */
export const EXACT_TAG_MATCH_PARAM = 'exact_tag_match';
export const AND_MATCH_PARAM = 'and_match';

/** Which kind of media a listing returns. */
export type MediaType = 'gifs' | 'stickers' | 'text';
/** Content ratings a list can be limited to (the API's values, most restrictive first). */
export type Rating = 'g' | 'pg' | 'pg-13' | 'r';

/** Options every public call accepts. */
export interface PublicOptions {
  signal?: AbortSignal;
  /** Skip the shared request cache. */
  noCache?: boolean;
}

/** Paging and filter options of list calls. */
export interface ListOptions extends PublicOptions {
  offset?: number;
  limit?: number;
  /** Results rated at most this. */
  rating?: Rating;
  lang?: string;
}

/** One GIF with its meta. */
export interface GifResult {
  data: Gif;
  meta: Meta;
}

/** A list of GIFs with its window and meta. */
export interface GifsResult {
  data: Gif[];
  pagination: Pagination;
  meta: Meta;
}

/** A category (or subcategory) and its cover GIF. */
export interface Category {
  name: string;
  name_encoded: string;
  gif?: Gif;
  subcategories: { name: string; name_encoded: string }[];
}

/** A tag result from search tags, related tags or related GIF tags (spec §3). */
export interface SearchTag {
  name: string;
  name_encoded: string;
  response_id: string;
}

/** A channel from channel search; each carries the response_id of its answer. */
export interface ChannelResult {
  id: string;
  slug: string;
  display_name: string;
  short_display_name?: string;
  description?: string;
  type?: string;
  is_visible?: boolean;
  user?: User;
  featured_gif?: Gif;
  response_id: string;
}

/** A list result whose items are not GIFs. */
export interface ListResult<T> {
  data: T[];
  pagination: Pagination;
  meta: Meta;
}

/** The size of the related page that starts at `offset`: 6 first, 12 after (spec §9). */
export function relatedPageSize(offset: number): number {
  return offset > 0 ? RELATED_PAGE : RELATED_FIRST_PAGE;
}

/** Message when gif() is called without an id (an empty id would ask for another endpoint). */
export const MISSING_GIF_ID = 'A GIF id is required';

const call = (options: PublicOptions) => ({ signal: options.signal, noCache: options.noCache });

const pageQuery = (options: ListOptions): Query => ({
  offset: options.offset,
  limit: options.limit,
  rating: options.rating,
  lang: options.lang,
});

/** Normalises each GIF of `list` with `meta`; entries that are not GIFs are skipped. */
export function normalizeGifList(list: unknown, meta: Meta): Gif[] {
  return asList(list).flatMap((raw) => tryNormalizeGif(raw, meta) ?? []);
}

/** Shapes a single-GIF envelope. */
export function toGifResult(json: unknown): GifResult {
  const meta = readMeta(json);
  return { data: normalizeGif(asRecord(json).data, meta), meta };
}

/** Shapes a GIF-list envelope. */
export function toGifsResult(json: unknown): GifsResult {
  const meta = readMeta(json);
  const data = normalizeGifList(asRecord(json).data, meta);
  return { data, pagination: readPagination(json, data.length), meta };
}

const toListResult =
  <T>(item: (raw: JsonRecord, meta: Meta) => T | undefined) =>
  (json: unknown): ListResult<T> => {
    const meta = readMeta(json);
    const data: T[] = [];
    for (const raw of asList(asRecord(json).data)) {
      const value = item(asRecord(raw), meta);
      if (value !== undefined) data.push(value);
    }
    return { data, pagination: readPagination(json, data.length), meta };
  };

const toCategory = (raw: JsonRecord, meta: Meta): Category | undefined => {
  const name = asText(raw.name);
  if (!name) return undefined;
  const gif = raw.gif ? tryNormalizeGif(raw.gif, meta) : undefined;
  const subcategories = asList(raw.subcategories).flatMap((sub) => {
    const subName = asText(asRecord(sub).name);
    return subName ? [{ name: subName, name_encoded: asText(asRecord(sub).name_encoded) ?? encodeURIComponent(subName) }] : [];
  });
  return { name, name_encoded: asText(raw.name_encoded) ?? encodeURIComponent(name), gif, subcategories };
};

const toSearchTag = (raw: JsonRecord, meta: Meta): SearchTag | undefined => {
  const name = asText(raw.name);
  return name ? { name, name_encoded: asText(raw.name_encoded) ?? encodeURIComponent(name), response_id: meta.response_id } : undefined;
};

const toChannel = (raw: JsonRecord, meta: Meta): ChannelResult | undefined => {
  const id = asText(raw.id);
  if (!id) return undefined;
  const channel: ChannelResult = {
    id,
    slug: asText(raw.slug) ?? '',
    display_name: asText(raw.display_name) ?? '',
    response_id: meta.response_id,
  };
  if (typeof raw.short_display_name === 'string') channel.short_display_name = raw.short_display_name;
  if (typeof raw.description === 'string') channel.description = raw.description;
  if (typeof raw.type === 'string') channel.type = raw.type;
  if (typeof raw.is_visible === 'boolean') channel.is_visible = raw.is_visible;
  const user = normalizeUser(raw.user);
  if (user) channel.user = user;
  // A broken cover leaves the channel without one.
  const featured = raw.featured_gif ? tryNormalizeGif(raw.featured_gif, meta) : undefined;
  if (featured) channel.featured_gif = featured;
  return channel;
};

/**
 * GET gifs/{id}: one GIF by id.
 * Returns the normalised GIF (response_id attached) and the meta.
 */
export function gif(id: string, options: PublicOptions = {}): Promise<GifResult> {
  if (!id) return Promise.reject(new ValidationError(MISSING_GIF_ID));
  return v1(`gifs/${segment(id)}`, { transform: toGifResult, ...call(options) });
}

/**
 * GET gifs?ids=: several GIFs in one request (one call for many embeds).
 * Returns them normalised with pagination and meta.
 */
export function gifs(ids: readonly string[], options: PublicOptions = {}): Promise<GifsResult> {
  const wanted = ids.filter(Boolean);
  // Nothing to ask for: answer locally rather than send `ids=` the service would reject.
  if (!wanted.length) return Promise.resolve({ data: [], pagination: { count: 0, offset: 0, total_count: 0 }, meta: { response_id: '' } });
  return v1('gifs', { query: { ids: wanted }, transform: toGifsResult, ...call(options) });
}

/**
 * GET gifs/categories: the top categories, each with its cover GIF and subcategories.
 * Returns the categories with pagination and meta.
 */
export function categories(options: ListOptions = {}): Promise<ListResult<Category>> {
  return v1('gifs/categories', { query: pageQuery(options), transform: toListResult(toCategory), ...call(options) });
}

/**
 * GET gifs/categories/{category}: the subcategories of `category`.
 * Returns them like `categories`.
 */
export function subcategories(category: string, options: ListOptions = {}): Promise<ListResult<Category>> {
  return v1(`gifs/categories/${segment(category)}`, { query: pageQuery(options), transform: toListResult(toCategory), ...call(options) });
}

/**
 * GET emoji: the emoji stickers.
 * Returns normalised GIFs with pagination and meta.
 */
export function emoji(options: ListOptions = {}): Promise<GifsResult> {
  return v1('emoji', { query: pageQuery(options), transform: toGifsResult, ...call(options) });
}

/** Search options: media type, an optional channel to search within, sort. */
export interface SearchOptions extends ListOptions {
  type?: MediaType;
  /** Channel username; the term is sent as `@channel term`. */
  channel?: string;
  sort?: string;
}

/** The `q` sent for `term` within `channel` (spec §7 channel prefix). */
export function searchQuery(term: string, channel?: string): string {
  const name = channel?.replace(/^@/, '').trim();
  return name ? `@${name} ${term}` : term;
}

/**
 * Keeps a search answer's response id (spec §7), so the pingbacks of the next search carry it as
 * prior_response_id; later pages of the same search repeat the id and are not kept twice.
 */
function remembered<T extends { meta: Meta }>(result: T): T {
  rememberSearchResponseId(result.meta.response_id);
  return result;
}

/**
 * GET {type}/search?q: GIF, sticker or text search, optionally within a channel.
 * Returns normalised GIFs with pagination and meta; the response id is kept for pingbacks.
 */
export async function search(term: string, options: SearchOptions = {}): Promise<GifsResult> {
  const query = { q: searchQuery(term, options.channel), ...pageQuery(options), sort: options.sort };
  return remembered(await v1(`${options.type ?? 'gifs'}/search`, { query, transform: toGifsResult, ...call(options) }));
}

/** Trending/random options: media type. */
export interface TypeOptions extends ListOptions {
  type?: MediaType;
}

/**
 * GET {type}/trending: what is trending now.
 * Returns normalised GIFs with pagination and meta.
 */
export function trending(options: TypeOptions = {}): Promise<GifsResult> {
  return v1(`${options.type ?? 'gifs'}/trending`, { query: pageQuery(options), transform: toGifsResult, ...call(options) });
}

/** Random options: type and an optional tag. */
export interface RandomOptions extends PublicOptions {
  type?: MediaType;
  tag?: string;
  /** Results rated at most this. */
  rating?: Rating;
}

/**
 * GET {type}/random: one random GIF, optionally for a tag. Never cached (each call is new).
 * Returns the normalised GIF and meta.
 */
export function random(options: RandomOptions = {}): Promise<GifResult> {
  return v1(`${options.type ?? 'gifs'}/random`, {
    query: { tag: options.tag, rating: options.rating },
    transform: toGifResult,
    signal: options.signal,
    noCache: true,
  });
}

/** Related options: offset (limit defaults to the embed's 6-then-12). */
export interface RelatedOptions extends ListOptions {
  type?: 'gifs' | 'stickers';
}

/**
 * GET {type}/related?gif_id&offset&limit: GIFs related to `id`.
 * Returns normalised GIFs with pagination and meta.
 */
export function related(id: string, options: RelatedOptions = {}): Promise<GifsResult> {
  const offset = options.offset ?? 0;
  const query = { gif_id: id, ...pageQuery(options), offset, limit: options.limit ?? relatedPageSize(offset) };
  return v1(`${options.type ?? 'gifs'}/related`, { query, transform: toGifsResult, ...call(options) });
}

/** Trending search terms with the answer's meta. */
export interface TermsResult {
  data: string[];
  meta: Meta;
}

/**
 * GET trending/searches: the searches trending now.
 * Returns the terms and meta.
 */
export function trendingSearches(options: PublicOptions = {}): Promise<TermsResult> {
  return v1('trending/searches', {
    transform: (json) => ({ data: asList(asRecord(json).data).filter((t): t is string => typeof t === 'string'), meta: readMeta(json) }),
    ...call(options),
  });
}

/**
 * GET gifs/search/tags?q: tag suggestions for a partial term.
 * Returns tags with name, name_encoded and response_id.
 */
export function searchTags(term: string, options: ListOptions = {}): Promise<ListResult<SearchTag>> {
  return v1('gifs/search/tags', { query: { q: term, ...pageQuery(options) }, transform: toListResult(toSearchTag), ...call(options) });
}

/**
 * GET tags/related/{tag}: tags related to `tag`.
 * Returns tags with name, name_encoded and response_id.
 */
export function relatedTags(tag: string, options: PublicOptions = {}): Promise<ListResult<SearchTag>> {
  return v1(`tags/related/${segment(tag)}`, { transform: toListResult(toSearchTag), ...call(options) });
}

/**
 * GET tags/related/gif/{tag}: GIF-oriented tags related to `tag`.
 * Returns tags with name, name_encoded and response_id.
 */
export function relatedGifTags(tag: string, options: PublicOptions = {}): Promise<ListResult<SearchTag>> {
  return v1(`tags/related/gif/${segment(tag)}`, { transform: toListResult(toSearchTag), ...call(options) });
}

/** Associations of a GIF: related terms and GIFs the service links to it. */
export interface AssociationsResult {
  /** The association data as sent (its fields are not shown in the spec). */
  data: JsonRecord;
  meta: Meta;
}

/**
 * GET gifs/{id}/associations: what the service associates with a GIF.
 * Returns the association object and meta.
 */
export function associations(id: string, options: PublicOptions = {}): Promise<AssociationsResult> {
  return v1(`gifs/${segment(id)}/associations`, {
    transform: (json) => ({ data: asRecord(asRecord(json).data), meta: readMeta(json) }),
    ...call(options),
  });
}

/** Channel search options, incl. the channel-relevance A/B variant. */
export interface ChannelsSearchOptions extends ListOptions {
  /** Variant of the channel-relevance experiment, sent as CHANNEL_RELEVANCE_AB_PARAM. */
  relevanceVariant?: string;
}

/**
 * GET channels/search?q: channels matching `term`.
 * Returns channels (each with the response_id) with pagination and meta; the response id is kept.
 */
export async function channelsSearch(term: string, options: ChannelsSearchOptions = {}): Promise<ListResult<ChannelResult>> {
  const query = { q: term, ...pageQuery(options), [CHANNEL_RELEVANCE_AB_PARAM]: options.relevanceVariant };
  return remembered(await v1('channels/search', { query, transform: toListResult(toChannel), ...call(options) }));
}

/** Video search options. */
export interface VideosOptions extends ListOptions {
  q?: string;
  /** Match tags exactly rather than by prefix. */
  exactTagMatch?: boolean;
  /** Require every term to match (AND) rather than any. */
  andMatch?: boolean;
}

/**
 * GET videos: video clips, with exact tag match and AND match switches.
 * Returns normalised clips with pagination and meta.
 */
export function videos(options: VideosOptions = {}): Promise<GifsResult> {
  const query = {
    q: options.q,
    ...pageQuery(options),
    [EXACT_TAG_MATCH_PARAM]: options.exactTagMatch || undefined,
    [AND_MATCH_PARAM]: options.andMatch || undefined,
  };
  return v1('videos', { query, transform: toGifsResult, ...call(options) });
}

/**
 * GET videos/{id}: one video clip.
 * Returns it normalised with meta.
 */
export function video(id: string, options: PublicOptions = {}): Promise<GifResult> {
  return v1(`videos/${segment(id)}`, { transform: toGifResult, ...call(options) });
}
