/**
 * Stories gateway calls of spec §7: stories by id or slug, save (create or update by
 * story_id), delete, per-user listings (cached per URL), partner-artist and trending stories.
 */
import { getConfig } from '../config';
import { createRequestCache, type RequestCache } from './cache';
import { asList, asRecord, asText, isRecord, toBody, type Body } from './json';
import { AUTHORIZATION_HEADER, sendJson, type CallOptions } from './request';
import { buildUrl, segment, type Query } from './url';

/** Spec §5: logged when getUserStories is called without a username. */
export const NO_USERNAME_MESSAGE = 'No username specified for getUserStories';
/** Page size of partner-artist stories (spec §9). */
export const PARTNER_ARTIST_STORY_LIMIT = 50;
/** Default order of trending stories (spec §9). */
export const DEFAULT_STORY_SORT: StorySort = 'desc';
/** Query value asking the gateway to hydrate only each story's cover. */
export const COVER_ONLY_HYDRATION = 'cover';

/** Order of trending stories. */
export type StorySort = 'asc' | 'desc';

/** A story (spec §3): id, slug, owner and published state; other fields as sent. */
export interface Story extends Body {
  story_id?: string;
  slug?: string;
  username?: string;
  published?: boolean;
}

/** A story scheduled on the trending list (spec §3). */
export interface TrendingStory extends Body {
  story_id: string;
  publish_datetime: string;
}

/** A page of stories and the cursor of the next one. */
export interface StoriesPage {
  stories: Story[];
  next_cursor?: string;
}

/** Options of every story call: the optional token sent as the Authorization header. */
export interface StoryOptions extends CallOptions {
  token?: string;
}

/** `path` on the stories gateway with `query`. */
export function storiesUrl(path: string, query?: Query): string {
  return buildUrl(getConfig().storiesBase, path, query);
}

const authHeaders = (token?: string): Record<string, string> => (token ? { [AUTHORIZATION_HEADER]: token } : {});

const toStory = (raw: Body): Story => {
  const story: Story = { ...raw };
  for (const key of ['story_id', 'slug', 'username'] as const) {
    const text = asText(raw[key]);
    if (text === undefined) delete story[key];
    else story[key] = text;
  }
  if (typeof raw.published === 'boolean') story.published = raw.published;
  else delete story.published;
  return story;
};

/** The story in an answer: wrapped as `story` or `data`, or the body itself. */
const unwrapStory = (json: unknown): Story => {
  const body = toBody(json);
  return toStory(isRecord(body.story) ? body.story : isRecord(body.data) ? body.data : body);
};

const readStoriesPage = (json: unknown): StoriesPage => {
  const body = toBody(json);
  const list = Array.isArray(json) ? json : asList(body.stories ?? body.data ?? body.results);
  const page: StoriesPage = { stories: list.filter(isRecord).map(toStory) };
  const cursor = asText(body.next_cursor) ?? asText(asRecord(body.pagination).next_cursor) ?? asText(asRecord(body.meta).next_cursor);
  if (cursor) page.next_cursor = cursor;
  return page;
};

/**
 * GET stories/{id}.
 * Returns the story.
 */
export async function getStory(storyId: string, options: StoryOptions = {}): Promise<Story> {
  return unwrapStory(await sendJson(storiesUrl(`stories/${segment(storyId)}`), 'GET', { headers: authHeaders(options.token), signal: options.signal }));
}

/**
 * GET stories/slug/{slug}.
 * Returns the story.
 */
export async function getStoryBySlug(slug: string, options: StoryOptions = {}): Promise<Story> {
  return unwrapStory(await sendJson(storiesUrl(`stories/slug/${segment(slug)}`), 'GET', { headers: authHeaders(options.token), signal: options.signal }));
}

/**
 * Creates `story` (POST stories) when it has no story_id, else updates it (PUT stories/{id});
 * the payload is sent as `{ story }`. Returns the saved story.
 */
export async function saveStory(story: Story, options: StoryOptions = {}): Promise<Story> {
  const id = asText(story.story_id);
  const url = id ? storiesUrl(`stories/${segment(id)}`) : storiesUrl('stories');
  const json = await sendJson(url, id ? 'PUT' : 'POST', { body: { story }, headers: authHeaders(options.token), signal: options.signal });
  return unwrapStory(json);
}

/**
 * DELETE stories/{id}.
 * Returns the gateway's answer (or `{ ok }`).
 */
