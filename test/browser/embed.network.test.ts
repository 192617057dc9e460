/**
 * The loader in Chromium: what it asks the network for (one API request for placeholders
 * visible together, one fetch per GIF, nothing for placeholders far below), placeholders added
 * and removed later, layout shift, pingbacks and pixels as the local service records them.
 */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import type { BrowserContext } from 'playwright-core';
import * as assert from 'uvu/assert';
import { IDS, ITEMS } from '../../server/catalogue/items';
import { PINGBACK_DEBOUNCE_MS } from '../../src/analytics/pingback';
import { eventually, frames, withEnv, type Env } from './support/harness';
import {
  apiCalls, layoutShiftControl, nearControl, openEmbedPage, pingbackActions, pingbackControl, placeholder, playerCalls, playerRoot, pluginCalls, seenUntil, uncaught, waitForState,
  PLACEHOLDER, SHIFT_CONTROL_ID } from './embed-page';

let env: Env;
withEnv(test, (started) => (env = started), { reset: true });

const small = (id: string, attrs = '') => placeholder(id, attrs, 300, 225);

test('N placeholders visible together cost one gifs?ids= request; a GIF shown twice is fetched once', async () => {
  const ids = [IDS.plain, IDS.sticker, IDS.wide, IDS.plain];
  const { page, close, requests } = await openEmbedPage(env, `<div style="display:flex;flex-wrap:wrap">${ids.map((id) => small(id)).join('')}</div>`);
  await waitForState(page, 'ready', 4);
  const calls = apiCalls(requests);
  assert.is(calls.length, 1, `one API request: ${calls}`);
  const asked = new URL(env.base + calls[0]).searchParams.get('ids')!.split(',');
  assert.equal(asked.sort(), [IDS.plain, IDS.sticker, IDS.wide].sort(), 'each id once');
  await close();
});

test("the first screen's GIFs are asked for beside the player file, once, and the players take that answer", async () => {
  const far = '<div style="height:6000px"></div>';
  // The player file takes a phone's time to come (on loopback it can run before the page's first paint, and then it asks itself).
  const slowPlayer = (context: BrowserContext) => context.route(/\/plugins\/player-/, (route) => setTimeout(() => void route.continue(), 300));
  const { page, close, requests } = await openEmbedPage(env, `${small(IDS.plain)}${small(IDS.sticker)}${far}${small(IDS.wide)}`, { prepare: slowPlayer });
  await waitForState(page, 'ready', 2);
  const calls = apiCalls(requests);
  assert.is(calls.length, 1, `one API request: ${calls}`);
  assert.equal(new URL(env.base + calls[0]).searchParams.get('ids')!.split(','), [IDS.plain, IDS.sticker], 'the first screen, in page order; not the GIF 6000 px below');
  // Resource Timing: the request went out before the player file was in (the player's own goes out after it has run).
  const timing = await page.evaluate(() => {
    const entry = (part: string) => performance.getEntriesByType('resource').find((e) => e.name.includes(part)) as PerformanceResourceTiming;
    return { asked: entry('/v1/gifs?').startTime, playerIn: entry('/plugins/player-').responseEnd };
  });
  assert.ok(timing.asked < timing.playerIn, `gifs?ids= asked at ${timing.asked} ms, the player file in at ${timing.playerIn} ms`);
  await close();
});

