/**
 * A page of many placeholders: the loader reads every box before it writes any (one style
 * calculation for the page, not one per box), and sets them up over several tasks. Counted, not
 * timed: style recalculations (Chromium's own counter) and the order of reads and writes.
 * Placeholders far from the screen are left as the page wrote them until they come near.
 * Long-task figures belong to the bench (npm run bench).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ITEMS } from '../../server/catalogue/items';
import { withEnv, type Env } from './support/harness';
import { apiCalls, openEmbedPage, placeholder } from './embed-page';

let env: Env;
withEnv(test, (started) => (env = started));

const COUNT = 500;

test(`${COUNT} placeholders: every box is read before any is written, with a handful of style recalculations, not one per box`, async () => {
  const ids = Array.from({ length: COUNT }, (_, i) => ITEMS[i % ITEMS.length].id);
  // Boxes without inline styles: the loader reserves each one.
  const boxes = ids.map((id) => placeholder(id, '', 120, 90).replace(/ style="[^"]*"/, '')).join('');
  // Below the first screens: the scan alone is counted, no player starts meanwhile.
  const { page, context, close, errors } = await openEmbedPage(env, '<div style="height:4000px"></div><div id="posts" style="display:flex;flex-wrap:wrap;gap:4px"></div>');
  await page.waitForFunction(() => !!(window as unknown as { GifEmbed?: unknown }).GifEmbed);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const recalcs = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'RecalcStyleCount')!.value;
  const before = await recalcs();
  // The page puts the boxes in at once (the loader finds them as it finds those of a page it
  // scans at start: the same function); each read of a box's computed style and each write
  // to its inline style is logged, in order.
  await page.evaluate((html) => {
    const posts = document.getElementById('posts')!;
    posts.innerHTML = html;
    const log: string[] = [];
    // Writes: the boxes' style attribute changing (taken in order before each read is logged).
    const note = (records: MutationRecord[]) => records.forEach((r) => (r.target as Element).hasAttribute('data-gif-id') && log.push('W'));
    const writes = new MutationObserver(note);
    writes.observe(posts, { subtree: true, attributeFilter: ['style'] });
    const flush = () => note(writes.takeRecords());
    (window as unknown as { __io: () => string }).__io = () => (flush(), log.join(''));
    const read = window.getComputedStyle;
    window.getComputedStyle = function (el: Element, pseudo?: string | null) {
      if (el instanceof HTMLElement && el.hasAttribute('data-gif-id')) {
        flush();
        log.push('R');
      }
      return read.call(window, el, pseudo);
    } as typeof window.getComputedStyle;
  }, boxes);
  await page.waitForFunction((n) => document.querySelectorAll('[data-gif-embed-state]').length === n, COUNT, { timeout: 20_000 });
  const during = (await recalcs()) - before;
  const io = await page.evaluate(() => (window as unknown as { __io: () => string }).__io());
  const firstWrite = io.indexOf('W');
  assert.is(io.slice(0, firstWrite), 'R'.repeat(COUNT), 'every box read once before the first write');
  assert.not.ok(io.slice(firstWrite).includes('R'), `no read of a box once writing began (players starting read nothing): ${io.replace(/(R+|W+)/g, (m) => m[0] + m.length + ' ')}`);
  assert.ok(io.length - firstWrite >= COUNT, `every box reserved: ${io.length - firstWrite} writes`);
  assert.ok(during <= 10, `${during} style recalculations while ${COUNT} placeholders were set up`);
  assert.equal(errors, []);
  await close();
});

test(`${COUNT} snippets: one far from the screen keeps the page's own content and style until it comes near, then plays`, async () => {
  const ids = Array.from({ length: COUNT }, (_, i) => ITEMS[i % ITEMS.length].id);
  const { page, close, errors } = await openEmbedPage(env, ids.map((id) => placeholder(id)).join(''));
  await page.waitForFunction((n) => document.querySelectorAll('[data-gif-embed-state]').length === n, COUNT, { timeout: 20_000 });
  // The first screen's players have started (their setup comes in the tasks after the scan's).
  await page.waitForFunction(() => document.querySelector('[data-gif-id]')!.getAttribute('data-gif-embed-state') === 'ready', undefined, { timeout: 20_000 });
  const styleAsWritten = /style="([^"]*)"/.exec(placeholder(ids[0]))![1];
  const far = () => page.evaluate(() => {
    const all = [...document.querySelectorAll('[data-gif-id]')];
    const last = all[all.length - 1] as HTMLElement;
    return {
      withShadow: all.filter((el) => el.shadowRoot).length,
      announcers: all.reduce((n, el) => n + (el.shadowRoot?.querySelectorAll('[role=status]').length ?? 0), 0),
      state: last.getAttribute('data-gif-embed-state'),
      style: last.getAttribute('style'),
      shadow: !!last.shadowRoot,
    };
  });
  const before = await far();
  assert.is(before.state, 'loading');
  assert.not.ok(before.shadow, 'the last snippet has no shadow root yet');
  assert.is(before.style, styleAsWritten, 'nothing written on its box');
  assert.ok(before.withShadow > 0 && before.withShadow < 20, `${before.withShadow} of ${COUNT} placeholders set up a player, those near the screen`);
  assert.is(before.announcers, before.withShadow, 'one status region per started embed, none for the rest');
  // Its own link is on screen once scrolled to, and the player takes over there. The link is
  // looked at in the task that scrolls, before the observer can start the player: a player that
  // started (at once, its GIF already fetched for another snippet) renders a link of its own.
  const shown = await page.evaluate(() => {
    const last = [...document.querySelectorAll('[data-gif-id]')].pop()!;
    last.scrollIntoView();
    const own = last.querySelector(':scope > a');
    const box = own?.getBoundingClientRect();
    return !last.shadowRoot && !!own?.checkVisibility() && !!box && box.bottom > 0 && box.top < innerHeight;
  });
  assert.ok(shown, 'its own link shows');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-gif-id]')].pop()!.getAttribute('data-gif-embed-state') === 'ready', undefined, { timeout: 10_000 });
  const after = await far();
  assert.ok(after.shadow, 'the player renders in its shadow root');
  assert.equal(errors, []);
  await close();
});

test('placeholders that come near together start a few per task on a slow device, their GIFs come in one request, and the request measures no box far below', async () => {
  const ids = Array.from({ length: COUNT }, (_, i) => ITEMS[i % ITEMS.length].id);
  const NEAR = 12;
  const row = (list: string[]) => `<div style="display:flex;flex-wrap:wrap;gap:4px">${list.map((id) => placeholder(id, '', 120, 90)).join('')}</div>`;
  const { page, requests, close, errors } = await openEmbedPage(env, row(ids.slice(0, NEAR)) + '<div style="height:8000px"></div>' + row(ids.slice(NEAR)), {
    // A slow device: making a placeholder's shadow root takes 10 ms, and setting one up 3 ms,
    // so the page's set-up goes on over several frames (the first screen's too: the first
    // request goes out while some of it still waits for its setup, and must carry those). Each start is logged with the callback
    // it ran in (a microtask marks a callback's end), and every measure of a box.
    prepare: (context) => context.addInitScript(() => {
      const w = window as unknown as { __starts: number[]; __measured: Set<number> };
      w.__starts = [];
      w.__measured = new Set();
      let callback = 0;
      let open = false;
      const attach = Element.prototype.attachShadow;
      Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
        if (this.hasAttribute('data-gif-id')) {
          if (!open) {
            open = true;
            callback++;
            queueMicrotask(() => (open = false));
          }
          w.__starts.push(callback);
          const until = performance.now() + 10;
          while (performance.now() < until);
        }
        return attach.call(this, init);
      };
      const set = Element.prototype.setAttribute;
      Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
        if (name === 'data-gif-embed-state' && value === 'loading') {
          const until = performance.now() + 3;
          while (performance.now() < until);
        }
        return set.call(this, name, value);
      };
      const rect = Element.prototype.getBoundingClientRect;
      Element.prototype.getBoundingClientRect = function (this: Element) {
        if (this.hasAttribute('data-gif-id')) w.__measured.add([...document.querySelectorAll('[data-gif-id]')].indexOf(this));
        return rect.call(this);
      };
    }),
  });
  await page.waitForFunction((n) => [...document.querySelectorAll('[data-gif-id]')].slice(0, n).every((el) => el.getAttribute('data-gif-embed-state') === 'ready'), NEAR, { timeout: 20_000 });
  const { starts, measured } = await page.evaluate(() => {
    const w = window as unknown as { __starts: number[]; __measured: Set<number> };
    return { starts: w.__starts, measured: Math.max(...w.__measured) };
  });
  assert.is(starts.length, NEAR, 'the placeholders near the screen started, none further down');
  const callbacks = new Set(starts).size;
  assert.ok(callbacks >= NEAR / 2, `${NEAR} starts of 10 ms each ran in ${callbacks} callbacks (${starts.join(',')})`);
  assert.is(apiCalls(requests).length, 1, 'their GIFs came in one request');
  // embed.js (the first screen's request) and the player measure the near boxes and at most the first one beyond.
  assert.ok(measured <= NEAR, `the box of placeholder ${measured} was measured (${COUNT} on the page, ${NEAR} near)`);
  assert.equal(errors, []);
  await close();
});

test.run();
