/**
 * The progressive snippet (the script form the share menu and the snippet builder hand out): the
 * placeholder's link holds a plain `<img>` of the GIF (in a `<picture>` with its WebP), which paints before any script runs; the
 * player takes over in place with that very file. Mechanics only, no timings: the file is
 * requested once and is what the player shows, nothing shifts, and an image is on screen in
 * every frame of the takeover.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IDS } from '../../server/catalogue';
import { normalizeGif, scriptEmbedCode, type Gif } from '../../src/model';
import { withEnv, type Env } from './support/harness';
import { openEmbedPage, placeholder, waitForState } from './embed-page';
import { PROGRESSIVE_WAIT_MAX_MS } from '../../src/embed/eager-images';

let env: Env;
withEnv(test, (started) => (env = started));

/** The GIF as the service gives it (what the share menu and the builder make the snippet from). */
async function gifOf(id: string): Promise<Gif> {
  const json = await (await fetch(`${env.base}/v1/gifs/${id}?api_key=test`)).json();
  return normalizeGif(json.data, json.meta);
}

/** The snippet's placeholder (its script tag left out: the test page adds the embed script). */
const snippetOf = (gif: Gif) => scriptEmbedCode(gif, { script: '' }).trim();

/**
 * Records, from the first byte, each animation frame in which some box shows no decoded image:
 * neither its fallback `<img>` (rendered through the shadow root's slot, or before the shadow
 * root exists) nor the player's image at full opacity. Counting starts once the fallback has loaded.
 */
const FRAME_WATCH = () => {
  // tsx names the functions below through a global helper the page does not have yet.
  (window as unknown as { __name: unknown }).__name ??= (f: unknown) => f;
  const w = window as unknown as { __blank: number; __frames: number };
  w.__blank = 0;
  w.__frames = 0;
  const shown = (img: HTMLImageElement | null | undefined) => !!img && img.complete && img.naturalWidth > 0;
  const tick = () => {
    const boxes = [...document.querySelectorAll<HTMLElement>('[data-gif-id]')];
    const started = boxes.length && boxes.every((box) => shown(box.querySelector('img')));
    if (started) {
      w.__frames++;
      for (const box of boxes) {
        const fallback = box.querySelector('img')!;
        const inFlatTree = !box.shadowRoot || !!fallback.closest('a')?.assignedSlot;
        const root = box.shadowRoot?.querySelector<HTMLElement>('.r');
        const player = root && getComputedStyle(root).opacity === '1' && shown(root.querySelector<HTMLImageElement>('.g img, img'));
        if (!(inFlatTree || player)) w.__blank++;
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  (window as unknown as { __shift: number }).__shift = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) (window as unknown as { __shift: number }).__shift += (e as unknown as { value: number }).value;
  }).observe({ type: 'layout-shift', buffered: true });
};

