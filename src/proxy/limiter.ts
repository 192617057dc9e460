/**
 * Rate limits: a limiter is one method, `take(key)`, true while `key` (a client) may go on. The
 * token bucket here is for one process; where requests spread over many, the platform's own
 * store takes its place (docs/proxy.md: Cloudflare's rate-limiting binding, Deno KV, Redis).
 */

export interface Limiter {
  /** Takes one request's worth for `key`: true when it may be answered, false when it is over its limit. */
  take(key: string): boolean | Promise<boolean>;
}

export interface TokenBucketOptions {
  /** Requests a client may make at once (default 200: a grid's first page and its media). */
  burst?: number;
  /** Requests per second a client gets back (default 20). */
  perSecond?: number;
  /** Clients remembered at most (default 10,000); the one seen longest ago goes first. */
  maxClients?: number;
  /** The clock (ms), for tests. */
  now?: () => number;
}

/**
 * A token bucket per key, in this process's memory: each key starts with `burst` tokens, gets
 * `perSecond` back each second up to `burst`, and a request takes one. Bounded in memory.
 */
export function tokenBucket({ burst = 200, perSecond = 20, maxClients = 10_000, now = Date.now }: TokenBucketOptions = {}): Limiter {
  // A Map keeps insertion order: a key taken again moves to the end, so the first is the stalest.
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(key) {
      const time = now();
      const bucket = buckets.get(key);
      let tokens = burst;
      if (bucket) {
        tokens = Math.min(burst, bucket.tokens + ((time - bucket.at) / 1000) * perSecond);
        buckets.delete(key);
      } else if (buckets.size >= maxClients) {
        buckets.delete(buckets.keys().next().value as string);
      }
      const allowed = tokens >= 1;
      buckets.set(key, { tokens: allowed ? tokens - 1 : tokens, at: time });
      return allowed;
    },
  };
}
