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
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startService } from '../../server/app';
import { LOCAL_API_KEY } from '../../server/pages';
import { createOEmbedHandler } from '../../src/oembed';
import { freePort } from '../browser/support/engines';

const root = new URL('../../', import.meta.url).pathname;
const bin = (name: string) => join(root, 'test/runtimes/node_modules/.bin', name);
const tsc = join(root, 'node_modules/.bin/tsc');

/** The site the docs' settings name; its pages need not be reachable, only the API. */
const SITE_BASE = 'https://gifs.example';
const GIF_PAGE = `${SITE_BASE}/gifs/bouncing-dots-gifPlainBounce01`;
const MISSING_PAGE = `${SITE_BASE}/gifs/no-such-thing-gifNoSuchGif99`;
/** How long a runtime may take to start (wrangler bundles the Worker and starts workerd). */
const START_MS = 60_000;
const ANSWER_MS = 15_000;

interface Section {
  /** The files the section gives, by the name written above each block. */
  files: Record<string, string>;
  /** The commands of its shell block, comments and blank lines dropped. */
  commands: string[];
}

/** docs/oembed.md's `### {heading}` section: its named files and its commands. */
function section(heading: string): Section {
  const docs = readFileSync(join(root, 'docs/oembed.md'), 'utf8');
  const start = docs.indexOf(`\n### ${heading}\n`);
  assert.ok(start >= 0, `docs/oembed.md has a "### ${heading}" section`);
  const end = docs.indexOf('\n### ', start + 5);
  const text = docs.slice(start, end < 0 ? undefined : end);
  const files: Record<string, string> = {};
  for (const [, name, code] of text.matchAll(/`([^`\n]+)`:\n\n```\w+\n([^]*?)```/g)) files[name] = code;
  const shell = /```sh\n([^]*?)```/.exec(text)?.[1] ?? '';
  const commands = shell.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim()).filter(Boolean);
  return { files, commands };
}

const test = suite<{ scratch: string; api: string; close(): Promise<void> }>('edge runtimes', { scratch: '', api: '', close: async () => {} });

test.before(async (context) => {
  context.scratch = mkdtempSync(join(tmpdir(), 'gif-embed-runtimes-'));
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', context.scratch], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  const modules = join(context.scratch, 'node_modules');
  mkdirSync(modules);
  execFileSync('tar', ['-xzf', join(context.scratch, packed.filename), '-C', modules]);
  renameSync(join(modules, 'package'), join(modules, 'gif-embed'));
  for (const name of ['goober', 'preact']) symlinkSync(join(root, 'node_modules', name), join(modules, name));
  const service = await startService({ port: 0, quiet: true });
  context.api = service.url;
  context.close = service.close;
});

test.after(async ({ scratch, close }) => {
  await close();
  rmSync(scratch, { recursive: true, force: true });
});

/** A project folder for one runtime: the docs' files in it, the package beside them. */
function project(scratch: string, name: string, files: Record<string, string>): string {
  const dir = join(scratch, name);
  for (const [file, code] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), code);
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `oembed-${name}`, private: true, type: 'module', dependencies: { 'gif-embed': '*' } }));
  symlinkSync(join(scratch, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

/** Runs a command to its end; throws with its output when it fails. */
function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}): string {
  try {
    return execFileSync(cmd, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: START_MS });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${stdout}${stderr}`.slice(0, 3000));
  }
}

/** Strict TypeScript over `files` with `options` (the runtime's types); throws with the errors. */
function typeCheck(dir: string, files: string[], options: Record<string, unknown>): void {
  writeFileSync(join(dir, 'tsconfig.strict.json'), JSON.stringify({
    compilerOptions: { target: 'es2022', module: 'esnext', moduleResolution: 'bundler', strict: true, noEmit: true, skipLibCheck: false, ...options },
    files,
  }));
  run(tsc, ['-p', 'tsconfig.strict.json'], dir);
}

/** A runtime serving on loopback, in its own process group (wrangler starts workerd under it). */
async function serve(cmd: string, args: string[], cwd: string, url: string, env: Record<string, string> = {}): Promise<{ output(): string; stop(): void }> {
  const child: ChildProcess = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const deadline = Date.now() + START_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    const up = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(() => true, () => false);
    if (up) return { output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error(`${cmd} ${args.join(' ')} did not answer at ${url} (exit ${child.exitCode}):\n${output.slice(-3000)}`);
}

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
  // The secret's local form, as the docs' comment says.
  writeFileSync(join(dir, '.dev.vars'), `GIF_API_KEY=${LOCAL_API_KEY}\n`);
  const quiet = { WRANGLER_SEND_METRICS: 'false', WRANGLER_HIDE_BANNER: 'true', CI: 'true' };
  run(bin('wrangler'), ['types'], dir, quiet);
  assert.match(readFileSync(join(dir, 'worker-configuration.d.ts'), 'utf8'), /GIF_API_KEY: string;/, 'Env has the secret');
  typeCheck(dir, ['src/worker.ts', 'worker-configuration.d.ts'], { lib: ['es2024'], types: [] });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // The API's address is a variable like any other: overridden for this run with --var.
  const worker = await serve(bin('wrangler'), ['dev', '--ip', '127.0.0.1', '--port', String(port), '--var', `GIF_API_BASE:${api}`], dir, `${origin}/oembed`, quiet);
  try {
    console.log(`  workerd: ${await answersAsTheProvider(origin, api)}`);
  } finally {
    worker.stop();
  }
});

test('Deno: the docs\' main.ts passes `deno check` and answers under `deno serve` with the docs\' permissions', async ({ scratch, api }) => {
  const { files, commands } = section('Deno');
  assert.equal(Object.keys(files), ['main.ts']);
  const serveLine = commands.find((c) => c.startsWith('deno serve '));
  assert.is(serveLine, 'deno serve --allow-net --allow-env=SITE_BASE,GIF_API_BASE,GIF_API_KEY main.ts');
  const dir = project(scratch, 'deno', files);
  const env = { DENO_NO_UPDATE_CHECK: '1', DENO_NO_PROMPT: '1', DENO_DIR: join(scratch, '.deno') };
  run(bin('deno'), ['check', 'main.ts'], dir, env);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // The docs' command, with where to listen (its default is every interface, port 8000).
  const args = serveLine!.split(' ').slice(1);
  args.splice(1, 0, '--host', '127.0.0.1', '--port', String(port));
  const deno = await serve(bin('deno'), args, dir, `${origin}/oembed`, { ...env, SITE_BASE, GIF_API_BASE: api, GIF_API_KEY: LOCAL_API_KEY });
  try {
    console.log(`  deno: ${await answersAsTheProvider(origin, api)}`);
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
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const bun = await serve(bin('bun'), ['run', 'server.ts'], dir, `${origin}/oembed`, { SITE_BASE, GIF_API_BASE: api, GIF_API_KEY: LOCAL_API_KEY, HOST: '127.0.0.1', PORT: String(port) });
  try {
    console.log(`  bun: ${await answersAsTheProvider(origin, api)}`);
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