test('the snippet\'s <img> is the file the player shows: requested once, no shift, an image on screen in every frame', async () => {
  const gifs = await Promise.all([IDS.plain, IDS.wide, IDS.sticker].map(gifOf));
  const body = gifs.map((gif) => `<div style="margin:8px">${snippetOf(gif)}</div>`).join('');
  const { page, close, requests, errors } = await openEmbedPage(env, body, {
    // The page's own images paint first: the loader arrives late, as on a slow network.
    prepare: async (context) => {
      await context.addInitScript(FRAME_WATCH);
      await context.route('**/embed.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
    },
  });
  await waitForState(page, 'ready', 3);
  // Past the players' 0.4 s entry: the players cover the snippets' images (which stay under them).
  await page.waitForFunction(() => [...document.querySelectorAll('[data-gif-id]')].every((box) => {
    const root = box.shadowRoot?.querySelector('.r');
    return !!root && root.getAnimations().every((a) => a.playState !== 'running');
  }));
  for (const gif of gifs) {
    const box = page.locator(`[data-gif-id="${gif.id}"]`);
    // The file the browser took from the snippet: the WebP of its <picture> for a GIF (what the
    // player plays where WebP decodes, spec §5), the plain file for a sticker.
    const fallback = await box.locator(':scope > a img').evaluate((img: HTMLImageElement) => img.currentSrc);
    const rendition = Object.values(gif.images).find((r) => r && (r.url === fallback || r.webp === fallback));
    assert.is(fallback, gif.is_sticker ? rendition?.url : rendition?.webp, `${gif.id}: the snippet's file`);
    const shown = await box.locator('.r img').first().evaluate((img: HTMLImageElement) => img.currentSrc);
    assert.is(shown, fallback, `${gif.id}: the player shows the snippet's own file`);
    assert.is(requests.filter((r) => r.url() === fallback).length, 1, `${gif.id}: ${fallback} requested once`);
    // Nothing else of the GIF's moving files is fetched: one download per box.
    const files = Object.values(gif.images).flatMap((r) => (r ? [r.url, r.webp] : [])).filter(Boolean);
    assert.equal(requests.map((r) => r.url()).filter((url) => files.includes(url) && url !== fallback), [], `${gif.id}: no other file`);
  }
  const { blank, frames, shift } = await page.evaluate(() => {
    const w = window as unknown as { __blank: number; __frames: number; __shift: number };
    return { blank: w.__blank, frames: w.__frames, shift: w.__shift };
  });
  assert.ok(frames > 20, `frames watched: ${frames}`);
  assert.is(blank, 0, `box-frames without an image: ${blank} of ${frames * 3}`);
  assert.is(shift, 0, 'layout shift');
  assert.equal(errors, []);
  await close();
});

test('a lazy snippet the browser has not fetched yet: the player takes the file its <picture> will give, and no other file of the GIF is fetched', async () => {
  const gifs = await Promise.all([IDS.plain, IDS.wide, IDS.sticker].map(gifOf));
  // Far below the first screen, loading="lazy" as the README advises, and started by the page
  // (GifEmbed.mount) before the browser has picked a file for their <img>s: as players start
  // ahead of the scroll, sooner than the browser's own lazy loading.
  const body = '<div style="height:8000px"></div>' + gifs.map((gif) => `<div style="margin:8px">${snippetOf(gif).replace('<img ', '<img loading="lazy" ')}</div>`).join('');
  const { page, close, requests, errors } = await openEmbedPage(env, body);
  await page.waitForFunction(() => document.querySelectorAll('[data-gif-embed-state=loading]').length === 3);
  assert.ok(await page.evaluate(() => [...document.querySelectorAll('img')].every((img) => !img.currentSrc)), 'no file picked yet');
  await page.evaluate(() => document.querySelectorAll('[data-gif-id]').forEach((el) => (window as unknown as { GifEmbed: { mount(el: Element): void } }).GifEmbed.mount(el)));
  await waitForState(page, 'ready', 3);
  for (const gif of gifs) {
    const rendition = Object.values(gif.images).find((r) => r && requests.some((q) => q.url() === r.webp || q.url() === r.url));
    const want = gif.is_sticker ? rendition?.url : rendition?.webp;
    const shown = await page.locator(`[data-gif-id="${gif.id}"] .r img`).first().evaluate((img: HTMLImageElement) => img.currentSrc);
    assert.is(shown, want, `${gif.id}: the player shows the file of the snippet's <picture>`);
    const files = Object.values(gif.images).flatMap((r) => (r ? [r.url, r.webp] : [])).filter(Boolean);
    const fetched = requests.map((r) => r.url()).filter((url) => files.includes(url));
    assert.equal(fetched, [want], `${gif.id}: one file fetched, once`);
  }
  assert.equal(errors, []);
  await close();
});

/**
 * Records when the first `<img>` loads, when embed.js adds the player file's script, and when the
 * first placeholder gets its state (set up by the player).
 */
const ORDER_WATCH = () => {
  const w = window as unknown as { __img: number; __player: number; __state: number };
  w.__img = 0;
  w.__player = 0;
  w.__state = 0;
  document.addEventListener('load', (e) => { if ((e.target as Element).tagName === 'IMG' && !w.__img) w.__img = performance.now(); }, true);
  new MutationObserver(() => {
    if (!w.__player && document.querySelector('script[src*="/plugins/player-"]')) w.__player = performance.now();
    if (!w.__state && document.querySelector('[data-gif-embed-state]')) w.__state = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-gif-embed-state'] });
};

/** Opens a page of one progressive snippet whose `<img>` answers after `holdMs`; resolves with when it loaded, when the player file was asked for and when the setup began. */
async function heldImage(holdMs: number) {
  const gif = await gifOf(IDS.plain);
  const snippet = snippetOf(gif);
  // The file the browser fetches: the <picture>'s WebP.
  const file = /srcset="([^"]+)"/.exec(snippet)![1].replace(/&amp;/g, '&');
  const { page, close, errors } = await openEmbedPage(env, snippet, {
    prepare: async (context) => {
      await context.addInitScript(ORDER_WATCH);
      await context.route(file, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, holdMs));
        await route.continue();
      });
    },
  });
  await waitForState(page, 'ready');
  await page.waitForFunction(() => (window as unknown as { __img: number }).__img > 0);
  const at = await page.evaluate(() => {
    const w = window as unknown as { __img: number; __player: number; __state: number };
    return { img: w.__img, player: w.__player, state: w.__state };
  });
  assert.equal(errors, []);
  await close();
  return at;
}

test('embed.js waits for the snippet\'s image: the player file is asked for after it loaded, and the GIF paints with none of our script in between', async () => {
  const { img, player, state } = await heldImage(PROGRESSIVE_WAIT_MAX_MS / 2);
  assert.ok(player > img, `player file asked for (${player.toFixed(0)} ms) after the image loaded (${img.toFixed(0)} ms)`);
  assert.ok(state > player, `placeholder set up (${state.toFixed(0)} ms) by the player`);
});

