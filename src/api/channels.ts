/**
 * Channel calls of spec §7: listing (v1 and v3), creating, moving, editing and deleting
 * channels, linking GIFs, ranked and magic tags, artists, significant tags and social search.
 */
import { tryNormalizeGif, type Gif } from '../model';
import { ValidationError } from './errors';
import { asList, asRecord, asText, isRecord, toBody, toItems, type Body } from './json';
import { apiRequest, getJson, type CallOptions } from './request';
import { siteUrl } from './site';
import { segment } from './url';

/** Spec §5: thrown when channel children are asked for without the parent id. */
export const CHANNEL_CHILDREN_WITHOUT_PARENT = "We cannot fetch a channel's children without its parent's id.";

/** A channel (spec §3): its parent and position; other fields as sent. */
export interface Channel extends Body {
  id: string;
  parent?: string;
  position?: number;
}

/** A link between a channel and a GIF. */
export interface ChannelGif extends Body {
  channel: string;
  gif: string;
}

/** A page of a v3 channel GIF listing: the GIFs and the cursor of the next page. */
export interface ChannelGifsPage {
  gifs: Gif[];
  /** URL or cursor of the next page, when there is one. */
  next?: string;
}

const toChannel = (raw: Body): Channel => {
  const channel: Channel = { ...raw, id: asText(raw.id) ?? '' };
  const parent = asText(raw.parent);
  if (parent !== undefined) channel.parent = parent;
  else delete channel.parent;
  if (typeof raw.position === 'number') channel.position = raw.position;
  else delete channel.position;
  return channel;
};

const toChannelGif = (raw: Body): ChannelGif => ({ ...raw, channel: asText(raw.channel) ?? '', gif: asText(raw.gif) ?? '' });

/**
 * GET /api/v2/channel-gifs/?gif=ids: which channels hold the given GIFs.
 * Returns the channel-GIF links.
 */
export async function channelGifLinks(gifIds: readonly string[], options: CallOptions = {}): Promise<ChannelGif[]> {
  return toItems(await getJson(siteUrl('/api/v2/channel-gifs/', { gif: gifIds }), options)).map(toChannelGif);
}

/** Options of a channel GIF page: `maxId` continues after the last GIF seen. */
export interface ChannelGifsOptions extends CallOptions {
  maxId?: string;
}

/**
 * GET /api/v3/channels/{id}/gifs/?max_id: one page of a channel's GIFs.
 * Returns normalised GIFs (malformed entries skipped) and the next cursor.
 */
export async function channelGifs(channelId: string, options: ChannelGifsOptions = {}): Promise<ChannelGifsPage> {
  const json = await getJson(siteUrl(`/api/v3/channels/${segment(channelId)}/gifs/`, { max_id: options.maxId }), options);
  const gifs = toItems(json).flatMap((raw) => tryNormalizeGif(raw) ?? []);
  const next = asText(asRecord(json).next);
  return next ? { gifs, next } : { gifs };
}

/**
 * GET /api/v3/channels/: the v3 channel listing, `query` passed through.
 * Returns the channels.
 */
export async function channelsV3(query: Record<string, string | number | undefined> = {}, options: CallOptions = {}): Promise<Channel[]> {
  return toItems(await getJson(siteUrl('/api/v3/channels/', query), options)).map(toChannel);
}

/** Which v1 channels to list: all, one by id, the children of a parent, or a search. */
export interface ChannelsQuery {
  id?: string;
  parent?: string;
  search?: string;
}

/**
 * GET /api/v1/channels/ (or /{id}/ for one, ?parent= for children, ?search= for a search).
 * Returns the channels (one item when asked by id).
 */
export async function channels(query: ChannelsQuery = {}, options: CallOptions = {}): Promise<Channel[]> {
  const path = query.id ? `/api/v1/channels/${segment(query.id)}/` : '/api/v1/channels/';
  const json = await getJson(siteUrl(path, { parent: query.parent, search: query.search }), options);
  return query.id ? [toChannel(toBody(json))] : toItems(json).map(toChannel);
}

/**
 * GET /api/v1/channels/?parent={parentId}: the children of a channel.
 * Throws ValidationError (spec §5 message) without a parent id; returns the children.
 */
export function channelChildren(parentId: string | number | undefined | null, options: CallOptions = {}): Promise<Channel[]> {
  if (parentId === undefined || parentId === null || String(parentId).trim() === '') {
    return Promise.reject(new ValidationError(CHANNEL_CHILDREN_WITHOUT_PARENT));
  }
  return channels({ parent: String(parentId) }, options);
}

/**
 * POST /api/v1/channels/ with `data` (JSON): creates a channel.
 * Returns the created channel.
 */
export async function createChannel(data: Body, options: CallOptions = {}): Promise<Channel> {
  return toChannel(toBody(await apiRequest(siteUrl('/api/v1/channels/'), 'POST', { body: data, signal: options.signal })));
}

/**
 * POST /api/v1/channels/{id}/move/ with position and target_channel: moves a channel.
 * Returns the site's answer (or `{ ok }`).
 */
