/**
 * Other services of spec §7: the search-service CSV export, the imaging service (video info
 * and trim) and content blocks (trending searches, a channel's random collections, artists).
 */
import { getConfig } from '../config';
import { ResponseError } from './errors';
import { parseLenient, toBody, toItems, type Body } from './json';
import { ACCEPT_HEADER, fetchText, getJson, type CallOptions } from './request';
import { buildUrl, type Query } from './url';
import { siteUrl } from './site';

/** Content-block types the site asks for (spec §7). */
export const CONTENT_BLOCK_TRENDING_SEARCHES = 'trending_searches';
export const CONTENT_BLOCK_RANDOM_COLLECTIONS = 'random_collections';
export const CONTENT_BLOCK_RANDOM_ARTISTS = 'random_artists';
const CSV_TYPE = 'text/csv';

/** `path` on the imaging service with `query`. */
export function imagingUrl(path: string, query?: Query): string {
  return buildUrl(getConfig().imagingBase, path, query);
}

/**
 * GET /api/v1/search-service/csv/ (same-origin credentials): the search-service export.
 * Returns the CSV text; a non-2xx answer throws ResponseError.
 */
export async function searchServiceCsv(options: CallOptions = {}): Promise<string> {
  const url = siteUrl('/api/v1/search-service/csv/');
  const init: RequestInit = { method: 'GET', headers: { [ACCEPT_HEADER]: CSV_TYPE }, credentials: 'same-origin', signal: options.signal };
  const { response, text } = await fetchText(url, init);
  if (!response.ok) throw new ResponseError(response.status, response.statusText, parseLenient(text), url);
  return text;
}

/** A video's facts as the imaging service reports them (fields as sent). */
export type VideoInfo = Body;

/**
 * GET video/info?url: what the imaging service knows about a video url.
 * Returns the info object.
 */
export async function videoInfo(videoUrl: string, options: CallOptions = {}): Promise<VideoInfo> {
  return toBody(await getJson(imagingUrl('video/info', { url: videoUrl }), options));
}

/** A trim of a video (spec §3): media_url, start and duration in seconds. */
export interface VideoTrim {
  media_url: string;
  start: number;
  duration: number;
}

/**
 * GET trim?media_url&start&duration: trims a video.
 * Returns the imaging service's answer (the trimmed media).
 */
export async function trimVideo(trim: VideoTrim, options: CallOptions = {}): Promise<Body> {
  const query = { media_url: trim.media_url, start: trim.start, duration: trim.duration };
  return toBody(await getJson(imagingUrl('trim', query), options));
}

/**
 * GET /api/v3/content-blocks?type={type} with extra `query`: one kind of content block.
 * Returns the blocks.
 */
export async function contentBlocks(type: string, query: Query = {}, options: CallOptions = {}): Promise<Body[]> {
  return toItems(await getJson(siteUrl('/api/v3/content-blocks', { type, ...query }), options));
}

/**
 * Content blocks of trending searches.
 * Returns the blocks.
 */
export function trendingSearchBlocks(options: CallOptions = {}): Promise<Body[]> {
  return contentBlocks(CONTENT_BLOCK_TRENDING_SEARCHES, {}, options);
}

/**
 * Random collections of one channel (`channelId`).
 * Returns the blocks.
 */
export function randomCollections(channelId: string, options: CallOptions = {}): Promise<Body[]> {
  return contentBlocks(CONTENT_BLOCK_RANDOM_COLLECTIONS, { channel_id: channelId }, options);
}

/**
 * Random artists.
 * Returns the blocks.
 */
export function randomArtists(options: CallOptions = {}): Promise<Body[]> {
  return contentBlocks(CONTENT_BLOCK_RANDOM_ARTISTS, {}, options);
}