export async function deleteStory(storyId: string, options: StoryOptions = {}): Promise<Body> {
  return toBody(await sendJson(storiesUrl(`stories/${segment(storyId)}`), 'DELETE', { headers: authHeaders(options.token), signal: options.signal }));
}

/** Which of a user's stories to list. */
export interface UserStoriesOptions extends StoryOptions {
  username?: string;
  /** Include unpublished stories (needs the owner's token). */
  fetchUnpublished?: boolean;
  limit?: number;
  nextCursor?: string;
  /** Hydrate only each story's cover, not every GIF. */
  coverOnly?: boolean;
  /** Skip the per-URL cache. */
  noCache?: boolean;
}

let userStoriesCache: RequestCache | undefined;

/** The per-URL cache of story listings (created on first use). */
export function storiesCache(): RequestCache {
  return (userStoriesCache ??= createRequestCache());
}

/**
 * GET stories?username&fetch_unpublished&limit&next_cursor&hydration: a user's stories, cached per URL.
 * Logs NO_USERNAME_MESSAGE and returns undefined without a username.
 */
export async function getUserStories(options: UserStoriesOptions = {}): Promise<StoriesPage | undefined> {
  if (!options.username) {
    console.warn(NO_USERNAME_MESSAGE);
    return undefined;
  }
  const url = storiesUrl('stories', {
    username: options.username,
    fetch_unpublished: options.fetchUnpublished || undefined,
    limit: options.limit,
    next_cursor: options.nextCursor,
    hydration: options.coverOnly ? COVER_ONLY_HYDRATION : undefined,
  });
  const load = (signal?: AbortSignal) => sendJson(url, 'GET', { headers: authHeaders(options.token), signal });
  // The token is part of the key: one user's unpublished stories must never answer another's call.
  const json = options.noCache ? await load(options.signal) : await storiesCache().get(`${options.token ?? ''} ${url}`, load, options.signal);
  return readStoriesPage(json);
}

/** Window of partner-artist stories. */
export interface PartnerStoriesOptions extends StoryOptions {
  since?: string;
  until?: string;
}

/**
 * GET stories/partnerArtist?limit=50&since&until: stories by partner artists.
 * Returns a page of stories.
 */
export async function getPartnerArtistStories(options: PartnerStoriesOptions = {}): Promise<StoriesPage> {
  const url = storiesUrl('stories/partnerArtist', { limit: PARTNER_ARTIST_STORY_LIMIT, since: options.since, until: options.until });
  return readStoriesPage(await sendJson(url, 'GET', { headers: authHeaders(options.token), signal: options.signal }));
}

const toTrendingStory = (raw: Body): TrendingStory => ({
  ...raw,
  story_id: asText(raw.story_id) ?? '',
  publish_datetime: asText(raw.publish_datetime) ?? '',
});

/** Options of the trending listing. */
export interface TrendingStoriesOptions extends StoryOptions {
  sort?: StorySort;
}

/**
 * GET stories/trending?sort: the trending schedule, newest first unless `sort` is 'asc'.
 * Returns the trending stories.
 */
export async function getTrendingStories(options: TrendingStoriesOptions = {}): Promise<TrendingStory[]> {
  const sort: StorySort = options.sort === 'asc' ? 'asc' : DEFAULT_STORY_SORT;
  const json = await sendJson(storiesUrl('stories/trending', { sort }), 'GET', { headers: authHeaders(options.token), signal: options.signal });
  const body = toBody(json);
  const list = Array.isArray(json) ? json : asList(body.trending_stories ?? body.data ?? body.results);
  return list.filter(isRecord).map(toTrendingStory);
}

/**
 * POST stories/trending with `{ trending_story }`: schedules a story to trend at publish_datetime.
 * Returns the scheduled entry.
 */
export async function addTrendingStory(entry: TrendingStory, options: StoryOptions = {}): Promise<TrendingStory> {
  const json = await sendJson(storiesUrl('stories/trending'), 'POST', {
    body: { trending_story: entry },
    headers: authHeaders(options.token),
    signal: options.signal,
  });
  const body = toBody(json);
  return toTrendingStory(isRecord(body.trending_story) ? body.trending_story : { ...entry, ...body });
}

/**
 * DELETE stories/trending/{story_id}: takes a story off the trending schedule.
 * Returns the gateway's answer (or `{ ok }`).
 */
export async function deleteTrendingStory(storyId: string, options: StoryOptions = {}): Promise<Body> {
  return toBody(await sendJson(storiesUrl(`stories/trending/${segment(storyId)}`), 'DELETE', { headers: authHeaders(options.token), signal: options.signal }));
}
