/**
 * Limits the data and the page cannot push the embed past: the API's 100 ids per request, and
 * box sizes from the data (a GIF that says it is 1 x 1e9, or 0, negative, NaN).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Route } from 'playwright-core';
import { IDS } from '../../server/catalogue/items';
import { apiCalls, openEmbedPage, PLACEHOLDER, uncaught, waitForState } from './embed-page';
import { DESKTOP, withEnv, type Env } from './support/harness';

let env: Env;
withEnv(test, (e) => (env = e), { reset: true });

/** Ids the catalogue has: its trending GIFs and stickers. */
async function catalogueIds(): Promise<string[]> {
  const ids: string[] = [];
  for (const kind of ['gifs', 'stickers']) {
    const res = await fetch(`${env.base}/v1/${kind}/trending?api_key=k&limit=50`);
    ids.push(...((await res.json()) as { data: { id: string }[] }).data.map((gif) => gif.id));
  }
  return ids;
}

test('101 GifEmbed.mount calls in one task: no request carries more than 100 ids, every GIF that exists plays, the unknown ones say so', async () => {
  const known = (await catalogueIds()).slice(0, 63);
  assert.ok(known.length >= 50, `${known.length} GIFs in the catalogue`);
  const unknown = Array.from({ length: 101 - known.length }, (_, n) => `gifNoSuchThing${n}`);
  const { page, requests, close } = await openEmbedPage(env, '<main id="host" style="display:grid;grid-template-columns:repeat(10,60px);gap:2px"></main>');
  try {
    await page.waitForFunction(() => 'GifEmbed' in window);
    await page.evaluate((ids) => {
      const host = document.getElementById('host')!;
      for (const id of ids) {
        const el = document.createElement('div');
        el.setAttribute('data-gif-id', id);
        el.setAttribute('data-width', '60');
        el.setAttribute('data-height', '60');
        host.appendChild(el);
      }
      // One task: every mount lands in the same batch.
      for (const el of host.children) (window as unknown as { GifEmbed: { mount(e: Element): void } }).GifEmbed.mount(el);
    }, [...known, ...unknown]);
    await page.waitForFunction((n) => document.querySelectorAll('[data-gif-embed-state="ready"], [data-gif-embed-state="error"]').length >= n, 101, { timeout: 30_000 });
    const sizes = apiCalls(requests).filter((call) => call.startsWith('/v1/gifs?')).map((call) => new URL(call, env.base).searchParams.get('ids')!.split(',').length);
    assert.ok(sizes.length >= 2, `requests: ${sizes}`);
    assert.ok(Math.max(...sizes) <= 100, `ids per request: ${sizes}`);
    const states = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#host > [data-gif-id]')].map((el) => [el.getAttribute('data-gif-id'), el.getAttribute('data-gif-embed-state')])));
    for (const id of known) assert.is(states[id], 'ready', id);
    for (const id of unknown) assert.is(states[id], 'error', id);
    assert.equal(await uncaught(page), []);
  } finally {
    await close();
  }
});

/** What the data says of the GIF's size, and what a link-only placeholder's box must then be. */
const SIZES: [string, unknown, unknown][] = [
  ['1 x 1e9', 1, 1e9],
  ['0 x 0', 0, 0],
  ['-320 x 240', -320, 240],
  ['NaN x "abc"', 'NaN', 'abc'],
  ['1e9 x 1', 1e9, 1],
  ['1 x 60000', 1, 60000],
];

for (const [what, width, height] of SIZES) {
  test(`a GIF whose data says it is ${what}: a link-only placeholder gets a box within its column and at most 16 times as tall as wide (or as its own link, which stays in the flow under the player), and plays`, async () => {
    // The API's answer for the GIF, with the sizes of its original (and every rendition) rewritten.
    const rewrite = async (route: Route) => {
      const response = await route.fetch();
      const json = await response.json() as { data: { images: Record<string, { width: unknown; height: unknown }> }[] };
      for (const gif of json.data) {
        for (const rendition of Object.values(gif.images)) {
          rendition.width = width;
          rendition.height = height;
        }
      }
      return route.fulfill({ response, json });
    };
    const { page, close } = await openEmbedPage(env, `<main style="width:600px"><div data-gif-id="${IDS.plain}"><a href="/gifs/${IDS.plain}">A GIF</a></div><p id="after">after</p></main>`, {
      prepare: (context) => context.route(`${env.base}/v1/gifs?*`, rewrite),
    });
    try {
      await waitForState(page, 'ready');
      const box = (await page.locator(PLACEHOLDER).boundingBox())!;
      assert.ok(box.width > 0 && box.width <= 600, `width ${box.width}`);
      // The placeholder's own content, kept in the flow under the player (the shadow root's `.u`).
      const content = await page.locator(PLACEHOLDER).evaluate((el) => el.shadowRoot!.querySelector('.u')!.getBoundingClientRect().height);
      assert.ok(box.height > 0 && box.height <= Math.max(box.width * 16, content), `height ${box.height} for width ${box.width} (its content: ${content})`);
      const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      assert.ok(pageHeight < 20_000, `page height ${pageHeight}`);
      assert.equal(await uncaught(page), []);
    } finally {
      await close();
    }
  });
}

