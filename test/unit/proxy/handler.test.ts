/**
 * gif-embed/proxy against the local service as its upstream (its API, media hosts and pingback
 * sink, over loopback), whose recorder (`/_local/upstream`) lists every request that reached it
 * with its headers: the key put in, nothing of the reader's passed on, and each hostile request
 * refused before the upstream is asked. Every answer the tests receive is kept and searched for
 * the key at the end, with everything written to the console. The proxy is a server: this
 * folder runs in a process of its own, on Node's fetch, Request and Response (a DOM test's
 * happy-dom would put a browser's, with CORS, in their place).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startService, type RunningService } from '../../../server/app';
import { IDS, MEDIA_DIR } from '../../../server/catalogue/index';
import { localMediaHosts, loopbackFetch as loopback } from '../../../server/local-proxy';
import { createProxyHandler, tokenBucket, type EdgeCache, type ProxyOptions } from '../../../src/proxy';
import { beforeAll } from '../../support/before-all';

const KEY = 'proxy-secret-key-7f3a9c';
const BASE = 'https://blog.example/gif-api';
const READER = { cookie: 'session=reader-cookie', 'x-forwarded-for': '203.0.113.9', forwarded: 'for=203.0.113.9', 'user-agent': 'ReaderBrowser/1.0', 'x-real-ip': '203.0.113.9' };

/** Every answer's status line, headers and body, and every console line, searched for the key at the end. */
const received: string[] = [];
const test = suite<{ service: RunningService }>('gif-embed/proxy', { service: undefined as unknown as RunningService });

let service: RunningService;
const consoleMethods = ['log', 'info', 'warn', 'error', 'debug'] as const;
const originals = consoleMethods.map((name) => console[name]);

beforeAll(test, async () => {
  service = await startService({ port: 0, quiet: true });
  consoleMethods.forEach((name, i) => {
    console[name] = (...args: unknown[]) => {
      received.push(args.map(String).join(' '));
      originals[i].apply(console, args);
    };
  });
});
test.after(async () => {
  consoleMethods.forEach((name, i) => (console[name] = originals[i]));
  await service?.close();
});
test.before.each(async () => {
  await fetch(`${service.url}/_local/reset`, { method: 'POST' });
});

function proxy(options: Partial<ProxyOptions> = {}) {
  return createProxyHandler({ apiBase: service.url, apiKey: KEY, pingbackBase: service.url, mediaHosts: localMediaHosts(service.port), base: BASE, fetch: loopback, limiter: false, cache: false, ...options });
}

/** Asks `handler` for `path` (below BASE) as a reader's browser would, and keeps the answer. */
async function ask(handler: ReturnType<typeof proxy>, path: string, init: RequestInit = {}, info?: { remoteAddr: { hostname: string } }) {
  const response = await handler(new Request(`${BASE}${path}`, { ...init, headers: { ...READER, ...(init.headers as Record<string, string>) } }), info);
  const body = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(body);
  received.push(`${response.status} ${[...response.headers].join('\n')}\n${text}`);
  return { status: response.status, headers: response.headers, body, text, json: () => JSON.parse(text) };
}

/** What reached the upstream since the test began. */
async function upstreamLog(): Promise<{ method: string; path: string; query: Record<string, string>; headers: Record<string, string> }[]> {
  return (await (await fetch(`${service.url}/_local/upstream`)).json()).upstream;
}

test('an API call reaches the API with the key put in, the client\'s key out, and nothing of the reader\'s', async () => {
  const answer = await ask(proxy(), `/v1/gifs/search?q=dots&limit=2&api_key=page-key&apikey=other`);
  assert.is(answer.status, 200);
  assert.ok(answer.json().data.length > 0);
  const [call, ...more] = await upstreamLog();
  assert.is(more.length, 0);
  assert.is(call.path, '/v1/gifs/search');
  assert.equal(call.query, { q: 'dots', limit: '2', api_key: KEY });
  for (const name of Object.keys(READER)) assert.is(call.headers[name], name === 'user-agent' ? call.headers[name] : undefined, name);
  assert.not.match(call.headers['user-agent'] ?? '', /ReaderBrowser/, 'the reader\'s browser is not named');
  assert.not.ok(JSON.stringify(call.headers).includes('203.0.113.9'), 'the reader\'s address is not passed on');
  assert.not.ok(JSON.stringify(call.headers).includes('reader-cookie'), 'nor a cookie');
  assert.is(answer.headers.get('set-cookie'), null);
  assert.is(answer.headers.get('cache-control'), 'public, max-age=300');
});

