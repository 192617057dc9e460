/**
 * Clips (spec §3, §5: "video uses mp4") in Chromium: the player and the SDK's tiles play a clip's
 * mp4 as a muted, looping, inline video over its still; it stands still under reduced motion and
 * off screen; nothing fetches a GIF or WebP of a clip, which has none.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContextOptions, Page, Request } from 'playwright-core';
import { CLIPS, IDS } from '../../server/catalogue/items';
import { openEmbedPage, placeholder, seenUntil, waitForState, PLACEHOLDER } from './embed-page';
import { withEnv, DESKTOP, PHONE, type Env } from './support/harness';

let env: Env;
withEnv(test, (started) => (env = started));

/** What a `<video>` is doing, read in the page; `selector` pierces the player's shadow root. */
function videoState(page: Page, selector: string) {
  return page.locator(selector).first().evaluate((v: HTMLVideoElement) => ({
    src: v.currentSrc, poster: v.poster, paused: v.paused, muted: v.muted, loop: v.loop, inline: v.playsInline, time: v.currentTime,
  }));
}

/** Waits, in the page (every frame), until the video `selector` finds has played on for `seconds` of its own clock from now. */
async function playsOn(page: Page, selector: string, seconds = 0.3) {
  const handle = await page.locator(selector).first().elementHandle();
  await page.waitForFunction(
    ([v, s]) => {
      // A loop jumps back to 0: only forward steps count.
      const video = v as HTMLVideoElement & { played_?: { sum: number; last: number } };
      const d = video.played_ ?? (video.played_ = { sum: 0, last: video.currentTime });
      if (video.currentTime > d.last) d.sum += video.currentTime - d.last;
      d.last = video.currentTime;
      return d.sum >= (s as number);
    },
    [handle, seconds] as const,
    { timeout: 10_000, polling: 'raf' },
  ).catch(async (error) => {
    const state = await handle!.evaluate((v: HTMLVideoElement) => ({ paused: v.paused, time: v.currentTime, ready: v.readyState, network: v.networkState, error: v.error?.code, src: v.currentSrc, connected: v.isConnected, visible: v.checkVisibility?.() }));
    throw new Error(`${(error as Error).message}: the video ${JSON.stringify(state)}`);
  });
  await handle!.evaluate((v) => delete (v as { played_?: unknown }).played_);
}

/** Moving files (GIF or WebP, not stills) asked for the clip `id`: a clip has none. */
const movingImages = (requests: Request[], id: string) =>
  requests.map((r) => new URL(r.url()).pathname).filter((p) => p.includes(`/media/${id}/`) && /\.(gif|webp)$/.test(p) && !/_s\.(gif|webp)$/.test(p));

test('the catalogue has clips: type video, moving as mp4 only', () => {
  assert.ok(CLIPS.length >= 4);
  assert.ok(CLIPS.every((c) => c.clip));
});

test('an embedded clip plays its hd mp4 muted, looping and inline over its still, and is counted as seen', async () => {
  const { page, requests, errors, apiKey } = await openEmbedPage(env, placeholder(IDS.clip, '', 480, 270));
  await waitForState(page, 'ready');
  const video = `${PLACEHOLDER} video`;
  await playsOn(page, video);
  const state = await videoState(page, video);
  assert.match(state.src, new RegExp(`/media/${IDS.clip}/giphy-hd\\.mp4$`), 'the hd mp4 (spec §3)');
  assert.match(state.poster, /_s\.gif$/, 'its still as poster');
  assert.ok(state.muted && state.loop && state.inline && !state.paused);
  assert.equal(movingImages(requests, IDS.clip), []);
  assert.equal(await seenUntil(env.base, apiKey, (ids) => ids.includes(IDS.clip)), [IDS.clip]);
  assert.equal(errors, []);
});