test('<gif-embed> elements and placeholders mixed: all become players from one gifs?ids= request', async () => {
  const element = (id: string, attrs = '') => `<gif-embed gif-id="${id}" width="300" height="225" style="aspect-ratio:300/225;width:300px;max-width:100%" ${attrs}><a href="/gifs/${id}">GIF ${id}</a></gif-embed>`;
  const body = `<div style="display:flex;flex-wrap:wrap">${element(IDS.plain)}${small(IDS.sticker)}${element(IDS.wide, 'theme="light" hide-share')}${small(IDS.plain)}</div>`;
  const { page, close, requests, errors } = await openEmbedPage(env, body);
  await waitForState(page, 'ready', 4);
  const calls = apiCalls(requests);
  assert.is(calls.length, 1, `one API request: ${calls}`);
  assert.equal(new URL(env.base + calls[0]).searchParams.get('ids')!.split(',').sort(), [IDS.plain, IDS.sticker, IDS.wide].sort());
  const boxes = await page.evaluate(() => [...document.querySelectorAll('gif-embed')].map((el) => {
    const box = el.getBoundingClientRect();
    return { defined: el.matches(':defined'), width: Math.round(box.width), height: Math.round(box.height), state: el.getAttribute('data-gif-embed-state') };
  }));
  assert.equal(boxes, [
    { defined: true, width: 300, height: 225, state: 'ready' },
    { defined: true, width: 300, height: 225, state: 'ready' },
  ]);
  // The same player: the element's GIF shows in the shadow root, themed by its own attribute.
  const classes = (id: string) => page.locator(`gif-embed[gif-id="${id}"] .r`).evaluate((el) => [...el.classList]);
  assert.ok((await classes(IDS.wide)).includes('l'), 'theme="light" reached the player');
  assert.not.ok((await classes(IDS.plain)).includes('l'), 'the other element keeps the dark theme');
  assert.equal(errors, []);
  await close();
});

test('placeholders far below the viewport are not fetched until scrolled near', async () => {
  const { page, close, requests } = await openEmbedPage(env, small(IDS.plain) + '<div style="height:6000px"></div>' + small(IDS.wide));
  // Beyond the look-ahead too: the two screens past the 1250 px the loader brings along.
  await waitForState(page, 'ready', 1);
  // A placeholder added near the top plays: by then the far one would have started too.
  await nearControl(page, IDS.sticker);
  const before = apiCalls(requests);
  assert.is(before.length, 2, `the first and the control's: ${before}`);
  assert.not.ok(before.some((call) => call.includes(IDS.wide)), 'the far GIF not asked for');
  assert.is(await page.locator(`[data-gif-id="${IDS.wide}"]`).getAttribute('data-gif-embed-state'), 'loading');
  await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
  await waitForState(page, 'ready', 3);
  const calls = apiCalls(requests);
  assert.is(calls.length, 3);
  assert.match(calls[2], new RegExp(`ids=${IDS.wide}`));
  await close();
});

test('scrolling through many embeds: each request carries the next screens too, so the page costs a few requests, each GIF once', async () => {
  const ids = ITEMS.slice(0, 16).map((item) => item.id);
  const column = ids.map((id) => `<div style="margin-bottom:100px">${small(id)}</div>`).join('');
  const { page, close, requests } = await openEmbedPage(env, column);
  await waitForState(page, 'ready', 3);
  const first = apiCalls(requests);
  assert.is(first.length, 1);
  const firstIds = new URL(env.base + first[0]).searchParams.get('ids')!.split(',');
  assert.ok(firstIds.length > 3 && firstIds.length < ids.length, `the first request brings the next screens along, not the whole page: ${firstIds.length}`);
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 800; y < height; y += 800) {
    await page.evaluate((top) => scrollTo(0, top), y);
    // Each position rendered, so its observers see it.
    await frames(page);
  }
  await waitForState(page, 'ready', ids.length);
  const calls = apiCalls(requests);
  const asked = calls.flatMap((c) => new URL(env.base + c).searchParams.get('ids')!.split(','));
  assert.equal([...asked].sort(), [...ids].sort(), 'every GIF fetched exactly once');
  assert.ok(calls.length <= 3, `${calls.length} requests for ${ids.length} embeds over ${Math.ceil(height / 800)} screens`);
  await close();
});

test('once a player is ready, placeholders up to 1250 px below the screen start too; farther ones still wait', async () => {
  const html = small(IDS.plain) + '<div style="height:1400px"></div>' + small(IDS.wide) + '<div style="height:3000px"></div>' + small(IDS.sticker);
  const { page, close } = await openEmbedPage(env, html);
  await waitForState(page, 'ready', 2);
  const state = (id: string) => page.locator(`[data-gif-id="${id}"]`).getAttribute('data-gif-embed-state');
  assert.is(await state(IDS.wide), 'ready', 'the box 825 px below the screen was rendered without scrolling');
  assert.is(await state(IDS.sticker), 'loading', 'the box 4000 px below waits');
  assert.is(await page.evaluate(() => scrollY), 0);
  await close();
});

