/**
 * First-party mode in Chromium (docs/proxy.md): `/examples/first-party.html` is served with the
 * policy `default-src 'self'` and nothing else, and holds no key. Its embed, its clip, its Grid
 * and its picker read the API, the media and the pingbacks through the proxy the local service
 * mounts at `/fp/` (the package's own handler). No request leaves the page's origin, no policy
 * is violated, and what reached the upstream carries the key and nothing of the reader's.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IDS } from '../../server/catalogue/items';
import { LOCAL_API_KEY } from '../../server/pages';
import { DESKTOP, eventually, PHONE, snap, withEnv, type Env } from './support/harness';
import type { BrowserContextOptions } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withSettings } from '../../src/player-page/settings';
import { headersFor, PLAYER_PAGE_FILE } from '../../scripts/static-host.mjs';

let env: Env;
withEnv(test, (started) => (env = started), { reset: true });

const PAGE = '/examples/first-party.html';

/** Opens the page with a cookie of the reader's on its origin, every violation and request recorded. */
async function openFirstParty(device: BrowserContextOptions = DESKTOP) {
  const context = await env.browser.newContext(device);
  await context.addCookies([{ name: 'reader', value: 'reader-cookie-value', url: env.base }]);
  await context.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __violations: string[] }).__violations = []);
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
  const response = await page.goto(`${env.base}${PAGE}`);
  assert.is(response!.headers()['content-security-policy'], "default-src 'self'");
  return { context, page, requests, errors };
}

test('an embed plays, a clip plays, a Grid and a picker show and pick, all through the proxy: no request leaves the origin, no key on the page, nothing of the reader\'s upstream', async () => {
  const { page, requests, errors } = await openFirstParty();
  // The embed's GIF, moving.
  const plain = page.locator(`[data-gif-id="${IDS.plain}"]`);
  await page.waitForFunction((id) => document.querySelector(`[data-gif-id="${id}"]`)?.getAttribute('data-gif-embed-state') === 'ready', IDS.plain);
  const gifSrc = await plain.locator('img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc);
  assert.match(String(gifSrc), /\/fp\/media\/media\d\.localhost:\d+\/media\/gifPlainBounce01\/giphy\.(webp|gif)$/);
  // The clip, playing.
  await page.locator(`[data-gif-id="${IDS.clip}"]`).scrollIntoViewIfNeeded();
  await page.waitForFunction((id) => {
    const video = document.querySelector(`[data-gif-id="${id}"]`)?.shadowRoot?.querySelector('video');
    return !!video && !video.paused && video.currentTime > 0.3 && new URL(video.currentSrc).pathname.startsWith('/fp/media/');
  }, IDS.clip, { timeout: 15_000 });
  // The picker: a search with its suggestions, then a pick, all through the proxy.
  await page.locator('#picker').scrollIntoViewIfNeeded();
  await page.locator('#picker .gif-embed-gif').first().waitFor();
  await page.locator('#picker [role=combobox]').fill('dots');
  await page.locator('#picker [role=option]').first().waitFor();
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/fp\/v1\/gifs\/search\?q=dots&/.test(e.name)));
  await page.locator('#picker [role=status]').filter({ hasText: /dots/ }).waitFor();
  await page.keyboard.press('Escape');
  const pickTile = page.locator('#picker .gif-embed-gif').first();
  await pickTile.click();
  await page.locator('#picked').filter({ hasText: 'Picked:' }).waitFor();
  // The Grid's tiles, painted from the proxy, styled (the SDK's sheet is a constructed one: no policy refuses it).
  await page.locator('#grid').scrollIntoViewIfNeeded();
  const tile = page.locator('#grid img').first();
  await tile.waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('#grid img')].slice(0, 3).every((img) => img.complete && img.naturalWidth > 0));
  assert.match((await tile.evaluate((img: HTMLImageElement) => img.currentSrc))!, /\/fp\/media\//);
  assert.is(await page.locator('#grid').evaluate((grid) => getComputedStyle(grid.firstElementChild!).position), 'relative', 'the Grid is styled');
  await snap(page, 'first-party-desktop');

  const origin = new URL(env.base).origin;
  assert.equal(requests.filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin), [], 'no request leaves the page\'s origin');
  const api = requests.filter((url) => new URL(url).pathname.startsWith('/fp/v1/')).map((url) => new URL(url).pathname);
  for (const call of ['/fp/v1/gifs', '/fp/v1/gifs/trending', '/fp/v1/gifs/search', '/fp/v1/gifs/search/tags', '/fp/v1/trending/searches']) assert.ok(api.includes(call), `${call} through the proxy`);
  assert.ok(requests.every((url) => !/api_key|apikey/.test(url)), 'no key on any request of the page');
  assert.ok(!requests.some((url) => new URL(url).pathname.startsWith('/v1/')), 'nothing asked the API directly');
  assert.equal(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations), [], 'no policy violation');
  assert.equal(errors, []);

  // What reached the upstream: the key put in, the reader's cookie, address and browser left behind.
  const upstream = ((await (await fetch(`${env.base}/_local/upstream`)).json()) as { upstream: { path: string; query: Record<string, string>; headers: Record<string, string> }[] }).upstream;
  const calls = upstream.filter((r) => r.path.startsWith('/v1/'));
  assert.ok(calls.length >= 3 && calls.every((r) => r.query.api_key === LOCAL_API_KEY), 'every API call with the key');
  for (const r of upstream) {
    assert.is(r.headers.cookie, undefined, `${r.path}: no cookie`);
    assert.is(r.headers.referer, undefined, `${r.path}: no referer`);
    assert.not.match(r.headers['user-agent'] ?? '', /Chrome|Mozilla/, `${r.path}: not the reader's browser`);
  }
  // The pick and the SEEN of what was shown go out after the pingbacks' debounce.
  const pingbacks = await eventually(async () => {
    const { pingbacks: all } = (await (await fetch(`${env.base}/_local/pingbacks`)).json()) as { pingbacks: { apikey: string }[] };
    return all.length > 0 && all;
  }, 'a pingback through the proxy');
  assert.ok(pingbacks.every((p) => p.apikey === LOCAL_API_KEY), 'with the key the proxy put in');
  // (The browser's report of the request may come after the service has it.)
  await eventually(() => requests.some((url) => new URL(url).pathname === '/fp/pingback'), 'the page sending its pingbacks to the proxy');
  assert.not.ok(requests.some((url) => new URL(url).pathname === '/pingback'), 'and never to the collector itself');
});

