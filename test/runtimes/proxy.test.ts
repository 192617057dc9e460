/**
 * docs/proxy.md's setups, run as they are written there, from the packed package: the Worker in
 * workerd (through `wrangler dev`, its rate-limiting binding included), Deno under `deno serve`,
 * Bun and Node. Each is type-checked with its runtime's own types where it is TypeScript, and
 * each proxies the local service (its API, media and pingback sink, on loopback) with a key the
 * page never sees. The service's recorder shows what reached the upstream: the key put in, the
 * reader's address, browser and cookies absent, and each hostile request refused before it.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, symlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { freePort } from '../browser/support/engines';
import { join } from 'node:path';
import { startService, type RunningService } from '../../server/app';
import { IDS, MEDIA_DIR } from '../../server/catalogue/index';
import { raw } from '../unit/server/service';
import { ANSWER_MS, bin, denoServe, packedScratch, project as projectIn, readyWorker, root, section as sectionOf, serveOnPort, typeCheck, wranglerDev } from './support';

const KEY = 'runtime-proxy-key-5e1d';
const section = (heading: string) => sectionOf('proxy.md', heading);
const project = (scratch: string, name: string, files: Record<string, string>) => projectIn(scratch, `proxy-${name}`, files);
/** What a reader's browser sends that must not reach the upstream. */
const READER = { Cookie: 'session=reader-cookie', 'X-Forwarded-For': '203.0.113.9', Forwarded: 'for=203.0.113.9', 'User-Agent': 'ReaderBrowser/1.0', 'X-Real-IP': '203.0.113.9' };

const test = suite<{ scratch: string; service: RunningService }>('first-party proxy in edge runtimes', { scratch: '', service: undefined as unknown as RunningService });

test.before(async (context) => {
  context.scratch = packedScratch();
  // One media host an edge runtime's resolver knows (browsers take mediaN.localhost for loopback; they do not).
  context.service = await startService({ port: 0, quiet: true, mediaHost: '127.0.0.1' });
});