test('placeholders added later mount by themselves; removed ones unmount and release observers and timers', async () => {
  const { page, close } = await openEmbedPage(env, '<div id="feed"></div>');
  await page.waitForFunction(() => !!(window as unknown as { GifEmbed?: object }).GifEmbed);
  await page.evaluate((id) => {
    const el = document.createElement('div');
    el.id = 'late';
    el.setAttribute('data-gif-id', id);
    el.setAttribute('data-width', '300');
    el.setAttribute('data-height', '225');
    document.getElementById('feed')!.appendChild(el);
  }, IDS.plain);
  await waitForState(page, 'ready');
  await page.evaluate(() => {
    (window as unknown as { __late: Element }).__late = document.getElementById('late')!;
    document.getElementById('late')!.remove();
  });
  // Unmounted: no state, no player left in the shadow root.
  await page.waitForFunction(() => {
    const el = (window as unknown as { __late: Element }).__late;
    return el.getAttribute('data-gif-embed-state') === null && el.shadowRoot!.querySelectorAll('.r').length === 0;
  });
  // Re-adding the same element mounts it again (no leftovers from the first mount).
  await page.evaluate((id) => {
    const el = document.createElement('div');
    el.setAttribute('data-gif-id', id);
    el.setAttribute('data-width', '300');
    el.setAttribute('data-height', '225');
    document.getElementById('feed')!.appendChild(el);
  }, IDS.sticker);
  await waitForState(page, 'ready');
  assert.equal(await uncaught(page), []);
  await close();
});

test('unmount releases the player: no timers fire and no observers stay after removal', async () => {
  const { page, close } = await openEmbedPage(env, small(IDS.plain), {
    head: `<script>
      // Counts the timers and observers created by the embed's own files (not the page's or the test driver's).
      window.__live = { timers: new Map(), observers: 0 };
      const ours = () => { const stack = String(new Error().stack); return stack.includes('/embed.js') || stack.includes('/plugins/'); };
      const st = setTimeout, ct = clearTimeout;
      window.setTimeout = function (fn, ms, ...rest) {
        if (!ours()) return st(fn, ms, ...rest);
        const id = st(function () { window.__live.timers.delete(id); fn(...rest); }, ms);
        window.__live.timers.set(id, String(new Error().stack).split(' at ').slice(2, 4).join(' ') + ' ' + ms);
        return id;
      };
      window.clearTimeout = function (id) { window.__live.timers.delete(id); return ct(id); };
      for (const name of ['IntersectionObserver', 'ResizeObserver', 'MutationObserver']) {
        const Base = window[name];
        window[name] = class extends Base {
          observe(t, ...a) {
            (this.__t ||= new Set()).add(t);
            if (!this.__on && ours()) { this.__on = true; window.__live.observers++; }
            return super.observe(t, ...a);
          }
          unobserve(t) {
            if (this.__t) this.__t.delete(t);
            if (this.__on && !this.__t.size) { this.__on = false; window.__live.observers--; }
            return super.unobserve(t);
          }
          disconnect() { if (this.__on) { this.__on = false; window.__live.observers--; } return super.disconnect(); }
        };
      }
    </script>`,
  });
  await waitForState(page, 'ready');
  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(box.x + 50, box.y + 50);
  // The chrome is there, and its footer's size observer (started by an effect, after the footer's
  // first paint) runs beside the loader's and the player's: removing the embed has something to release.
  await playerRoot(page).locator('.ft').waitFor({ state: 'attached' });
  const live = await page
    .waitForFunction(() => (window as unknown as { __live: { observers: number } }).__live.observers >= 3, null, { timeout: 5000 })
    .then(() => true, () => false);
  assert.ok(live, `player observers running (${await page.evaluate(() => (window as unknown as { __live: { observers: number } }).__live.observers)})`);
  await page.evaluate(() => document.querySelector('[data-gif-id]')!.remove());
  // The page-wide pingback queue (1 s debounce) still sends what the embed reported, and the
  // hide delay runs out: everything of the embed's ends on its own, however late the timers run
  // (the assertions below say what is left if it does not within the wait).
  await page
    .waitForFunction(() => {
      const live = (window as unknown as { __live: { timers: Map<number, string>; observers: number } }).__live;
      return live.timers.size === 0 && live.observers <= 1;
    }, null, { timeout: 10_000, polling: 100 })
    .catch(() => undefined);
  const left = await page.evaluate(() => {
    const l = (window as unknown as { __live: { timers: Map<number, string>; observers: number } }).__live;
    return { timers: l.timers.size, observers: l.observers, what: [...(l.timers as unknown as Map<number, string>).values()] };
  });
  // What stays: the loader's own MutationObserver (page-wide, not per embed).
  assert.is(left.observers, 1, `per-embed observers released (${left.observers} left)`);
  assert.is(left.timers, 0, `no per-embed timer left: ${left.what}`);
  await close();
});

