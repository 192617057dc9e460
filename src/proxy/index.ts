/**
 * First-party mode's server half: one Fetch API handler (`(request) => Promise<Response>`, as
 * `gif-embed/oembed`) that a publisher mounts on their own origin, so that the API key stays on
 * their server and the reader's address, browser and cookies stay with them. It serves:
 *
 * - `{base}/v1/...`: the API's read calls (./routes.ts), the key put in and any client key taken
 *   out, every listed media address in the answer rewritten to the proxy's;
 * - `{base}/media/{host}/...`: the media, from the listed hosts only, streamed with `Range`, its
 *   type and size checked;
 * - `POST {base}/pingback`: the analytics, forwarded with the key and nothing of the reader's.
 *
 * Nothing of the request passes on but what the call needs: no cookie, no address, no browser
 * name. It runs unchanged on Cloudflare Workers, Deno, Bun, Node and Next.js routes
 * (docs/proxy.md), and keeps answers in the runtime's Cache API where there is one.
 */
import { isHttpBase } from '../api/url';
import { withoutTrailingSlashes } from '../text';
import { clientAddress, type ClientInfo } from './client';
import { cached, keep, runtimeCache, type EdgeCache } from './edge-cache';
import { tokenBucket, type Limiter } from './limiter';
import { GIPHY_MEDIA_HOSTS, isMediaType, listedLocation, MEDIA_PATH, mediaHostsOf, mediaTarget, rewriteMedia } from './media';
import { cleanQuery, MEDIA_S, routeOf } from './routes';
import { ask, deadline, readCapped, streamCapped, UpstreamError, type Fetcher } from './upstream';

export { tokenBucket, type Limiter, type TokenBucketOptions } from './limiter';
export { GIPHY_MEDIA_HOSTS } from './media';
export type { Fetcher } from './upstream';
export type { EdgeCache } from './edge-cache';
export type { ClientInfo } from './client';
export { nodeListener, serveNode } from './node';

export interface ProxyOptions {
  /** The GIPHY-compatible API (without `/v1`). */
  apiBase: string;
  /** The key put on every call; it never leaves the server. */
  apiKey: string;
  /** The pingback collector (`POST {pingbackBase}/pingback`); without it, `/pingback` answers 404. */
  pingbackBase?: string;
  /** The media origins fetched from (`https://media2.giphy.com`); default: GIPHY's (GIPHY_MEDIA_HOSTS). */
  mediaHosts?: readonly string[];
  /** Pages of other origins that may call the proxy (CORS); default none: only its own origin's pages. */
  allowOrigins?: readonly string[];
  /**
   * Where pages reach the proxy: a path on the request's origin (`/gif-api`), or an address
   * (`https://blog.example/gif-api`) when the origin must not come from the request's Host.
   * Default: the origin's root.
   */
  base?: string;
  /** The answers' store: default the runtime's Cache API where it has one; `false`: none. */
  cache?: EdgeCache | false;
  /** Rate limit per client: default a token bucket in this process (tokenBucket()); `false`: none. */
  limiter?: Limiter | false;
  /**
   * The key a request is limited by: default the client's address (`info.remoteAddr.hostname`,
   * as Deno passes it and docs/proxy.md's Node and Bun lines do), else Cloudflare's
   * `CF-Connecting-IP`, else one key for all.
   */
  clientKey?: (request: Request, info?: ClientInfo) => string;
  /** How the upstream is asked (default the runtime's `fetch`): a service binding's `fetch`, one with an agent. */
  fetch?: Fetcher;
  /** An upstream that has not answered (or sent a chunk) in this long is given up (default 10 s): 504. */
  timeoutMs?: number;
  /** The largest media file passed on (default 50 MB). */
  maxMediaBytes?: number;
  /** The largest API answer read (default 8 MB; a page of 100 GIFs is about 0.3 MB). */
  maxAnswerBytes?: number;
  /** Upstream requests at once at most (default 256); more get 503 and `Retry-After`. */
  maxInFlight?: number;
}

export type ProxyHandler = (request: Request, info?: ClientInfo) => Promise<Response>;

const TIMEOUT_MS = 10_000;
const MAX_MEDIA_BYTES = 50 * 1024 * 1024;
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
const MAX_IN_FLIGHT = 256;
/** A pingback body is a few sessions of actions: far under this. */
export const MAX_PINGBACK_BYTES = 64 * 1024;
const JSON_TYPE = 'application/json; charset=utf-8';
/** The API's status texts for the errors the proxy answers itself (the API's error shape). */
const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 413: 'Payload Too Large', 414: 'URI Too Long', 429: 'Too Many Requests', 499: 'Client Closed Request', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' };
/** Response headers of the upstream worth passing on with media. */
const MEDIA_HEADERS = ['content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'];
/** What a media answer may do if opened as a page: nothing (GitHub's camo sends the same). */
const MEDIA_CSP = "default-src 'none'; sandbox";

