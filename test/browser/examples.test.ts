/**
 * The example pages a person opens under `npm start`, opened the same way: through the local
 * service, in Chromium, asserting on what was rendered and requested.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IDS } from '../../server/catalogue';
import { DESKTOP, PHONE, frames, open, requestsTo, withEnv, snap, type Env } from './support/harness';

let env: Env;
withEnv(test, (started) => (env = started));

/** For each placeholder: its state, and the GIF image (or a clip's video) its shadow root shows (alt text or label, decoded width). */
const embedsOf = (page: import('playwright-core').Page) => page.evaluate(() => [...document.querySelectorAll<HTMLElement>('[data-gif-id]')].map((el) => {
  const media = (el.shadowRoot || el.querySelector('*')?.shadowRoot)?.querySelector<HTMLImageElement | HTMLVideoElement>('img, video');
  const video = media instanceof HTMLVideoElement ? media : undefined;
  const img = media instanceof HTMLImageElement ? media : undefined;
  return { id: el.dataset.gifId, state: el.getAttribute('data-gif-embed-state'), alt: img?.alt ?? video?.getAttribute('aria-label') ?? null, width: img?.naturalWidth ?? video?.videoWidth ?? 0, video: !!video };
}));

test('blog example: four placeholders become players (the clip a video), one script and one API request per batch, no errors', async () => {
  const { page, context, requests, errors } = await open(env, '/examples/blog.html');
  // Scroll through the post so the lazy placeholders below the fold start too.
  for (let y = 0; y <= 3000; y += 400) {
    await page.evaluate((top) => scrollTo(0, top), y);
    await frames(page);
  }
  await page.waitForFunction(() => [...document.querySelectorAll('[data-gif-id]')].every((el) => el.getAttribute('data-gif-embed-state') === 'ready'), null, { timeout: 10_000 });
  // The clip's video has its first frame.
  await page.waitForFunction(() => [...document.querySelectorAll('[data-gif-id]')].every((el) => ((el.shadowRoot?.querySelector('video') as HTMLVideoElement | null)?.readyState ?? 4) >= 2), null, { timeout: 10_000 });
  const embeds = await embedsOf(page);
  assert.equal(embeds.map((e) => e.id), [IDS.plain, IDS.sticker, IDS.youtube, IDS.clip2]);
  assert.equal(embeds.map((e) => e.video), [false, false, false, true], 'the clip plays as video');
  for (const e of embeds) {
    assert.is(e.state, 'ready', `${e.id} is ready`);
    assert.ok(e.alt, `${e.id} has alt text`);
    assert.ok(e.width > 0, `${e.id} shows a decoded GIF`);
  }
  // What Chromium asked for: the loader once, GIFs only through batched ids requests with the
  // key, every GIF at most once, no plugin before any hover.
  assert.is(requestsTo(requests, /^\/embed\.js$/).length, 1);
  const api = requestsTo(requests, /^\/v1\//).map((r) => new URL(r.url()));
  assert.ok(api.length >= 1 && api.length <= 3, `${api.length} API requests`);
  const asked = api.flatMap((u) => {
    assert.is(u.pathname, '/v1/gifs');
    assert.is(u.searchParams.get('api_key'), 'gif-embed-local-key');
    return u.searchParams.get('ids')!.split(',');
  });
  assert.equal([...asked].sort(), [IDS.plain, IDS.sticker, IDS.youtube, IDS.clip2].sort(), 'each GIF fetched once');
  assert.ok(requests.some((r) => /^http:\/\/media\.localhost:\d+\/media\//.test(r.url())), 'media from the media host');
  await snap(page, 'examples-blog-desktop');
  assert.equal(errors, []);
  await context.close();
});

test('blog example on a phone: players fill the column without horizontal scrolling', async () => {
  const { page, context, errors } = await open(env, '/examples/blog.html', PHONE);
  await page.waitForFunction(() => document.querySelector('[data-gif-id]')?.getAttribute('data-gif-embed-state') === 'ready');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
  await snap(page, 'examples-blog-phone');
  assert.equal(errors, []);
  await context.close();
});

test('every example linked from the index opens without errors', async () => {
  const { page, context } = await open(env, '/examples/', DESKTOP);
  const links = await page.evaluate(() => [...document.querySelectorAll<HTMLAnchorElement>('main a, body a')].map((a) => a.getAttribute('href')!));
  await context.close();
  assert.ok(links.length >= 6, `${links.length} links`);
  for (const href of links) {
    const url = new URL(href, `${env.base}/examples/`);
    const { page: p, context: c, errors } = await open(env, url.pathname + url.search, DESKTOP);
    const status = await p.evaluate(() => performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).then((n) => n.responseStatus);
    assert.is(status, 200, `${href} answers 200`);
    // The page has done its work: nothing left to load, and the browser idle.
    await p.waitForLoadState('networkidle');
    await p.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    assert.equal(errors, [], `${href} runs without errors`);
    await c.close();
  }
});

test('the site design grid: every example, the GIF pages and the tweet page are framed at most 1040 px wide, centred, 16 px from the edges; the iframe page parts player and widget by 16 px', async () => {
  const pages = [
    '/examples/', '/examples/blog.html', '/examples/ads.html', '/examples/light.html', '/examples/strict.html',
    '/examples/sdk.html', '/examples/snippet.html', '/examples/react/', `/gifs/${IDS.plain}`,
  ];
  for (const [device, viewport] of [['desktop', 1400], ['phone', 390]] as const) {
    const context = await env.browser.newContext(device === 'desktop' ? { viewport: { width: 1400, height: 900 } } : PHONE);
    const page = await context.newPage();
    for (const path of pages) {
      await page.goto(env.base + path);
      await page.locator('.site').first().waitFor({ state: 'attached' });
      const frames = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.site')].map((el) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return { left: box.left, right: document.documentElement.clientWidth - box.right, width: box.width, padding: [style.paddingLeft, style.paddingRight] };
      }));
      assert.ok(frames.length > 0, `${path}: a site frame`);
      for (const f of frames) {
        assert.equal(f.padding, ['16px', '16px'], `${path} (${device}): 16 px from the edges`);
        assert.ok(f.width <= 1040, `${path} (${device}): ${f.width} px wide`);
        assert.ok(Math.abs(f.left - f.right) <= 1, `${path} (${device}): centred (${f.left} / ${f.right})`);
        if (viewport === 1400) assert.is(Math.round(f.width), 1040, `${path}: the full 1040 px on a wide window`);
      }
    }
    await context.close();
  }
  const { page, context } = await open(env, `/embed/${IDS.plain}?related`, DESKTOP);
  await page.locator('[data-gif-related]').waitFor();
  const gap = await page.evaluate(() => {
    const player = document.getElementById('giphy-embed')!.getBoundingClientRect();
    return document.querySelector('[data-gif-related]')!.getBoundingClientRect().top - player.bottom;
  });
  assert.is(gap, 16, 'one grid step between player and widget');
  await context.close();
});

test.run();