test('layout shift is 0 for snippets with width/height', async () => {
  const { page, close } = await openEmbedPage(env, `<p>Intro</p>${placeholder(IDS.plain)}<p>Middle</p>${placeholder(IDS.sticker, '', 300, 300)}<p>End</p>`, {
    head: `<script>
      // The page's shifts (the test's control box left out).
      window.__shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (!e.sources.length || !e.sources.every((s) => s.node && s.node.id === '${SHIFT_CONTROL_ID}')) window.__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    </script>`,
  });
  await waitForState(page, 'ready', 2);
  await layoutShiftControl(page);
  assert.is(await page.evaluate(() => (window as unknown as { __shift: number }).__shift), 0);
  await close();
});

test('pingbacks: SEEN once per GIF, HOVER after 200 ms, CLICK, all with the response id', async () => {
  const { page, close, context, apiKey } = await openEmbedPage(env, small(IDS.plain) + small(IDS.sticker));
  await waitForState(page, 'ready', 2);
  const box = (await page.locator(`[data-gif-id="${IDS.plain}"]`).boundingBox())!;
  // One hover longer than the 200 ms threshold by the page's own clock (the threshold itself is
  // timed in the unit tests): a reference timer started as the pointer enters, and one task more.
  await page.locator(`[data-gif-id="${IDS.plain}"]`).evaluate((el) => el.addEventListener('mouseenter', () => setTimeout(() => setTimeout(() => {
    (window as unknown as { __hovered: boolean }).__hovered = true;
  }), 200), { once: true }));
  await page.mouse.move(box.x + 50, box.y + 50);
  await page.waitForFunction(() => (window as unknown as { __hovered?: boolean }).__hovered);
  // On hover the footer covers the GIF's lower half: the visitor clicks the GIF where it shows.
  const [popup] = await Promise.all([context.waitForEvent('page'), playerRoot(page).locator('a.g').click({ position: { x: 60, y: 70 } })]);
  await popup.close();
  await page.mouse.move(box.x + 50, box.y + 600);
  // Every kind has arrived (after the 1 s debounce, later on a busy machine).
  const count = (list: { gif_id: string; action_type: string }[], id: string, type: string) => list.filter((a) => a.gif_id === id && a.action_type === type).length;
  const actions = await eventually(async () => {
    const list = await pingbackActions(env.base, apiKey);
    return count(list, IDS.plain, 'SEEN') && count(list, IDS.sticker, 'SEEN') && count(list, IDS.plain, 'HOVER') && count(list, IDS.plain, 'CLICK') ? list : undefined;
  }, 'SEEN, HOVER and CLICK pingbacks');
  const of = (id: string, type: string) => count(actions, id, type);
  assert.is(of(IDS.plain, 'SEEN'), 1, JSON.stringify(actions));
  assert.is(of(IDS.sticker, 'SEEN'), 1);
  assert.is(of(IDS.plain, 'HOVER'), 1);
  assert.is(of(IDS.plain, 'CLICK'), 1);
  assert.is(of(IDS.sticker, 'HOVER'), 0);
  assert.ok(actions.every((a) => /^[0-9a-f]{10,}$/.test(a.event_response_id)), 'every action has the response id');
  // Scrolling away and back does not count the GIF as seen again.
  await page.evaluate(() => {
    document.body.style.height = '4000px';
    scrollTo(0, 2000);
  });
  await frames(page);
  await page.evaluate(() => scrollTo(0, 0));
  await frames(page);
  // Positive control: a HOVER of the other GIF, queued after a second SEEN would have been.
  await pingbackControl(page, env.base, apiKey, `[data-gif-id="${IDS.sticker}"]`);
  const again = await pingbackActions(env.base, apiKey);
  assert.is(again.filter((a) => a.gif_id === IDS.plain && a.action_type === 'SEEN').length, 1);
  await close();
});

