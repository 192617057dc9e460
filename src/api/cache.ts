/**
 * In-memory request cache keyed by URL (spec §8): callers asking for the same URL share one
 * request while it is in flight, answers are kept for REQUEST_CACHE_TTL_MS, and a failed
 * request is dropped at once so the next call goes back to the server.
 */
/** How long a successful answer is reused. */
export const REQUEST_CACHE_TTL_MS = 5 * 60 * 1000;

/** Loads the value for a key; `signal` fires when every caller waiting on it has aborted. */
export type Loader<T> = (signal: AbortSignal) => Promise<T>;

/** A cache of request promises by URL. */
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

/** How long answers stay fresh, and the clock that says so. */
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

// `reason` is missing only in old Safari; the stand-in still has the AbortError name.
const abortReason = (signal: AbortSignal): unknown => signal.reason ?? new DOMException('Aborted', 'AbortError');

/** A new, empty cache; `options.ttlMs` sets freshness, `options.now` the clock. */
export function createRequestCache(options: RequestCacheOptions = {}): RequestCache {
  const ttl = options.ttlMs ?? REQUEST_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const drop = (key: string, entry: Entry) => {
    if (entries.get(key) === entry) entries.delete(key);
  };

  return {
    get<T>(key: string, load: Loader<T>, signal?: AbortSignal): Promise<T> {
      const time = now();
      entries.forEach((old, oldKey) => old.expires <= time && entries.delete(oldKey));
      if (signal?.aborted) return Promise.reject(abortReason(signal));
      let entry = entries.get(key);
      if (!entry) {
        const controller = new AbortController();
        const fresh: Entry = { controller, expires: Infinity, waiters: 0, promise: Promise.resolve() };
        fresh.promise = load(controller.signal).then(
          (value) => {
            if (entries.get(key) === fresh) fresh.expires = now() + ttl;
            return value;
          },
          (error: unknown) => {
            // A failure is never cached: a retry must reach the server (network back, 5xx over).
            drop(key, fresh);
            throw error;
          },
        );
        entries.set(key, (entry = fresh));
      }
      const shared = entry;
      // A caller without a signal can never abort, so it holds the request open for good.
      if (!signal) {
        shared.waiters = Infinity;
        return shared.promise as Promise<T>;
      }
      shared.waiters++;
      return new Promise<T>((resolve, reject) => {
        let waiting = true;
        const leave = () => {
          waiting = false;
          shared.waiters--;
          signal.removeEventListener('abort', onAbort);
        };
        const onAbort = () => {
          if (!waiting) return;
          leave();
          reject(abortReason(signal));
          // The last caller gone while in flight: stop the network request and forget it.
          if (shared.waiters <= 0 && shared.expires === Infinity) {
            drop(key, shared);
            shared.controller.abort(signal.reason);
          }
        };
        signal.addEventListener('abort', onAbort);
        (shared.promise as Promise<T>).then(
          (value) => waiting && (leave(), resolve(value)),
          (error: unknown) => waiting && (leave(), reject(error)),
        );
      });
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
