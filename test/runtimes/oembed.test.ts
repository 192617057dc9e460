/**
 * docs/oembed.md's edge-runtime setups, run as they are written there: each runtime's files are
 * taken from the docs, put beside the packed package (npm pack, unpacked as npm i would install
 * it; offline), type-checked under strict TypeScript with the runtime's own types, and served by
 * the runtime itself from npm (test/runtimes/package.json: workerd through `wrangler dev`, Deno,
 * Bun), its settings from its own environment mechanism. Each answers a GIF page's oEmbed as the
 * provider does in-process, and a 404 for a GIF the API does not have. The API is the local
 * service's catalogue; every server is on loopback.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startService } from '../../server/app';
import { LOCAL_API_KEY } from '../../server/pages';
import { createOEmbedHandler } from '../../src/oembed';
import { freePort } from '../browser/support/engines';
import { ANSWER_MS, bin, denoServe, packedScratch, project as projectIn, readyWorker, root, section as sectionOf, serveOnPort, START_MS, typeCheck, wranglerDev } from './support';

/** The site the docs' settings name; its pages need not be reachable, only the API. */
const SITE_BASE = 'https://gifs.example';
const GIF_PAGE = `${SITE_BASE}/gifs/bouncing-dots-gifPlainBounce01`;
const MISSING_PAGE = `${SITE_BASE}/gifs/no-such-thing-gifNoSuchGif99`;

const section = (heading: string) => sectionOf('oembed.md', heading);
const project = (scratch: string, name: string, files: Record<string, string>) => projectIn(scratch, `oembed-${name}`, files);

const test = suite<{ scratch: string; api: string; close(): Promise<void> }>('edge runtimes', { scratch: '', api: '', close: async () => {} });

test.before(async (context) => {
  context.scratch = packedScratch();
  const service = await startService({ port: 0, quiet: true });
  context.api = service.url;
  context.close = service.close;
});

test.after(async ({ scratch, close }) => {
  await close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The secret is new with every answer: the rest must be the same. */
const unsecret = (html: string) => {
  const secret = /data-secret="([A-Za-z0-9]+)"/.exec(html)?.[1];
  return secret ? html.replaceAll(secret, 'S') : html;
};

/** What the runtime at `origin` answers for a GIF page and for a missing GIF, against the provider in-process. */
async function answersAsTheProvider(origin: string, api: string) {
  const ask = (page: string) => fetch(`${origin}/oembed?url=${encodeURIComponent(page)}&format=json`, { signal: AbortSignal.timeout(ANSWER_MS) });
  const expected = await (await createOEmbedHandler({ siteBase: SITE_BASE, apiBase: api, apiKey: LOCAL_API_KEY })(
    new Request(`${SITE_BASE}/oembed?url=${encodeURIComponent(GIF_PAGE)}&format=json`),
  )).json() as { html: string };

  const found = await ask(GIF_PAGE);
  const text = await found.text();
  assert.is(found.status, 200, text.slice(0, 300));
  assert.is(found.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.is(found.headers.get('access-control-allow-origin'), '*');
  assert.is(found.headers.get('cache-control'), 'public, max-age=86400');
  const body = JSON.parse(text) as { html: string; title: string; width: number; height: number };
  assert.equal({ ...body, html: unsecret(body.html) }, { ...expected, html: unsecret(expected.html) });
  assert.is(body.title, 'Bouncing Dots');
  assert.equal([body.width, body.height], [480, 360]);
  assert.ok(body.html.includes(`src="${api}/embed/gifPlainBounce01#?secret=`), body.html);

  const missing = await ask(MISSING_PAGE);
  assert.is(missing.status, 404);
  assert.is(await missing.text(), 'No such GIF');
  return `200 "${body.title}" ${body.width}x${body.height}, ${/<iframe[^>]*? src="([^"#]+)/.exec(body.html)?.[1]}; missing GIF: 404 "No such GIF"`;
}

test('Cloudflare Workers: the docs\' wrangler.toml and Worker, typed by `wrangler types`, answer in workerd through `wrangler dev`', async ({ scratch, api }) => {
  const { files, commands } = section('Cloudflare Workers');
  assert.equal(Object.keys(files), ['wrangler.toml', 'src/worker.ts']);
  assert.equal(commands, ['npx wrangler secret put GIF_API_KEY', 'npx wrangler types', 'npx wrangler dev']);
  const dir = project(scratch, 'workers', files);
  assert.match(readyWorker(dir, { GIF_API_KEY: LOCAL_API_KEY }), /GIF_API_KEY: string;/, 'Env has the secret');
  // The API's address is a variable like any other: overridden for this run with --var.
  const worker = await wranglerDev(dir, { GIF_API_BASE: api }, '/oembed');
  try {
    console.log(`  workerd: ${await answersAsTheProvider(worker.origin, api)}`);
  } finally {
    worker.stop();
  }
});

test('Deno: the docs\' main.ts passes `deno check` and answers under `deno serve` with the docs\' permissions', async ({ scratch, api }) => {
  const { files, commands } = section('Deno');
  assert.equal(Object.keys(files), ['main.ts']);
  const serveLine = commands.find((c) => c.startsWith('deno serve '));
  assert.is(serveLine, 'deno serve --allow-net --allow-env=SITE_BASE,GIF_API_BASE,GIF_API_KEY main.ts');
  const deno = await denoServe(scratch, project(scratch, 'deno', files), serveLine!, { SITE_BASE, GIF_API_BASE: api, GIF_API_KEY: LOCAL_API_KEY }, '/oembed');
  try {
    console.log(`  deno: ${await answersAsTheProvider(deno.origin, api)}`);
  } finally {
    deno.stop();
  }
});

test('Bun: the docs\' server.ts type-checks with Bun\'s types and answers under `bun run`', async ({ scratch, api }) => {
  const { files, commands } = section('Bun');
  assert.equal(Object.keys(files), ['server.ts']);
  assert.ok(commands.includes('bun run server.ts'), commands.join('\n'));
  const dir = project(scratch, 'bun', files);
  typeCheck(dir, ['server.ts'], { types: ['bun'], typeRoots: [join(root, 'test/runtimes/node_modules/@types')] });
  const bun = await serveOnPort(bin('bun'), ['run', 'server.ts'], dir, { SITE_BASE, GIF_API_BASE: api, GIF_API_KEY: LOCAL_API_KEY }, '/oembed');
  try {
    console.log(`  bun: ${await answersAsTheProvider(bun.origin, api)}`);
  } finally {
    bun.stop();
  }
});

test('a setting missing from the environment stops the runtime with the setting\'s name, before any request', async ({ scratch, api }) => {
  const dir = project(scratch, 'bun-unset', section('Bun').files);
  const port = await freePort();
  const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(bin('bun'), ['run', 'server.ts'], { cwd: dir, env: { ...process.env, SITE_BASE, GIF_API_BASE: api, HOST: '127.0.0.1', PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), START_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
  assert.ok(result.code !== 0, 'it stops');
  assert.match(result.output, /gif-embed\/oembed: apiKey must be the API key, not undefined/);
});

test.run();
