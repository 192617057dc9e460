/**
 * The snippet builder (examples/snippet.html) as a blogger uses it: paste a GIF page address,
 * get the snippet, see it work in the preview, switch form, size and theme, copy it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IDS } from '../../server/catalogue';
import { PHONE, open, snap, withEnv, type Env } from './support/harness';

let env: Env;
withEnv(test, (started) => (env = started));

const BUILDER = '/examples/snippet.html';

test('a pasted GIF page address gives the script snippet, whose preview becomes a working player; iframe, responsive and light follow', async () => {
  const { page, context, errors } = await open(env, BUILDER);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.base });
  await page.locator('#source').fill(`${env.base}/gifs/bouncing-dots-${IDS.plain}`);
  const code = page.locator('#code');
  await page.waitForFunction(() => (document.querySelector('#code') as HTMLTextAreaElement).value.length > 0);
  const snippet = await code.inputValue();
  assert.match(snippet, new RegExp(`^<div data-gif-id="${IDS.plain}" data-width="480" data-height="360" style="aspect-ratio:480/360;width:480px;max-width:100%"><a href="${env.base}/gifs/[^"]*${IDS.plain}"><picture><source type="image/webp" srcset="[^"]+\\.webp"><img src="[^"]+\\.gif" width="480" height="360" alt="[^"]+" decoding="async"`));
  assert.match(snippet, new RegExp(`</div>\\n<script async src="${env.base}/embed\\.js" data-api-key="gif-embed-local-key"></script>$`));
  // The preview is the snippet itself: the page's loader turns its placeholder into a player.
  const placeholder = page.locator(`#preview [data-gif-id="${IDS.plain}"]`);
  await page.waitForFunction(() => document.querySelector('#preview [data-gif-id]')?.getAttribute('data-gif-embed-state') === 'ready');
  assert.ok(await placeholder.locator('.r img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the player shows the GIF');
  assert.is(Math.round((await placeholder.boundingBox())!.width), 480);

  // Copy: what the clipboard holds is the snippet, and the page says so.
  await page.locator('#copy').click();
  await page.locator('#copied', { hasText: 'Copied to the clipboard.' }).waitFor();
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), snippet);

  // The iframe form, responsive and light: the preview is the iframe player page, themed.
  await page.locator('input[name=form][value=iframe]').check();
  await page.locator('#status', { hasText: 'Bouncing Dots, 480 × 360 px at fixed size.' }).waitFor();
  await page.locator('input[name=size][value=responsive]').check();
  // What the page says follows the choice.
  await page.locator('#status', { hasText: 'Bouncing Dots: as wide as its column, in the GIF\'s 480 × 360 shape.' }).waitFor();
  await page.locator('input[name=theme][value=light]').check();
  const iframeCode = await code.inputValue();
  assert.match(iframeCode, new RegExp(`^<div style="width:100%;height:0;padding-bottom:75%;position:relative;"><iframe src="${env.base}/embed/${IDS.plain}\\?theme=light" width="100%" height="100%"`));
  const frame = page.frameLocator('#preview iframe');
  const player = frame.locator(`[data-gif-id="${IDS.plain}"][data-gif-embed-state="ready"]`);
  await player.waitFor();
  assert.ok(await frame.locator('.r.l').count(), 'the iframe player has the light theme');
  assert.is(await page.locator('#preview [data-gif-id]').count(), 0, 'the script form\'s placeholder is gone');
  await snap(page, 'snippet-builder-desktop');

  // The AMP form: <amp-iframe> of the same player page, sandboxed, responsive, resizable, with
  // the GIF's still as its placeholder; the preview is that player page.
  await page.locator('input[name=form][value=amp]').check();
  const amp = await code.inputValue();
  assert.match(amp, /^<script async custom-element="amp-iframe" src="https:\/\/cdn\.ampproject\.org\/v0\/amp-iframe-0\.1\.js"><\/script>\n/);
  assert.match(amp, new RegExp(`<amp-iframe src="${env.base}/embed/${IDS.plain}\\?theme=light" width="480" height="360" layout="responsive" title="Bouncing Dots" sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox" allowfullscreen frameborder="0" resizable>`));
  assert.match(amp, /\n {2}<amp-img placeholder layout="fill" src="[^"]+_s\.gif" alt="Bouncing Dots"><\/amp-img>\n {2}<div overflow tabindex="0" role="button" aria-label="Show all">Show all<\/div>\n<\/amp-iframe>$/);
  await page.locator('input[name=size][value=fixed]').check();
  assert.match(await code.inputValue(), / layout="fixed" /);
  await frame.locator(`[data-gif-id="${IDS.plain}"][data-gif-embed-state="ready"]`).waitFor();
  assert.equal(errors, []);
  await context.close();
});

test('the author\'s alt text: the field shows what it would be, what the author writes goes into the snippet\'s <img alt> (escaped), and the preview\'s player keeps it', async () => {
  const { page, context, errors } = await open(env, BUILDER);
  await page.locator('#source').fill(IDS.plain);
  await page.waitForFunction(() => (document.querySelector('#code') as HTMLTextAreaElement).value.length > 0);
  assert.is(await page.locator('#alt').getAttribute('placeholder'), 'Bouncing Dots');
  assert.match(await page.locator('#code').inputValue(), / alt="Bouncing Dots" /);
  await page.locator('#alt').fill('Punkte, die "hüpfen" & leuchten');
  assert.match(await page.locator('#code').inputValue(), / alt="Punkte, die &quot;hüpfen&quot; &amp; leuchten" /);
  await page.waitForFunction(() => document.querySelector('#preview [data-gif-id]')?.getAttribute('data-gif-embed-state') === 'ready');
  assert.is(await page.locator('#preview [data-gif-id] .r .g img').getAttribute('alt'), 'Punkte, die "hüpfen" & leuchten');
  assert.equal(errors, []);
  await context.close();
});

test('through the reader\'s site\'s first-party proxy: no key in the snippet, every file from the proxy; pasted on a page that allows images, scripts and calls from its own origin only, it plays', async () => {
  const { page, context, errors } = await open(env, BUILDER);
  await page.locator('#source').fill(IDS.plain);
  await page.waitForFunction(() => (document.querySelector('#code') as HTMLTextAreaElement).value.length > 0);
  await page.locator('#proxy').fill('not a proxy');
  assert.is(await page.locator('#proxy').getAttribute('aria-invalid'), 'true');
  assert.match(await page.locator('#code').inputValue(), /data-api-key=/, 'not an address: the snippet as before');
  await page.locator('#proxy').fill(`${env.base}/fp/`);
  assert.is(await page.locator('#proxy').getAttribute('aria-invalid'), 'false');
  const snippet = await page.locator('#code').inputValue();
  assert.not.match(snippet, /api-key|api_key/);
  assert.match(snippet, new RegExp(`<script async src="${env.base}/embed\\.js" data-api-base="${env.base}/fp"></script>$`));
  const files = [...snippet.matchAll(/ (?:src|srcset)="([^"]+)"/g)].map((m) => m[1]).filter((url) => !url.endsWith('/embed.js'));
  assert.ok(files.length >= 1 && files.every((url) => url.startsWith(`${env.base}/fp/media/`)), files.join(' '));
  await context.close();

  // The snippet on a page of that site, whose policy allows images, scripts and calls from its own origin only.
  const site = await env.browser.newContext();
  await site.route(`${env.base}/examples/__first-party-snippet.html`, (route) => route.fulfill({
    contentType: 'text/html',
    headers: { 'Content-Security-Policy': "img-src 'self'; script-src 'self'; connect-src 'self'; media-src 'self'" },
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A post</title></head><body>${snippet}</body></html>`,
  }));
  await site.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __violations: string[] }).__violations = []);
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  const post = await site.newPage();
  const requests: string[] = [];
  post.on('request', (r) => requests.push(r.url()));
  await post.goto(`${env.base}/examples/__first-party-snippet.html`);
  await post.waitForFunction((id) => document.querySelector(`[data-gif-id="${id}"]`)?.getAttribute('data-gif-embed-state') === 'ready', IDS.plain);
  assert.equal(requests.filter((url) => new URL(url).origin !== env.base), [], 'every file from the site\'s own origin');
  assert.equal(await post.evaluate(() => (window as unknown as { __violations: string[] }).__violations.filter((v) => !v.startsWith('style-src'))), []);
  assert.equal(errors, []);
  await site.close();
});

test('what is not an id says so, an unknown id says so, and nothing is offered to copy', async () => {
  const { page, context, errors } = await open(env, BUILDER, PHONE);
  const status = page.locator('#status');
  await page.locator('#source').fill('https://example.com/about/');
  await page.locator('button[type=submit]').click();
  await status.filter({ hasText: 'That is not a GIF id or a GIF page address.' }).waitFor();
  assert.ok(await page.locator('#copy').isDisabled());
  assert.is(await page.locator('#code').inputValue(), '');
  await page.locator('#source').fill('noSuchGif999');
  await page.locator('#source').press('Enter');
  await status.filter({ hasText: 'No GIF has that id.' }).waitFor();
  assert.ok(await page.locator('#copy').isDisabled());
  // A media address works as well as a page address.
  await page.locator('#source').fill(`${env.base}/media/${IDS.wide}/giphy.gif`);
  await page.locator('#source').press('Enter');
  // On a phone the preview is below the form: the reader scrolls to it, and its player starts.
  await page.locator('#preview [data-gif-id]').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('#preview [data-gif-id]')?.getAttribute('data-gif-embed-state') === 'ready');
  // On a phone the fixed 480 px box fits the column (max-width: 100%), and the page does not scroll sideways.
  const { width, page: pageWidth } = await page.evaluate(() => ({ width: document.querySelector('#preview [data-gif-id]')!.getBoundingClientRect().width, page: document.documentElement.scrollWidth }));
  assert.ok(width < 390 && pageWidth <= 390, `box ${width} px, page ${pageWidth} px wide`);
  await snap(page, 'snippet-builder-phone');
  assert.equal(errors.filter((e) => !/404/.test(e)), []);
  await context.close();
});

test.run();
