/**
 * The vanilla SDK page (examples/sdk.html) in Chromium: Grid paging to the end, the error view
 * and its retry, Carousel load-more, SEEN pingbacks once per GIF, SDK headers; screenshots.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page, Request } from 'playwright-core';
import { CAROUSEL_FETCH_DEBOUNCE_MS, GRID_FETCH_DEBOUNCE_MS } from '../../src/sdk/paging';
import { afterPageTimer, animationsDone, beforeAll, eventually, frames, isolate, setup, open, requestsTo, snap, DESKTOP, PHONE, type Env } from './support/harness';

let env: Env;
const GRID_PAGE = /^\/v1\/gifs\/trending\?.*limit=12/;
const CAROUSEL_PAGE = /^\/v1\/gifs\/trending\?.*limit=10/;
const TRENDING_TOTAL = 52;

const offsetOf = (r: Request) => Number(new URL(r.url()).searchParams.get('offset'));
const local = async (path: string, method = 'GET') => (await fetch(env.base + path, { method })).json();

/** Waits until `count()` stops changing for `quietMs` (or `timeoutMs` passes); returns the last value. */
async function settle(count: () => number, quietMs = 900, timeoutMs = 10_000): Promise<number> {
  const start = Date.now();
  let last = count();
  let since = Date.now();
  while (Date.now() - start < timeoutMs) {
    await new Promise((r) => setTimeout(r, 100));
    const now = count();
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) break;
  }
  return last;
}

const gridTiles = (page: Page) => page.locator('#grid .gif-embed-gif');

beforeAll(test, async () => {
  env = await setup();
});

test.after(async () => {
  await env?.close();
});

isolate(test, () => env, true);

