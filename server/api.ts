/**
 * The `/v1/` API over the catalogue: key check, then the route table. Handlers return the body;
 * anything they throw as ApiError becomes that status with a JSON `message`.
 */
import * as gifs from './api-gifs';
import type { ApiRequest } from './api-gifs';
import * as tags from './api-tags';
import { ApiError } from './envelope';

type Route = [pattern: RegExp, handler: (req: ApiRequest, match: RegExpMatchArray) => unknown];

/** First match wins, so fixed names (search, trending...) come before `gifs/{id}`. */
const ROUTES: Route[] = [
  [/^gifs$/, (r) => gifs.gifsByIds(r)],
  [/^gifs\/search$/, (r) => gifs.search(r, false)],
  [/^stickers\/search$/, (r) => gifs.search(r, true)],
  [/^gifs\/trending$/, (r) => gifs.trending(r, false)],
  [/^stickers\/trending$/, (r) => gifs.trending(r, true)],
  [/^gifs\/random$/, (r) => gifs.random(r, false)],
  [/^stickers\/random$/, (r) => gifs.random(r, true)],
  [/^gifs\/related$/, (r) => gifs.related(r)],
  [/^gifs\/categories$/, (r) => gifs.categoryList(r)],
  [/^gifs\/categories\/([^/]+)$/, (r, m) => gifs.categoryGifs(r, m[1])],
  [/^gifs\/search\/tags$/, (r) => tags.searchTags(r)],
  [/^trending\/searches$/, (r) => tags.trendingSearches(r)],
  [/^tags\/related\/([^/]+)$/, (r, m) => tags.relatedTags(r, m[1])],
  [/^channels\/search$/, (r) => tags.searchChannels(r)],
  [/^videos$/, (r) => gifs.videos(r)],
  [/^videos\/([^/]+)$/, (r, m) => gifs.videoById(r, m[1])],
  [/^(?:gifs|stickers)\/([^/]+)$/, (r, m) => gifs.gifById(r, m[1])],
];

/**
 * Answers `GET /v1/{path}`. `path` is already percent-decoded and has no `/v1/` prefix.
 * Returns the body; throws ApiError (401 no key, 404 unknown route or id, 400 bad input).
 */
export function answerApi(path: string, req: ApiRequest): unknown {
  if (!(req.query.get('api_key') ?? '').trim()) throw new ApiError(401, 'No API key found in request.');
  const clean = path.replace(/\/+$/, '');
  for (const [pattern, handler] of ROUTES) {
    const match = clean.match(pattern);
    if (match) return handler(req, match);
  }
  throw new ApiError(404, `No such API endpoint: /v1/${clean.slice(0, 100)}`);
}
