/**
 * dist/ on a server that is not ours: `serve` (npm's static file server, reading the
 * serve.json build.mjs writes) serves a copy of dist/ whose player page has its settings block
 * filled in, as a team does; the local service is only the API (and pingback and media host) on
 * another port; the host pages are served by a second `serve` on a third. The iframe code, the
 * script snippet and `<gif-embed>` all play there, and nothing but API, pingback and media
 * requests reaches the local service.
 *
 * Then the player page as AMP and any page frame it: it reports its height in each one's
 * message. AMP's `<amp-iframe>` is not published on npm, so the host page here receives the
 * message by its rule (a message with `sentinel: 'amp'` and `type: 'embed-size'`). WordPress
 * frames the page in `sandbox="allow-scripts"`: an opaque origin, storage that throws, requests
 * with `Origin: null`; it must still play and count from the static server here, and
 * test/wordpress shows it in real WordPress.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Request } from 'playwright-core';
import { IDS } from '../../server/catalogue/index';
import { withSettings } from '../../src/player-page/settings';
import { pingbackActions, PLAYER_FILE } from './embed-page';
import { freePort } from './support/engines';
import { beforeAll, DESKTOP, eventually, snap, withEnv, type Env } from './support/harness';

let env: Env;
withEnv(test, (started) => (env = started));

const root = new URL('../../', import.meta.url).pathname;
/** The API key the copied player page and the host pages use: the service keeps pingbacks by key. */
const KEY = 'static-host-key';
const servers: ChildProcess[] = [];
/** The parts of dist/ a static host publishes (docs/player-page.md), with `serve`'s rules file. */
const PUBLISHED = ['embed', 'plugins', 'embed.js', 'sdk.js', 'serve.json'];
let folder = '';
/** The static server with the copy of dist/, and the one with the host pages. */
let cdn = '';
let host = '';

/** Runs `serve` on `dir` (as `npx serve dir` does) on a free loopback port; resolves to its origin once it answers. */
async function serve(dir: string): Promise<string> {
  const port = await freePort();
  const child = spawn(join(root, 'node_modules/.bin/serve'), [dir, '--listen', `tcp://127.0.0.1:${port}`, '--no-clipboard', '--no-port-switching'], { stdio: 'ignore' });
  servers.push(child);
  const origin = `http://127.0.0.1:${port}`;
  await eventually(() => fetch(origin).then((r) => r.status > 0, () => false), `serve on ${dir} to answer`, 20_000);
  return origin;
}

beforeAll(test, async () => {
  folder = mkdtempSync(join(tmpdir(), 'gif-embed-static-'));
  // What docs/player-page.md says to publish, and nothing else.
  for (const part of PUBLISHED) cpSync(join(root, 'dist', part), join(folder, 'cdn', part), { recursive: true });
  const page = join(folder, 'cdn/embed/index.html');
  writeFileSync(page, withSettings(readFileSync(page, 'utf8'), { apiKey: KEY, apiBase: env.base, pingbackBase: env.base, siteBase: env.base }));
  mkdirSync(join(folder, 'host'));
  [cdn, host] = await Promise.all([serve(join(folder, 'cdn')), serve(join(folder, 'host'))]);
});

test.after(() => {
  for (const child of servers) child.kill();
  rmSync(folder, { recursive: true, force: true });
});