/** Settings from an environment may be missing: say which one when the handler is made. */
function checkOptions(options: ProxyOptions): void {
  for (const name of ['apiBase', 'pingbackBase'] as const) {
    const value = options[name];
    if ((name === 'apiBase' || value !== undefined) && !isHttpBase(value)) {
      throw new TypeError(`gif-embed/proxy: ${name} must be an http(s) address, not ${JSON.stringify(value) ?? 'undefined'}`);
    }
  }
  if (typeof options.apiKey !== 'string' || !options.apiKey) {
    throw new TypeError(`gif-embed/proxy: apiKey must be the API key, not ${JSON.stringify(options.apiKey) ?? 'undefined'}`);
  }
  if (options.base !== undefined && !(typeof options.base === 'string' && (options.base === '' || /^\/[^/]/.test(options.base) || isHttpBase(options.base)))) {
    throw new TypeError(`gif-embed/proxy: base must be a path like "/gif-api" or an http(s) address, not ${JSON.stringify(options.base)}`);
  }
}

/** The proxy as a Fetch API handler; see ProxyOptions. */
export function createProxyHandler(options: ProxyOptions): ProxyHandler {
  checkOptions(options);
  const apiBase = withoutTrailingSlashes(options.apiBase);
  const apiOrigin = new URL(apiBase).origin;
  const pingbackBase = options.pingbackBase && withoutTrailingSlashes(options.pingbackBase);
  const key = options.apiKey;
  const hosts = mediaHostsOf(options.mediaHosts ?? GIPHY_MEDIA_HOSTS);
  const allowOrigins = new Set(options.allowOrigins ?? []);
  const fixed = options.base && isHttpBase(options.base) ? new URL(options.base) : undefined;
  const basePath = withoutTrailingSlashes(fixed ? fixed.pathname : options.base ?? '');
  const upstream: Fetcher = options.fetch ?? ((request) => fetch(request));
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const maxMedia = options.maxMediaBytes ?? MAX_MEDIA_BYTES;
  const maxAnswer = options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
  const maxInFlight = options.maxInFlight ?? MAX_IN_FLIGHT;
  const limiter = options.limiter === false ? undefined : options.limiter ?? tokenBucket();
  const clientKey = options.clientKey ?? clientAddress;
  const store: Promise<EdgeCache | undefined> = options.cache === false ? Promise.resolve(undefined) : options.cache ? Promise.resolve(options.cache) : runtimeCache();
  let inFlight = 0;

  /** The key, plain or as a query writes it, taken out of `text`: no answer ever carries it. */
  const scrub = (text: string) => text.split(key).join('').split(encodeURIComponent(key)).join('');

  /** Runs `work` as one upstream request in flight, or answers 503 when too many are. */
  async function bounded(work: (release: () => void) => Promise<Response>, cors: Headers): Promise<Response> {
    if (inFlight >= maxInFlight) return apiError(503, 'The proxy is busy: try again in a moment', cors, { 'Retry-After': '1' });
    inFlight++;
    let released = false;
    const release = () => {
      if (!released) inFlight--;
      released = true;
    };
    try {
      return await work(release);
    } catch (error) {
      release();
      const failure = error instanceof UpstreamError ? error : new UpstreamError('The upstream answer could not be read');
      return apiError(failure.status, failure.message, cors);
    }
  }

  async function api(request: Request, path: string, search: string, origin: string, cors: Headers): Promise<Response> {
    const seconds = routeOf(path);
    if (seconds === undefined) return apiError(404, 'No such API endpoint', cors);
    if (request.method !== 'GET' && request.method !== 'HEAD') return apiError(405, 'Use GET or HEAD here', cors, { Allow: 'GET, HEAD, OPTIONS' });
    const query = cleanQuery(search);
    if ('refused' in query) return apiError(query.status, query.refused, cors);
    const params = query.params;
    const cache = seconds > 0 ? await store : undefined;
    const cacheKey = new Request(`${origin}${basePath}/v1/${path}${params.toString() ? `?${params}` : ''}`);
    const hit = cache && (await cached(cache, cacheKey));
    if (hit) return finish(request, hit, cors, 'HIT');
    return bounded(async (release) => {
      params.set('api_key', key);
      const time = deadline(timeoutMs, request.signal);
      try {
        const headers: Record<string, string> = { Accept: 'application/json' };
        const tag = request.headers.get('if-none-match');
        if (tag) headers['If-None-Match'] = tag.replace(/^W\//, '');
        const response = await ask(upstream, `${apiBase}/v1/${path}?${params}`, { headers, signal: time.signal }, (location, from) => {
          const next = new URL(location, from);
          return next.origin === apiOrigin ? next.href : undefined;
        });
        const etag = response.headers.get('etag');
        const validator = etag ? `W/${etag.replace(/^W\//, '')}` : undefined;
        if (response.status === 304) {
          void response.body?.cancel();
          return finish(request, new Response(null, { status: 304, headers: { ...(validator ? { ETag: validator } : {}), 'Cache-Control': cacheControl(seconds) } }), cors);
        }
        const text = await readCapped(response, maxAnswer, time);
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          throw new UpstreamError('The API answered with something that is not JSON');
        }
        const body = scrub(JSON.stringify(rewriteMedia(json, hosts, `${origin}${basePath}`)));
        const ok = response.status === 200;
        const answer = new Response(body, {
          status: response.status,
          headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': ok ? cacheControl(seconds) : 'no-store', ...(validator && ok ? { ETag: validator } : {}) },
        });
        if (ok && cache) await keep(cache, cacheKey, answer.clone());
        return finish(request, answer, cors, cache ? 'MISS' : undefined);
      } finally {
        time.clear();
        release();
      }
    }, cors);
  }

  async function media(request: Request, rest: string, search: string, cors: Headers): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return apiError(405, 'Use GET or HEAD here', cors, { Allow: 'GET, HEAD, OPTIONS' });
    const target = mediaTarget(rest, search, hosts);
    if ('refused' in target) return apiError(target.status, target.refused, cors);
    const range = request.headers.get('range');
    // Whole files are kept at the edge; a range is asked of the host each time.
    const cache = range ? undefined : await store;
    const cacheKey = new Request(target.url);
    const hit = cache && (await cached(cache, cacheKey));
    if (hit) return finish(request, hit, cors, 'HIT');
    return bounded(async (release) => {
      const time = deadline(timeoutMs, request.signal);
      const headers: Record<string, string> = { Accept: target.type };
      for (const name of ['range', 'if-range', 'if-none-match', 'if-modified-since']) {
        const value = request.headers.get(name);
        if (value) headers[name] = value;
      }
      let response: Response;
      try {
        response = await ask(upstream, target.url, { method: request.method, headers, signal: time.signal }, (location, from) => listedLocation(location, from, hosts));
      } catch (error) {
        time.clear();
        throw error;
      }
      const out = new Headers({ 'Cache-Control': `public, max-age=${MEDIA_S}, immutable`, 'Content-Security-Policy': MEDIA_CSP });
      for (const name of MEDIA_HEADERS) {
        const value = response.headers.get(name);
        if (value) out.set(name, value);
      }
      /** Done with the host's answer before its body: the deadline, the slot in flight and the body let go. */
      const done = () => {
        time.clear();
        release();
        void response.body?.cancel();
      };
      if (response.status === 304 || response.status === 416) {
        done();
        return finish(request, new Response(null, { status: response.status, headers: out }), cors);
      }
      if (response.status !== 200 && response.status !== 206) {
        done();
        return response.status === 404 ? apiError(404, 'No such media', cors) : apiError(502, 'The media host failed', cors);
      }
      const type = response.headers.get('content-type');
      if (!isMediaType(type)) {
        done();
        return apiError(502, 'The media host answered with a type this proxy does not serve', cors);
      }
      if (Number(response.headers.get('content-length')) > maxMedia) {
        done();
        return apiError(502, 'The media is larger than this proxy serves', cors);
      }
      out.set('Content-Type', type!);
      const body = response.body && request.method !== 'HEAD' ? streamCapped(response.body, maxMedia, time, release) : null;
      if (!body) done();
      const answer = new Response(body, { status: response.status, headers: out });
      if (cache && response.status === 200 && body) {
        const [mine, kept] = body.tee();
        // Kept while it streams to the client (awaited, the client's half would wait in memory).
        void keep(cache, cacheKey, new Response(kept, { status: 200, headers: out }));
        return finish(request, new Response(mine, { status: 200, headers: out }), cors, 'MISS');
      }
      return finish(request, answer, cors, cache ? 'MISS' : undefined);
    }, cors);
  }

  async function pingback(request: Request, cors: Headers): Promise<Response> {
    if (!pingbackBase) return apiError(404, 'This proxy forwards no pingbacks', cors);
    if (request.method !== 'POST') return apiError(405, 'Use POST here', cors, { Allow: 'POST, OPTIONS' });
    if (Number(request.headers.get('content-length')) > MAX_PINGBACK_BYTES) return apiError(413, 'The pingback is too large', cors);
    return bounded(async (release) => {
      const time = deadline(timeoutMs, request.signal);
      try {
        const body = await readCapped(new Response(request.body), MAX_PINGBACK_BYTES, time, new UpstreamError('The pingback is too large', 413));
        const response = await ask(upstream, `${pingbackBase}/pingback?apikey=${encodeURIComponent(key)}`, {
          method: 'POST',
          body,
          headers: { 'Content-Type': 'application/json' },
          signal: time.signal,
        }, () => undefined);
        void response.body?.cancel();
        if (response.status >= 400 && response.status < 500) return apiError(400, 'The collector refused the pingback', cors);
        if (!response.ok) return apiError(502, 'The collector failed', cors);
        return finish(request, new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } }), cors);
      } finally {
        time.clear();
        release();
      }
    }, cors);
  }

  return async (request, info) => {
    const url = new URL(request.url);
    const origin = fixed ? fixed.origin : url.origin;
    const from = request.headers.get('origin');
    const cors = new Headers();
    if (from && from !== origin) {
      if (!allowOrigins.has(from) && !allowOrigins.has('*')) return apiError(403, 'Pages of this origin may not use this proxy', cors);
      cors.set('Access-Control-Allow-Origin', allowOrigins.has('*') ? '*' : from);
      cors.set('Access-Control-Expose-Headers', 'ETag, Content-Length, Content-Range, Accept-Ranges, X-Cache');
      cors.set('Vary', 'Origin');
    }
    if (!url.pathname.startsWith(`${basePath}/`)) return apiError(404, 'This proxy serves no such address', cors);
    const path = url.pathname.slice(basePath.length);
    if (request.method === 'OPTIONS') return preflight(request, cors);
    if (limiter) {
      let allowed = true;
      try {
        allowed = await limiter.take(clientKey(request, info));
      } catch {
        // a limiter whose store fails lets the request through: the proxy stays up
      }
      if (!allowed) return apiError(429, 'Too many requests: slow down', cors, { 'Retry-After': '1' });
    }
    if (path.startsWith('/v1/')) return api(request, path.slice(4), url.search, origin, cors);
    if (path.startsWith(MEDIA_PATH)) return media(request, path.slice(MEDIA_PATH.length), url.search, cors);
    if (path === '/pingback' || path === '/pingback/') return pingback(request, cors);
    return apiError(404, 'This proxy serves no such address', cors);
  };
}