test('every media address in an answer is the proxy\'s, and each one answers through it', async () => {
  const answer = await ask(proxy(), `/v1/gifs/${IDS.plain}`);
  const text = answer.text;
  assert.not.match(text, /media\d\.localhost:\d+\/(media|avatars)\//.source.replace('media\\d', '"http://media\\d'), 'no media address of the host is left');
  const urls = [...text.matchAll(/"(https?:\/\/[^"]+\.(?:gif|webp|mp4|jpg|png)[^"]*)"/g)].map((m) => m[1]);
  assert.ok(urls.length > 10, `${urls.length} media addresses`);
  assert.ok(urls.every((url) => url.startsWith(`${BASE}/media/media`)), urls.find((url) => !url.startsWith(`${BASE}/media/`)));
  assert.is(answer.headers.get('cache-control'), 'public, max-age=86400', 'a GIF by id is kept a day');
  const original = answer.json().data.images.original;
  const gif = await ask(proxy(), original.url.slice(BASE.length));
  assert.is(gif.status, 200);
  assert.is(gif.headers.get('content-type'), 'image/gif');
  assert.is(gif.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.is(gif.headers.get('content-security-policy'), "default-src 'none'; sandbox");
  assert.equal(gif.body, new Uint8Array(readFileSync(join(MEDIA_DIR, IDS.plain, 'giphy.gif'))));
});

test('a Range request for an mp4 answers 206 with exactly those bytes', async () => {
  const mp4 = new Uint8Array(readFileSync(join(MEDIA_DIR, IDS.clip, 'giphy.mp4')));
  const path = `/media/media0.localhost:${service.port}/media/${IDS.clip}/giphy.mp4`.replace('media0', (await ask(proxy(), `/v1/videos/${IDS.clip}`)).json().data.images.original.mp4.match(/media\/(media\d)\./)[1]);
  const part = await ask(proxy(), path, { headers: { Range: 'bytes=100-1099' } });
  assert.is(part.status, 206);
  assert.is(part.headers.get('content-range'), `bytes 100-1099/${mp4.length}`);
  assert.is(part.headers.get('content-length'), '1000');
  assert.equal(part.body, mp4.slice(100, 1100));
  const tail = await ask(proxy(), path, { headers: { Range: `bytes=${mp4.length - 10}-` } });
  assert.equal(tail.body, mp4.slice(-10));
  const beyond = await ask(proxy(), path, { headers: { Range: `bytes=${mp4.length + 5}-` } });
  assert.is(beyond.status, 416);
  const head = await ask(proxy(), path, { method: 'HEAD' });
  assert.is(head.status, 200);
  assert.is(head.headers.get('content-length'), String(mp4.length));
  assert.is(head.body.length, 0);
});

test('ETag and 304 pass through for media', async () => {
  const path = `/media/media4.localhost:${service.port}/media/${IDS.plain}/giphy.gif`;
  const first = await ask(proxy(), path);
  const etag = first.headers.get('etag');
  assert.ok(etag);
  const again = await ask(proxy(), path, { headers: { 'If-None-Match': etag! } });
  assert.is(again.status, 304);
  assert.is(again.body.length, 0);
});

test('hostile addresses get a clear 4xx and the upstream is never asked', async () => {
  const port = service.port;
  const hostile: [string, number][] = [
    // SSRF: hosts not listed, however written
    [`/media/127.0.0.1:${port}/media/${IDS.plain}/giphy.gif`, 403],
    ['/media/127.0.0.1/media/x.gif', 403],
    ['/media/169.254.169.254/latest/meta-data/iam.gif', 403],
    ['/media/[::1]/x.gif', 403],
    [`/media/[::ffff:127.0.0.1]:${port}/x.gif`, 403],
    ['/media//evil.example/x.gif', 400],
    ['/media/evil.example/x.gif', 403],
    [`/media/media1.localhost:${port}@evil.example/x.gif`, 403],
    [`/media/evil.example@media1.localhost:${port}/x.gif`, 403],
    [`/media/media1.localhost:${port}/a/..%2f..%2fsecret.gif`, 400],
    [`/media/media1.localhost:${port}/a%5c..%5csecret.gif`, 400],
    [`/media/media1.localhost:${port}/a/%252e%252e/secret.gif`, 400],
    [`/media/media1.localhost:${port}//evil.example/x.gif`, 400],
    [`/media/media1.localhost:${port}/media/x.gif?u=@evil.example`, 400],
    // encoded dot-segments that climb out of the media path land outside every route
    [`/media/media1.localhost:${port}/%2e%2e/%2e%2e/%2e%2e/v1/gifs`, 404],
    [`/media/%2e%2e/%2e%2e/127.0.0.1/x.gif`, 404],
    // not media
    [`/media/media1.localhost:${port}/media/${IDS.plain}/page.html`, 404],
    [`/media/media1.localhost:${port}/_local/reset`, 404],
    // the API: only its read calls, only read methods
    ['/v1/gifs/../../_local/reset', 404],
    ['/v1/channels/1/x', 404],
    ['/v1/gifs/a.b', 404],
    ['/v1/tags/related/a%2Fb', 404],
    ['/v1/gifs/search?q=a%0D%0ASet-Cookie:%20x=1', 400],
    ['/v1/gifs/search?q=a%00', 400],
    ['/v1/gifs/search?Q%0A=1', 400],
    [`/v1/gifs/search?q=${'a'.repeat(100_000)}`, 414],
    // long hostile paths are read in linear time
    [`/media/media1.localhost:${port}/${'%2e'.repeat(30_000)}x.gif`, 400],
    [`/media/media1.localhost:${port}/${'a/'.repeat(50_000)}..x.gif`, 400],
    [`/v1/tags/related/${'%25'.repeat(50_000)}`, 404],
    ['/v2/gifs/search', 404],
    ['/other', 404],
  ];
  for (const [path, status] of hostile) {
    const answer = await ask(proxy(), path);
    assert.is(answer.status, status, path.slice(0, 120));
    assert.is(answer.json().meta.status, status, 'the API\'s error shape');
    assert.ok(answer.json().message.length > 10, answer.text);
  }
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) assert.is((await ask(proxy(), '/v1/gifs/trending', { method, body: method === 'DELETE' ? undefined : '{}' })).status, 405, method);
  assert.equal(await upstreamLog(), [], 'the upstream was never asked');
});

/** A stand-in for a misbehaving host: what `answer` does with each request, on loopback; `seen` counts them. */
async function misbehaving(answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(req.url ?? '');
    answer(req, res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, seen, close: () => new Promise<void>((done) => { server.closeAllConnections(); server.close(() => done()); }) };
}

test('an upstream that redirects to another host is not followed there', async () => {
  const evil = await misbehaving((_req, res) => res.end('secret'));
  const host = await misbehaving((req, res) => {
    res.writeHead(302, { Location: `${evil.origin}/x.gif` });
    res.end();
  });
  try {
    const handler = proxy({ apiBase: host.origin, mediaHosts: [host.origin] });
    const api = await ask(handler, '/v1/gifs/trending');
    assert.is(api.status, 502);
    assert.match(api.json().message, /redirected/);
    const media = await ask(handler, `/media/${new URL(host.origin).host}/media/a/giphy.gif`);
    assert.is(media.status, 502);
    assert.is(evil.seen.length, 0, 'the other host is never asked');
    assert.is(host.seen.length, 2);
  } finally {
    await evil.close();
    await host.close();
  }
});

test('a slow upstream is given up at the timeout (504), a huge one at its cap (502), a wrong type is refused', async () => {
  const host = await misbehaving((req, res) => {
    if (req.url!.includes('slow')) return void setTimeout(() => res.end('{}'), 5_000);
    if (req.url!.includes('trending')) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return void res.end(`{"data":"${'x'.repeat(300_000)}"}`);
    }
    if (req.url!.includes('huge')) {
      res.writeHead(200, { 'Content-Type': 'image/gif' });
      // no length: the cap is found while streaming
      const chunk = Buffer.alloc(64 * 1024, 1);
      let sent = 0;
      const more = () => {
        while (sent < 40 && res.write(chunk)) sent++;
        if (sent < 40) res.once('drain', more);
        else res.end();
      };
      return void more();
    }
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<script>alert(1)</script>');
  });
  try {
    const handler = proxy({ apiBase: host.origin, mediaHosts: [host.origin], timeoutMs: 300, maxAnswerBytes: 100_000, maxMediaBytes: 1_000_000 });
    const hostName = new URL(host.origin).host;
    const started = Date.now();
    const slow = await ask(handler, `/media/${hostName}/slow/giphy.gif`);
    assert.is(slow.status, 504);
    assert.ok(Date.now() - started < 2_000, 'given up at the timeout');
    assert.is((await ask(handler, '/v1/gifs/trending')).status, 502);
    const huge = await handler(new Request(`${BASE}/media/${hostName}/huge/giphy.gif`));
    assert.is(huge.status, 200, 'the headers come before the size is known');
    const cut = await huge.arrayBuffer().then(() => 'read whole', (error: Error) => error.message);
    assert.match(cut, /larger than this proxy serves/);
    const page = await ask(handler, `/media/${hostName}/page/giphy.gif`);
    assert.is(page.status, 502);
    assert.match(page.json().message, /type/);
  } finally {
    await host.close();
  }
});