test('the page\'s storage is first read as its first pingback goes, not as it loads (a first read waits for the browser)', async () => {
  // The page's clock at each touch of localStorage or sessionStorage (the object or an item), and
  // at each pingback sent. (Given as text: a script handed over as a function would carry the
  // test runner's helpers.)
  const prepare = (context: BrowserContext) => context.addInitScript({ content: `{
    const log = (window.__storage = { touched: [], sent: [] });
    for (const name of ['localStorage', 'sessionStorage']) {
      const own = Object.getOwnPropertyDescriptor(window, name) ?? Object.getOwnPropertyDescriptor(Window.prototype, name);
      Object.defineProperty(window, name, { configurable: true, get: () => (log.touched.push(performance.now()), own.get.call(window)) });
    }
    for (const method of ['getItem', 'setItem', 'removeItem']) {
      const own = Storage.prototype[method];
      Storage.prototype[method] = function (...args) {
        log.touched.push(performance.now());
        return own.apply(this, args);
      };
    }
    const fetch = window.fetch;
    window.fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes('/pingback')) log.sent.push(performance.now());
      return fetch.call(window, input, init);
    };
  }` });
  const { page, close } = await openEmbedPage(env, small(IDS.plain) + small(IDS.sticker), { prepare });
  await waitForState(page, 'ready', 2);
  const log = await eventually(() => page.evaluate(() => {
    const { touched, sent } = (window as unknown as { __storage: { touched: number[]; sent: number[] } }).__storage;
    return sent.length ? { touched, sent } : undefined;
  }), 'the first pingback sent');
  assert.ok(log.touched.length > 0, 'the pingback\'s ids were read');
  // The ids are read in the task that ends the batch's 1 s wait, and the batch goes from the next:
  // a read as a GIF was first seen would come a whole wait before.
  const before = log.sent[0] - log.touched[0];
  assert.ok(before >= 0 && before < PINGBACK_DEBOUNCE_MS / 2, `storage first touched ${Math.round(before)} ms before the first pingback was sent`);
  await close();
});

test('pingbacks blocked for 10 s (an ad blocker, a flaky network) are kept and each arrives exactly once after', async () => {
  let attempts = 0;
  const { page, close, context, apiKey } = await openEmbedPage(env, small(IDS.plain) + small(IDS.sticker), {
    prepare: (ctx) => ctx.route('**/pingback**', (route) => (attempts++, route.abort('blockedbyclient'))),
  });
  await waitForState(page, 'ready', 2);
  const blockedAt = await page.evaluate(() => performance.now());
  // Both SEEN pingbacks are queued and fail while the route is blocked.
  await page.waitForFunction((t) => performance.now() - t > 10_000, blockedAt, { timeout: 15_000, polling: 500 });
  assert.equal(await pingbackActions(env.base, apiKey), [], 'nothing got through while blocked');
  assert.ok(attempts >= 2, `tried again while blocked (${attempts} tries)`);
  await context.unroute('**/pingback**');
  const seen = async () => (await pingbackActions(env.base, apiKey)).filter((a) => a.action_type === 'SEEN').map((a) => a.gif_id).sort();
  await eventually(async () => (await seen()).length >= 2, 'both SEEN after the block', 25_000);
  assert.equal(await seen(), [IDS.plain, IDS.sticker].sort(), 'each SEEN exactly once');
  // Positive control: a HOVER queued now goes out with anything still kept for a retry.
  await pingbackControl(page, env.base, apiKey);
  assert.equal(await seen(), [IDS.plain, IDS.sticker].sort(), 'and no second copy later');
  await close();
});