const cacheControl = (seconds: number) => (seconds > 0 ? `public, max-age=${seconds}` : 'no-store');

/** The API's error shape (`{ message, meta: { status, msg } }`), with `cors` and `headers`. */
function apiError(status: number, message: string, cors: Headers, headers: Record<string, string> = {}): Response {
  const out = new Headers(cors);
  for (const [name, value] of Object.entries({ 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...headers })) out.set(name, value);
  return new Response(JSON.stringify({ message, meta: { status, msg: STATUS_TEXT[status] ?? 'Error', response_id: '' } }), { status, headers: out });
}

/** `response` with the CORS headers, `X-Cache` when a store was asked, no body for HEAD, and nothing set by the upstream beyond what was chosen. */
function finish(request: Request, response: Response, cors: Headers, cache?: 'HIT' | 'MISS'): Response {
  const headers = new Headers(response.headers);
  cors.forEach((value, name) => headers.set(name, value));
  headers.set('X-Content-Type-Options', 'nosniff');
  if (cache) headers.set('X-Cache', cache);
  const body = request.method === 'HEAD' ? null : response.body;
  if (!body) void response.body?.cancel();
  return new Response(body, { status: response.status, headers });
}

/** A preflight from a listed origin: the methods served and the headers a page may send. */
function preflight(request: Request, cors: Headers): Response {
  const headers = new Headers(cors);
  headers.set('Access-Control-Allow-Methods', 'GET, HEAD, POST');
  const asked = (request.headers.get('access-control-request-headers') ?? '').split(',').map((name) => name.trim()).filter((name) => /^(content-type|range|x-[a-z0-9-]{1,64})$/i.test(name));
  if (asked.length) headers.set('Access-Control-Allow-Headers', asked.join(', '));
  headers.set('Access-Control-Max-Age', '600');
  return new Response(null, { status: 204, headers });
}
