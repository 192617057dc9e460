/**
 * A page's GIF data for its players: ids asked for in the same task go out as one `gifs?ids=`
 * request (src/api/gif-list.ts), and each id is fetched once per page however many placeholders
 * show it.
 */
import { fetchGifs, MAX_IDS_PER_REQUEST } from '../api/gif-list';
import { sentBefore } from './send';
import type { EarlyGifs } from './global';
import type { Gif } from '../model';
import type { EmbedError } from '../i18n/en';
import { reportError, unreadableAnswer } from '../analytics/error-report';

/** A page's GIFs: asked for in batches, each id once (see gifBatcher). */
export interface GifBatcher {
  /**
   * The GIF with `id`, batched with every other id requested in the same task. Rejects with an
   * Error whose message is the key of what to show (EmbedError: notFound, brokenAnswer or
   * loadFailed), the request's failure as its `cause` (isRetryable says whether asking again may
   * help).
   */
  request(id: string): Promise<Gif>;
  /** The GIF with `id` when it has already arrived on this page, else undefined. */
  arrived(id: string): Gif | undefined;
}

interface Pending {
  resolve(gif: Gif): void;
  reject(error: Error): void;
}

/**
 * How the API refuses what a request asks for (an id list it cannot read, or too long an
 * address): such a request is asked again in two halves, so one id the API chokes on fails alone
 * and never the GIFs that exist beside it.
 */
const REFUSED_LIST = [400, 413, 414];

/**
 * A page's batcher. `alongside` is asked as each batch's request goes out, a task after its ids
 * came (the page's observers have reported by then): the ids it lists (GIFs the page will soon
 * show) ride in the request too, so a reader scrolling on finds them here. `early`: the request
 * embed.js sent for the first screen's GIFs beside the player file (src/embed/early-gifs.ts),
 * whose ids are then not asked for again.
 */
export function gifBatcher(alongside: () => string[], early?: EarlyGifs | false): GifBatcher {
  const known = new Map<string, Promise<Gif>>();
  /** The GIFs that have arrived, by id: a player for one of them renders without waiting a task. */
  const arrived = new Map<string, Gif>();
  /** The API has answered 401/403 on this page (said once in the console). */
  let keyRefused = false;
  let batch: Map<string, Pending> | undefined;

  /** Sends the ids collected so far, MAX_IDS_PER_REQUEST per request, and settles each waiting promise. */
  const flush = () => {
    // Nobody waits on these yet: a failure is forgotten (known.delete) and asked again at mount.
    for (const other of alongside()) if (!known.has(other)) enqueue(other).catch(() => {});
    const waiting = batch!;
    batch = undefined;
    const ids = [...waiting.keys()];
    for (let at = 0; at < ids.length; at += MAX_IDS_PER_REQUEST) ask(ids.slice(at, at + MAX_IDS_PER_REQUEST), waiting);
  };

  /** Asks for `ids` in one request and settles their promises in `waiting`. */
  const ask = (ids: string[], waiting: Map<string, Pending>) => {
    // A failed id is not remembered: a later mount of it asks again.
    const reject = (id: string, error: Error) => known.delete(id) && waiting.get(id)!.reject(error);
    fetchGifs('gifs', { ids: ids.join(',') }).then(
      ({ data }) => {
        const byId = new Map(data.map((gif) => [gif.id, gif]));
        ids.forEach((id) => {
          const gif = byId.get(id);
          if (!gif) return reject(id, new Error('notFound' satisfies EmbedError));
          arrived.set(id, gif);
          waiting.get(id)!.resolve(gif);
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
        // An answer of a shape the embed cannot read is a fault on the service's side: report it.
        if (broken) reportError(error, 'api');
        // The key is the page's to fix: say which attribute, once per page.
        if ((error.status === 401 || error.status === 403) && !keyRefused) {
          keyRefused = true;
          console.warn(`[gif-embed] The API refused the script tag's data-api-key (HTTP ${error.status}).`);
        }
        // Its cause says whether trying again may help (isRetryable).
        ids.forEach((id) => reject(id, new Error((broken ? 'brokenAnswer' : 'loadFailed') satisfies EmbedError, { cause: error })));
      },
    );
  };

  /** The promise of `id`, settled by the request of `waiting`. */
  const wait = (id: string, waiting: Map<string, Pending>): Promise<Gif> => {
    const promise = new Promise<Gif>((resolve, reject) => waiting.set(id, { resolve, reject }));
    known.set(id, promise);
    return promise;
  };

  /** Adds `id` to the open batch (opening one for the next task if none is). */
  const enqueue = (id: string): Promise<Gif> => {
    if (!batch) {
      batch = new Map();
      setTimeout(flush);
    }
    return wait(id, batch);
  };

  return {
    request(id) {
      // embed.js's request, taken over at the first ask for one of its GIFs: its answer (or its
      // failure) is that ask's, and the rest of its GIFs rode along it.
      if (early && early.ids.includes(id)) {
        // Its GIFs alone (an id asked for in this task besides goes in the batch): nobody may
        // wait on the others yet, as on the ids riding along a request.
        const waiting = new Map<string, Pending>();
        for (const each of early.ids) wait(each, waiting).catch(() => {});
        // The same address as embed.js's, when it read the same settings (src/embed/send.ts).
        sentBefore.set(early.url, early.answer);
        ask(early.ids, waiting);
        early = false;
      }
      return known.get(id) || enqueue(id);
    },
    arrived: (id) => arrived.get(id),
  };
}