test('bottle_data pixels and data-pixel are hit once each', async () => {
  const pixel = (slot: string) => `<img src=&quot;${env.base}/_local/pixel?slot=${slot}&amp;cb=%%CACHEBUSTER%%&quot;>`;
  const body = small(IDS.bottle, `data-pixel="${pixel('a')}"`) + small(IDS.plain, `data-pixel="${pixel('b')}"`) + small(IDS.bottle);
  const { page, close } = await openEmbedPage(env, body);
  await waitForState(page, 'ready', 3);
  const pixels = async () => ((await (await fetch(`${env.base}/_local/pixels`)).json()) as { pixels: { query: Record<string, string> }[] }).pixels.map((p) => p.query);
  // The three kinds arrive (then a moment more, in the page's time, for any second copy).
  await eventually(async () => { const h = await pixels(); return h.some((q) => q.slot === 'a') && h.some((q) => q.slot === 'b') && h.some((q) => q.tid); }, 'the pixels');
  const at = await page.evaluate(() => performance.now());
  await page.waitForFunction((t) => performance.now() - t > 500, at, { polling: 100 });
  const hits = await pixels();
  assert.is(hits.filter((q) => q.slot === 'a').length, 1, JSON.stringify(hits));
  assert.is(hits.filter((q) => q.slot === 'b').length, 1);
  assert.is(hits.filter((q) => q.tid && q.id === IDS.bottle).length, 1, 'the bottle_data pixel once for two embeds of the GIF');
  assert.ok(hits.every((q) => !JSON.stringify(q).includes('%%CACHEBUSTER%%')), 'cache buster replaced');
  await close();
});

test('ready and error events reach the host page; the script included twice mounts once', async () => {
  const { page, close, requests } = await openEmbedPage(
    env,
    `<script>window.__events = []; document.addEventListener('gif-embed:ready', (e) => __events.push('ready:' + e.detail.id)); document.addEventListener('gif-embed:error', (e) => __events.push('error:' + e.detail.message));</script>` +
      small(IDS.plain) + small('NoSuchGif404x') + '<script async src="/embed.js" data-api-key="test-key"></script>',
  );
  await waitForState(page, 'ready');
  await waitForState(page, 'error');
  const events = await page.evaluate(() => (window as unknown as { __events: string[] }).__events);
  assert.equal(events.sort(), [`error:This GIF could not be found.`, `ready:${IDS.plain}`]);
  // One instance: one request carries the GIF. (When it was embed.js's, for the first screen, the
  // id the API did not know rode along it, and its placeholder asks for it again as it starts,
  // as any id that came along and was not found: fetch.ts.)
  const asked = apiCalls(requests).map((call) => new URL(env.base + call).searchParams.get('ids')!.split(','));
  assert.is(asked.filter((ids) => ids.includes(IDS.plain)).length, 1, `one instance: ${asked.join(' ')}`);
  assert.is(await page.evaluate(() => document.querySelector('[data-gif-id]')!.shadowRoot!.querySelectorAll('.r').length), 1);
  const globals = await page.evaluate(() => Object.keys((window as unknown as { GifEmbed: object }).GifEmbed).sort());
  assert.equal(globals, ['debug', 'mount', 'register', 'runtime', 'scan', 'setAutoplay', 'unmount', 'version']);
  await close();
});

test('the player file included by itself (no embed.js, nothing lent to it) says so and runs nothing', async () => {
  const { 'player-desktop': player } = JSON.parse(readFileSync('dist/plugins/manifest.json', 'utf8')) as Record<string, string>;
  const { page, close, errors, requests } = await openEmbedPage(env, '', {
    html: () => `<!doctype html><html lang="en"><head><title>t</title></head><body><main><h1>t</h1>${small(IDS.plain)}</main><script src="/plugins/${player}"></script></body></html>`,
  });
  const warnings: string[] = [];
  page.on('console', (m) => void (m.type() === 'warning' && warnings.push(m.text())));
  await page.reload();
  await page.waitForLoadState('load');
  await frames(page, 3);
  assert.equal(warnings, ['[gif-embed] include embed.js, not the player file']);
  assert.equal(errors, []);
  assert.equal(await page.evaluate(() => (window as unknown as { __uncaught: string[] }).__uncaught), []);
  assert.equal(apiCalls(requests), []);
  await close();
});