test('1,000 requests at once: at most maxInFlight reach the upstream together, the rest get 503 at once, every one is answered', async () => {
  let open = 0;
  let most = 0;
  const host = await misbehaving((_req, res) => {
    open++;
    most = Math.max(most, open);
    setTimeout(() => {
      open--;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"data":[]}');
    }, 50);
  });
  try {
    const handler = proxy({ apiBase: host.origin, maxInFlight: 40 });
    const answers = await Promise.all(Array.from({ length: 1000 }, (_, i) => handler(new Request(`${BASE}/v1/gifs/search?q=n${i}`)).then((r) => r.status)));
    const counts = answers.reduce<Record<number, number>>((all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }), {});
    assert.ok(most <= 40, `at most 40 at once upstream (${most})`);
    assert.is((counts[200] ?? 0) + (counts[503] ?? 0), 1000, JSON.stringify(counts));
    assert.ok(counts[200] >= 40, JSON.stringify(counts));
    // Bounded, not stuck: with the first wave done, the next request is served.
    assert.is((await ask(handler, '/v1/gifs/search?q=after')).status, 200);
  } finally {
    await host.close();
  }
});

test('a pingback is forwarded with the key and nothing of the reader\'s; one too large is refused', async () => {
  const body = JSON.stringify({ sessions: [{ user: { random_id: 'r1' }, events: [] }] });
  const answer = await ask(proxy(), '/pingback?apikey=page-key', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
  assert.is(answer.status, 204);
  const [call] = await upstreamLog();
  assert.is(call.path, '/pingback');
  assert.equal(call.query, { apikey: KEY });
  assert.not.ok(JSON.stringify(call.headers).match(/203\.0\.113\.9|reader-cookie|ReaderBrowser/));
  const sink = await (await fetch(`${service.url}/_local/pingbacks`)).json();
  assert.equal(sink.pingbacks[0].body, JSON.parse(body));
  const large = await ask(proxy(), '/pingback', { method: 'POST', body: 'x'.repeat(70_000), headers: { 'Content-Type': 'application/json' } });
  assert.is(large.status, 413);
  assert.is((await ask(proxy(), '/pingback')).status, 405);
  assert.is((await ask(proxy({ pingbackBase: undefined }), '/pingback', { method: 'POST', body })).status, 404);
  assert.is((await upstreamLog()).length, 1);
});

test('CORS: open to allowOrigins only; a page of another origin is refused before the upstream', async () => {
  const handler = proxy({ allowOrigins: ['https://app.example'] });
  const listed = await ask(handler, '/v1/gifs/trending', { headers: { Origin: 'https://app.example' } });
  assert.is(listed.status, 200);
  assert.is(listed.headers.get('access-control-allow-origin'), 'https://app.example');
  assert.is(listed.headers.get('vary'), 'Origin');
  const own = await ask(handler, '/v1/gifs/trending', { headers: { Origin: 'https://blog.example' } });
  assert.is(own.status, 200);
  assert.is(own.headers.get('access-control-allow-origin'), null, 'its own pages need none');
  const preflight = await ask(handler, '/v1/gifs/search', { method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-gif-embed-sdk-name, cookie' } });
  assert.is(preflight.status, 204);
  assert.is(preflight.headers.get('access-control-allow-headers'), 'x-gif-embed-sdk-name');
  const before = (await upstreamLog()).length;
  const other = await ask(handler, '/v1/gifs/trending', { headers: { Origin: 'https://evil.example' } });
  assert.is(other.status, 403);
  assert.is(other.headers.get('access-control-allow-origin'), null);
  assert.is((await ask(handler, '/v1/gifs/search', { method: 'OPTIONS', headers: { Origin: 'https://evil.example' } })).status, 403);
  assert.is((await upstreamLog()).length, before);
});

test('the limiter: a token bucket per client address, 429 past it; any one-method store takes its place', async () => {
  let now = 0;
  const handler = proxy({ limiter: tokenBucket({ burst: 3, perSecond: 1, now: () => now }) });
  const from = (hostname: string) => ask(handler, '/v1/gifs/trending', {}, { remoteAddr: { hostname } });
  assert.equal([(await from('10.0.0.1')).status, (await from('10.0.0.1')).status, (await from('10.0.0.1')).status], [200, 200, 200]);
  const over = await from('10.0.0.1');
  assert.is(over.status, 429);
  assert.is(over.headers.get('retry-after'), '1');
  assert.is((await from('10.0.0.2')).status, 200, 'another client has its own bucket');
  now += 1_000;
  assert.is((await from('10.0.0.1')).status, 200, 'a token back after a second');
  const keys: string[] = [];
  const asked = proxy({ limiter: { take: async (key) => (keys.push(key), key !== 'blocked') }, clientKey: (request) => request.headers.get('x-user') ?? '' });
  assert.is((await ask(asked, '/v1/gifs/trending', { headers: { 'x-user': 'blocked' } })).status, 429);
  assert.is((await ask(asked, '/v1/gifs/trending', { headers: { 'x-user': 'fine' } })).status, 200);
  assert.equal(keys, ['blocked', 'fine']);
  const failing = proxy({ limiter: { take: () => Promise.reject(new Error('store down')) } });
  assert.is((await ask(failing, '/v1/gifs/trending')).status, 200, 'a failing store lets requests through');
  const cf = proxy({ limiter: tokenBucket({ burst: 1, now: () => now }) });
  await cf(new Request(`${BASE}/v1/gifs/trending`, { headers: { 'CF-Connecting-IP': '198.51.100.1' } }));
  assert.is((await ask(cf, '/v1/gifs/trending', { headers: { 'CF-Connecting-IP': '198.51.100.1' } })).status, 429, 'on Workers, by CF-Connecting-IP');
});

/** A Cache API store in memory, as `caches.open()` gives one (Node has no Cache API). */
function memoryCache(): EdgeCache & { size(): number } {
  const entries = new Map<string, { body: ArrayBuffer; status: number; headers: [string, string][] }>();
  return {
    async match(key: RequestInfo | URL) {
      const entry = entries.get(new Request(key as RequestInfo).url);
      return entry && new Response(entry.body.slice(0), { status: entry.status, headers: entry.headers });
    },
    async put(key: RequestInfo | URL, response: Response) {
      entries.set(new Request(key as RequestInfo).url, { body: await response.arrayBuffer(), status: response.status, headers: [...response.headers] });
    },
    async delete(key: RequestInfo | URL) {
      return entries.delete(new Request(key as RequestInfo).url);
    },
    size: () => entries.size,
  } as EdgeCache & { size(): number };
}

test('answers are served from the Cache API: a hit asks nothing upstream; a random GIF and a range are never kept', async () => {
  const cache = memoryCache();
  const handler = proxy({ cache });
  const miss = await ask(handler, '/v1/gifs/trending?limit=3&api_key=x');
  assert.is(miss.headers.get('x-cache'), 'MISS');
  const hit = await ask(handler, '/v1/gifs/trending?limit=3');
  assert.is(hit.headers.get('x-cache'), 'HIT');
  assert.is(hit.text, miss.text);
  assert.is(hit.headers.get('x-gif-embed-stored-at'), null);
  const media = `/media/media4.localhost:${service.port}/media/${IDS.plain}/giphy.gif`;
  await ask(handler, media);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const mediaHit = await ask(handler, media);
  assert.is(mediaHit.headers.get('x-cache'), 'HIT');
  assert.equal(mediaHit.body, new Uint8Array(readFileSync(join(MEDIA_DIR, IDS.plain, 'giphy.gif'))));
  await ask(handler, media, { headers: { Range: 'bytes=0-9' } });
  await ask(handler, '/v1/gifs/random');
  await ask(handler, '/v1/gifs/random');
  const paths = (await upstreamLog()).map((r) => r.path + (r.headers.range ? ' range' : ''));
  assert.equal(paths, ['/v1/gifs/trending', `/media/${IDS.plain}/giphy.gif`, `/media/${IDS.plain}/giphy.gif range`, '/v1/gifs/random', '/v1/gifs/random']);
});

test('an entry older than its max-age is a miss, in a store that keeps entries for good', async () => {
  const cache = memoryCache();
  const realNow = Date.now;
  try {
    await ask(proxy({ cache }), '/v1/gifs/trending');
    Date.now = () => realNow() + 301_000;
    assert.is((await ask(proxy({ cache }), '/v1/gifs/trending')).headers.get('x-cache'), 'MISS');
  } finally {
    Date.now = realNow;
  }
  assert.is((await upstreamLog()).length, 2);
});

test('settings from an environment that are missing or wrong are named when the handler is made', () => {
  const made = (options: Partial<ProxyOptions>) => {
    try {
      createProxyHandler({ apiBase: 'https://api.example', apiKey: KEY, ...options } as ProxyOptions);
      return 'made';
    } catch (error) {
      return (error as Error).message;
    }
  };
  assert.is(made({}), 'made');
  assert.is(made({ apiKey: undefined }), 'gif-embed/proxy: apiKey must be the API key, not undefined');
  assert.is(made({ apiBase: undefined }), 'gif-embed/proxy: apiBase must be an http(s) address, not undefined');
  assert.is(made({ pingbackBase: 'ftp://x' }), 'gif-embed/proxy: pingbackBase must be an http(s) address, not "ftp://x"');
  assert.match(made({ mediaHosts: ['https://media.example/path'] }), /mediaHosts must list origins/);
  assert.match(made({ base: 'gif-api' }), /base must be a path/);
});

test('the API\'s own errors pass through, without its key; an answer that is not JSON is a 502', async () => {
  const host = await misbehaving((req, res) => {
    res.writeHead(req.url!.includes('search') ? 401 : 200, { 'Content-Type': 'application/json' });
    res.end(req.url!.includes('search') ? `{"message":"Invalid key ${new URL(req.url!, 'http://x').searchParams.get('api_key')}","meta":{"status":401}}` : 'not json');
  });
  try {
    const handler = proxy({ apiBase: host.origin });
    const refused = await ask(handler, '/v1/gifs/search?q=a');
    assert.is(refused.status, 401);
    assert.is(refused.json().message, 'Invalid key ', 'the key is taken out of what the API says');
    assert.is(refused.headers.get('cache-control'), 'no-store');
    assert.is((await ask(handler, '/v1/gifs/trending')).status, 502);
  } finally {
    await host.close();
  }
});

test('an API answer\'s ETag passes through, weak (its body is rewritten), and a 304 comes back for it', async () => {
  const seen: (string | undefined)[] = [];
  const host = await misbehaving((req, res) => {
    seen.push(req.headers['if-none-match']);
    if (req.headers['if-none-match'] === '"v1"') {
      res.writeHead(304, { ETag: '"v1"' });
      return void res.end();
    }
    res.writeHead(200, { 'Content-Type': 'application/json', ETag: '"v1"' });
    res.end('{"data":[]}');
  });
  try {
    const handler = proxy({ apiBase: host.origin });
    const first = await ask(handler, '/v1/gifs/trending');
    assert.is(first.headers.get('etag'), 'W/"v1"');
    const again = await ask(handler, '/v1/gifs/trending', { headers: { 'If-None-Match': 'W/"v1"' } });
    assert.is(again.status, 304);
    assert.is(again.headers.get('etag'), 'W/"v1"');
    assert.is(again.headers.get('cache-control'), 'public, max-age=300');
    assert.equal(seen, [undefined, '"v1"'], 'the client\'s validator asked of the API');
  } finally {
    await host.close();
  }
});

test('the key appears in no answer, header or console line the tests received', () => {
  assert.ok(received.length > 50, `${received.length} answers`);
  const leaks = received.filter((text) => text.includes(KEY) || text.includes(encodeURIComponent(KEY)));
  assert.equal(leaks, []);
});

test.run();