test('scrolling the Grid fetches the next page, and fetching stops at the end', async () => {
  const { page, requests, errors, context } = await open(env, '/examples/sdk.html?q=', DESKTOP);
  try {
    await gridTiles(page).first().waitFor();
    // A next page the grid would ask for now is asked for within its debounce.
    await afterPageTimer(page, GRID_FETCH_DEBOUNCE_MS);
    assert.is(requestsTo(requests, GRID_PAGE).length, 1, 'only the first page before any scrolling');
    assert.is(await gridTiles(page).count(), 12);
    await snap(page, 'sdk-grid-desktop');

    await page.mouse.wheel(0, 3000);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() => document.querySelectorAll('#grid .gif-embed-gif').length === 24);
    assert.equal(requestsTo(requests, GRID_PAGE).map(offsetOf), [0, 12], 'scrolling asked for the page at offset 12');

    // Keep scrolling to the bottom until nothing new comes.
    for (let i = 0; i < 10; i++) {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await settle(() => requestsTo(requests, GRID_PAGE).length, 600);
    }
    assert.equal(requestsTo(requests, GRID_PAGE).map(offsetOf), [0, 12, 24, 36, 48]);
    // Every GIF is in the list, and only those near the screen are rendered (the live window).
    const live = await gridTiles(page).count();
    assert.ok(live > 0 && live < TRENDING_TOTAL, `${live} tiles rendered at the bottom of ${TRENDING_TOTAL}`);
    assert.is(await page.locator('#grid [data-grid-loader] [role=status]').count(), 0, 'loader gone at the end');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await afterPageTimer(page, GRID_FETCH_DEBOUNCE_MS);
    assert.is(requestsTo(requests, GRID_PAGE).length, 5, 'no request after the end');
    assert.is((await page.locator('#status').textContent())?.trim(), `${TRENDING_TOTAL} trending GIFs`);

    const ids = await gridTiles(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-gif-id')));
    assert.is(new Set(ids).size, ids.length, 'every GIF once');
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test('tiles are placed in a masonry without overlap and requests carry the SDK headers', async () => {
  const { page, requests, context } = await open(env, '/examples/sdk.html?q=', DESKTOP);
  try {
    await gridTiles(page).nth(11).waitFor();
    const boxes = await gridTiles(page).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    const lefts = [...new Set(boxes.map((b) => Math.round(b.left)))];
    assert.is(lefts.length, 4, 'four columns on a desktop');
    const colWidth = Math.round(boxes[0].width);
    assert.ok(boxes.every((b) => Math.round(b.width) === colWidth), 'equal column widths');
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i], b = boxes[j];
        const overlap = a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
        assert.not.ok(overlap, `tiles ${i} and ${j} overlap`);
      }
    const grid = requestsTo(requests, GRID_PAGE)[0];
    const headers = await grid.allHeaders();
    assert.is(headers['x-gif-embed-sdk-name'], 'gif-embed');
    assert.is(headers['x-gif-embed-sdk-platform'], 'web');
    assert.match(headers['x-gif-embed-sdk-version'], /^\d+\.\d+\.\d+/);

    const img = gridTiles(page).first().locator('picture img');
    assert.ok((await img.getAttribute('alt'))?.length, 'alt text');
    assert.is(await gridTiles(page).first().locator('picture source[type="image/webp"]').count(), 1, 'a WebP source');
  } finally {
    await context.close();
  }
});

test('under prefers-reduced-motion the tiles show their stills with a play badge, play while focused, and play again when the setting changes', async () => {
  const { page, context } = await open(env, '/examples/sdk.html', { ...DESKTOP, reducedMotion: 'reduce' });
  try {
    const img = gridTiles(page).first().locator('picture img');
    await img.waitFor();
    await page.waitForFunction(() => (document.querySelector('#grid .gif-embed-gif picture img') as HTMLImageElement | null)?.currentSrc, null);
    assert.match(await img.evaluate((el: HTMLImageElement) => el.currentSrc), /_s\.gif$/, 'the still');
    // A play badge says the tile can move: it plays while pointed at or focused, and stops after.
    const tile = gridTiles(page).first();
    const badge = () => tile.evaluate((el) => getComputedStyle(el, '::before').content);
    assert.match(await badge(), /▶/, 'the play badge shows');
    const badgeBox = await tile.evaluate((el) => { const s = getComputedStyle(el, '::before'); return [s.width, s.height]; });
    assert.equal(badgeBox, ['24px', '24px'], 'a 24 px badge');
    await tile.focus();
    await page.waitForFunction(() => !/_s\.gif$/.test((document.querySelector('#grid .gif-embed-gif picture img') as HTMLImageElement).currentSrc));
    assert.is(await badge(), 'none', 'no badge while it plays');
    await snap(page, 'sdk-reduced-motion-focused');
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    await page.waitForFunction(() => /_s\.gif$/.test((document.querySelector('#grid .gif-embed-gif picture img') as HTMLImageElement).currentSrc));
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    // The browser picks again from the sources: the WebP (it may pass through the img's own GIF).
    await page.waitForFunction(() => /\.webp$/.test((document.querySelector('#grid .gif-embed-gif picture img') as HTMLImageElement).currentSrc));
  } finally {
    await context.close();
  }
});

test('the error view shows after a failed fetch and "Try again?" retries', async () => {
  await local('/_local/fail?status=500&path=/v1/gifs/search&times=1', 'POST');
  const { page, requests, errors, context } = await open(env, '/examples/sdk.html?q=loop', DESKTOP);
  try {
    const alert = page.locator('#grid [role=alert]');
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', 'Error loading GIFs.');
    const retry = alert.getByRole('link', { name: 'Try again?' });
    assert.is(await retry.count(), 1);
    assert.is((await page.locator('#status').textContent())?.trim(), 'Search failed.', 'onGifsFetchError fired');
    assert.is(await gridTiles(page).count(), 0);
    await snap(page, 'sdk-grid-error');

    await retry.click();
    await gridTiles(page).first().waitFor();
    assert.is(await alert.count(), 0, 'error view gone after a successful retry');
    assert.is(requestsTo(requests, /^\/v1\/gifs\/search\?/).length, 2);
    assert.is(await gridTiles(page).count(), 10);
    assert.ok(errors.every((e) => e.includes('500')), `only the injected failure is logged: ${errors}`);
  } finally {
    await context.close();
  }
});

test('the Carousel loads more when scrolled to its end', async () => {
  const { page, requests, context } = await open(env, '/examples/sdk.html?q=loop', DESKTOP);
  try {
    const carousel = page.locator('#carousel .gif-embed-carousel');
    await carousel.locator('.gif-embed-gif').nth(9).waitFor();
    await afterPageTimer(page, CAROUSEL_FETCH_DEBOUNCE_MS);
    assert.equal(requestsTo(requests, CAROUSEL_PAGE).map(offsetOf), [0]);
    const tilesBefore = await carousel.locator('.gif-embed-gif').count();
    assert.is(tilesBefore, 10);
    await carousel.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await page.waitForFunction(() => document.querySelectorAll('#carousel .gif-embed-gif').length > 10);
    assert.equal(requestsTo(requests, CAROUSEL_PAGE).map(offsetOf), [0, 10]);
    const heights = await carousel.locator('.gif-embed-gif').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
    assert.ok(heights.every((h) => h === 140), 'one row height');
    const gaps = await carousel.locator('.gif-embed-gif').evaluateAll((els) => {
      const r = els.map((e) => e.getBoundingClientRect());
      return r.slice(1).map((b, i) => Math.round(b.left - r[i].right));
    });
    assert.ok(gaps.every((g) => g === 6), `6 px gutter: ${gaps}`);
  } finally {
    await context.close();
  }
});

test('SEEN pingbacks reach the local service once per GIF, with position and response id', async () => {
  const { page, requests, context } = await open(env, '/examples/sdk.html?q=loop', DESKTOP);
  try {
    await gridTiles(page).nth(3).waitFor();
    // Fully visible tiles are reported; wait past the 1 s pingback debounce.
    await page.waitForFunction(() => [...document.querySelectorAll('#grid img')].every((i) => (i as HTMLImageElement).complete));
    type Action = { action_type: string; gif_id: string; attributes: { key: string; value: string }[] };
    type Event = { response_id: string; actions: Action[] };
    const layout = (a: Action) => a.attributes.find((x) => x.key === 'layout_type')?.value;
    const seenSoFar = async () => {
      const { pingbacks } = await local('/_local/pingbacks');
      const events: Event[] = pingbacks.flatMap((p: { body: { sessions: { events: Event[] }[] } }) => p.body.sessions.flatMap((s) => s.events));
      return events.flatMap((e) => e.actions.filter((a) => a.action_type === 'SEEN').map((a) => ({ ...a, response_id: e.response_id })));
    };
    // The first batch has gone out (after the 1 s debounce)...
    await eventually(async () => (await seenSoFar()).length, 'the first SEEN pingbacks');
    // ...then the page is scrolled through and back: tiles seen again must not be reported again.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(400);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(400);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // Most grid GIFs and the carousel's are in; then one more debounce, in the page's time, for any second report.
    await eventually(async () => {
      const seen = await seenSoFar();
      return seen.filter((a) => layout(a) === 'GRID').length >= 8 && seen.some((a) => layout(a) === 'CAROUSEL');
    }, 'SEEN from most of the grid and from the carousel');
    // Positive control: a HOVER of a tile, queued after any second SEEN would have been, reaches
    // the service; a second report would have gone in its batch or an earlier one.
    const hovers = async () => {
      const { pingbacks } = await local('/_local/pingbacks');
      return pingbacks.flatMap((p: { body: { sessions: { events: Event[] }[] } }) => p.body.sessions.flatMap((s) => s.events.flatMap((e) => e.actions)))
        .filter((a: Action) => a.action_type === 'HOVER').length;
    };
    await page.mouse.move(1, 1);
    await gridTiles(page).last().hover();
    await eventually(hovers, 'the control HOVER');

    const seen = await seenSoFar();
    assert.ok(requestsTo(requests, /^\/pingback\?apikey=gif-embed-local-key/).length >= 1);
    const gridIds = await gridTiles(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-gif-id')));
    const seenGrid = seen.filter((a) => layout(a) === 'GRID');
    assert.ok(seenGrid.every((a) => gridIds.includes(a.gif_id)), 'grid SEEN only for grid GIFs');
    assert.ok(seen.some((a) => layout(a) === 'CAROUSEL'), 'the carousel reports too');
    assert.ok(seenGrid.length >= 8, `most of the 10 grid GIFs were seen (got ${seenGrid.length})`);
    const counts = new Map<string, number>();
    for (const a of seen) counts.set(`${a.response_id}/${a.gif_id}`, (counts.get(`${a.response_id}/${a.gif_id}`) ?? 0) + 1);
    assert.equal([...counts.values()].filter((n) => n > 1), [], 'no GIF reported SEEN twice');
    for (const a of seenGrid) {
      assert.ok(a.response_id, 'response id');
      const position = a.attributes.find((x) => x.key === 'position');
      assert.ok(position && /"top":/.test(position.value), `position attribute: ${JSON.stringify(a)}`);
    }
  } finally {
    await context.close();
  }
});

test('the attribution overlay fades in over 0.4 s at the first hover too, and out over 0.4 s when the pointer leaves', async () => {
  const { page, context } = await open(env, '/examples/sdk.html?q=loop', DESKTOP);
  try {
    const tile = page.locator('#grid .gif-embed-gif[data-gif-id="gifPlainBounce01"]');
    await tile.waitFor();
    // tsx's transform names functions inside page callbacks through __name.
    await page.evaluate(() => ((window as unknown as { __name: unknown }).__name ??= (f: unknown) => f));
    // Sampled in the page every frame: [time, opacity] while the overlay exists; and each of its
    // transitions' start and end as the page timed them (a busy machine's sparse frames cannot
    // shorten a fade measured from samples alone).
    const sample = (ms: number) => page.evaluate((limit) => new Promise<{ samples: [number, number][]; runs: [number, number, number][] }>((resolve) => {
      const samples: [number, number][] = [];
      const runs: [number, number, number][] = [];
      const known = new Set<Animation>();
      const started = performance.now();
      const tick = (now: number) => {
        const el = document.querySelector('#grid .gif-embed-gif[data-gif-id="gifPlainBounce01"] [data-gif-attribution]');
        if (el) samples.push([now, Number(getComputedStyle(el).opacity)]);
        for (const animation of el?.getAnimations() ?? []) {
          if (known.has(animation)) continue;
          known.add(animation);
          animation.finished.then(() => runs.push([Number(animation.startTime), performance.now(), Number(animation.effect?.getComputedTiming().duration)]), () => {});
        }
        if (now - started < limit) requestAnimationFrame(tick);
        else resolve({ samples, runs });
      };
      requestAnimationFrame(tick);
    }), ms);
    // How long the last run took as the page timed it (late frames only lengthen it), and how
    // long it was declared to last.
    const span = ({ samples, runs }: { samples: [number, number][]; runs: [number, number, number][] }) => {
      const moving = samples.filter(([, o]) => o > 0.02 && o < 0.98);
      const [start, end, declared] = runs[runs.length - 1] ?? [NaN, NaN, NaN];
      return { middle: moving.some(([, o]) => o > 0.15 && o < 0.85), ms: end - start, declared };
    };
    const inSamples = sample(1200);
    await tile.hover();
    const fadeIn = span(await inSamples);
    assert.ok(fadeIn.middle, 'the first showing fades in');
    assert.ok(fadeIn.ms >= 390, `in over ${Math.round(fadeIn.ms)} ms`);
    assert.is(fadeIn.declared, 400, 'a 0.4 s fade in');
    const outSamples = sample(1200);
    await page.mouse.move(5, 5);
    const fadeOut = span(await outSamples);
    assert.ok(fadeOut.middle, 'it fades out');
    assert.ok(fadeOut.ms >= 390, `out over ${Math.round(fadeOut.ms)} ms`);
    assert.is(fadeOut.declared, 400, 'a 0.4 s fade out');
  } finally {
    await context.close();
  }
});

test('hover shows the attribution overlay and reports HOVER after 200 ms; Enter opens the GIF', async () => {
  const { page, context } = await open(env, '/examples/sdk.html?q=loop', DESKTOP);
  try {
    // A GIF whose creator (pixelsmith) is public: its overlay must appear.
    const tile = page.locator('#grid .gif-embed-gif[data-gif-id="gifPlainBounce01"]');
    await tile.waitFor();
    assert.is(await tile.locator('[data-gif-attribution]').count(), 0, 'no overlay before the first hover');
    await tile.hover();
    const overlay = tile.locator('[data-gif-attribution]');
    await overlay.waitFor({ state: 'attached' });
    assert.is(await overlay.count(), 1, 'overlay after the first hover');
    assert.match((await overlay.textContent()) ?? '', /\S/, 'creator name shown');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('#grid [data-gif-attribution]')!).opacity === '1');
    await snap(page, 'sdk-tile-hover');
    await page.mouse.move(5, 5);
    await page.waitForFunction(() => getComputedStyle(document.querySelector('#grid [data-gif-attribution]')!).opacity === '0');
    const hoverPingbacks = async () => JSON.stringify((await local('/_local/pingbacks')).pingbacks).match(/"HOVER"/g)?.length ?? 0;
    await eventually(hoverPingbacks, 'the HOVER pingback');
    assert.is(await hoverPingbacks(), 1, 'one HOVER pingback');

    await tile.focus();
    const ring = await tile.evaluate((e) => getComputedStyle(e, '::after').boxShadow);
    assert.match(ring, /rgb\(0, 204, 255\)/, 'visible focus ring');
    await snap(page, 'sdk-tile-focus');
    const href = await tile.getAttribute('href');
    assert.ok(href);
    const [nav] = await Promise.all([page.waitForURL((u) => u.toString() === href), page.keyboard.press('Enter')]);
    void nav;
  } finally {
    await context.close();
  }
});

