/**
 * Answers kept at the edge with the runtime's Cache API: `caches.default` on Cloudflare Workers,
 * `caches.open()` in Deno (and anywhere else that has it). Some stores keep an entry until it is
 * deleted (Deno's does), so each entry carries when it was stored, and one older than its
 * `max-age` is a miss.
 */

/** What the proxy uses of a Cache. */
export type EdgeCache = Pick<Cache, 'match' | 'put' | 'delete'>;

/** The cache's name where a runtime keeps named caches. */
export const CACHE_NAME = 'gif-embed-proxy';
/** When an entry was stored (ms since the epoch); taken off before the answer goes out. */
const STORED_AT = 'x-gif-embed-stored-at';

interface CacheStorageLike {
  default?: EdgeCache;
  open?(name: string): Promise<EdgeCache>;
}

/** The runtime's cache: `caches.default`, else `caches.open(CACHE_NAME)`, else none. */
export async function runtimeCache(): Promise<EdgeCache | undefined> {
  const storage = (globalThis as { caches?: CacheStorageLike }).caches;
  if (!storage) return undefined;
  if (storage.default) return storage.default;
  try {
    return await storage.open?.(CACHE_NAME);
  } catch {
    return undefined;
  }
}

const maxAgeOf = (response: Response) => Number(/max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1] ?? 0);

/** The fresh entry for `key`, or undefined (none, expired, or a store that fails). */
export async function cached(cache: EdgeCache, key: Request): Promise<Response | undefined> {
  try {
    const hit = await cache.match(key);
    if (!hit) return undefined;
    const age = (Date.now() - Number(hit.headers.get(STORED_AT))) / 1000;
    if (!(age >= 0 && age < maxAgeOf(hit))) {
      void hit.body?.cancel();
      await cache.delete(key);
      return undefined;
    }
    const headers = new Headers(hit.headers);
    headers.delete(STORED_AT);
    headers.set('age', String(Math.floor(age)));
    return new Response(hit.body, { status: hit.status, headers });
  } catch {
    return undefined;
  }
}

/** Keeps `response` (whose body the caller no longer reads) for `key`; a store that fails is only a miss next time. */
export async function keep(cache: EdgeCache, key: Request, response: Response): Promise<void> {
  try {
    const headers = new Headers(response.headers);
    headers.set(STORED_AT, String(Date.now()));
    await cache.put(key, new Response(response.body, { status: response.status, headers }));
  } catch {
    // a full or failing store: answered from upstream next time
  }
}
