/**
 * One request for many embeds (DESIGN "One request for many embeds"): GIFs asked for in the
 * same moment are fetched with one `gifs?ids=` call, and each GIF only once however many
 * placeholders show it.
 */
import type { Gif } from '../model';
import { FetchError } from './errors';
import { gifs as fetchGifs, type GifsResult } from './public';

/** Most ids sent in one `gifs?ids=` request; larger batches are split. */
export const GIFS_PER_REQUEST = 50;
/** How long ids are collected before the request goes out (one task: same-frame callbacks join). */
export const GIF_BATCH_WINDOW_MS = 0;
/** Message of the error for an id the service did not return. */
export const GIF_NOT_FOUND = 'GIF not found';

/** Loads GIFs by id, batching and deduplicating requests. */
export interface GifBatcher {
  /** The normalised GIF for `id`; rejects with FetchError when it cannot be had. */
  load(id: string): Promise<Gif>;
  /** Forgets loaded GIFs (failed ones are forgotten at once anyway). */
  clear(): void;
}

/** Options of a batcher: the list fetch (tests, custom hosts) and the batch size. */
export interface GifBatcherOptions {
  fetch?: (ids: readonly string[]) => Promise<GifsResult>;
  maxIds?: number;
}

interface Waiter {
  resolve: (gif: Gif) => void;
  reject: (error: unknown) => void;
}

/**
 * A new batcher; `options.fetch` defaults to `gifs(ids)`, `options.maxIds` to GIFS_PER_REQUEST.
 * Returns an object whose `load(id)` resolves to the GIF.
 */
export function createGifBatcher(options: GifBatcherOptions = {}): GifBatcher {
  const fetchList = options.fetch ?? ((ids: readonly string[]) => fetchGifs(ids));
  const maxIds = Math.max(1, options.maxIds ?? GIFS_PER_REQUEST);
  const loaded = new Map<string, Promise<Gif>>();
  let pending = new Map<string, Waiter>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const settle = async (batch: Map<string, Waiter>) => {
    const ids = [...batch.keys()];
    try {
      const result = await fetchList(ids);
      const byId = new Map(result.data.map((gif) => [gif.id, gif]));
      for (const [id, waiter] of batch) {
        const gif = byId.get(id);
        if (gif) waiter.resolve(gif);
        else {
          loaded.delete(id);
          waiter.reject(new FetchError({ serverMessage: GIF_NOT_FOUND, status: 404, statusText: 'Not Found' }));
        }
      }
    } catch (error) {
      // A failed batch is forgotten so the next load tries again.
      for (const [id, waiter] of batch) {
        loaded.delete(id);
        waiter.reject(error);
      }
    }
  };

  const flush = () => {
    timer = undefined;
    const all = pending;
    pending = new Map();
    let batch = new Map<string, Waiter>();
    for (const [id, waiter] of all) {
      batch.set(id, waiter);
      if (batch.size === maxIds) {
        void settle(batch);
        batch = new Map();
      }
    }
    if (batch.size) void settle(batch);
  };

  return {
    load(id) {
      const known = loaded.get(id);
      if (known) return known;
      const promise = new Promise<Gif>((resolve, reject) => pending.set(id, { resolve, reject }));
      loaded.set(id, promise);
      timer ??= setTimeout(flush, GIF_BATCH_WINDOW_MS);
      return promise;
    },
    clear() {
      loaded.clear();
    },
  };
}
