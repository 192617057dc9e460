import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as api from '../../../src/api';

/**
 * `gif-embed/api` names what a caller uses: the calls, the request styles, errors, cache and
 * paginator, the embed codes and the configuration. The plumbing under them stays inside, so it
 * can change without breaking anyone.
 */
const INTERNALS = [
  'sendRequest', 'fetchText', 'fetchPublicJson', 'v1Url', 'buildUrl', 'toSearchParams', 'formFields', 'segment', 'readMeta',
  'readPagination', 'toGifResult', 'toGifsResult', 'normalizeGifList', 'searchQuery', 'relatedPageSize', 'retryAfterMs',
  'sdkHeaders', 'sdkVersion', 'siteUrl', 'storiesUrl', 'schedulerUrl', 'imagingUrl', 'CSRF_COOKIE', 'CSRF_HEADER',
  'AUTHORIZATION_HEADER', 'PASSWORD_HEADER', 'ACCESS_TOKEN_PARAM', 'RETRY_STATUSES', 'RETRY_LIMIT', 'REQUEST_TIMEOUT_MS',
  'RESPONSE_MAX_BYTES', 'FETCH_ERROR_PREFIX', 'DEFAULT_SDK_HEADER_PREFIX',
];

test('no internal of the request path is exported', () => {
  const leaked = INTERNALS.filter((name) => name in api);
  assert.equal(leaked, []);
});

test('every call family, the request styles, errors, cache, paginator and configure are', () => {
  for (const name of [
    'configure', 'getConfig', 'gif', 'gifs', 'search', 'trending', 'random', 'related', 'categories', 'videos', 'v1', 'getJson', 'postForm',
    'apiRequest', 'sendJson', 'FetchError', 'HttpError', 'ResponseError', 'ValidationError', 'isRetryable', 'isAbortError',
    'createRequestCache', 'createPaginator', 'loginCheck', 'channels', 'tagCounts', 'getStory', 'scheduleGifs', 'videoInfo',
    'embedScriptCode', 'iframeEmbedCode', 'normalizeGif',
  ]) {
    assert.type((api as Record<string, unknown>)[name], 'function', name);
  }
});

test.run();
