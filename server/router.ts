/**
 * Where each request goes. Order: preflight, the API (`/v1/`), the hostile API (`/_hostile/v1/`,
 * server/hostile.ts), pingbacks and the `/_local/`
 * test hooks, the pages, media, examples, then dist/. Every handler runs inside one try/catch:
 * an ApiError becomes its JSON error, anything else a bare 500 (logged here, never sent).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { parseQuery } from '../src/query';
import { answerApi } from './api';
import { MEDIA_DIR, slugOf, type Catalogue, type Origins } from './catalogue/index';
import { AVATAR_DIR } from './catalogue/media-files';
import { answerPreflight, BASE_HEADERS } from './cors';
import { ApiError, sendError, sendJson } from './envelope';
import { playFailure, readFailure, type FailurePlan } from './failures';
import { answerHostile } from './hostile';
import { ENVELOPE_PATH, receiveEnvelope } from './errors';
import { ERROR_RECORDER_SCRIPT, recordErrorsIn } from './error-recorder';
import { createOEmbedHandler, OEMBED_PATH } from '../src/oembed';
import { serveNode } from '../src/proxy/node';
import type { ProxyHandler } from '../src/proxy';
import { FIRST_PARTY_PAGE_PATH, FIRST_PARTY_PATH, FIRST_PARTY_POLICY } from './local-proxy';
import { readFileSync } from 'node:fs';
import { gifPage, LOCAL_API_KEY, playerPage } from './pages';
import { cacheControlFor, headersFor, IMMUTABLE, PLAYER_PAGE_FILE, REVALIDATE } from '../scripts/static-host.mjs';
import { ID_PATTERN } from './params';
import { receivePingback, servePixel } from './pingbacks';
import { strictPage, STRICT_PAGE_PATH } from './strict-page';
import { tweetPage, twitterFinalize, twitterLogin, type TwitterAnswer } from './twitter';
import { TWITTER_FINALIZE_PATH, TWITTER_LOGIN_PATH } from '../src/model/share';
import { queryObject, type Records, type UpstreamRecord } from './records';
import type { Mount, StaticFiles } from './static-files';
import { mediaOrigin } from './catalogue/gif-object';
import { plainMediaHost } from '../src/model/media-host';
import { PRECONNECT_HINT } from '../src/embed/preconnect';

export interface ServiceContext {
  root: string;
  catalogue: Catalogue;
  records: Records;
  failures: FailurePlan;
  statics: StaticFiles;
  /** The port actually listened on (known only after listen). */
  port(): number;
  /** The origin pages and links name (configured; never the request's Host). */
  origin(): string;
  apiBase?: string;
  /** One host for all media (see Origins.mediaHost). */
  mediaHost?: string;
  /** The port the media hosts are named with, when not the one listened on (ServiceOptions.mediaPort). */
  mediaPort?: number;
  quiet: boolean;
  /** The first-party proxy mounted at FIRST_PARTY_PATH (server/local-proxy.ts). */
  proxy(): ProxyHandler;
}

/**
 * Where the first-party example takes embed.js from: the publisher's own copy of dist/, as
 * docs/proxy.md has it, which names no host of the service's (embedHints).
 */
const PUBLISHER_COPY_PATH = '/gif-embed/';

/**
 * What the service's embed.js names for the page it is about to serve (src/embed/preconnect.ts):
 * the catalogue's plain media host, which the first screen's GIF files come from, to connect to
 * while the first screen's request goes out. `Server-Timing` for the script to read (with
 * `Timing-Allow-Origin`, from any page), `Link` for engines that act on it themselves. None in
 * proxy mode, whose media come through the service's own origin (the proxy's `/media/`), or with
 * one media host that is the service's own.
 */
function embedHints(ctx: ServiceContext): Record<string, string> | undefined {
  const media = plainMediaHost(mediaOrigin(originsOf(ctx), 0));
  if (ctx.apiBase || media == new URL(ctx.origin()).origin) return;
  return { Link: `<${media}>; rel=preconnect`, 'Server-Timing': `${PRECONNECT_HINT};desc="${media}"`, 'Timing-Allow-Origin': '*' };
}

/** Media never changes for an id, so it may be cached for good; our own files are revalidated. */
const MEDIA_CACHE = IMMUTABLE;
const FILE_CACHE = REVALIDATE;
/** The origins links use: the configured one, whatever Host the request named. */
function originsOf(ctx: ServiceContext): Origins {
  return { site: ctx.origin(), port: ctx.mediaPort ?? ctx.port(), mediaHost: ctx.mediaHost };
}