test('the only global the embed adds is window.GifEmbed', async () => {
  const { page, close } = await openEmbedPage(env, small(IDS.plain), {
    head: `<script>window.__before = Object.keys(window);</script>`,
  });
  await waitForState(page, 'ready');
  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(box.x + 50, box.y + 50);
  // Every plugin file of a hover has run: the chrome, the related grid in its footer, the share menu.
  const root = playerRoot(page);
  await root.locator('a.cta').waitFor();
  await root.getByRole('button', { name: 'Share' }).click();
  await root.locator('.ov').waitFor();
  const added = await page.evaluate(() => {
    const before = new Set((window as unknown as { __before: string[] }).__before);
    return Object.keys(window).filter((k) => !before.has(k) && k !== '__before');
  });
  assert.equal(added, ['GifEmbed']);
  await close();
});

test('without IntersectionObserver: the scroll-driven one comes as a plugin file; far players wait to be scrolled near; SEEN is counted once seen; it measures at most every 100 ms', async () => {
  const { page, close, requests, apiKey } = await openEmbedPage(env, small(IDS.plain, 'id="top"') + '<div style="height:4000px"></div>' + small(IDS.wide, 'id="far"'), {
    // An older in-app browser: no IntersectionObserver at all.
    prepare: (context) => context.addInitScript(() => {
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
      delete (window as { IntersectionObserverEntry?: unknown }).IntersectionObserverEntry;
    }),
  });
  await waitForState(page, 'ready');
  assert.is(pluginCalls(requests)[0], 'intersection', 'the observer file, before any other');
  const asked = () => apiCalls(requests).join(' ');
  assert.not.match(asked(), IDS.wide, 'the far player is not started');
  assert.equal(await seenUntil(env.base, apiKey, (ids) => ids.includes(IDS.plain)), [IDS.plain], 'the visible GIF is seen, the far one not');
  await page.evaluate(() => document.getElementById('far')!.scrollIntoView());
  await waitForState(page, 'ready', 2);
  assert.match(asked(), IDS.wide);
  assert.equal(await seenUntil(env.base, apiKey, (ids) => ids.includes(IDS.wide)), [IDS.plain, IDS.wide]);
  // Scrolling by 2 px every 4 ms for 400 ms: the boxes are measured at most every 100 ms.
  const reports = await page.evaluate(async () => {
    scrollTo(0, 0);
    const box = document.getElementById('top')!;
    let calls = 0;
    const io = new IntersectionObserver(() => calls++, { threshold: Array.from({ length: 101 }, (_, i) => i / 100) });
    io.observe(box);
    await new Promise((r) => setTimeout(r, 150));
    calls = 0;
    const started = performance.now();
    while (performance.now() - started < 400) {
      scrollBy(0, 2);
      await new Promise((r) => setTimeout(r, 4));
    }
    await new Promise((r) => setTimeout(r, 150));
    io.disconnect();
    return calls;
  });
  assert.ok(reports >= 2 && reports <= 6, `${reports} reports in 400 ms of scrolling`);
  await close();

  const modern = await openEmbedPage(env, small(IDS.plain));
  await waitForState(modern.page, 'ready');
  assert.equal(pluginCalls(modern.requests), [], 'a browser with an observer of its own never asks for the file');
  await modern.close();
});