export async function moveChannel(channelId: string, position: number, targetChannel: string, options: CallOptions = {}): Promise<Body> {
  const body = { position, target_channel: targetChannel };
  return toBody(await apiRequest(siteUrl(`/api/v1/channels/${segment(channelId)}/move/`), 'POST', { body, signal: options.signal }));
}

/** Options of a channel update: PUT replaces, PATCH (default) changes only the given fields. */
export interface UpdateChannelOptions extends CallOptions {
  method?: 'PUT' | 'PATCH';
}

/**
 * PATCH (or PUT) /api/v1/channels/{id}/ with `data`.
 * Returns the updated channel.
 */
export async function updateChannel(channelId: string, data: Body, options: UpdateChannelOptions = {}): Promise<Channel> {
  const url = siteUrl(`/api/v1/channels/${segment(channelId)}/`);
  return toChannel(toBody(await apiRequest(url, options.method ?? 'PATCH', { body: data, signal: options.signal })));
}

/**
 * DELETE /api/v1/channels/{id}/.
 * Returns `{ ok }` (or the site's answer).
 */
export async function deleteChannel(channelId: string, options: CallOptions = {}): Promise<Body> {
  return toBody(await apiRequest(siteUrl(`/api/v1/channels/${segment(channelId)}/`), 'DELETE', options));
}

/**
 * POST /api/v1/channel-gifs/ with channel and gif: adds a GIF to a channel.
 * Returns the link.
 */
export async function addChannelGif(channel: string, gif: string, options: CallOptions = {}): Promise<ChannelGif> {
  return toChannelGif(toBody(await apiRequest(siteUrl('/api/v1/channel-gifs/'), 'POST', { body: { channel, gif }, signal: options.signal })));
}

/**
 * POST /api/v1/channel-gifs/remove/ with channel and gif: removes a GIF from a channel.
 * Returns the site's answer (or `{ ok }`).
 */
export async function removeChannelGif(channel: string, gif: string, options: CallOptions = {}): Promise<Body> {
  return toBody(await apiRequest(siteUrl('/api/v1/channel-gifs/remove/'), 'POST', { body: { channel, gif }, signal: options.signal }));
}

/**
 * POST /api/v1/channel-ranked-tags/ with `data`: creates a ranked tag.
 * Returns the created tag as sent.
 */
export async function createRankedTag(data: Body, options: CallOptions = {}): Promise<Body> {
  return toBody(await apiRequest(siteUrl('/api/v1/channel-ranked-tags/'), 'POST', { body: data, signal: options.signal }));
}

/**
 * PATCH /api/v1/channel-ranked-tags/{id}/ with `data`: updates a ranked tag.
 * Returns the updated tag as sent.
 */
export async function updateRankedTag(tagId: string, data: Body, options: CallOptions = {}): Promise<Body> {
  return toBody(await apiRequest(siteUrl(`/api/v1/channel-ranked-tags/${segment(tagId)}/`), 'PATCH', { body: data, signal: options.signal }));
}

/**
 * DELETE /api/v1/channel-ranked-tags/{id}/.
 * Returns `{ ok }` (or the site's answer).
 */
export async function deleteRankedTag(tagId: string, options: CallOptions = {}): Promise<Body> {
  return toBody(await apiRequest(siteUrl(`/api/v1/channel-ranked-tags/${segment(tagId)}/`), 'DELETE', options));
}

/**
 * POST /api/v1/channel-magic-tags/ with `data`: creates a magic tag.
 * Returns the created tag as sent.
 */
export async function createMagicTag(data: Body, options: CallOptions = {}): Promise<Body> {
  return toBody(await apiRequest(siteUrl('/api/v1/channel-magic-tags/'), 'POST', { body: data, signal: options.signal }));
}

/**
 * DELETE /api/v1/channel-magic-tags/{id}/.
 * Returns `{ ok }` (or the site's answer).
 */
export async function deleteMagicTag(tagId: string, options: CallOptions = {}): Promise<Body> {
  return toBody(await apiRequest(siteUrl(`/api/v1/channel-magic-tags/${segment(tagId)}/`), 'DELETE', options));
}

/**
 * GET /api/v1/artists/?filter: artists, narrowed by `filter` when given.
 * Returns the artist records.
 */
export async function artists(filter?: string, options: CallOptions = {}): Promise<Body[]> {
  return toItems(await getJson(siteUrl('/api/v1/artists/', { filter }), options));
}

/**
 * GET /api/v1/tags/significant?q: significant tags for a term.
 * Returns the tag records (bare strings become `{ name }`).
 */
export async function significantTags(q: string, options: CallOptions = {}): Promise<Body[]> {
  const json = await getJson(siteUrl('/api/v1/tags/significant', { q }), options);
  const list = Array.isArray(json) ? json : asList(asRecord(json).results ?? asRecord(json).data);
  return list.flatMap((tag): Body[] => (typeof tag === 'string' ? [{ name: tag }] : isRecord(tag) ? [tag] : []));
}

/**
 * GET /api/v1/channels-search/search/social?q: channels found by social handle.
 * Returns the `hits` of the answer.
 */
export async function socialSearch(q: string, options: CallOptions = {}): Promise<Body[]> {
  const json = await getJson(siteUrl('/api/v1/channels-search/search/social', { q }), options);
  return asList(asRecord(json).hits).filter(isRecord);
}