test('a clip off screen is paused, and plays again on screen; under reduced motion it shows its still until played', async () => {
  const spacer = '<div style="height:2400px"></div>';
  const { page, close } = await openEmbedPage(env, placeholder(IDS.clip2, '', 480, 360) + spacer);
  await waitForState(page, 'ready');
  const video = `${PLACEHOLDER} video`;
  await playsOn(page, video);
  await page.evaluate(() => scrollTo(0, 2000));
  await page.locator(video).first().evaluate((v: HTMLVideoElement) => new Promise((resolve) => (v.paused ? resolve(true) : v.addEventListener('pause', resolve, { once: true }))));
  await page.evaluate(() => scrollTo(0, 0));
  await playsOn(page, video);
  await close();

  const calm = await openEmbedPage(env, placeholder(IDS.clip2, '', 480, 360), { device: { ...DESKTOP, reducedMotion: 'reduce' } });
  await waitForState(calm.page, 'ready');
  const player = calm.page.locator(PLACEHOLDER).first();
  assert.is(await player.locator('video').count(), 0, 'no video under reduced motion');
  assert.match((await player.locator('img').first().getAttribute('src'))!, new RegExp(`/media/${IDS.clip2}/.*_s\\.gif$`), 'the still');
  await player.hover();
  await player.getByRole('button', { name: 'Play' }).click();
  await playsOn(calm.page, video);
});

/** A plain page with `dist/sdk.js` showing the clips in a Carousel (GifEmbedSDK.videos), its pingbacks under `key`. */
async function clipsPage(key: string, options: BrowserContextOptions) {
  const context = await env.browser.newContext(options);
  // A routed page counts as a public address to Chromium; the media is on the loopback service.
  await context.grantPermissions(['local-network-access']);
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Clips</title><link rel="icon" href="data:,"></head>
<body><h1>Clips</h1><div id="clips"></div><script src="/sdk.js"></script><script>
GifEmbedSDK.configure({ apiBase: location.origin, pingbackBase: location.origin, apiKey: '${key}' });
GifEmbedSDK.renderCarousel('#clips', { fetchGifs: (offset) => GifEmbedSDK.videos({ offset, limit: 10 }), gifHeight: 140 });
</script></body></html>`;
  await context.route(`${env.base}/examples/__clips.html`, (route) => route.fulfill({ contentType: 'text/html', body }));
  const page = await context.newPage();
  const requests: Request[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${env.base}/examples/__clips.html`);
  return { page, requests, errors };
}

test('the SDK\'s clip tiles (sdk.js, GifEmbedSDK.videos) play each rendition\'s mp4 and are counted as seen; under reduced motion they wait on their still until focused', async () => {
  const { page, requests, errors } = await clipsPage('clips-sdk', DESKTOP);
  const tile = '#clips .gif-embed-gif';
  const video = `${tile} video`;
  await page.locator(video).first().waitFor();
  await playsOn(page, video);
  const state = await videoState(page, video);
  assert.match(state.src, /\/media\/clip\w+\/(200|100|200w|100w|giphy)\.mp4$/, 'the mp4 of the rendition for the tile');
  assert.match(state.poster, /_s\.gif$/);
  assert.ok(state.muted && state.loop && state.inline);
  const ids = await page.locator(tile).evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-gif-id')!));
  assert.equal([...ids].sort(), CLIPS.map((c) => c.id).sort(), 'the carousel holds the clips');
  assert.equal(await seenUntil(env.base, 'clips-sdk', (seen) => ids.every((id) => seen.includes(id))).then((seen) => [...seen].sort()), [...ids].sort(), 'each clip seen once');
  for (const id of ids) assert.equal(movingImages(requests, id), []);
  assert.equal(errors, []);

  const calm = await clipsPage('clips-calm', { ...PHONE, reducedMotion: 'reduce' });
  const first = calm.page.locator(tile).first();
  await calm.page.waitForFunction((sel) => !!document.querySelector(`${sel} img`), tile);
  assert.is(await calm.page.locator(video).count(), 0, 'no clip moves under reduced motion');
  assert.match((await first.locator('img').getAttribute('src'))!, /_s\.gif$/);
  assert.is(await first.getAttribute('data-still'), '', 'with the play badge');
  await first.focus();
  await playsOn(calm.page, `${tile}:focus video`);
});

test.run();
