/**
 * Who asked: what a runtime says of the client beside the request, and the key a rate limit
 * counts it by.
 */

/** What a runtime says of the client beside the request (Deno's `ServeHandlerInfo` has this shape; nodeListener and docs/proxy.md's Bun lines give it too). */
export interface ClientInfo {
  /** `{ hostname }` of a network address; any other kind of address (a Unix socket's) names no client. */
  remoteAddr?: { hostname?: string } | object | null;
}

/**
 * The client's address as the runtime gives it, else Cloudflare's `CF-Connecting-IP` (a Worker
 * is told nothing beside the request; Cloudflare sets the header and overwrites any client's),
 * else '' (one key for all).
 */
export function clientAddress(request: Request, info?: ClientInfo): string {
  const hostname = (info?.remoteAddr as { hostname?: unknown } | null | undefined)?.hostname;
  return (typeof hostname === 'string' && hostname) || request.headers.get('cf-connecting-ip') || '';
}