/**
 * Opens a page of one progressive snippet with ORDER_WATCH and `watch` installed before any
 * script; `holdEmbedMs` holds embed.js back that long.
 */
async function openWatched(watch: () => void, holdEmbedMs = 0) {
  const gif = await gifOf(IDS.plain);
  return openEmbedPage(env, snippetOf(gif), {
    prepare: async (context) => {
      await context.addInitScript(ORDER_WATCH);
      await context.addInitScript(watch);
      if (holdEmbedMs) {
        await context.route('**/embed.js', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, holdEmbedMs));
          await route.continue();
        });
      }
    },
  });
}

test('an image already in when embed.js runs: the player file is still asked for only after a frame has rendered', async () => {
  // When embed.js starts (it sets window.GifEmbed first), and every animation frame; the image
  // is in (and on screen) well before the loader arrives.
  const { page, close, errors } = await openWatched(() => {
    (window as unknown as { __name: unknown }).__name ??= (f: unknown) => f;
    const w = window as unknown as { __started: number; __frames: number[] };
    w.__frames = [];
    let value: unknown;
    Object.defineProperty(window, 'GifEmbed', {
      configurable: true,
      get: () => value,
      set: (next) => { w.__started ||= performance.now(); value = next; },
    });
    const frame = () => { w.__frames.push(performance.now()); requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
  }, 400);
  await waitForState(page, 'ready');
  const { img, started, player, frames } = await page.evaluate(() => {
    const w = window as unknown as { __img: number; __started: number; __player: number; __frames: number[] };
    return { img: w.__img, started: w.__started, player: w.__player, frames: w.__frames };
  });
  assert.ok(img > 0 && img < started, `the image loaded (${img.toFixed(0)} ms) before embed.js ran (${started.toFixed(0)} ms)`);
  const between = frames.filter((t) => t > started && t < player).length;
  assert.ok(between >= 1, `frames between embed.js's start (${started.toFixed(0)} ms) and the player file's request (${player.toFixed(0)} ms): ${between}`);
  assert.equal(errors, []);
  await close();
});

test('embed.js waits until the snippet\'s image is decoded, not only loaded: a picture that decodes slowly still paints before the player file is asked for', async () => {
  // A slow decode (a large GIF on a slow device): every decode() settles 300 ms late.
  const { page, close, errors } = await openWatched(() => {
    (window as unknown as { __name: unknown }).__name ??= (f: unknown) => f;
    const w = window as unknown as { __decoded: number };
    w.__decoded = 0;
    const decode = HTMLImageElement.prototype.decode;
    HTMLImageElement.prototype.decode = function (this: HTMLImageElement) {
      return decode.call(this).then(() => new Promise<void>((resolve) => setTimeout(() => {
        w.__decoded ||= performance.now();
        resolve();
      }, 300)));
    };
  });
  await waitForState(page, 'ready');
  const { img, decoded, player } = await page.evaluate(() => {
    const w = window as unknown as { __img: number; __decoded: number; __player: number };
    return { img: w.__img, decoded: w.__decoded, player: w.__player };
  });
  assert.ok(img > 0 && decoded >= img + 250, `decoded (${decoded.toFixed(0)} ms) well after it loaded (${img.toFixed(0)} ms)`);
  assert.ok(player > decoded, `player file asked for (${player.toFixed(0)} ms) after the image was decoded (${decoded.toFixed(0)} ms)`);
  assert.equal(errors, []);
  await close();
});

test(`an image that takes longer than ${PROGRESSIVE_WAIT_MAX_MS} ms does not hold the player back`, async () => {
  const { img, player, state } = await heldImage(PROGRESSIVE_WAIT_MAX_MS * 2.5);
  assert.ok(player < img && state < img, `player file asked for (${player.toFixed(0)} ms) and placeholder set up (${state.toFixed(0)} ms) before its image loaded (${img.toFixed(0)} ms)`);
});

test('an <img> that is not one of the GIF\'s files is not adopted; a placeholder without one works as before', async () => {
  const gif = await gifOf(IDS.plain);
  const foreign = `<div data-gif-id="${IDS.plain}" data-width="480" data-height="360" style="aspect-ratio:480/360;width:480px;max-width:100%"><a href="/gifs/${IDS.plain}"><img src="/media/${IDS.wide}/giphy.gif" width="480" height="360" alt=""></a></div>`;
  const { page, close, errors } = await openEmbedPage(env, foreign + placeholder(IDS.wide));
  await waitForState(page, 'ready', 2);
  const shown = await page.locator(`[data-gif-id="${IDS.plain}"] .r img`).first().evaluate((img: HTMLImageElement) => img.currentSrc);
  const own = Object.values(gif.images).flatMap((r) => (r ? [r.url, r.webp] : []));
  assert.ok(own.includes(shown), `the player shows one of ${IDS.plain}'s files, not the page's: ${shown}`);
  assert.ok(await page.locator(`[data-gif-id="${IDS.wide}"] .r img`).first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0));
  assert.equal(errors, []);
  await close();
});

test.run();