test('phone layout: two columns, no horizontal page scroll', async () => {
  const { page, errors, context } = await open(env, '/examples/sdk.html?q=', PHONE);
  try {
    await gridTiles(page).nth(3).waitFor();
    const lefts = await gridTiles(page).evaluateAll((els) => [...new Set(els.map((e) => Math.round(e.getBoundingClientRect().left)))]);
    assert.is(lefts.length, 2);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.is(overflow, 0, 'nothing wider than the phone');
    await animationsDone(page);
    await snap(page, 'sdk-phone');
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test('typing a new term restarts the Grid (debounced): one request for the settled term, old tiles gone', async () => {
  const { page, requests, errors, context } = await open(env, '/examples/sdk.html?q=loop', DESKTOP);
  try {
    await gridTiles(page).first().waitFor();
    const searches = () => requestsTo(requests, /^\/v1\/gifs\/search\?/).map((r) => new URL(r.url()).searchParams);
    assert.equal(searches().map((q) => q.get('q')), ['loop']);
    const input = page.locator('#term');
    await input.fill('');
    await input.pressSequentially('dots', { delay: 40 });
    // The grid shows exactly the new results, the old tiles gone.
    const { data } = await (await fetch(`${env.base}/v1/gifs/search?api_key=k&q=dots&limit=12`)).json();
    const expected: string[] = data.map((g: { id: string }) => g.id);
    await page.waitForFunction((want) => {
      const ids = [...document.querySelectorAll('#grid .gif-embed-gif')].map((e) => e.getAttribute('data-gif-id'));
      return document.querySelector('#status')?.textContent?.includes('"dots"') && ids.join() === want.join();
    }, expected);
    // Typing ended before the results showed; a next page would be asked for within the debounce.
    await afterPageTimer(page, GRID_FETCH_DEBOUNCE_MS);
    const terms = searches().map((q) => `${q.get('q')}@${q.get('offset')}`);
    assert.equal(terms, ['loop@0', 'dots@0'], 'typing is debounced: no request per keystroke');
    const ids = await gridTiles(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-gif-id')));
    assert.equal(ids, expected, 'the grid shows exactly the new results');
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test('the loader pulses, and stands still for people who ask for reduced motion', async () => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    await local('/_local/fail?delay=4000&path=/v1/gifs/search', 'POST');
    const { page, context } = await open(env, '/examples/sdk.html?q=loop', { ...DESKTOP, reducedMotion });
    try {
      const square = page.locator('#grid [role=status][aria-label=Loading] span').first();
      await square.waitFor();
      assert.is(await page.locator('#grid [role=status][aria-label=Loading] span').count(), 5);
      const animation = await square.evaluate((e) => getComputedStyle(e).animationName);
      if (reducedMotion === 'reduce') assert.is(animation, 'none');
      else assert.match(animation, /^go\d+/);
      if (reducedMotion === 'no-preference') await snap(page, 'sdk-loader');
    } finally {
      await context.close();
      await local('/_local/fail', 'DELETE');
    }
  }
});

test('hostile titles and tags stay text: no markup injected, no script run', async () => {
  const { page, errors, context } = await open(env, '/examples/sdk.html?q=hostile', DESKTOP);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  try {
    await gridTiles(page).first().waitFor();
    for (const tile of await gridTiles(page).all()) {
      await tile.hover();
      // Its overlay (the title and the creator, from the API) rendered, markup and all.
      await frames(page);
    }
    assert.is(await page.locator('#grid script, #grid iframe, #grid [onerror]').count(), 0, 'no injected elements');
    const alts = await page.locator('#grid picture img').evaluateAll((els) => els.map((e) => e.getAttribute('alt') ?? ''));
    assert.ok(alts.some((a) => a.includes('<')), `markup kept as text in alt: ${alts}`);
    assert.equal(dialogs, []);
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test('window.GifEmbedSDK carries the render helpers, configure, and every public call a page feeds them with', async () => {
  const { page, context } = await open(env, '/examples/sdk.html', DESKTOP);
  try {
    const keys = (await page.evaluate('Object.keys(GifEmbedSDK)')) as string[];
    for (const name of ['renderGrid', 'renderCarousel', 'renderGif', 'configure', 'search', 'trending', 'related', 'gif', 'gifs', 'random', 'categories']) {
      assert.ok(keys.includes(name), `GifEmbedSDK.${name} (has ${keys})`);
    }
    // Each answers against the local service, with normalised GIFs.
    const answers = await page.evaluate(`(async () => {
      const one = await GifEmbedSDK.gif('gifPlainBounce01');
      const related = await GifEmbedSDK.related('gifPlainBounce01', { limit: 3 });
      const random = await GifEmbedSDK.random();
      const categories = await GifEmbedSDK.categories();
      return [one.data.id, related.data.length, typeof random.data.id, categories.data.length > 0];
    })()`);
    assert.equal(answers, ['gifPlainBounce01', 3, 'string', true]);
  } finally {
    await context.close();
  }
});

/**
 * The SDK from a page of another origin (localhost against the API on 127.0.0.1: the same
 * service, two origins), in a context with no request interception (an intercepted request is
 * sent without its preflight): a grid searched with `prefix` for the identity headers.
 */
async function crossOriginGrid(prefix: string | undefined) {
  const port = new URL(env.base).port;
  const { page, context, errors } = await open(env, '/examples/', DESKTOP);
  try {
    await page.goto(`http://localhost:${port}/examples/`);
    await page.addScriptTag({ url: `http://localhost:${port}/sdk.js` });
    // A string, not a function: tsx's transform would name the page's callbacks through a helper the page lacks.
    const settings = { apiBase: env.base, pingbackBase: env.base, apiKey: 'gif-embed-local-key', ...(prefix === undefined ? {} : { sdkHeaderPrefix: prefix }) };
    await page.evaluate(`(() => {
      const el = document.createElement('div');
      el.id = 'cors-grid';
      document.body.prepend(el);
      GifEmbedSDK.configure(${JSON.stringify(settings)});
      GifEmbedSDK.renderGrid(el, { width: 600, columns: 3, fetchGifs: (offset) => GifEmbedSDK.trending({ offset, limit: 6 }) });
    })()`);
    const outcome = await Promise.race([
      page.locator('#cors-grid .gif-embed-gif').first().waitFor().then(() => 'tiles'),
      page.locator('#cors-grid [role=alert]').waitFor().then(() => 'error view'),
    ]);
    return { outcome, errors: [...errors] };
  } finally {
    await context.close();
  }
}

test('CORS: from another origin the SDK\'s identity headers pass the API host\'s preflight only under names it lists; renamed to others the call is refused; with none there is nothing to ask', async () => {
  assert.equal((await crossOriginGrid(undefined)).outcome, 'tiles', 'the default names, which the local service lists');
  const refused = await crossOriginGrid('X-Other-SDK-');
  assert.is(refused.outcome, 'error view', 'a header the host does not list: the browser refuses the call');
  assert.ok(refused.errors.some((e) => /CORS|Access-Control-Allow-Headers/i.test(e)), `the browser says why: ${refused.errors}`);
  assert.equal((await crossOriginGrid('')).outcome, 'tiles', 'no identity headers: a simple request');
});

/** A page with sdk.js and, rendered by `script` (a string: see crossOriginGrid), its grids and GIFs. */
async function sdkPage(script: string, device = DESKTOP) {
  const { page, context, errors, requests } = await open(env, '/examples/', device);
  await page.addScriptTag({ url: `${env.base}/sdk.js` });
  await page.evaluate(`(() => {
    GifEmbedSDK.configure(${JSON.stringify({ apiBase: env.base, pingbackBase: env.base, apiKey: 'gif-embed-local-key' })});
    document.body.replaceChildren();
    ${script}
  })()`);
  return { page, context, errors, requests };
}

/** Whether the first tile under `selector` shows its still. */
const tileStill = (page: import('playwright-core').Page, selector: string) =>
  page.locator(`${selector} .gif-embed-gif img`).first().evaluate((img: HTMLImageElement) => /_s\.(gif|webp)$/.test(img.currentSrc || img.src));

test('autoplay on the SDK: a hover Grid plays a tile while pointed at or focused, a click Gif plays at a click or Enter and picks nothing, a never Grid stays still, and a tap plays a click tile', async () => {
  const made = `
    const add = (id) => { const el = document.createElement('div'); el.id = id; document.body.append(el); return el; };
    const clicks = (window.clicks = []);
    GifEmbedSDK.renderGrid(add('hover'), { width: 600, columns: 3, autoplay: 'hover', fetchGifs: (offset) => GifEmbedSDK.trending({ offset, limit: 3 }) });
    GifEmbedSDK.renderGif(add('click'), { id: 'gifPlainBounce01', width: 240, autoplay: 'click', onGifClick: (gif, e) => { e.preventDefault(); clicks.push(gif.id); } });
    GifEmbedSDK.renderGrid(add('never'), { width: 600, columns: 3, autoplay: 'never', fetchGifs: (offset) => GifEmbedSDK.trending({ offset, limit: 3 }) });
  `;
  const { page, context, errors } = await sdkPage(made, { ...DESKTOP, viewport: { width: 1280, height: 1400 } });
  try {
    for (const id of ['#hover', '#click', '#never']) await page.locator(`${id} .gif-embed-gif img`).first().waitFor();
    for (const id of ['#hover', '#click', '#never']) assert.ok(await tileStill(page, id), `${id}: the still`);
    const badge = (id: string) => page.locator(`${id} .gif-embed-gif`).first().evaluate((el) => getComputedStyle(el, '::before').content);
    assert.match(await badge('#hover'), /▶/, 'a play badge where the reader can play it');
    assert.is(await badge('#never'), 'none', 'none where nothing plays it');
    await page.locator('#hover .gif-embed-gif').first().hover();
    await eventually(async () => !(await tileStill(page, '#hover')), 'hover plays while pointed at');
    await page.mouse.move(5, 1390);
    await eventually(() => tileStill(page, '#hover'), 'still again');
    await page.locator('#hover .gif-embed-gif').first().focus();
    await eventually(async () => !(await tileStill(page, '#hover')), 'hover plays while focused');
    await page.locator('#never .gif-embed-gif').first().hover();
    await page.waitForTimeout(300);
    assert.ok(await tileStill(page, '#never'), 'never: a hover plays nothing');
    await page.locator('#click .gif-embed-gif').first().click();
    await eventually(async () => !(await tileStill(page, '#click')), 'click: the click played it');
    assert.equal(await page.evaluate(() => (window as unknown as { clicks: string[] }).clicks), [], 'and picked nothing');
    await page.locator('#click .gif-embed-gif').first().click();
    assert.equal(await page.evaluate(() => (window as unknown as { clicks: string[] }).clicks), ['gifPlainBounce01'], 'the next click is a click');
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
  // Enter on a still click tile plays it; a tap on a phone too.
  const keyed = await sdkPage(`document.body.append(Object.assign(document.createElement('div'), { id: 'click' })); GifEmbedSDK.renderGif(document.getElementById('click'), { id: 'gifPlainBounce01', width: 240, autoplay: 'click' });`);
  await keyed.page.locator('#click .gif-embed-gif img').waitFor();
  await keyed.page.locator('#click .gif-embed-gif').focus();
  await keyed.page.keyboard.press('Enter');
  await eventually(async () => !(await tileStill(keyed.page, '#click')), 'Enter played it');
  assert.is(keyed.context.pages().length, 1, 'and opened nothing');
  await keyed.context.close();
  const touch = await sdkPage(`document.body.append(Object.assign(document.createElement('div'), { id: 'click' })); GifEmbedSDK.renderGif(document.getElementById('click'), { id: 'gifPlainBounce01', width: 240, autoplay: 'click' });`, PHONE);
  await touch.page.locator('#click .gif-embed-gif img').waitFor();
  assert.ok(await tileStill(touch.page, '#click'));
  await touch.page.locator('#click .gif-embed-gif').tap();
  await eventually(async () => !(await tileStill(touch.page, '#click')), 'a tap played it');
  await touch.context.close();
});

test.run();