test('GifEmbed.mount starts a far placeholder now; unmount puts the fallback back; a changed data-gif-id remounts', async () => {
  const { page, close, requests } = await openEmbedPage(env, '<div style="height:6000px"></div>' + small(IDS.plain, 'id="far"'));
  await page.waitForFunction(() => document.getElementById('far')!.getAttribute('data-gif-embed-state') === 'loading');
  await nearControl(page, IDS.sticker);
  assert.is(apiCalls(requests).filter((call) => call.includes(IDS.plain)).length, 0, 'not near the viewport: not fetched');
  await page.evaluate(() => (window as unknown as { GifEmbed: { mount(el: Element): void } }).GifEmbed.mount(document.getElementById('far')!));
  await page.waitForFunction(() => document.getElementById('far')!.getAttribute('data-gif-embed-state') === 'ready');
  assert.is(apiCalls(requests).filter((call) => call.includes(IDS.plain)).length, 1);
  await page.evaluate(() => (window as unknown as { GifEmbed: { unmount(el: Element): void } }).GifEmbed.unmount(document.getElementById('far')!));
  // A GIF the page already has renders in the very task of mount() (before it ends: no frame,
  // no other task in between): no request, no wait.
  const asked = apiCalls(requests).length;
  const sameTask = await page.evaluate(async () => {
    const el = document.getElementById('far')!;
    const embed = (window as unknown as { GifEmbed: { mount(el: Element): void; unmount(el: Element): void } }).GifEmbed;
    let framed = false;
    let tasked = false;
    requestAnimationFrame(() => (framed = true));
    setTimeout(() => (tasked = true));
    embed.mount(el);
    await Promise.resolve();
    const rendered = !!el.shadowRoot!.querySelector('.r') && !framed && !tasked;
    embed.unmount(el);
    return rendered;
  });
  assert.ok(sameTask, 'mount of a GIF already here renders in the same task');
  assert.is(apiCalls(requests).length, asked, 'and asks for nothing');
  const after = await page.evaluate(() => {
    const el = document.getElementById('far')!;
    return { state: el.getAttribute('data-gif-embed-state'), slot: !!el.shadowRoot!.querySelector('slot'), player: !!el.shadowRoot!.querySelector('.r') };
  });
  assert.equal(after, { state: null, slot: true, player: false }, 'fallback content shown again');
  await page.evaluate((id) => {
    const el = document.getElementById('far')!;
    el.setAttribute('data-gif-id', id);
    (window as unknown as { GifEmbed: { mount(el: Element): void } }).GifEmbed.mount(el);
  }, IDS.sticker);
  await page.waitForFunction(() => document.getElementById('far')!.getAttribute('data-gif-embed-state') === 'ready');
  assert.match((await page.locator('#far').locator('.r img').first().getAttribute('src'))!, IDS.sticker);
  // Changing the id of a mounted placeholder swaps the GIF without any call.
  await page.evaluate((id) => document.getElementById('far')!.setAttribute('data-gif-id', id), IDS.wide);
  await page.waitForFunction((id) => (document.getElementById('far')!.shadowRoot!.querySelector('.r img') as HTMLImageElement | null)?.src.includes(id), IDS.wide);
  assert.equal(await uncaught(page), []);
  await close();
});

test('GifEmbed calls made before the player file has run are kept and made, in order, once it runs', async () => {
  const { page, close, requests } = await openEmbedPage(env, '<div style="height:3000px"></div>' + small(IDS.plain, 'id="far"') + small(IDS.wide, 'id="gone"'), {
    prepare: async (context) => {
      // The player file arrives late, as on a slow network.
      await context.route('**/plugins/player-*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await route.continue();
      });
      // The page calls GifEmbed as soon as embed.js has run.
      await context.addInitScript(() => {
        const w = window as unknown as { GifEmbed?: { mount(el: Element): void; unmount(el: Element): void; runtime?: unknown }; __before: unknown };
        const poll = setInterval(() => {
          const embed = w.GifEmbed;
          if (!embed || !document.getElementById('gone')) return;
          clearInterval(poll);
          embed.mount(document.getElementById('far')!);
          embed.mount(document.getElementById('gone')!);
          embed.unmount(document.getElementById('gone')!);
          w.__before = { runtime: !!embed.runtime, state: document.getElementById('far')!.getAttribute('data-gif-embed-state') };
        });
      });
    },
  });
  assert.equal(await page.evaluate(() => (window as unknown as { __before: unknown }).__before), { runtime: false, state: null }, 'embed.js took the calls before the player ran');
  // Far below the fold, yet mounted: the call was made when the player ran.
  await page.waitForFunction(() => document.getElementById('far')!.getAttribute('data-gif-embed-state') === 'ready');
  assert.is(playerCalls(requests), 1);
  // The calls were made in one task, so the unmount is done; the placeholder is watched again.
  assert.is(await page.locator('#gone').getAttribute('data-gif-embed-state'), 'loading', 'mounted, then unmounted, then watched like any placeholder');
  await page.locator('#gone').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.getElementById('gone')!.getAttribute('data-gif-embed-state') === 'ready');
  assert.equal(await uncaught(page), []);
  await close();
});

test.run();
