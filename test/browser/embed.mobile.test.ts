/**
 * The mobile player in Chromium with a phone's device string and touch: the sliding footer
 * with 'View on', the logo button and Watch (provider media only), no share menu, no related
 * footer, and no plugin file fetched until the visitor asks for the video.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IDS } from '../../server/catalogue/items';
import { PLUGIN_IDLE_DELAY_MS } from '../../src/player/constants';
import { PHONE, afterPageTimer, eventually, frames, withEnv, snap, type Env } from './support/harness';
import { openEmbedPage, placeholder, playerFiles, playerRoot, pluginCalls, uncaught, waitForState, PLACEHOLDER } from './embed-page';

let env: Env;
withEnv(test, (started) => (env = started));

test('mobile layout: footer slides in with View on + product name and the logo; no share, no related, no plugin', async () => {
  const { page, close, requests, errors } = await openEmbedPage(env, placeholder(IDS.plain) + placeholder(IDS.youtube), { device: PHONE });
  await waitForState(page, 'ready', 2);
  const root = playerRoot(page);
  assert.is(await root.locator('.mf').count(), 1, 'the mobile layout: its footer');
  assert.equal(playerFiles(requests), ['player-mobile'], 'the mobile player file, once, and not the desktop one');
  const footer = root.locator('.mf');
  await eventually(() => footer.evaluate((el) => getComputedStyle(el).transform === 'none'), 'the footer to slide in');
  const view = footer.locator('a.vo');
  assert.is((await view.textContent())!.replace(/\s+/g, ' ').trim(), 'View on GIF Embed');
  assert.is(await view.getAttribute('target'), '_blank');
  assert.is(await footer.locator('a[aria-label="GIF Embed"]').count(), 1, 'logo button');
  assert.is(await root.getByRole('button', { name: 'Share' }).count(), 0, 'no share menu on mobile');
  assert.is(await root.locator('.ft').count(), 0, 'no related footer on mobile');
  assert.is(await footer.getByRole('button', { name: 'Watch' }).count(), 0, 'no Watch for a GIF without provider media');
  // The attribution line of spec §1 and §5, in the header: the plain GIF's creator is verified and public.
  const attribution = root.locator('.hd a.at');
  assert.is(await attribution.locator('span').textContent(), 'Pixel Smith Studio');
  assert.is(await attribution.locator('[aria-label="Verified"]').count(), 1);
  assert.is(await attribution.locator('small').textContent(), '@pixelsmith');
  assert.is(await attribution.getAttribute('target'), '_blank');
  assert.ok((await attribution.boundingBox())!.height > 0, 'attribution visible');
  const video = page.locator(PLACEHOLDER).nth(1);
  assert.is(await video.locator('.mf').getByRole('button', { name: 'Watch' }).count(), 1, 'Watch for youtube media');
  await snap(page, 'embed-phone');
  // Tapping the GIF closes and reopens the footer.
  await root.locator('.g').tap();
  await eventually(async () => !(await root.evaluate((el) => el.classList.contains('o'))), 'the footer to close');
  await root.locator('.g').tap();
  assert.is(await root.evaluate((el) => el.classList.contains('o')), true);
  // Positive control: past the desktop player's own reason to fetch them (3 s after ready, then
  // idle), by the page's timers.
  await afterPageTimer(page, PLUGIN_IDLE_DELAY_MS);
  // The next idle period, bounded: after synthetic taps Chromium's scheduler may hold idle
  // periods back for a long while (it once passed the test's 60 s), and what the desktop player
  // would have fetched at idle needs no more than its own 3 s and a frame to show up here.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 1000 })));
  await frames(page);
  assert.equal(pluginCalls(requests), [], 'no plugin requested on mobile without a Watch tap');
  assert.equal(errors, []);
  assert.equal(await uncaught(page), []);
  await close();
});

test('mobile attribution follows spec §5: none for a suppressed, non-public or missing creator', async () => {
  const ids = [IDS.suppressed, IDS.notPublic, IDS.noUser, IDS.unverified];
  const { page, close } = await openEmbedPage(env, ids.map((id) => placeholder(id)).join(''), { device: PHONE });
  await waitForState(page, 'ready', ids.length);
  const counts = await page.locator(PLACEHOLDER).evaluateAll((els) => els.map((el) => el.shadowRoot!.querySelectorAll('.hd a.at').length));
  assert.equal(counts, [0, 0, 0, 1]);
  const unverified = page.locator(PLACEHOLDER).nth(3).locator('.r .at');
  assert.is(await unverified.locator('[aria-label="Verified"]').count(), 0, 'no badge for an unverified creator');
  await close();
});

test('mobile Watch loads only the video plugin and shows the mobile back-to-GIF control', async () => {
  const { page, close, requests } = await openEmbedPage(env, placeholder(IDS.youtube), { device: PHONE });
  await waitForState(page, 'ready');
  const root = playerRoot(page);
  await root.locator('.mf').getByRole('button', { name: 'Watch' }).tap();
  await root.locator('.ov').waitFor();
  assert.equal(pluginCalls(requests), ['video']);
  const back = root.locator('[data-video-back="mobile"]');
  assert.is(await back.count(), 1, 'mobile variant of the back control');
  await snap(page, 'embed-phone-video');
  await back.tap();
  await root.locator('.g').waitFor();
  await close();
});

test('header hidden: once the header scrolls out at the top, pause/play moves to the footer, and back', async () => {
  const { page, close } = await openEmbedPage(env, '<div style="height:100px"></div>' + placeholder(IDS.plain) + '<div style="height:2000px"></div>', { device: PHONE });
  await waitForState(page, 'ready');
  const root = playerRoot(page);
  const where = () => root.locator('.pp').evaluate((el) => (el.closest('.mf') ? 'footer' : 'header'));
  assert.is(await where(), 'header');
  await page.evaluate(() => scrollTo(0, 200));
  await root.locator('.mf .pp').waitFor();
  assert.is(await where(), 'footer');
  await page.evaluate(() => scrollTo(0, 0));
  await root.locator('.hd .pp').waitFor();
  assert.is(await where(), 'header');
  await close();
});

test.run();
