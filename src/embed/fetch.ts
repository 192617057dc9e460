/**
 * GIF data for the players: ids asked for in the same task go out as one `gifs?ids=` request,
 * and each id is fetched once per page however many placeholders show it.
 *
 * The requests go out through the API layer's one request path (`fetchPublicJson`: timeout,
 * 429/503 retries, errors), without its request cache (the per-id promises below are the
 * embed's cache) and without the SDK's identity headers (a CORS preflight per page otherwise).
 */
import { PLAYER_EN } from '../i18n/en';
import { readMeta, readPagination, type Pagination } from '../api/public-types';
import { fetchPublicJson, v1Url } from '../api/v1';
import { asList } from '../api/json';
import { tryNormalizeGif, type Gif } from '../model';
import { reportError, unreadableAnswer } from '../analytics/error-report';
import { slices } from '../slices';

/** A page of GIFs from the public API. */
export interface GifList {
  data: Gif[];
  pagination: Pagination;
}

/**
 * GIFs normalised one per item, a slice at a time: the thousands of links in an answer of a
 * hundred GIFs, checked in one run, would make a long task on a page that asked for a hundred.
 */
const normalizing = slices<() => void>((next) => next());

/**
 * GET {apiBase}/v1/{path} with the api key and `query`, as normalised GIFs (an entry that is no
 * GIF is left out). Rejects (FetchError) on a network failure or timeout, a non-2xx answer or a
 * body that is not JSON.
 */
export async function fetchGifs(path: string, query: Record<string, string | number>): Promise<GifList> {
  const json = await fetchPublicJson(v1Url(path, query), undefined, {});
  const meta = readMeta(json);
  const data: Gif[] = [];
  await new Promise<void>((done) =>
    normalizing.add([
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

/** Shown when the service does not know the id. */
export const NOT_FOUND_MESSAGE = PLAYER_EN.notFound;
/** Shown when the service cannot be reached, does not answer in time or answers with an error. */
export const LOAD_FAILED_MESSAGE = PLAYER_EN.loadFailed;
/** Shown when the service answers 2xx with a body that is not JSON (cut off, an HTML error page). */
export const BROKEN_ANSWER_MESSAGE = PLAYER_EN.brokenAnswer;

interface Pending {
  resolve(gif: Gif): void;
  reject(error: Error): void;
}

const known = new Map<string, Promise<Gif>>();
/** The GIFs that have arrived, by id: a player for one of them renders without waiting a task. */
const arrived = new Map<string, Gif>();

/** The GIF with `id` when it has already arrived on this page, else undefined. */
export const arrivedGif = (id: string): Gif | undefined => arrived.get(id);
/** The API has answered 401/403 on this page (said once in the console). */
let keyRefused = false;
let batch: Map<string, Pending> | undefined;
/** Lists the GIFs to carry along in the open batch's request (see requestGif). */
let batchAlongside: (() => string[]) | undefined;

/** The API answers at most this many ids in one `gifs?ids=` request (GIPHY's limit). */
export const MAX_IDS_PER_REQUEST = 100;
/**
 * How the API refuses what a request asks for (an id list it cannot read, or too long an
 * address): such a request is asked again in two halves, so one id the API chokes on fails alone
 * and never the GIFs that exist beside it.
 */
const REFUSED_LIST = [400, 413, 414];

/** Sends the ids collected so far, MAX_IDS_PER_REQUEST per request, and settles each waiting promise. */
function flush() {
  // Asked as the request goes out, a task after the ids came: what the page will soon show is
  // known by then (the loader's observers have reported).
  const more = batchAlongside?.() || [];
  batchAlongside = undefined;
  // Nobody waits on these yet: a failure is forgotten (known.delete) and asked again at mount.
  for (const other of more) if (!known.has(other)) enqueue(other).catch(() => {});
  const waiting = batch!;
  batch = undefined;
  const ids = [...waiting.keys()];
  for (let at = 0; at < ids.length; at += MAX_IDS_PER_REQUEST) ask(ids.slice(at, at + MAX_IDS_PER_REQUEST), waiting);
}

/** Asks for `ids` in one request and settles their promises in `waiting`. */
function ask(ids: string[], waiting: Map<string, Pending>) {
  fetchGifs('gifs', { ids: ids.join(',') }).then(
    ({ data }) => {
      const byId = new Map(data.map((gif) => [gif.id, gif]));
      ids.forEach((id) => {
        const p = waiting.get(id)!;
        const gif = byId.get(id);
        if (gif) {
          arrived.set(id, gif);
          p.resolve(gif);
        }
        else {
          known.delete(id);
          p.reject(new Error(NOT_FOUND_MESSAGE));
        }
      });
    },
    (error: { status?: number }) => {
      if (ids.length > 1 && REFUSED_LIST.includes(error.status!)) {
        const half = Math.ceil(ids.length / 2);
        ask(ids.slice(0, half), waiting);
        ask(ids.slice(half), waiting);
        return;
      }
      const broken = unreadableAnswer(error);
      const message = broken ? BROKEN_ANSWER_MESSAGE : LOAD_FAILED_MESSAGE;
      // An answer of a shape the embed cannot read is a fault on the service's side: report it.
      if (broken) reportError(error, 'api');
      // The key is the page's to fix: say which attribute, once per page.
      if ((error.status === 401 || error.status === 403) && !keyRefused) {
        keyRefused = true;
        console.warn(`[gif-embed] The API refused the script tag's data-api-key (HTTP ${error.status}).`);
      }
      ids.forEach((id) => {
        // A failed request is not remembered: a later mount of the id asks again.
        known.delete(id);
        // Its cause says whether trying again may help (isRetryable).
        waiting.get(id)!.reject(new Error(message, { cause: error }));
      });
    },
  );
}

/**
 * The GIF with `id`, batched with every other id requested in the same task.
 * Rejects with NOT_FOUND_MESSAGE, BROKEN_ANSWER_MESSAGE or LOAD_FAILED_MESSAGE, the request's
 * failure as the error's `cause` (isRetryable says whether asking again may help).
 * `alongside` (the first one a batch is given) is asked as the batch's request goes out: the ids
 * it lists (GIFs the page will soon show) ride in it too, so scrolling on finds them here.
 */
export function requestGif(id: string, alongside?: () => string[]): Promise<Gif> {
  let promise = known.get(id);
  if (!promise) {
    promise = enqueue(id);
    batchAlongside ??= alongside;
  }
  return promise;
}

/** Adds `id` to the open batch (opening one for the next task if none is). */
function enqueue(id: string): Promise<Gif> {
  if (!batch) {
    batch = new Map();
    setTimeout(flush);
  }
  const slot = batch;
  const promise = new Promise<Gif>((resolve, reject) => slot.set(id, { resolve, reject }));
  known.set(id, promise);
  return promise;
}
