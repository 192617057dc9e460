/**
 * The API calls the proxy passes on: the read calls the product makes (src/api/public.ts), each
 * with how long its answer may be kept. Any other path is refused before the API is asked.
 */

/** Trending, search and suggestions change through the day: minutes. */
export const MINUTES_S = 300;
/** Categories and related terms change slowly. */
export const HOUR_S = 3_600;
/** A GIF by id does not change. */
export const DAY_S = 86_400;
/** Media never changes for its address. */
export const MEDIA_S = 31_536_000;

/** An id as the API writes them. */
const ID = '[A-Za-z0-9]{1,64}';
/** A tag or category name, percent-encoded as src/api/url.ts `segment` writes it; no slash, no dot-segment. */
const NAME = '(?!\\.{1,2}$)(?:[A-Za-z0-9_~.!*\'()-]|%(?!2[fF]|5[cC]|0[0-9a-fA-F]|1[0-9a-fA-F]|7[fF])[0-9a-fA-F]{2}){1,200}';
const TYPE = '(?:gifs|stickers)';

/** Path below `/v1/` → seconds its answer may be kept (0: never, a random GIF is new each time). */
const ROUTES: [RegExp, number][] = [
  [new RegExp(`^${TYPE}/search$`), MINUTES_S],
  [new RegExp(`^${TYPE}/trending$`), MINUTES_S],
  [new RegExp(`^${TYPE}/random$`), 0],
  [new RegExp(`^${TYPE}/related$`), HOUR_S],
  [/^gifs\/search\/tags$/, MINUTES_S],
  [/^trending\/searches$/, MINUTES_S],
  [/^gifs\/categories$/, HOUR_S],
  [new RegExp(`^gifs/categories/${NAME}$`), HOUR_S],
  [new RegExp(`^tags/related/(?:gif/)?${NAME}$`), HOUR_S],
  [/^channels\/search$/, MINUTES_S],
  [/^emoji$/, HOUR_S],
  [/^videos$/, MINUTES_S],
  [new RegExp(`^videos/${ID}$`), DAY_S],
  [/^gifs$/, DAY_S],
  [new RegExp(`^${TYPE}/${ID}$`), DAY_S],
];

/** The seconds the answer to `path` (below `/v1/`, as the request wrote it) may be kept, or undefined for a path not passed on. */
export function routeOf(path: string): number | undefined {
  for (const [pattern, seconds] of ROUTES) if (pattern.test(path)) return seconds;
  return undefined;
}

/** Query names worth passing on: the API's own are short snake_case words (`q`, `offset`, `gif_id`, `random_id`). */
const PARAM_NAME = /^[a-z][a-z0-9_]{0,31}$/;
/** A whole query longer than this is refused: the longest the product writes (100 ids) is well under it. */
export const MAX_QUERY_CHARS = 4_096;
/** Control characters (CR, LF, NUL...) have no place in a query value. */
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The query to pass on from `search` (the request's, with its `?`): the client's `api_key` and
 * `apikey` left out, or why it is refused and with what status (too long: 414; a control
 * character, a name that is not the API's kind: 400).
 */
export function cleanQuery(search: string): { params: URLSearchParams } | { refused: string; status: number } {
  if (search.length > MAX_QUERY_CHARS) return { refused: 'The query is too long', status: 414 };
  const clean = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(search)) {
    if (CONTROL.test(name) || CONTROL.test(value)) return { refused: 'The query holds a control character', status: 400 };
    if (name === 'api_key' || name === 'apikey') continue;
    if (!PARAM_NAME.test(name)) return { refused: `The query parameter ${JSON.stringify(name.slice(0, 32))} is not one the API takes`, status: 400 };
    clean.append(name, value);
  }
  return { params: clean };
}
