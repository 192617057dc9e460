/**
 * The generic public API fetch of spec §7: GET {apiBase}/v1/{path} with `api_key`, the SDK
 * identity headers and the shared request cache; the JSON goes through a transform.
 */
import { getConfig } from '../config';
import { createRequestCache, type RequestCache } from './cache';
import { FetchError } from './errors';
import { parseJson, parseLenient, readServerMessage, saysFailed } from './json';
import { fetchText } from './request';
import { sdkHeaders } from './sdk-headers';
import { buildUrl, type Query } from './url';

/** Version segment of the public API. */
export const PUBLIC_API_VERSION = 'v1';

/** What a v1 call sends and how its JSON becomes the result. */
export interface V1Options<T> {
  /** Query parameters besides `api_key`. */
  query?: Query;
  /** Turns the (untrusted) JSON into the caller's type. */
  transform: (json: unknown) => T;
  signal?: AbortSignal;
  /** Skip the cache (always ask the server). */
  noCache?: boolean;
  /** Cache to use instead of the shared one (tests). */
  cache?: RequestCache;
}

let sharedCache: RequestCache | undefined;

/** The cache shared by every public API call (created on first use, so importing costs nothing). */
export function publicCache(): RequestCache {
  return (sharedCache ??= createRequestCache());
}

/** The full URL of public API `path` with `query` and the configured api key. */
export function v1Url(path: string, query: Query = {}): string {
  const { apiBase, apiKey } = getConfig();
  // No key in first-party mode: the proxy at apiBase puts it in (docs/proxy.md).
  return buildUrl(`${apiBase}/${PUBLIC_API_VERSION}`, path, { api_key: apiKey || undefined, ...query });
}

/**
 * Fetches `url` and returns its JSON; throws FetchError with the server message, status and text,
 * also when an HTTP 200 body says it failed (`meta.status` 400 or more).
 * `headers` defaults to the SDK's identity headers; the embed sends none (on another origin they
 * would cost every page a CORS preflight before its first GIF).
 */
export async function fetchPublicJson(url: string, signal?: AbortSignal, headers: Record<string, string> = sdkHeaders()): Promise<unknown> {
  const { response, text } = await fetchText(url, { method: 'GET', headers, signal });
  const failure = { url, status: response.status, statusText: response.statusText };
  if (!response.ok) throw new FetchError({ ...failure, serverMessage: readServerMessage(parseLenient(text)) });
  let json: unknown;
  try {
    json = parseJson(text);
  } catch (error) {
    throw new FetchError({ ...failure, cause: error });
  }
  if (saysFailed(json)) throw new FetchError({ ...failure, serverMessage: readServerMessage(json) });
  return json;
}

/**
 * GET {apiBase}/v1/{path}: `options.query` adds parameters, `options.transform` shapes the JSON.
 * Concurrent and recent calls for the same URL share one request.
 */
export async function v1<T>(path: string, options: V1Options<T>): Promise<T> {
  const url = v1Url(path, options.query);
  const json = options.noCache
    ? await fetchPublicJson(url, options.signal)
    : await (options.cache ?? publicCache()).get(url, (signal) => fetchPublicJson(url, signal), options.signal);
  return options.transform(json);
}
