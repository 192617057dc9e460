/**
 * Limits the data and the page cannot push the embed past: the API's 100 ids per request, and
 * box sizes from the data (a GIF that says it is 1 x 1e9, or 0, negative, NaN).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Route } from 'playwright-core';
import { IDS } from '../../server/catalogue/items';
import { apiCalls, openEmbedPage, PLACEHOLDER, uncaught, waitForState } from './embed-page';
import { withEnv, type Env } from './support/harness';

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
  test(`a GIF whose data says it is ${what}: a link-only placeholder gets a box within its column and at most 16 times as tall as wide, and plays`, async () => {
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
      assert.ok(box.height > 0 && box.height <= box.width * 16, `height ${box.height} for width ${box.width}`);
      const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      assert.ok(pageHeight < 20_000, `page height ${pageHeight}`);
      assert.equal(await uncaught(page), []);
    } finally {
      await close();
    }
  });
}

test.run();
