/**
 * The plain snippet's first picture (src/embed/early-picture.ts): embed.js asks for the first
 * screen's GIFs, puts the file the player will show into each plain snippet as the progressive
 * snippet's picture, and asks for the player file only once those pictures are in and painted.
 * The player then takes the picture over: one download per box, nothing shifts, and the words
 * the player reads are the API's. A page whose placeholders come later (an ad network's) starts
 * the same way at its first placement.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Page } from 'playwright-core';
import { IDS } from '../../server/catalogue';
import { normalizeGif, type Gif } from '../../src/model';
import { eventually, withEnv, DESKTOP, type Env } from './support/harness';
import { apiCalls, openEmbedPage, placeholder, playerCalls, playerRoot, waitForState, PLACEHOLDER } from './embed-page';

let env: Env;
withEnv(test, (started) => (env = started));

/** The GIF as the service gives it. */
async function gifOf(id: string): Promise<Gif> {
  const json = await (await fetch(`${env.base}/v1/gifs/${id}?api_key=test`)).json();
  return normalizeGif(json.data, json.meta);
}

/** The player file takes a phone's time to come (on loopback it could otherwise run first). */
const slowPlayer = (context: BrowserContext) => context.route(/\/plugins\/player-/, (route) => setTimeout(() => void route.continue(), 400));

/** When each request of the page was asked for and was in (Resource Timing, ms), by a part of its address. */
const timing = (page: Page, part: string) =>
  page.evaluate((part) => {
    const entry = performance.getEntriesByType('resource').find((e) => e.name.includes(part)) as PerformanceResourceTiming | undefined;
    return entry && { asked: entry.startTime, in: entry.responseEnd };
  }, part);

/**
 * Whether the page has asked for a player file, once embed.js has run and the frame after it has
 * rendered (embed.js decides in the task after that frame: src/dom.ts afterPaint).
 */
const playerAsked = (page: Page) =>
  page.evaluate(async () => {
    while (!(window as unknown as { GifEmbed?: unknown }).GifEmbed) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r))));
    return !!document.querySelector('script[src*="/plugins/player-"]');
  });

/** Layout shifts of the page, summed from its first byte. */
const SHIFT_WATCH = () => {
  const w = window as unknown as { __shift: number };
  w.__shift = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__shift += (e as unknown as { value: number }).value;
  }).observe({ type: 'layout-shift', buffered: true });
};

test("a plain snippet's GIF file is in before the player file is asked for, and taken over by the player: one download, no shift, the API's words", async () => {
  const gifs = await Promise.all([IDS.plain, IDS.sticker].map(gifOf));
  const { page, close, requests, errors } = await openEmbedPage(env, gifs.map((gif) => placeholder(gif.id)).join(''), {
    prepare: async (context) => {
      await context.addInitScript(SHIFT_WATCH);
      await slowPlayer(context);
    },
  });
  await waitForState(page, 'ready', 2);
  // The picture stays under the player, named by the link's words.
  assert.is(await page.locator(`[data-gif-id="${IDS.plain}"] > a img`).getAttribute('alt'), `GIF ${IDS.plain}`, "the link's words name the picture");
  const player = await timing(page, '/plugins/player-');
  for (const gif of gifs) {
    const box = page.locator(`[data-gif-id="${gif.id}"]`);
    const file = await box.locator(':scope > a img').evaluate((img: HTMLImageElement) => img.currentSrc);
    // The file the player shows in that box (spec §5): the WebP for a GIF, the plain file for a sticker.
    const rendition = Object.values(gif.images).find((r) => r && (r.url === file || r.webp === file));
    assert.ok(rendition, `${gif.id}: ${file} is one of the GIF's files`);
    assert.is(file, gif.is_sticker ? rendition!.url : rendition!.webp, `${gif.id}: the file for its kind`);
    const shown = await box.locator('.r img').first().evaluate((img: HTMLImageElement) => img.currentSrc);
    assert.is(shown, file, `${gif.id}: the player shows the picture's own file`);
    assert.is(requests.filter((r) => r.url() === file).length, 1, `${gif.id}: ${file} requested once`);
    const files = Object.values(gif.images).flatMap((r) => (r ? [r.url, r.webp] : [])).filter(Boolean);
    assert.equal(requests.map((r) => r.url()).filter((url) => files.includes(url) && url !== file), [], `${gif.id}: no other file of the GIF`);
    // The picture was in (and then decoded and painted) before the player file was asked for.
    const asked = await timing(page, file);
    assert.ok(asked && player && asked.in < player.asked, `${gif.id}: its file in at ${asked?.in} ms, the player file asked at ${player?.asked} ms`);
  }
  // The player reads the GIF's own words, not the snippet link's.
  const label = await playerRoot(page, `[data-gif-id="${IDS.plain}"]`).locator('.g img').first().getAttribute('alt');
  assert.is.not(label, `GIF ${IDS.plain}`);
  assert.ok(label && label.length > 0, `the player's alt: ${label}`);
  assert.is(apiCalls(requests).length, 1, 'one API request: the player took embed.js\'s answer');
  assert.is(playerCalls(requests), 1, 'the player file once');
  assert.is(await page.evaluate(() => (window as unknown as { __shift: number }).__shift), 0, 'layout shift');
  assert.equal(errors, []);
  await close();
});

