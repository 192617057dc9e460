/**
 * Clips (spec §3, §5: "video uses mp4") in Chromium: the player and the SDK's tiles play a clip's
 * mp4 as a muted, looping, inline video over its still; it stands still under reduced motion and
 * off screen; nothing fetches a GIF or WebP of a clip, which has none.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page, Request } from 'playwright-core';
import { CLIPS, IDS } from '../../server/catalogue/items';
import { openEmbedPage, placeholder, seenUntil, waitForState, PLACEHOLDER } from './embed-page';
import { open, withEnv, DESKTOP, PHONE, type Env } from './support/harness';

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
  );
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

test('the SDK\'s clip tiles (examples/sdk.html) play each rendition\'s mp4 on screen; under reduced motion they wait on their still until pointed at', async () => {
  const { page, requests, errors } = await open(env, '/examples/sdk.html?q=', DESKTOP);
  const tile = '#clips .gif-embed-gif';
  await page.locator(tile).first().waitFor();
  await page.locator('#clips').scrollIntoViewIfNeeded();
  const video = `${tile} video`;
  await playsOn(page, video);
  const state = await videoState(page, video);
  assert.match(state.src, /\/media\/clip\w+\/(200|100|200w|100w|giphy)\.mp4$/, 'the mp4 of the rendition for the tile');
  assert.match(state.poster, /_s\.gif$/);
  assert.ok(state.muted && state.loop && state.inline);
  const ids = await page.locator(tile).evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-gif-id')));
  assert.ok(ids.length >= 4 && ids.every((id) => id!.startsWith('clip')), 'the carousel holds the clips');
  for (const id of ids) assert.equal(movingImages(requests, id!), []);
  assert.equal(errors, []);

  const calm = await open(env, '/examples/sdk.html?q=', { ...PHONE, reducedMotion: 'reduce' });
  const first = calm.page.locator(tile).first();
  await first.waitFor();
  await first.scrollIntoViewIfNeeded();
  await calm.page.waitForFunction((sel) => !!document.querySelector(`${sel} img`), tile);
  assert.is(await calm.page.locator(video).count(), 0, 'no clip moves under reduced motion');
  assert.match((await first.locator('img').getAttribute('src'))!, /_s\.gif$/);
  assert.is(await first.getAttribute('data-still'), '', 'with the play badge');
  await first.focus();
  await playsOn(calm.page, `${tile}:focus video`);
});

test.run();
