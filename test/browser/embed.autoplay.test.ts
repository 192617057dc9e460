/**
 * The autoplay policy, Data Saver and the `auto` theme of the embed in Chromium (docs/embed.md,
 * "Autoplay and Data Saver"): each policy by mouse, keyboard and touch; the page's policy on the
 * script tag; `GifEmbed.setAutoplay` live (and called before the player file came); Save-Data
 * (the browser's Data Saver, and `prefers-reduced-data`) with no moving file fetched until play,
 * asserted from the network; reduced motion with it; the player page under Data Saver; and a
 * theme that follows the reader's colour scheme as it changes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { IDS } from '../../server/catalogue/items';
import { normalizeGif, scriptEmbedCode } from '../../src/model';
import { DESKTOP, PHONE, eventually, snap, withEnv, type Env } from './support/harness';
import { openEmbedPage, placeholder, playerRoot, waitForState, PLACEHOLDER } from './embed-page';

let env: Env;
withEnv(test, (started) => (env = started), { reset: true });

/** A media file that moves: a GIF, WebP or mp4 of a rendition, not its still (`_s.`). */
const MOVING_FILE = /\/media\/[^?]*\/(?![^/]*_s\.)[^/]+\.(gif|webp|mp4)(\?|$)/;
const moving = (requests: Request[]) => requests.map((r) => r.url()).filter((url) => MOVING_FILE.test(url));

/** The file the `i`th player shows: its image's, or its video's. */
function shown(page: Page, i = 0): Promise<string> {
  return page.locator(PLACEHOLDER).nth(i).evaluate((el) => {
    const media = el.shadowRoot!.querySelector<HTMLImageElement | HTMLVideoElement>('.g img, .g video')!;
    return media.currentSrc || media.src;
  });
}
const isStill = (url: string) => /_s\.(gif|webp)/.test(url);

/** Waits until the `i`th player shows its still (true) or a moving file (false). */
async function showsStill(page: Page, still: boolean, what: string, i = 0) {
  await eventually(async () => isStill(await shown(page, i)) === still, what);
}

/** The play control of the `i`th player: its name and state. */
async function control(page: Page, i = 0) {
  const button = page.locator(PLACEHOLDER).nth(i).locator('.hd button.pp');
  return { name: await button.getAttribute('aria-label'), pressed: await button.getAttribute('aria-pressed') };
}

/** Data Saver as the browser sets it (CDP), for every page of `context`. */
async function saveData(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
}

test('hover: still until pointed at or focused, by mouse and by keyboard; nothing moving fetched before', async () => {
  const { page, close, requests, errors } = await openEmbedPage(env, placeholder(IDS.plain, 'data-autoplay="hover"'));
  await waitForState(page, 'ready');
  await showsStill(page, true, 'the still');
  assert.equal(moving(requests), [], 'no moving file before the hover');
  assert.equal(await control(page), { name: 'Play', pressed: 'true' });
  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 100);
  await showsStill(page, false, 'plays while pointed at');
  await page.mouse.move(box.x + 100, box.y + box.height + 200);
  await showsStill(page, true, 'still again once the pointer left');
  // The keyboard: focus on the GIF plays it, leaving stills it.
  await page.keyboard.press('Tab');
  await eventually(() => page.evaluate(() => document.activeElement?.matches('[data-gif-id]')), 'focus in the player');
  await showsStill(page, false, 'plays while focused');
  await page.evaluate(() => (document.activeElement as HTMLElement).blur());
  await showsStill(page, true, 'still once the focus left');
  assert.equal(errors, []);
  await close();
});

test('click: a click on the still GIF plays it and opens nothing; the next click is the link; Enter plays too', async () => {
  const { page, context, close, requests } = await openEmbedPage(env, placeholder(IDS.plain, 'data-autoplay="click"') + placeholder(IDS.sticker, 'data-autoplay="click"'));
  await waitForState(page, 'ready', 2);
  await showsStill(page, true, 'the still');
  assert.equal(moving(requests), [], 'nothing moving before a click');
  const popups: string[] = [];
  context.on('page', (p) => popups.push(p.url()));
  // Near the top: the footer's related grid covers the GIF's lower half once the chrome shows.
  await playerRoot(page).locator('a.g').click({ position: { x: 120, y: 70 } });
  await showsStill(page, false, 'played by the click');
  assert.equal(await control(page), { name: 'Pause', pressed: 'false' });
  assert.equal(popups, [], 'the click that played opened no page');
  await playerRoot(page).locator('a.g').click({ position: { x: 120, y: 70 } });
  await eventually(() => popups.length === 1, 'the GIF page, at the click on a playing GIF');
  // The keyboard: Enter on the second GIF's link plays it.
  const second = page.locator(PLACEHOLDER).nth(1);
  await second.locator('a.g').focus();
  await page.keyboard.press('Enter');
  await showsStill(page, false, 'played by Enter', 1);
  assert.is(popups.length, 1, 'Enter that played opened nothing');
  await close();
});

