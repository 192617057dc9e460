/**
 * Main-site paths of spec §7 (login check, instashare, favorites, GIF analytics, twitter
 * upload, follows, users and view counts). Every host comes from `getConfig().siteBase`.
 */
import { getConfig } from '../config';
import { isAbortError } from './errors';
import { asNumber, asRecord, toBody, toItems, type Body } from './json';
import { apiRequest, getJson, postForm, type CallOptions, type FormPostOptions } from './request';
import { buildUrl, segment, type Query } from './url';

/** Header carrying a channel password when fetching a user (spec §6). */
export const PASSWORD_HEADER = 'X-Password';

/** `path` on the main site with `query`. */
export function siteUrl(path: string, query?: Query): string {
  return buildUrl(getConfig().siteBase, path, query);
}

/**
 * GET /login/check: whether the visitor is logged in on the site.
 * Returns the site's answer as an object.
 */
export async function loginCheck(options: CallOptions = {}): Promise<Body> {
  return toBody(await getJson(siteUrl('/login/check'), options));
}

/**
 * POST /ajax/instashare/ with gif_id and to: sends a GIF to a recipient (form, token auth).
 * Returns the site's answer (or `{ ok }`).
 */
export async function instashare(gifId: string, to: string, options: FormPostOptions = {}): Promise<Body> {
  return toBody(await postForm(siteUrl('/ajax/instashare/'), { gif_id: gifId, to }, options));
}

/**
 * POST /favorites/{id}/: marks a GIF as a favorite of the logged-in user.
 * Returns the site's answer (or `{ ok }`).
 */
export async function favorite(gifId: string, options: CallOptions = {}): Promise<Body> {
  return toBody(await apiRequest(siteUrl(`/favorites/${segment(gifId)}/`), 'POST', options));
}

/** Logged (with the error) when a GIF analytic cannot be recorded. */
export const ANALYTIC_FAILED_MESSAGE = 'Could not record the GIF analytic';

/**
 * POST /ajax/gif/{gif}/analytic/{type}/: records a site analytic of `type` for a GIF.
 * Returns the site's answer (or `{ ok }`); a failure is logged and swallowed as `{ ok: false }`.
 */
export async function gifAnalytic(gifId: string, type: string, options: CallOptions = {}): Promise<Body> {
  try {
    return toBody(await apiRequest(siteUrl(`/ajax/gif/${segment(gifId)}/analytic/${segment(type)}/`), 'POST', options));
  } catch (error) {
    // Analytics must never break what the visitor is doing (spec §8: logged and swallowed).
    if (isAbortError(error)) throw error;
    console.warn(ANALYTIC_FAILED_MESSAGE, error);
    return { ok: false };
  }
}

/**
 * POST /ajax/twitter_upload: uploads a GIF to the visitor's twitter (after /login/twitter).
 * Returns the site's answer (or `{ ok }`).
 */
export async function twitterUpload(gifId: string, options: FormPostOptions = {}): Promise<Body> {
  return toBody(await postForm(siteUrl('/ajax/twitter_upload'), { gif_id: gifId }, options));
}

/**
 * GET /users/{id}/follows: who a user follows.
 * Returns the follow records.
 */
export async function follows(userId: string, options: CallOptions = {}): Promise<Body[]> {
  return toItems(await getJson(siteUrl(`/users/${segment(userId)}/follows`), options));
}

/**
 * GET /users/self/follows: who the logged-in user follows.
 * Returns the follow records.
 */
export async function selfFollows(options: CallOptions = {}): Promise<Body[]> {
  return toItems(await getJson(siteUrl('/users/self/follows'), options));
}

/**
 * POST /users/{id}/follows: the logged-in user follows `userId`.
 * Returns the site's answer (or `{ ok }`).
 */
export async function follow(userId: string, options: CallOptions = {}): Promise<Body> {
  return toBody(await apiRequest(siteUrl(`/users/${segment(userId)}/follows`), 'POST', options));
}

/**
 * DELETE /users/{id}/follows: the logged-in user stops following `userId`.
 * Returns the site's answer (or `{ ok }`).
 */
export async function unfollow(userId: string, options: CallOptions = {}): Promise<Body> {
  return toBody(await apiRequest(siteUrl(`/users/${segment(userId)}/follows`), 'DELETE', options));
}

/** Options of user calls: a channel password sent as X-Password. */
export interface UserOptions extends CallOptions {
  password?: string;
}

const passwordHeaders = (password?: string): Record<string, string> => (password ? { [PASSWORD_HEADER]: password } : {});

/**
 * GET /api/v1/users/{id}/: a user (a password-protected channel's owner needs `password`).
 * Returns the user record as sent.
 */
export async function getUser(userId: string, options: UserOptions = {}): Promise<Body> {
  return toBody(await getJson(siteUrl(`/api/v1/users/${segment(userId)}/`), { signal: options.signal, headers: passwordHeaders(options.password) }));
}

/** Options of a user update: PUT replaces, POST submits (e.g. a form with files). */
export interface SaveUserOptions extends UserOptions {
  method?: 'PUT' | 'POST';
}

/**
 * PUT (default) or POST /api/v1/users/{id}/ with `data`.
 * Returns the saved user (or `{ ok }`).
 */
export async function saveUser(userId: string, data: Body, options: SaveUserOptions = {}): Promise<Body> {
  const url = siteUrl(`/api/v1/users/${segment(userId)}/`);
  return toBody(await apiRequest(url, options.method ?? 'PUT', { body: data, signal: options.signal, headers: passwordHeaders(options.password) }));
}

/** A view count. */
export interface ViewCount {
  view_count: number;
}

const toViewCount = (json: unknown): ViewCount => {
  const body = asRecord(json);
  return { view_count: asNumber(body.view_count ?? body.viewCount ?? body.count) ?? 0 };
};

/**
 * GET /api/v1/users/{id}/view-count/: total views of a user's GIFs.
 * Returns `{ view_count }` (0 when the answer has none).
 */
export async function userViewCount(userId: string, options: CallOptions = {}): Promise<ViewCount> {
  return toViewCount(await getJson(siteUrl(`/api/v1/users/${segment(userId)}/view-count/`), options));
}

/**
 * GET /api/v1/proxy-gif/{id}/view-count/: views of one GIF.
 * Returns `{ view_count }` (0 when the answer has none).
 */
export async function proxyGifViewCount(gifId: string, options: CallOptions = {}): Promise<ViewCount> {
  return toViewCount(await getJson(siteUrl(`/api/v1/proxy-gif/${segment(gifId)}/view-count/`), options));
}