/** Writes host page `name` (a page of the blog on the third port) and opens it, recording every request of every frame. */
async function openHost(name: string, body: string, viewport = DESKTOP.viewport!) {
  writeFileSync(join(folder, 'host', `${name}.html`), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title><link rel="icon" href="data:,"></head><body style="margin:0">${body}</body></html>`);
  const context = await env.browser.newContext({ viewport });
  const requests: Request[] = [];
  const errors: string[] = [];
  context.on('request', (r) => requests.push(r));
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  // serve answers /name.html at /name (its clean URLs).
  await page.goto(`${host}/${name}`);
  return { context, page, requests, errors };
}

/** The requests that reached the local service, by kind: everything else came from the two static servers. */
function serviceRequests(requests: Request[]) {
  const port = new URL(env.base).port;
  return requests.map((r) => new URL(r.url())).filter((u) => u.port === port).map((u) => u.pathname);
}

/** Only the API, pingbacks and the API's media hosts: no page, script or plugin of ours. */
function assertOnlyApi(paths: string[]) {
  const other = paths.filter((p) => !/^\/(v1\/|pingback\/?$|media\/|avatars\/)/.test(p));
  assert.equal(other, [], 'nothing but API, pingback and media requests reaches the local service');
}

const seen = (ids: string[]) => eventually(async () => {
  const got = (await pingbackActions(env.base, KEY)).filter((a) => a.action_type === 'SEEN').map((a) => a.gif_id);
  return ids.every((id) => got.includes(id)) && got;
}, `SEEN pingbacks for ${ids.join(', ')}`);

const frameState = (frame: import('playwright-core').FrameLocator) => frame.locator('#giphy-embed').getAttribute('data-gif-embed-state');

test('the iframe code: the player page from the static server plays, titled with the GIF, and counts', async () => {
  const { page, requests, errors } = await openHost('iframe', `<iframe src="${cdn}/embed/${IDS.plain}" width="480" height="360" style="border:0" title="GIF"></iframe>`);
  const frame = page.frameLocator('iframe');
  await eventually(async () => (await frameState(frame)) === 'ready', 'the framed player to be ready');
  assert.is(await page.frames()[1].title(), 'Bouncing Dots');
  await seen([IDS.plain]);
  const paths = serviceRequests(requests);
  assert.ok(paths.some((p) => p.startsWith('/v1/gifs')), 'the API was asked');
  assertOnlyApi(paths);
  const cdnFiles = requests.map((r) => new URL(r.url())).filter((u) => u.origin === cdn).map((u) => u.pathname);
  assert.ok(cdnFiles.includes('/embed.js') && cdnFiles.some((p) => PLAYER_FILE.test(p)), cdnFiles.join(' '));
  assert.equal(errors, []);
  await snap(page, 'static-host-iframe');
});

test('the script snippet and <gif-embed>, with embed.js from the static server, play and count', async () => {
  const script = `<script async src="${cdn}/embed.js" data-api-key="${KEY}" data-api-base="${env.base}" data-pingback-base="${env.base}"></script>`;
  const { page, requests, errors } = await openHost('snippet', `<div data-gif-id="${IDS.hd}" style="width:320px;aspect-ratio:4/3"></div><gif-embed gif-id="${IDS.wide}" style="display:block;width:320px;aspect-ratio:16/9"></gif-embed>${script}`);
  await page.waitForFunction(() => document.querySelectorAll('[data-gif-embed-state="ready"]').length === 2);
  await seen([IDS.hd, IDS.wide]);
  assertOnlyApi(serviceRequests(requests));
  assert.equal(errors, []);
});

test('the query form (/embed/?id=) needs no rewrite; the folder form answers from the rewrite; the page is never redirected and no folder is listed', async () => {
  const page = readFileSync(join(folder, 'cdn/embed/index.html'), 'utf8');
  for (const path of [`/embed/?id=${IDS.wide}`, `/embed/${IDS.wide}`, '/embed/index.html', `/embed/index.html?id=${IDS.wide}`]) {
    const res = await fetch(`${cdn}${path}`, { redirect: 'manual' });
    assert.is(res.status, 200, path);
    assert.is(await res.text(), page, path);
    assert.match(String(res.headers.get('content-security-policy')), /^script-src 'sha256-/, path);
    assert.is(res.headers.get('cache-control'), 'public, max-age=300, must-revalidate', path);
  }
  const hashed = JSON.parse(readFileSync(join(folder, 'cdn/plugins/manifest.json'), 'utf8'))['player-mobile'];
  assert.is((await fetch(`${cdn}/plugins/${hashed}`)).headers.get('cache-control'), 'public, max-age=31536000, immutable');
  // Nothing of the package but what a page needs.
  for (const path of ['/types/api/index.d.ts', '/esm/api/index.js', '/cjs/api/index.cjs', '/vercel.json', '/plugins/', '/']) assert.is((await fetch(`${cdn}${path}`)).status, 404, path);
});

test('every file under plugins/ named with its hash (the player, each plugin, each language file) is cached for good by serve and named in _headers and vercel.json; the manifest is not', async () => {
  const files = readdirSync(join(folder, 'cdn/plugins'));
  const hashed = files.filter((name) => /\.[0-9a-f]{8}\.js$/.test(name));
  assert.ok(hashed.some((name) => name.startsWith('lang-de.')) && hashed.some((name) => name.startsWith('player-desktop.')) && hashed.some((name) => name.startsWith('player-mobile.')), hashed.join(' '));
  assert.is(hashed.length, files.length - 1, 'all but the manifest');
  const netlify = readFileSync(join(root, 'dist/_headers'), 'utf8');
  const vercel = JSON.parse(readFileSync(join(root, 'dist/vercel.json'), 'utf8')) as { headers: { source: string; headers: { value: string }[] }[] };
  for (const name of hashed) {
    assert.is((await fetch(`${cdn}/plugins/${name}`)).headers.get('cache-control'), 'public, max-age=31536000, immutable', name);
    assert.ok(netlify.includes(`/plugins/${name}\n  Cache-Control: public, max-age=31536000, immutable`), `_headers: ${name}`);
    assert.is(vercel.headers.find((rule) => rule.source === `/plugins/${name}`)?.headers[0].value, 'public, max-age=31536000, immutable', `vercel.json: ${name}`);
  }
  assert.not.match(String((await fetch(`${cdn}/plugins/manifest.json`)).headers.get('cache-control')), /immutable/, 'the manifest is not kept for good');
});

test('in WordPress\'s sandbox (opaque origin, storage that throws) the page from the static server plays and counts', async () => {
  // The frame as WordPress writes it for a provider it does not list (test/wordpress proves the
  // rest, showing and sizing, against real WordPress).
  const frame = `<iframe class="wp-embedded-content" sandbox="allow-scripts" security="restricted" src="${cdn}/embed/${IDS.portrait}#?secret=Wp0Secret1" data-secret="Wp0Secret1" width="300" height="400" title="GIF"></iframe>`;
  const { page, requests, errors } = await openHost('wordpress', `<p>A post.</p>${frame}`);
  const framed = page.frameLocator('iframe');
  await eventually(async () => (await frameState(framed)) === 'ready', 'the sandboxed player to be ready');
  assert.is(await page.frames()[1].evaluate('self.origin'), 'null', 'an opaque origin');
  assert.ok(await page.frames()[1].evaluate('(() => { try { localStorage.length; return false; } catch { return true; } })()'), 'storage throws');
  await seen([IDS.portrait]);
  const origins = await Promise.all(requests.filter((r) => new URL(r.url()).pathname.startsWith('/v1/gifs')).map((r) => r.headerValue('origin')));
  assert.ok(origins.length && origins.every((o) => o === 'null'), `API calls sent with Origin: null (${origins.join(', ')})`);
  assertOnlyApi(serviceRequests(requests));
  assert.equal(errors, []);
  await snap(page, 'static-host-wordpress');
});

test('a consumer that runs the oEmbed html as it is (Ghost\'s HTML card, a page of one\'s own): the frame speaks, the fallback link goes, the frame takes its height', async () => {
  const answer = (await (await fetch(`${env.base}/oembed?url=${encodeURIComponent(`${env.base}/gifs/bouncing-dots-${IDS.plain}`)}`)).json()) as { html: string };
  // A column of 300 px whose frames keep within it, as most themes make them.
  const { page, errors } = await openHost('consumer', `<style>iframe{max-width:100%}</style><div style="width:300px">${answer.html}</div>`);
  await page.waitForFunction(() => document.querySelector('iframe')!.getAttribute('height') === '225', null, { timeout: 15_000 });
  assert.is(await page.locator('blockquote').evaluate((q) => getComputedStyle(q).display), 'none', 'the GIF shows once');
  assert.equal(errors, []);
});

test('AMP and any page: embed-size and gif-embed:height carry the height for the frame\'s width; asking again answers again', async () => {
  const receiver = `<script>
window.__amp = []; window.__own = [];
addEventListener('message', function (e) {
  var f = document.querySelector('iframe');
  if (e.source !== f.contentWindow) return;
  if (e.data && e.data.sentinel === 'amp' && e.data.type === 'embed-size') { __amp.push(e.data.height); f.height = e.data.height; }
  if (e.data && e.data.type === 'gif-embed:height') __own.push(e.data);
});
</script>`;
  const { page } = await openHost('amp', `${receiver}<iframe src="${cdn}/embed/${IDS.wide}" width="400" height="400" title="GIF" style="border:0"></iframe>`);
  // The wide GIF is 320x180: 400 px wide wants 225 px. Each message is a task of its own: the
  // page waits for the last one sent (ours, after AMP's) before it reads what came.
  const ownHeard = (height: number) => page.waitForFunction((h) => (window as unknown as { __own: { height: number }[] }).__own.some((m) => m.height === h), height);
  await ownHeard(225);
  assert.equal(await page.evaluate('window.__amp'), [225]);
  assert.equal(await page.evaluate('window.__own'), [{ type: 'gif-embed:height', id: IDS.wide, height: 225 }]);
  await page.evaluate('document.querySelector("iframe").width = 320');
  await ownHeard(180);
  assert.ok(await page.evaluate('window.__amp.includes(180)'));
  await page.evaluate('window.__own = []; document.querySelector("iframe").contentWindow.postMessage({ type: "gif-embed:height" }, "*")');
  await page.waitForFunction(() => (window as unknown as { __own: unknown[] }).__own.length === 1);
  assert.equal(await page.evaluate('window.__own[0].height'), 180);
});

test('?related in a frame reports the height of the player and the widget together, and grows with it', async () => {
  const receiver = `<script>window.__h = []; addEventListener('message', function (e) { if (e.data && e.data.type === 'gif-embed:height') { __h.push(e.data.height); document.querySelector('iframe').height = e.data.height; } });</script>`;
  const { page } = await openHost('related', `${receiver}<iframe src="${cdn}/embed/${IDS.plain}?related" width="480" height="300" title="GIF and related GIFs" style="border:0"></iframe>`);
  const framed = page.frameLocator('iframe');
  await framed.locator('[data-gif-related] .gif-embed-gif').nth(2).waitFor();
  const inner = page.frames()[1];
  const height = await eventually(async () => {
    const main = await inner.evaluate('Math.ceil(document.querySelector("main").getBoundingClientRect().height)') as number;
    const last = await page.evaluate('window.__h[window.__h.length - 1]') as number;
    return last === main && main > 360 && main;
  }, 'the last height reported to be the page\'s own, player and widget');
  assert.is(await page.locator('iframe').getAttribute('height'), String(height));
  await eventually(async () => (await inner.title()) === '\u2068Bouncing Dots\u2069 and related GIFs', 'the page titled after its GIF');
  await snap(page, 'static-host-related');
});

test.run();
