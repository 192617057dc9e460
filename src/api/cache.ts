/**
 * In-memory request cache keyed by URL (spec §8): callers asking for the same URL share one
 * request while it is in flight, answers are kept for REQUEST_CACHE_TTL_MS, and a failed
 * request is dropped at once so the next call goes back to the server.
 */
import { isAbortError } from './errors';

/** How long a successful answer is reused. */
export const REQUEST_CACHE_TTL_MS = 5 * 60 * 1000;

/** Loads the value for a key; `signal` fires when every caller waiting on it has aborted. */
export type Loader<T> = (signal: AbortSignal) => Promise<T>;

export interface RequestCache {
  /** The cached or in-flight value for `key`, else starts `load`; `signal` aborts only this caller. */
  get<T>(key: string, load: Loader<T>, signal?: AbortSignal): Promise<T>;
  /** Forgets `key` (the next get loads again). */
  delete(key: string): void;
  /** Forgets everything. */
  clear(): void;
  /** Number of entries held (in flight or fresh). */
  readonly size: number;
}

export interface RequestCacheOptions {
  ttlMs?: number;
  /** Clock, replaceable in tests. */
  now?: () => number;
}

interface Entry {
  promise: Promise<unknown>;
  /** Time after which the entry is stale; Infinity while in flight. */
  expires: number;
  /** Callers still waiting on the in-flight request. */
  waiters: number;
  controller: AbortController;
}

const abortError = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException('This operation was aborted', 'AbortError');

/** A new, empty cache; `options.ttlMs` sets freshness, `options.now` the clock. */
export function createRequestCache(options: RequestCacheOptions = {}): RequestCache {
  const ttl = options.ttlMs ?? REQUEST_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  const sweep = (time: number) => {
    for (const [key, entry] of entries) if (entry.expires <= time) entries.delete(key);
  };

  const start = (key: string, load: Loader<unknown>): Entry => {
    const controller = new AbortController();
    const entry: Entry = { promise: Promise.resolve(), expires: Infinity, waiters: 0, controller };
    entry.promise = load(controller.signal).then(
      (value) => {
        if (entries.get(key) === entry) entry.expires = now() + ttl;
        return value;
      },
      (error: unknown) => {
        // A failure is never cached: a retry must reach the server (network back, 5xx over).
        if (entries.get(key) === entry) entries.delete(key);
        throw error;
      },
    );
    entries.set(key, entry);
    return entry;
  };

  const wait = <T>(key: string, entry: Entry, signal?: AbortSignal): Promise<T> => {
    const shared = entry.promise as Promise<T>;
    if (!signal) return shared;
    if (signal.aborted) return Promise.reject(abortError(signal));
    entry.waiters++;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        reject(abortError(signal));
        // The last caller gone: stop the network request and forget it.
        if (--entry.waiters <= 0 && entry.expires === Infinity) {
          if (entries.get(key) === entry) entries.delete(key);
          entry.controller.abort(signal.reason);
        }
      };
      signal.addEventListener('abort', onAbort, { once: true });
      shared.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          entry.waiters--;
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          entry.waiters--;
          reject(signal.aborted && isAbortError(error) ? abortError(signal) : error);
        },
      );
    });
  };

  return {
    get<T>(key: string, load: Loader<T>, signal?: AbortSignal): Promise<T> {
      const time = now();
      sweep(time);
      if (signal?.aborted) return Promise.reject(abortError(signal));
      let entry = entries.get(key);
      if (!entry) {
        entry = start(key, load);
        // Callers without a signal can never abort, so they hold the request open forever.
        if (!signal) entry.waiters = Infinity;
      } else if (!signal) {
        entry.waiters = Infinity;
      }
      return wait<T>(key, entry, signal);
    },
    delete(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
