/**
 * A list of GIFs from the public API for the embed and its plugins (a `gifs?ids=` batch, a
 * related page), through the API layer's one request path (`fetchPublicJson`: timeout, 429/503
 * retries, errors), without its request cache (the embed's batcher is its cache) and without
 * the SDK's identity headers (a CORS preflight per page otherwise).
 */
import { readMeta, readPagination, type Pagination } from './public-types';
import { fetchPublicJson, v1Url } from './v1';
import { asList } from './json';
import { tryNormalizeGif, type Gif } from '../model';
import { slices } from '../slices';

/** A page of GIFs from the public API. */
export interface GifList {
  data: Gif[];
  pagination: Pagination;
}

/** The API answers at most this many ids in one `gifs?ids=` request (GIPHY's limit). */
export const MAX_IDS_PER_REQUEST = 100;

/**
 * GET {apiBase}/v1/{path} with the api key and `query`, as normalised GIFs (an entry that is no
 * GIF is left out). Rejects (FetchError) on a network failure or timeout, a non-2xx answer or a
 * body that is not JSON.
 */
export async function fetchGifs(path: string, query: Record<string, string | number>): Promise<GifList> {
  const json = await fetchPublicJson(v1Url(path, query), undefined, {});
  const meta = readMeta(json);
  const data: Gif[] = [];
  // Normalised one per item, a slice at a time: the thousands of links in an answer of a
  // hundred GIFs, checked in one run, would make a long task on a page that asked for a hundred.
  await new Promise<void>((done) =>
    slices<() => void>((next) => next()).add([
      // An answer to any request of ours holds at most MAX_IDS_PER_REQUEST GIFs (a related page
      // holds 12): what a broken or hostile answer has past that is not read.
      ...asList((json as { data?: unknown }).data).slice(0, MAX_IDS_PER_REQUEST).map((raw) => () => {
        const gif = tryNormalizeGif(raw, meta);
        if (gif) data.push(gif);
      }),
      done,
    ]),
  );
  return { data, pagination: readPagination(json, data.length) };
}