/**
 * Whether `req` comes from a page of another site (its `Origin`, or the browser's
 * `Sec-Fetch-Site`): such a page may not read, clear or arm the test hooks under `/_local/`.
 */
function fromAnotherSite(req: IncomingMessage, ctx: ServiceContext): boolean {
  const origin = req.headers.origin;
  const site = req.headers['sec-fetch-site'];
  return (!!origin && origin !== ctx.origin()) || site === 'cross-site' || site === 'same-site';
}

function sendHtml(res: ServerResponse, status: number, html: string, method: string | undefined, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...BASE_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(Buffer.byteLength(html)), 'Cache-Control': 'no-cache', ...headers });
  res.end(method === 'HEAD' ? undefined : html);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { ...BASE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': String(Buffer.byteLength(text)) });
  res.end(text);
}

function redirect(res: ServerResponse, location: string, status = 302): void {
  res.writeHead(status, { ...BASE_HEADERS, Location: location, 'Content-Length': '0' });
  res.end();
}

/** Sends a twitter route's answer: its redirect (setting its cookies) or its page. */
function answerTwitter(req: IncomingMessage, res: ServerResponse, answer: TwitterAnswer): void {
  if ('html' in answer) return sendHtml(res, 200, answer.html, req.method);
  res.writeHead(302, { ...BASE_HEADERS, Location: answer.redirect, 'Content-Length': '0', 'Cache-Control': 'no-store', ...(answer.cookies ? { 'Set-Cookie': answer.cookies } : {}) });
  res.end();
}

function allow(req: IncomingMessage, methods: string[]): void {
  if (!methods.includes(req.method ?? '')) throw new ApiError(405, `Use ${methods.join(' or ')} here`, { Allow: [...methods, 'OPTIONS'].join(', ') });
}