/**
 * Records, from the first byte, how long each run of the embed's own scripts took in a long
 * animation frame (the browser names the script a frame's time went to).
 */
const OUR_SCRIPT_TIME = `window.__ours = [];
new PerformanceObserver((list) => {
  for (const frame of list.getEntries()) for (const script of frame.scripts) {
    if (/\\/embed\\.js|\\/plugins\\//.test(script.sourceURL)) window.__ours.push(Math.round(script.duration));
  }
}).observe({ type: 'long-animation-frame', buffered: true });`;

/** The longest run of our scripts the page recorded, once every placeholder on screen is ready. */
async function longestOfOurs(html: string) {
  const ids = await catalogueIds();
  // Stills (reduced motion): the same players, without 1,500 animations taking the page's frames.
  const { page, close } = await openEmbedPage(env, html.replace(/ID(\d+)/g, (_, n) => ids[Number(n) % ids.length]), {
    device: { ...DESKTOP, reducedMotion: 'reduce' },
    prepare: (context) => context.addInitScript({ content: OUR_SCRIPT_TIME }),
  });
  try {
    // Starting 3,000 tiny players takes about 11 s idle and 40 s with two CPU-bound processes
    // beside it (measured on 2 cores); the test's limit (60 s) bounds the whole.
    await page.waitForFunction(() => {
      const all = [...document.querySelectorAll('[data-gif-id]')];
      const onScreen = all.filter((el) => el.getBoundingClientRect().top < innerHeight);
      return onScreen.length > 0 && onScreen.every((el) => el.getAttribute('data-gif-embed-state') === 'ready');
    }, null, { timeout: 50_000, polling: 1000 });
    // A frame's entry comes after it ends: one more frame, then read.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
    const runs = await page.evaluate(() => (window as unknown as { __ours: number[] }).__ours);
    assert.equal(await uncaught(page), []);
    return Math.max(0, ...runs);
  } finally {
    await close();
  }
}

/** 3,000 placeholders of `width` x `height` in a wrapping row, cycling through the catalogue. */
const manyPlaceholders = (width: number, height: number) =>
  `<div style="display:flex;flex-wrap:wrap;gap:2px">${Array.from({ length: 3000 }, (_, n) => `<div data-gif-id="ID${n}" data-width="${width}" data-height="${height}" style="width:${width}px;aspect-ratio:${width}/${height}"><a href="/gifs/ID${n}">GIF</a></div>`).join('')}</div>`;

/** A long task, by the browser's own measure. */
const LONG_TASK_MS = 50;
/**
 * How much longer the same work may take on a machine busy with other work: the suite holds
 * with two CPU-bound processes beside it on 2 cores, where these pages' longest runs of ours
 * measured 50-95 ms against 20-37 idle. What this test is for: the stalls of seconds (2.7-4.3 s
 * before the 100-id batches and sliced starts; minutes with a visibility observer per player).
 * The 50 ms itself is measured on an idle machine (issue note, bench).
 */
const LOADED_MACHINE_ALLOWANCE = 4;

for (const [width, height] of [[24, 24], [300, 200]]) {
  test(`3,000 placeholders of ${width}x${height}: no run of the embed's scripts is a long task (${LONG_TASK_MS} ms, x${LOADED_MACHINE_ALLOWANCE} on a busy machine) while those on screen start`, async () => {
    const longest = await longestOfOurs(manyPlaceholders(width, height));
    assert.ok(longest <= LONG_TASK_MS * LOADED_MACHINE_ALLOWANCE, `longest run of our scripts: ${longest} ms`);
  });
}

test.run();