test('never: still, a click on the GIF is its link, and the play control alone plays it (Space)', async () => {
  const { page, context, close, requests } = await openEmbedPage(env, placeholder(IDS.plain, 'data-autoplay="never"'));
  await waitForState(page, 'ready');
  await showsStill(page, true, 'the still');
  const popup = context.waitForEvent('page');
  await playerRoot(page).locator('a.g').click({ position: { x: 120, y: 70 } });
  await (await popup).close();
  assert.ok(isStill(await shown(page)), 'a click on the GIF does not play it');
  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 100);
  await page.waitForTimeout(300);
  assert.ok(isStill(await shown(page)), 'a hover does not play it');
  // Its related grid's tiles follow its policy: stills too.
  await eventually(() => playerRoot(page).locator('.gif-embed-gif img').count(), 'the related tiles');
  assert.equal(moving(requests), [], 'nothing moving: neither the GIF nor its related tiles');
  await playerRoot(page).locator('button.pp').focus();
  await page.keyboard.press(' ');
  await showsStill(page, false, 'the play control plays it');
  assert.equal(await control(page), { name: 'Pause', pressed: 'false' });
  await close();
});

test('the script tag sets the page\'s policy; a placeholder\'s own value wins; false and true keep their meaning', async () => {
  const body = placeholder(IDS.plain) + placeholder(IDS.sticker, 'data-autoplay="always"') + placeholder(IDS.noUser, 'data-autoplay="false"');
  const { page, close } = await openEmbedPage(env, body, { script: 'data-autoplay="never"', device: { viewport: { width: 1280, height: 1400 } } });
  await waitForState(page, 'ready', 3);
  await showsStill(page, true, 'the page\'s never', 0);
  await showsStill(page, false, 'its own always', 1);
  await showsStill(page, true, 'false is never', 2);
  await close();
});