test('placements an ad network adds once the page has loaded: the first starts the same way, and no player file comes before it', async () => {
  const { page, close, requests, errors } = await openEmbedPage(env, '<main id="feed"><p>Story one.</p></main>');
  assert.is(await playerAsked(page), false, 'no player file on a page with no placeholder');
  await page.evaluate((html) => document.getElementById('feed')!.insertAdjacentHTML('beforeend', html), placeholder(IDS.plain));
  await waitForState(page, 'ready');
  const gif = await gifOf(IDS.plain);
  const file = await page.locator(`[data-gif-id="${IDS.plain}"] > a img`).evaluate((img: HTMLImageElement) => img.currentSrc);
  assert.ok(Object.values(gif.images).some((r) => r?.webp === file), `the placement's picture: ${file}`);
  const [asked, player] = await Promise.all([timing(page, file), timing(page, '/plugins/player-')]);
  assert.ok(asked && player && asked.asked < player.asked, `its file asked at ${asked?.asked} ms, the player file at ${player?.asked} ms`);
  assert.is(requests.filter((r) => r.url() === file).length, 1, 'the file once');
  assert.is(playerCalls(requests), 1);
  assert.equal(errors, []);
  await close();
});

test('a page with no placeholder gets the player file at its first call to GifEmbed, and the call is made', async () => {
  const { page, close, requests, errors } = await openEmbedPage(env, '<div id="later"></div>');
  assert.is(await playerAsked(page), false);
  // mount() of an element the page made: the call is kept, the player file comes and makes it.
  await page.evaluate((html) => {
    const box = document.getElementById('later')!;
    box.innerHTML = html;
    (window as unknown as { GifEmbed: { mount(el: Element): void } }).GifEmbed.mount(box.firstElementChild!);
  }, placeholder(IDS.sticker));
  await waitForState(page, 'ready');
  await eventually(() => playerCalls(requests) === 1, 'the player file, once');
  assert.equal(errors, []);
  await close();
});

test('no picture where the player would not show the GIF moving at once: a hover policy, the reader asking for reduced motion; the player shows its still there', async () => {
  const { page, close, requests, errors } = await openEmbedPage(env, `${placeholder(IDS.plain, 'data-autoplay="hover"')}${placeholder(IDS.wide)}`, {
    prepare: async (context) => {
      await slowPlayer(context);
    },
    device: { ...DESKTOP, reducedMotion: 'reduce' },
  });
  await waitForState(page, 'ready', 2);
  assert.is(await page.locator(`${PLACEHOLDER} > a img`).count(), 0, 'the links kept their words');
  const gifs = await Promise.all([IDS.plain, IDS.wide].map(gifOf));
  const moving = gifs.flatMap((gif) => Object.entries(gif.images).filter(([name]) => !name.endsWith('_still')).flatMap(([, r]) => (r ? [r.url, r.webp] : [])));
  assert.equal(requests.map((r) => r.url()).filter((url) => moving.includes(url)), [], 'no moving file fetched');
  assert.equal(errors, []);
  await close();
});

test('an answer slower than the player file: the player, come at its deadline, shows the GIF, and no picture goes in under it', async () => {
  const { page, close, errors } = await openEmbedPage(env, placeholder(IDS.plain), {
    // embed.js asks for the player file at most 1 s after its request: the answer comes after that.
    prepare: (context) => context.route(/\/v1\/gifs\?/, (route) => setTimeout(() => void route.continue(), 1800)),
  });
  await waitForState(page, 'ready');
  // Past the answer's coming: embed.js had its chance to put a picture in.
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/v1/gifs?')));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r)))));
  assert.is(await page.locator(`${PLACEHOLDER} > a img`).count(), 0, 'the link as the page wrote it');
  assert.ok(await playerRoot(page).locator('a.g img').getAttribute('srcset'), 'the player chose its own file');
  assert.equal(errors, []);
  await close();
});

test('below the first screen no picture goes in: the player picks the file for its box itself, with a srcset', async () => {
  const { page, close, errors } = await openEmbedPage(env, `<div style="height:1200px"></div>${placeholder(IDS.plain)}`);
  assert.is(await page.locator(`${PLACEHOLDER} > a img`).count(), 0);
  await page.locator(PLACEHOLDER).scrollIntoViewIfNeeded();
  await waitForState(page, 'ready');
  assert.match((await playerRoot(page).locator('a.g img').getAttribute('srcset'))!, / 200w/);
  assert.equal(errors, []);
  await close();
});

test.run();