test.after(async ({ scratch, service }) => {
  await service.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The environment each runtime's setup reads. */
const settings = (service: RunningService) => ({ GIF_API_BASE: service.url, GIF_API_KEY: KEY, GIF_PINGBACK_BASE: service.url, GIF_MEDIA_HOSTS: service.url });

/**
 * What the proxy at `origin` answers, checked against the upstream's recorder: a GIF through it,
 * an mp4 range, a pingback, hostile requests; `cache` when the runtime has the Cache API.
 */
async function answersAsTheProxy(origin: string, service: RunningService, cache: boolean): Promise<string> {
  await fetch(`${service.url}/_local/reset`, { method: 'POST' });
  const received: string[] = [];
  const keep = async (response: Response) => {
    const body = new Uint8Array(await response.arrayBuffer());
    received.push(`${response.status} ${[...response.headers].join('\n')}\n${new TextDecoder().decode(body)}`);
    return body;
  };
  const ask = (path: string, init: RequestInit = {}) => fetch(`${origin}${path}`, { ...init, headers: { ...READER, ...(init.headers as Record<string, string>) }, signal: AbortSignal.timeout(ANSWER_MS) });

  const gif = await ask(`/gif-api/v1/gifs/${IDS.plain}?api_key=page-key`);
  const text = new TextDecoder().decode(await keep(gif));
  assert.is(gif.status, 200, text.slice(0, 300));
  assert.is(gif.headers.get('cache-control'), 'public, max-age=86400');
  const media = [...text.matchAll(/"(https?:\/\/[^"]+\.(?:gif|webp|mp4)[^"]*)"/g)].map((m) => new URL(m[1]).pathname);
  assert.ok(media.length > 10 && media.every((path) => path.startsWith(`/gif-api/media/127.0.0.1:${service.port}/`)), `${media.length}: ${media.find((p) => !p.startsWith("/gif-api/media/")) ?? text.slice(0, 600)}`);
  if (cache) {
    const again = await ask(`/gif-api/v1/gifs/${IDS.plain}`);
    await keep(again);
    assert.is(again.headers.get('x-cache'), 'HIT', 'the second answer is the Cache API\'s');
  }

  const mp4Path = JSON.parse(text).data.images.original.mp4 as string;
  const bytes = new Uint8Array(readFileSync(join(MEDIA_DIR, IDS.plain, 'giphy.mp4')));
  const part = await ask(new URL(mp4Path).pathname, { headers: { Range: 'bytes=10-109' } });
  const partBody = await keep(part);
  assert.is(part.status, 206);
  assert.is(part.headers.get('content-range'), `bytes 10-109/${bytes.length}`);
  assert.equal(partBody, bytes.slice(10, 110));

  const ping = await ask('/gif-api/pingback?apikey=page-key', { method: 'POST', body: JSON.stringify({ sessions: [] }), headers: { 'Content-Type': 'application/json' } });
  await keep(ping);
  assert.is(ping.status, 204);

  const { port } = new URL(origin);
  const hostile: [string, number][] = [
    ['/gif-api/media/169.254.169.254/latest/meta-data/x.gif', 403],
    [`/gif-api/media/127.0.0.1:${Number(service.port) + 1}/media/x.gif`, 403],
    ['/gif-api/media/[::1]/x.gif', 403],
    ['/gif-api/media//evil.example/x.gif', 400],
    [`/gif-api/media/127.0.0.1:${service.port}@evil.example/x.gif`, 403],
    [`/gif-api/media/127.0.0.1:${service.port}/media/..%2f..%2f_local%2freset.gif`, 400],
    [`/gif-api/media/127.0.0.1:${service.port}/%2e%2e/%2e%2e/%2e%2e/_local/reset`, 404],
    ['/gif-api/v1/channels/1/x', 404],
    ['/gif-api/v1/gifs/search?q=a%0D%0ASet-Cookie:x', 400],
  ];
  for (const [path, status] of hostile) {
    const answer = await raw(`http://127.0.0.1:${port}`, path, { headers: READER });
    received.push(`${answer.status} ${JSON.stringify(answer.headers)}\n${answer.text}`);
    assert.is(answer.status, status, `${path}: ${answer.text.slice(0, 200)}`);
  }

  const upstream = (await (await fetch(`${service.url}/_local/upstream`)).json()).upstream as { path: string; query: Record<string, string>; headers: Record<string, string> }[];
  assert.equal(upstream.map((r) => r.path), [`/v1/gifs/${IDS.plain}`, `/media/${IDS.plain}/giphy.mp4`, '/pingback'], 'only the three calls reached the upstream');
  assert.is(upstream[0].query.api_key, KEY, 'the key is put in');
  assert.is(upstream[2].query.apikey, KEY);
  for (const call of upstream) {
    const headers = JSON.stringify(call.headers);
    for (const name of ['cookie', 'x-forwarded-for', 'forwarded', 'x-real-ip']) assert.is(call.headers[name], undefined, `${call.path}: ${name}`);
    assert.not.match(headers, /203\.0\.113\.9|reader-cookie|ReaderBrowser/, `${call.path}: ${headers}`);
  }
  assert.equal(received.filter((answer) => answer.includes(KEY)), [], 'the key is in no answer');
  return `GIF 200 (${media.length} media addresses its own${cache ? ', then a cache hit' : ''}), mp4 range 206, pingback 204, ${hostile.length} hostile requests refused, upstream saw 3 calls with the key and nothing of the reader's`;
}

test('Cloudflare Workers: the docs\' Worker, typed by `wrangler types`, proxies in workerd with the Cache API and the rate-limiting binding', async ({ scratch, service }) => {
  const { files, commands } = section('Cloudflare Workers');
  assert.equal(Object.keys(files), ['wrangler.toml', 'src/worker.ts']);
  assert.equal(commands, ['npx wrangler secret put GIF_API_KEY', 'npx wrangler types', 'npx wrangler dev']);
  const dir = project(scratch, 'workers', files);
  const types = readyWorker(dir, { GIF_API_KEY: KEY });
  assert.match(types, /GIF_API_KEY: string;/);
  assert.match(types, /GIF_LIMITER: RateLimit;/);
  const { GIF_API_KEY: _key, ...vars } = settings(service);
  const worker = await wranglerDev(dir, vars, '/gif-api/v1/nothing');
  try {
    console.log(`  workerd: ${await answersAsTheProxy(worker.origin, service, true)}`);
    // The binding's limit (600 a minute per client) holds: past it, 429. Up to 1,400 requests, so a
    // minute that turns over during the run (the count starting again) still reaches it.
    const statuses: number[] = [];
    for (let wave = 0; wave < 70 && !statuses.includes(429); wave++) {
      statuses.push(...(await Promise.all(Array.from({ length: 20 }, () => fetch(`${worker.origin}/gif-api/v1/no-such-call`).then((r) => r.status)))));
    }
    assert.ok(statuses.includes(429), `a 429 within ${statuses.length} requests`);
    assert.ok(statuses.indexOf(429) >= 500, `not before the limit (${statuses.indexOf(429)})`);
    console.log(`  workerd: the rate-limiting binding answered 429 after ${statuses.indexOf(429)} requests`);
  } finally {
    worker.stop();
  }
});

test('Deno: the docs\' main.ts passes `deno check` and proxies under `deno serve` with the Cache API', async ({ scratch, service }) => {
  const { files, commands } = section('Deno');
  assert.equal(Object.keys(files), ['main.ts']);
  const serveLine = commands.find((c) => c.startsWith('deno serve '));
  assert.is(serveLine, 'deno serve --allow-net --allow-env=GIF_API_BASE,GIF_API_KEY,GIF_PINGBACK_BASE,GIF_MEDIA_HOSTS main.ts');
  const deno = await denoServe(scratch, project(scratch, 'deno', files), serveLine!, settings(service), '/gif-api/v1/nothing');
  try {
    console.log(`  deno: ${await answersAsTheProxy(deno.origin, service, true)}`);
  } finally {
    deno.stop();
  }
});

test('Bun: the docs\' server.ts type-checks with Bun\'s types and proxies under `bun run`', async ({ scratch, service }) => {
  const { files, commands } = section('Bun');
  assert.equal(Object.keys(files), ['server.ts']);
  assert.ok(commands.includes('bun run server.ts'), commands.join('\n'));
  const dir = project(scratch, 'bun', files);
  typeCheck(dir, ['server.ts'], { types: ['bun'], typeRoots: [join(root, 'test/runtimes/node_modules/@types')] });
  const bun = await serveOnPort(bin('bun'), ['run', 'server.ts'], dir, settings(service), '/gif-api/v1/nothing');
  try {
    console.log(`  bun: ${await answersAsTheProxy(bun.origin, service, false)}`);
  } finally {
    bun.stop();
  }
});

test('Node: the docs\' server.mjs proxies under `node server.mjs`', async ({ scratch, service }) => {
  const { files, commands } = section('Node');
  assert.equal(Object.keys(files), ['server.mjs']);
  assert.ok(commands.includes('node server.mjs'), commands.join('\n'));
  const node = await serveOnPort(process.execPath, ['server.mjs'], project(scratch, 'node', files), settings(service), '/gif-api/v1/nothing');
  try {
    console.log(`  node: ${await answersAsTheProxy(node.origin, service, false)}`);
  } finally {
    node.stop();
  }
});

/** Debian's redis-server on a free loopback port, keeping nothing on disk; resolves once it accepts connections. */
async function redisServer(dir: string): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  const stop = () => child.kill('SIGKILL');
  for (const end = Date.now() + 10_000; Date.now() < end;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (up) return { url: `redis://127.0.0.1:${port}`, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error('redis-server did not start');
}

test('Redis: the docs\' limiter, on a real redis-server, gives a client one count across two Node servers', async ({ scratch, service }) => {
  const { files } = section('Redis');
  assert.equal(Object.keys(files), ['redis-limiter.mjs']);
  // The docs' Node server with the two lines they say to add: the import and `limiter`.
  const server = section('Node').files['server.mjs']
    .replace("import { createProxyHandler, nodeListener } from 'gif-embed/proxy';", "$&\nimport { limiter } from './redis-limiter.mjs';")
    .replace("  base: '/gif-api',\n", "  base: '/gif-api',\n  limiter,\n");
  assert.match(server, /import \{ limiter \} from '\.\/redis-limiter\.mjs';[^]*\n  limiter,\n/);
  // `npm i redis`: Redis's standard client, from test/runtimes/package.json.
  symlinkSync(join(root, 'test/runtimes/node_modules/redis'), join(scratch, 'node_modules/redis'));
  const dir = project(scratch, 'redis', { 'server.mjs': server, ...files });
  const redis = await redisServer(dir);
  const env = { ...settings(service), REDIS_URL: redis.url };
  const servers = await Promise.all([0, 1].map(() => serveOnPort(process.execPath, ['server.mjs'], dir, env, '/gif-api/v1/nothing')));
  try {
    // One client (this test, at 127.0.0.1) asks the two servers in turn, twenty at a time, until
    // one says 429. Up to 1,400 requests: a minute that turns over (the count starting again)
    // still reaches the limit.
    const statuses: [number, number][] = [];
    for (let wave = 0; wave < 70 && !statuses.some(([, status]) => status === 429); wave++) {
      statuses.push(...(await Promise.all(Array.from({ length: 20 }, (_, i) => fetch(`${servers[i % 2].origin}/gif-api/v1/no-such-call`).then((r): [number, number] => [i % 2, r.status])))));
    }
    const first = statuses.findIndex(([, status]) => status === 429);
    assert.ok(first >= 580, `no 429 before the shared limit of 600: the first at ${first}`);
    assert.ok(statuses.slice(0, first).some(([n]) => n === 0) && statuses.slice(0, first).some(([n]) => n === 1), 'both servers counted');
    // Past the limit, both servers refuse this client: the count is Redis's, not either server's.
    const after = await Promise.all(servers.map((s) => fetch(`${s.origin}/gif-api/v1/no-such-call`).then((r) => r.status)));
    assert.equal(after, [429, 429]);
    console.log(`  redis: two Node servers, one count: the first 429 after ${first} requests, then both refuse`);
  } finally {
    servers.forEach((s) => s.stop());
    redis.stop();
  }
});

test.run();