test('the iframe player page in first-party mode: its settings block names the proxy and no key, and it plays from its own origin', async () => {
  // The page dist/ ships, as a publisher hosts it beside their proxy: only its settings block differs.
  const html = withSettings(readFileSync(join(process.cwd(), 'dist', PLAYER_PAGE_FILE), 'utf8'), { apiBase: '/fp' });
  const context = await env.browser.newContext(DESKTOP);
  await context.route(`${env.base}/embed/${IDS.plain}`, (route) => route.fulfill({ contentType: 'text/html', headers: headersFor(PLAYER_PAGE_FILE.slice(1), html), body: html }));
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`${env.base}/embed/${IDS.plain}`);
  await page.waitForFunction(() => document.querySelector('#giphy-embed')?.getAttribute('data-gif-embed-state') === 'ready');
  assert.is(await page.title(), 'Bouncing Dots');
  const origin = new URL(env.base).origin;
  assert.equal(requests.filter((url) => new URL(url).origin !== origin), []);
  assert.ok(requests.some((url) => new URL(url).pathname === '/fp/v1/gifs'), 'its GIF through the proxy');
  assert.ok(requests.every((url) => !/api_key|apikey/.test(url)), 'no key');
  await context.close();
});

test('at phone width the page works the same, from its own origin only', async () => {
  const { page, requests, errors } = await openFirstParty(PHONE);
  await page.waitForFunction((id) => document.querySelector(`[data-gif-id="${id}"]`)?.getAttribute('data-gif-embed-state') === 'ready', IDS.plain);
  await page.locator('#grid').scrollIntoViewIfNeeded();
  await page.locator('#grid img').first().waitFor();
  await snap(page, 'first-party-phone');
  const origin = new URL(env.base).origin;
  assert.equal(requests.filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin), []);
  assert.equal(errors, []);
});

test.run();