/** `/_local/...`: the test hooks (records, failure injection, reset). */
async function local(req: IncomingMessage, res: ServerResponse, name: string, query: URLSearchParams, ctx: ServiceContext): Promise<void> {
  const { records, failures } = ctx;
  const logs = { pingbacks: records.pingbacks, pixels: records.pixels, requests: records.requests, upstream: records.upstream, errors: records.errors } as const;
  if (name === 'recorder') {
    allow(req, ['GET', 'HEAD']);
    res.writeHead(200, { ...BASE_HEADERS, 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
    return void res.end(req.method === 'HEAD' ? undefined : ERROR_RECORDER_SCRIPT);
  }
  if (name === 'pixel') {
    allow(req, ['GET', 'HEAD']);
    return servePixel(req, res, query, records);
  }
  if (name in logs) {
    const log = logs[name as keyof typeof logs];
    allow(req, ['GET', 'HEAD', 'DELETE']);
    if (req.method === 'DELETE') {
      const cleared = log.list().length;
      log.clear();
      return sendJson(res, 200, { cleared });
    }
    const list = log.list();
    return sendJson(res, 200, { count: list.length, [name]: list }, { 'Cache-Control': 'no-store' });
  }
  if (name === 'fail') {
    allow(req, ['GET', 'POST', 'DELETE']);
    if (req.method === 'DELETE') {
      failures.clear();
      return sendJson(res, 200, { armed: [] });
    }
    const failure = readFailure(query);
    if (failure) failures.arm(failure);
    else if (req.method === 'POST') throw new ApiError(400, 'Say what should fail: status=, mode=malformed|reset or delay=');
    return sendJson(res, 200, { armed: failures.list() }, { 'Cache-Control': 'no-store' });
  }
  if (name === 'reset') {
    allow(req, ['POST', 'DELETE']);
    Object.values(logs).forEach((log) => log.clear());
    failures.clear();
    return sendJson(res, 200, { reset: true });
  }
  throw new ApiError(404, `No such local hook: ${name.slice(0, 50)}`);
}

/** Plays a failure armed for `path` or asked for by `_fail`/`_status`/`_delay` flags; true when the response is done. */
async function injected(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams, ctx: ServiceContext): Promise<boolean> {
  const failure = readFailure(query, '_') ?? ctx.failures.take(path);
  return failure ? playFailure(failure, req, res) : false;
}

/** Notes what reached the service as a proxy's upstream, every header with it. */
function recordUpstream(req: IncomingMessage, path: string, query: URLSearchParams, ctx: ServiceContext): void {
  const headers: UpstreamRecord['headers'] = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = String(value);
  ctx.records.upstream.add({ received_at: new Date().toISOString(), method: req.method ?? '', path, query: queryObject(query), headers });
}

/** Answers `req` with the first-party proxy, as if it had been asked at `{FIRST_PARTY_PATH}{path}`. */
function throughProxy(req: IncomingMessage, res: ServerResponse, ctx: ServiceContext, path = req.url ?? '/'): Promise<void> {
  const proxy = ctx.proxy();
  return serveNode(req, res, (request, info) => proxy(new Request(new URL(`${FIRST_PARTY_PATH}${path}`, request.url), request), info), ctx.origin());
}

async function api(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams, ctx: ServiceContext): Promise<void> {
  allow(req, ['GET', 'HEAD']);
  ctx.records.requests.add({ received_at: new Date().toISOString(), method: req.method ?? '', path, query: queryObject(query) });
  recordUpstream(req, path, query, ctx);
  if (await injected(req, res, path, query, ctx)) return;
  // Proxy mode: the real API through the package's proxy, which puts the key in.
  if (ctx.apiBase) return throughProxy(req, res, ctx);
  let rest: string;
  try {
    rest = decodeURIComponent(path.slice('/v1/'.length));
  } catch {
    throw new ApiError(400, 'The path is not valid percent-encoding');
  }
  const body = answerApi(rest, { catalogue: ctx.catalogue, origins: originsOf(ctx), query });
  sendJson(res, 200, body);
}

/** `/gifs/{slug}`: the id is the part after the last dash, as on the real site. */
function gifPageFor(req: IncomingMessage, res: ServerResponse, slug: string, ctx: ServiceContext): void {
  const id = slug.slice(slug.lastIndexOf('-') + 1);
  const origin = originsOf(ctx).site;
  if (!ID_PATTERN.test(id)) return sendText(res, 400, 'Malformed GIF address');
  const item = ctx.catalogue.byId(id);
  if (!item && !ctx.apiBase) return sendText(res, 404, 'No such GIF');
  const known = item ? { id, title: item.title, width: item.width, height: item.height } : { id };
  sendHtml(res, 200, gifPage(known, origin, `${origin}/gifs/${encodeURIComponent(slug)}`), req.method);
}

async function route(req: IncomingMessage, res: ServerResponse, ctx: ServiceContext): Promise<void> {
  if (req.method === 'OPTIONS') return answerPreflight(req, res);
  const rawUrl = req.url ?? '/';
  if (!rawUrl.startsWith('/')) throw new ApiError(400, 'Bad request target');
  const at = rawUrl.indexOf('?');
  // the raw path, not a normalised one: the static layer must see `..` to refuse it
  const path = at < 0 ? rawUrl : rawUrl.slice(0, at);
  // The product's one query reader: the local service reads no more keys than the embed does.
  const query = parseQuery(at < 0 ? '' : rawUrl.slice(at + 1));

  if (path.startsWith('/v1/')) return api(req, res, path, query, ctx);
  if (path.startsWith(`${FIRST_PARTY_PATH}/`)) return throughProxy(req, res, ctx, rawUrl.slice(FIRST_PARTY_PATH.length));
  if (path.startsWith('/_hostile/v1/')) {
    allow(req, ['GET', 'HEAD']);
    ctx.records.requests.add({ received_at: new Date().toISOString(), method: req.method ?? '', path, query: queryObject(query) });
    return sendJson(res, 200, answerHostile(path.slice('/_hostile/v1/'.length), query, ctx.catalogue, originsOf(ctx)));
  }
  if (path === '/pingback' || path === '/pingback/') {
    allow(req, ['POST']);
    recordUpstream(req, path, query, ctx);
    if (await injected(req, res, '/pingback', query, ctx)) return;
    return receivePingback(req, res, query, ctx.records);
  }
  const envelopePath = path.match(ENVELOPE_PATH);
  if (envelopePath) {
    allow(req, ['POST']);
    return receiveEnvelope(req, res, envelopePath[1], query, ctx.records);
  }
  const localHook = path.match(/^\/_local\/([a-z]+)\/?$/);
  if (localHook) {
    // The pixel is an ad's image, fetched from any page; the rest is this service's own.
    if (localHook[1] !== 'pixel' && fromAnotherSite(req, ctx)) throw new ApiError(403, 'The local hooks answer only this service\'s own pages');
    return local(req, res, localHook[1], query, ctx);
  }

  allow(req, ['GET', 'HEAD']);
  // The iframe player page: every address under /embed/ is the one page dist/ ships (the
  // page reads its GIF from its own address), with the headers a static host gives it.
  if (/^\/embed\/[^/]*\/?$/.test(path)) {
    const html = playerPage(ctx.root, originsOf(ctx).site);
    return sendHtml(res, 200, html, req.method, headersFor(PLAYER_PAGE_FILE.slice(1), html));
  }
  if (path === OEMBED_PATH || path === `${OEMBED_PATH}/`) {
    // The package's provider, as a CMS calls it; it reads the GIF from this service's own API.
    const origin = ctx.origin();
    return serveNode(req, res, createOEmbedHandler({ siteBase: origin, apiBase: origin, apiKey: LOCAL_API_KEY }), origin);
  }
  if (path === TWITTER_LOGIN_PATH) return answerTwitter(req, res, twitterLogin(query));
  if (path === TWITTER_FINALIZE_PATH) return answerTwitter(req, res, twitterFinalize(query));
  const tweet = path.match(/^\/gifs\/([A-Za-z0-9]{1,64})\/tweet\/?$/);
  if (tweet) {
    const item = ctx.catalogue.byId(tweet[1]);
    if (!item) return sendText(res, 404, 'No such GIF');
    return answerTwitter(req, res, tweetPage(ctx.catalogue.toGif(item, originsOf(ctx)), req.headers.cookie));
  }
  const gif = path.match(/^\/gifs\/([^/]+)\/?$/);
  if (gif) return gifPageFor(req, res, gif[1], ctx);
  const short = path.match(/^\/g\/([A-Za-z0-9]{1,64})$/);
  if (short) {
    const item = ctx.catalogue.byId(short[1]);
    return item ? redirect(res, `/gifs/${slugOf(item)}`) : sendText(res, 404, 'No such GIF');
  }
  if (path === '/') return redirect(res, `/examples/`);
  if (path === '/examples/react/' || path === '/examples/react/index.html') {
    // Rendered on the server from the catalogue; a proxied real API is the browser's to ask.
    // React and its server renderer load with the first request for the page, not with the service.
    const { reactExamplePage } = await import('./react-example');
    const page = reactExamplePage(ctx.root, ctx.apiBase ? undefined : { catalogue: ctx.catalogue, origins: originsOf(ctx) });
    return sendHtml(res, 200, page, req.method);
  }
  if (path === FIRST_PARTY_PAGE_PATH) {
    // First-party mode's page: one policy, the page's own origin for everything (docs/proxy.md).
    return sendHtml(res, 200, readFileSync(join(ctx.root, 'examples/first-party.html'), 'utf8'), req.method, { 'Content-Security-Policy': FIRST_PARTY_POLICY });
  }
  if (path === STRICT_PAGE_PATH) {
    const page = strictPage(ctx.root, ctx.port(), originsOf(ctx).site);
    return sendHtml(res, 200, page.html, req.method, page.headers);
  }
  // Browsers ask every origin for an icon; answering "nothing here" keeps consoles clean.
  if (path === '/favicon.ico') {
    res.writeHead(204, { 'Cache-Control': 'public, max-age=86400' });
    return void res.end();
  }

  const mounts: [prefix: string, mount: Mount][] = [
    ['/media/', { dir: MEDIA_DIR, cacheControl: MEDIA_CACHE }],
    // Avatars sit at /avatars/ on the media hosts, as on the real service (and their /80h renditions).
    ['/avatars/', { dir: AVATAR_DIR, cacheControl: MEDIA_CACHE }],
    ['/examples/', { dir: join(ctx.root, 'examples'), cacheControl: FILE_CACHE }],
    [PUBLISHER_COPY_PATH, { dir: join(ctx.root, 'dist'), cacheControl: cacheControlFor(path.slice(PUBLISHER_COPY_PATH.length)) }],
    ['/', { dir: join(ctx.root, 'dist'), cacheControl: cacheControlFor(path.slice(1)), headers: path == '/embed.js' ? embedHints(ctx) : undefined }],
  ];
  if (path === '/examples') return redirect(res, '/examples/', 301);
  if (/^\/(?:media|avatars)\//.test(path)) {
    recordUpstream(req, path, query, ctx);
    if (await injected(req, res, path, query, ctx)) return;
  }
  for (const [prefix, mount] of mounts) {
    if (path.startsWith(prefix)) {
      if (await ctx.statics.serve(req, res, mount, path.slice(prefix.length), path)) return;
      break;
    }
  }
  sendText(res, 404, 'Not found');
}

/**
 * Handles one request, never throwing: errors become JSON errors (or a plain 500), the process
 * stays up, and no stack trace reaches the client.
 */
export async function handle(req: IncomingMessage, res: ServerResponse, ctx: ServiceContext): Promise<void> {
  try {
    recordErrorsIn(req, res);
    await route(req, res, ctx);
  } catch (error) {
    if (error instanceof ApiError) {
      sendError(res, error.status, error.message, error.headers);
      return;
    }
    if (!ctx.quiet) console.error('gif-embed local service: unexpected error for', req.method, req.url, error);
    sendError(res, 500, 'Internal error');
  }
}