test('setAutoplay changes every player live, its own value included; one called before the player file is kept', async () => {
  const body = placeholder(IDS.plain) + placeholder(IDS.sticker, 'data-autoplay="hover"');
  const { page, close, errors } = await openEmbedPage(env, body, { device: { viewport: { width: 1280, height: 1400 } } });
  await waitForState(page, 'ready', 2);
  await showsStill(page, false, 'always by default', 0);
  await showsStill(page, true, 'its own hover', 1);
  await page.evaluate(() => window.GifEmbed!.setAutoplay('never'));
  await showsStill(page, true, 'paused by the page\'s switch', 0);
  await showsStill(page, true, 'still under never', 1);
  assert.equal(await control(page, 0), { name: 'Play', pressed: 'true' });
  await page.evaluate(() => window.GifEmbed!.setAutoplay('always'));
  await showsStill(page, false, 'playing again', 0);
  await showsStill(page, false, 'the switch holds over its own hover', 1);
  await page.evaluate(() => window.GifEmbed!.setAutoplay('sometimes'));
  await showsStill(page, false, 'an unknown policy changes nothing', 0);
  assert.equal(errors, []);
  await close();

  // Called by the page's own script before embed.js's player file ran: kept, then made.
  const early = await openEmbedPage(env, placeholder(IDS.plain), {
    html: (key) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Early switch</title></head><body>${placeholder(IDS.plain)}
<script src="/embed.js" data-api-key="${key}"></script><script>GifEmbed.setAutoplay('click')</script></body></html>`,
  });
  await waitForState(early.page, 'ready');
  await showsStill(early.page, true, 'the page\'s early click policy');
  await early.close();
});

test('touch: under hover and click a tap on the still GIF plays it; under never it opens the footer', async () => {
  const body = placeholder(IDS.plain, 'data-autoplay="hover"', 320, 240) + placeholder(IDS.sticker, 'data-autoplay="click"', 320, 240) + placeholder(IDS.noUser, 'data-autoplay="never"', 320, 240);
  const { page, close, requests } = await openEmbedPage(env, body, { device: { ...PHONE, viewport: { width: 390, height: 1200 } } });
  await waitForState(page, 'ready', 3);
  for (let i = 0; i < 3; i++) await showsStill(page, true, `still ${i}`, i);
  assert.equal(moving(requests), [], 'nothing moving before a tap');
  for (let i = 0; i < 2; i++) {
    await page.locator(PLACEHOLDER).nth(i).locator('button.g').tap();
    await showsStill(page, false, `tapped ${i} plays`, i);
  }
  const third = page.locator(PLACEHOLDER).nth(2).locator('button.g');
  const open = await third.getAttribute('aria-expanded');
  await third.tap();
  await eventually(async () => (await third.getAttribute('aria-expanded')) !== open, 'the footer toggled');
  assert.ok(isStill(await shown(page, 2)), 'never: the tap does not play');
  await close();
});

test('Data Saver (Save-Data, then prefers-reduced-data): stills only, no moving file until the reader plays one', async () => {
  for (const how of ['saveData', 'prefers-reduced-data'] as const) {
    const body = placeholder(IDS.plain) + placeholder(IDS.sticker) + placeholder(IDS.clip2);
    const { page, context, close, requests } = await openEmbedPage(env, body, {
      device: { viewport: { width: 1280, height: 1400 } },
      prepare: async (ctx) => {
        if (how === 'prefers-reduced-data') {
          // The engine has the feature behind its flag (CHROMIUM_ARGS); DevTools emulates it per page.
          ctx.on('page', (p) => void ctx.newCDPSession(p).then((cdp) => cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-data', value: 'reduce' }] })));
        }
      },
    });
    // The first load (before the emulation held) is done, and forgotten: only the reload's requests count.
    await waitForState(page, 'ready', 3);
    if (how === 'saveData') await saveData(context, page);
    requests.length = 0;
    await page.reload();
    assert.ok(await page.evaluate((h) => (h === 'saveData' ? (navigator as unknown as { connection: { saveData: boolean } }).connection.saveData : matchMedia('(prefers-reduced-data: reduce)').matches), how), `${how} emulated`);
    await waitForState(page, 'ready', 3);
    for (let i = 0; i < 3; i++) await showsStill(page, true, `${how}: still ${i}`, i);
    const box = (await page.locator(PLACEHOLDER).first().boundingBox())!;
    await page.mouse.move(box.x + 100, box.y + 100);
    await page.waitForTimeout(400);
    assert.equal(moving(requests), [], `${how}: no moving file, a hover included`);
    assert.equal(await control(page), { name: 'Play', pressed: 'true' });
    await playerRoot(page).locator('button.pp').click();
    await showsStill(page, false, `${how}: played`);
    assert.is(moving(requests).length, 1, `${how}: the one file played, and only it: ${moving(requests)}`);
    await close();
  }
});

test('reduced motion and Data Saver together: stills, the click policy still plays on a click', async () => {
  const { page, context, close, requests } = await openEmbedPage(env, placeholder(IDS.plain) + placeholder(IDS.sticker, 'data-autoplay="click"'), {
    device: { ...DESKTOP, reducedMotion: 'reduce', viewport: { width: 1280, height: 1400 } },
  });
  await waitForState(page, 'ready', 2);
  await saveData(context, page);
  requests.length = 0;
  await page.reload();
  await waitForState(page, 'ready', 2);
  await showsStill(page, true, 'still', 0);
  await showsStill(page, true, 'still', 1);
  assert.equal(moving(requests), []);
  await page.locator(PLACEHOLDER).nth(1).locator('a.g').click();
  await showsStill(page, false, 'the click plays it', 1);
  assert.ok(isStill(await shown(page, 0)));
  await close();
});

test('Data Saver leaves a progressive snippet\'s own image playing: it was on the page before us', async () => {
  // The snippet the share menu hands out, its image the GIF's own file.
  const json = await (await fetch(`${env.base}/v1/gifs/${IDS.plain}?api_key=test`)).json();
  const snippet = scriptEmbedCode(normalizeGif(json.data, json.meta), { script: '' }).trim();
  const { page, context, close } = await openEmbedPage(env, snippet);
  await saveData(context, page);
  await page.reload();
  await waitForState(page, 'ready');
  await page.waitForTimeout(200);
  assert.not.ok(isStill(await shown(page)), 'the adopted image keeps playing');
  await close();
});

test('the player page (the iframe and oEmbed\'s) under Data Saver fetches no moving file until play', async () => {
  const context = await env.browser.newContext(DESKTOP);
  const page = await context.newPage();
  await saveData(context, page);
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  await page.goto(`${env.base}/embed/${IDS.plain}`);
  await waitForState(page, 'ready');
  await showsStill(page, true, 'the still in the player page');
  assert.equal(moving(requests), []);
  await playerRoot(page).locator('button.pp').click();
  await showsStill(page, false, 'played');
  await context.close();
});

test('data-theme="auto" and <gif-embed theme="auto"> follow the reader\'s colour scheme, live', async () => {
  const body = placeholder(IDS.plain, 'data-theme="auto"') + `<gif-embed gif-id="${IDS.sticker}" width="480" height="360" theme="auto" style="display:block;width:480px;aspect-ratio:4/3"></gif-embed>`;
  const { page, close } = await openEmbedPage(env, body, { device: { ...DESKTOP, colorScheme: 'dark', viewport: { width: 1280, height: 1400 } } });
  await waitForState(page, 'ready', 2);
  const themes = () => page.evaluate(() => [...document.querySelectorAll('[data-gif-id],gif-embed')].map((el) => el.shadowRoot!.querySelector('.r')!.classList.contains('l') ? 'light' : 'dark'));
  const background = () => page.locator('[data-gif-id]').first().evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('.r')!).backgroundColor);
  assert.equal(await themes(), ['dark', 'dark']);
  assert.is(await background(), 'rgb(18, 18, 18)');
  await page.emulateMedia({ colorScheme: 'light' });
  await eventually(async () => (await themes()).join() === 'light,light', 'light with the reader');
  assert.is(await background(), 'rgb(244, 244, 244)');
  await snap(page, 'embed-theme-auto-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await eventually(async () => (await themes()).join() === 'dark,dark', 'dark again');
  await close();
});

test.run();
