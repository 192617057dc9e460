/**
 * The strict example page (`/examples/strict.html`): a nonce-only CSP with Trusted Types
 * required for scripts and only the embed's policy allowed. Every feature is driven there (the
 * player, the chrome, the share menu, the related grid, the video view, the pixels) and the page
 * must see no `securitypolicyviolation` at all.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Page } from 'playwright-core';
import { IDS } from '../../server/catalogue/items';
import { DESKTOP, eventually, frames, withEnv, snap, type Env } from './support/harness';
import { openEmbedPage, playerCalls, playerRoot, pluginCalls, uncaught, PLACEHOLDER } from './embed-page';

let env: Env;
withEnv(test, (started) => (env = started), { reset: true });

/** A YouTube iframe API stand-in (no network here): it builds the player iframe as YouTube's does. */
const YOUTUBE_STAND_IN = `window.YT={Player:function(el,opts){var f=document.createElement('iframe');
  f.src='https://www.youtube.com/embed/'+opts.videoId;el.replaceWith(f);var p=this;
  p.mute=function(){};p.playVideo=function(){};p.destroy=function(){f.remove()};
  setTimeout(function(){opts.events.onReady({target:p})},0)}};`;

/** Opens the strict page with violations recorded from the very first byte, and video providers stood in. */
async function openStrict(): Promise<{ context: BrowserContext; page: Page; requests: string[]; errors: string[] }> {
  const context = await env.browser.newContext(DESKTOP);
  // The video stand-ins are routes, which Chromium treats as public addresses next to the loopback page.
  await context.grantPermissions(['local-network-access']);
  await context.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __allViolations: string[] }).__allViolations = []);
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`));
  });
  await context.route('https://www.youtube.com/oembed**', (route) =>
    route.fulfill({ contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify({ type: 'video', title: 'Wave' }) }));
  await context.route('https://www.youtube.com/iframe_api', (route) => route.fulfill({ contentType: 'text/javascript', body: YOUTUBE_STAND_IN }));
  await context.route('https://www.youtube.com/embed/**', (route) => route.fulfill({ contentType: 'text/html', body: '<body>youtube player</body>' }));
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  const response = await page.goto(`${env.base}/examples/strict.html`);
  const policy = response!.headers()['content-security-policy'];
  assert.match(policy, /script-src 'nonce-[^']+'(;|$)/);
  assert.match(policy, /style-src 'nonce-[^']+'(;|$)/);
  assert.match(policy, /require-trusted-types-for 'script'/);
  assert.match(policy, /trusted-types gif-embed(;|$)/);
  assert.not.match(policy, /unsafe-inline|unsafe-eval/);
  return { context, page, requests, errors };
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __allViolations: string[] }).__allViolations);
const stateOf = (page: Page, id: string) => page.locator(`[data-gif-id="${id}"]`).getAttribute('data-gif-embed-state');

test('strict page: player, chrome, share menu, related grid, video view and pixels all work with zero policy violations', async () => {
  const { context, page, requests, errors } = await openStrict();
  try {
    const plain = page.locator(`[data-gif-id="${IDS.plain}"]`);
    await page.waitForFunction((id) => document.querySelector(`[data-gif-id="${id}"]`)?.getAttribute('data-gif-embed-state') === 'ready', IDS.plain);
    // The box is reserved without a style attribute (the CSSOM is not subject to style-src-attr).
    assert.is(Math.round((await plain.boundingBox())!.height), 360);

    // Hover: the chrome, share and related plugin files load through the Trusted Types policy.
    await plain.scrollIntoViewIfNeeded();
    const box = (await plain.boundingBox())!;
    await page.mouse.move(box.x + 120, box.y + 120);
    const root = playerRoot(page, `[data-gif-id="${IDS.plain}"]`);
    await root.locator('[data-related-scroller] a').first().waitFor();
    assert.equal(pluginCalls(requests.map((url) => ({ url: () => url }) as never)).sort(), ['chrome', 'related', 'share']);
    // The share menu opens and its fields hold the embed code.
    await root.getByRole('button', { name: 'Share' }).click();
    const field = root.locator('[data-share-field="embed"]');
    await field.waitFor();
    assert.match(await field.inputValue(), /^<iframe src="/);
    await snap(page, 'strict-share-menu');
    await page.keyboard.press('Escape');

    // The video view: the YouTube iframe API script is made by the same policy.
    const video = page.locator(`[data-gif-id="${IDS.youtube}"]`);
    await video.scrollIntoViewIfNeeded();
    await page.waitForFunction((id) => document.querySelector(`[data-gif-id="${id}"]`)?.getAttribute('data-gif-embed-state') === 'ready', IDS.youtube);
    const vbox = (await video.boundingBox())!;
    await page.mouse.move(vbox.x + 120, vbox.y + 120);
    // One click on Watch opens the video.
    await video.locator('.hd button[aria-label^="Watch"]').click();
    await video.locator('iframe[src^="https://www.youtube.com/embed/"]').waitFor();
    assert.ok(requests.includes('https://www.youtube.com/iframe_api'), 'the YouTube API script loaded');

    // The sponsored GIF is seen: its pixels (bottle_data and data-pixel) fire.
    const sponsored = page.locator(`[data-gif-id="${IDS.bottle}"]`);
    await sponsored.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.head.querySelectorAll('img[data-gif-embed-pixel]').length >= 2, null, { timeout: 10_000 });
    assert.is(await stateOf(page, IDS.bottle), 'ready');

    assert.equal(await violations(page), [], 'no securitypolicyviolation event');
    assert.is(await page.locator('#violations').textContent(), 'none');
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test('a Trusted Types directive that does not name our policy: the snippets keep their own content, one warning names the policy, nothing is thrown at the page', async () => {
  const nonce = 'n0nce4tt';
  const warnings: string[] = [];
  const { page, close, requests } = await openEmbedPage(env, `<div data-gif-id="${IDS.plain}" data-width="480" data-height="360"><a id="fallback" href="/gifs/${IDS.plain}">GIF</a></div>`, {
    nonce,
    headers: { 'content-security-policy': `script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; require-trusted-types-for 'script'; trusted-types other-policy` },
    prepare: async (context) => context.on('console', (m) => m.type() === 'warning' && warnings.push(m.text())),
  });
  await page.waitForFunction(() => !!(window as unknown as { GifEmbed?: unknown }).GifEmbed);
  // Positive control: the warning comes when embed.js tries to add the player file and is refused.
  await eventually(() => warnings.some((w) => w.includes('"gif-embed"') && w.includes('trusted-types')), 'the warning naming the policy');
  await frames(page);
  // embed.js could not add the player file (the page refused both the policy and a plain
  // string): the placeholder is the page's own markup, untouched, and its link still works.
  assert.is(playerCalls(requests), 0);
  assert.equal(pluginCalls(requests), []);
  assert.is(await page.locator(PLACEHOLDER).getAttribute('data-gif-embed-state'), null);
  assert.ok(await page.locator('#fallback').isVisible(), 'the snippet\'s link is on screen');
  assert.equal(warnings.filter((w) => w.includes('"gif-embed"') && w.includes('trusted-types')).length, 1, warnings.join('\n'));
  assert.equal(await uncaught(page), []);
  await close();
});

test.run();
