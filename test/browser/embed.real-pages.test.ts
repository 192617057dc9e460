/**
 * Real page layouts and real page furniture: embeds that touch in grids and stacks, a page that
 * also runs the SDK, a hover walk across a grid of embeds, the keyboard's way through two
 * players, a frame named like our global, and an API that stalls its body.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IDS } from '../../server/catalogue/items';
import { SEEN_RECHECK_MS, VISIBILITY_DELAY_MS } from '../../src/analytics/viewability';
import {
  apiCalls, armFailure, layoutShiftControl, nearControl, openEmbedPage, pingbackActions, pingbackControl, placeholder, uncaught, waitForState, SHIFT_CONTROL_ID,
} from './embed-page';
import { afterPageTimer, animationsDone, withEnv, type Env } from './support/harness';

let env: Env;
withEnv(test, (e) => (env = e), { reset: true });

/** Six GIFs, one per placeholder, so each SEEN names its placeholder. */
const SIX = [IDS.plain, IDS.hd, IDS.untitled, IDS.objectTags, IDS.noDisplayName, IDS.unverified];

/** The SEEN pingbacks of `apiKey`'s page by GIF id, once `done` holds or after `timeout`. */
async function seenCounts(apiKey: string, done: (counts: Record<string, number>) => boolean, timeout = 10_000) {
  const until = Date.now() + timeout;
  for (;;) {
    const counts: Record<string, number> = {};
    for (const a of await pingbackActions(env.base, apiKey)) if (a.action_type === 'SEEN') counts[a.gif_id] = (counts[a.gif_id] ?? 0) + 1;
    if (done(counts) || Date.now() > until) return counts;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('a 3x2 grid of touching 300x200 embeds at a fractional offset: each counted once; one covered is refused', async () => {
  // 320-px columns, rows touching; the text above puts the rows at fractional offsets.
  const cells = SIX.map((id, i) => `<div style="position:relative">${placeholder(id, '', 300, 200)}${i === 4 ? '<div style="position:absolute;inset:0;background:#fff"></div>' : ''}</div>`);
  const body = `<p style="margin:0;font-size:13.7px;line-height:1.37">A few lines of text above the grid,<br>two of them.</p>
    <div style="display:grid;grid-template-columns:repeat(3,320px)">${cells.join('')}</div>`;
  const page = await openEmbedPage(env, body, { device: { viewport: { width: 1280, height: 1000 } } });
  try {
    await waitForState(page.page, 'ready', 6);
    const tops = await page.page.evaluate(() => [...document.querySelectorAll('[data-gif-id]')].map((el) => el.getBoundingClientRect().top));
    assert.ok(tops.some((top) => top % 1 !== 0), `fractional offsets (${tops})`);
    const shown = SIX.filter((_, i) => i !== 4);
    const counts = await seenCounts(page.apiKey, (c) => shown.every((id) => c[id]));
    // For a SEEN that should not come (the covered one's, or a second of any): a recheck of the
    // covered box runs, then a HOVER queued after it reaches the service (positive control).
    await afterPageTimer(page.page, SEEN_RECHECK_MS + VISIBILITY_DELAY_MS);
    await pingbackControl(page.page, env.base, page.apiKey, `[data-gif-id="${shown[0]}"]`);
    const after = await seenCounts(page.apiKey, () => true);
    assert.equal(after, counts, 'nothing more came');
    assert.equal(counts, Object.fromEntries(shown.map((id) => [id, 1])), 'each uncovered GIF once, the covered one never');
    assert.equal(page.errors, []);
  } finally {
    await page.close();
  }
});

test('a page with sdk.js\'s grid and Gif and embed.js: one gifs?ids= request for the placeholders, no SDK tile mounted', async () => {
  const body = `${placeholder(IDS.plain, '', 320, 240)}
    <div id="grid" style="width:640px"></div><div id="one"></div>
    ${placeholder(IDS.sticker, '', 240, 240)}
    <script src="/sdk.js"></script>
    <script>
      var SDK = window.GifEmbedSDK;
      SDK.configure({ apiBase: location.origin, pingbackBase: location.origin, apiKey: 'sdk-key' });
      SDK.renderGrid(document.getElementById('grid'), { fetchGifs: function (offset) { return SDK.trending({ offset: offset, limit: 6 }); }, width: 640, columns: 3 });
      SDK.renderGif(document.getElementById('one'), { id: '${IDS.hd}', width: 200 });
    </script>`;
  const page = await openEmbedPage(env, body);
  try {
    await waitForState(page.page, 'ready', 2);
    await page.page.waitForFunction(() => document.querySelectorAll('#grid .gif-embed-gif img').length >= 3 && !!document.querySelector('#one .gif-embed-gif'));
    // Positive control: a placeholder the test adds now plays, so the loader has followed every
    // change the SDK made before it (its tiles are not placeholders).
    await nearControl(page.page, IDS.wide);
    const calls = apiCalls(page.requests);
    const batches = calls.filter((c) => c.startsWith('/v1/gifs?'));
    assert.is(batches.length, 2, `the page's batch and the control's (${calls.join(', ')})`);
    assert.is(new URLSearchParams(batches[1].split('?')[1]).get('ids'), IDS.wide, 'the control\'s');
    assert.equal(new URLSearchParams(batches[0].split('?')[1]).get('ids')!.split(',').sort(), [IDS.plain, IDS.sticker].sort(), 'the placeholders\' ids only');
    assert.is(calls.filter((c) => c.startsWith('/v1/gifs/trending')).length, 1, 'the grid\'s page');
    assert.is(calls.filter((c) => c.startsWith(`/v1/gifs/${IDS.hd}`)).length, 1, 'the Gif\'s GIF');
    const mounted = await page.page.evaluate(() =>
      [...document.querySelectorAll('[data-gif-embed-sdk], [data-gif-embed-sdk] *')].filter((el) => el.hasAttribute('data-gif-embed-state') || el.shadowRoot).length,
    );
    assert.is(mounted, 0, 'no SDK element taken by the embed');
    assert.equal(page.errors, []);
  } finally {
    await page.close();
  }
});

test('a hover walk across a grid of eight embeds records no layout shift', async () => {
  const ids = [...SIX, IDS.plain, IDS.hd];
  const body = `<p>Eight GIFs.</p><div style="display:grid;grid-template-columns:repeat(4,300px);gap:10px">${ids.map((id) => placeholder(id, '', 300, 225)).join('')}</div>`;
  const page = await openEmbedPage(env, body, { device: { viewport: { width: 1280, height: 800 } } });
  try {
    await page.page.evaluate((controlId) => {
      const w = window as unknown as { __shifts: string[] };
      w.__shifts = [];
      new PerformanceObserver((list) => {
        // (A node inside a shadow root is not named to the page: where it was and went is.)
        const at = (r: DOMRectReadOnly) => `${Math.round(r.width)}x${Math.round(r.height)} at ${Math.round(r.x)},${Math.round(r.y)}`;
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
          if (entry.sources?.length && entry.sources.every((s) => (s.node as Element | null)?.id === controlId)) continue;
          w.__shifts.push(`${entry.value.toFixed(4)}: ${(entry.sources ?? []).map((s) => `${at(s.previousRect)} to ${at(s.currentRect)}`).join(', ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    }, SHIFT_CONTROL_ID);
    await waitForState(page.page, 'ready', 8);
    for (const id of ids) {
      const box = (await page.page.locator(`[data-gif-id="${id}"]`).first().boundingBox())!;
      await page.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
      // The chrome arrives and shows its footer on the hovered player, and the footer its related GIFs.
      await page.page.waitForFunction((sel) => !!document.querySelector(sel)?.shadowRoot?.querySelector('.r.h .ft .gif-embed-gif img'), `[data-gif-id="${id}"]`);
    }
    await page.page.mouse.move(5, 5);
    // Every footer has slid away, and every shift until then is reported.
    await animationsDone(page.page);
    await layoutShiftControl(page.page);
    assert.equal(await page.page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts), [], 'layout shifts');
  } finally {
    await page.close();
  }
});

test('the chrome arriving for a player on screen (no hover) has its footer out of sight from its first frame', async () => {
  const page = await openEmbedPage(env, placeholder(IDS.plain, '', 480, 360));
  try {
    await waitForState(page.page, 'ready');
    // Where the footer's top is, against the player's bottom, in the first frame it is in and 600 ms later.
    const tops = await page.page.evaluate(() => new Promise<number[]>((resolve) => {
      const root = document.querySelector('[data-gif-id]')!.shadowRoot!;
      const below = () => root.querySelector('.ft')!.getBoundingClientRect().top - root.querySelector('.r')!.getBoundingClientRect().bottom;
      const seen = new MutationObserver(() => {
        if (!root.querySelector('.ft')) return;
        seen.disconnect();
        requestAnimationFrame(() => {
          const first = below();
          setTimeout(() => resolve([first, below()]), 600);
        });
      });
      seen.observe(root, { childList: true, subtree: true });
    }));
    assert.ok(tops[0] >= 0, `below the player at first (${tops[0]} px)`);
    assert.ok(tops[1] >= 0, `and after (${tops[1]} px)`);
  } finally {
    await page.close();
  }
});

/** The focused element, through open shadow roots, as "tag: label". */
const focused = (page: import('playwright-core').Page) =>
  page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el ? `${el.localName}: ${(el.getAttribute('aria-label') || el.textContent || '').trim()}` : '';
  });

test('Escape from the share menu gives focus back to Share, after a keyboard walk through both players', async () => {
  const body = `<p><a href="#before" id="before">before</a></p>${placeholder(IDS.plain, '', 480, 360)}<p>Text between the GIFs.</p>${placeholder(IDS.sticker, '', 300, 225)}<p><a href="#after" id="after">after</a></p>`;
  const page = await openEmbedPage(env, body);
  const { page: tab } = page;
  try {
    await waitForState(tab, 'ready', 2);
    await tab.focus('#before');
    let steps = 0;
    for (; steps < 60 && (await tab.evaluate(() => document.activeElement?.id)) !== 'after'; steps++) await tab.keyboard.press('Tab');
    assert.is(await tab.evaluate(() => document.activeElement?.id), 'after', `the walk reached the link after (${steps} Tabs)`);
    const box = (await tab.locator(`[data-gif-id="${IDS.plain}"]`).boundingBox())!;
    await tab.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const share = `[data-gif-id="${IDS.plain}"]`;
    await tab.waitForFunction((sel) => !!document.querySelector(sel)!.shadowRoot!.querySelector('.r.h button[aria-label="Share"]'), share);
    await tab.evaluate((sel) => {
      const button = document.querySelector(sel)!.shadowRoot!.querySelector<HTMLButtonElement>('button[aria-label="Share"]')!;
      button.focus();
      button.click();
    }, share);
    await tab.waitForFunction((sel) => !!document.querySelector(sel)!.shadowRoot!.querySelector('[role=dialog]'), share);
    for (let i = 0; i < 12; i++) await tab.keyboard.press('Tab');
    for (let i = 0; i < 12; i++) await tab.keyboard.press('Shift+Tab');
    assert.ok(await tab.evaluate((sel) => !!document.querySelector(sel)!.shadowRoot!.querySelector('[role=dialog]')!.contains(document.querySelector(sel)!.shadowRoot!.activeElement), share), 'focus held in the dialog');
    await tab.keyboard.press('Escape');
    await tab.waitForFunction((sel) => !document.querySelector(sel)!.shadowRoot!.querySelector('[role=dialog]'), share);
    assert.is(await focused(tab), 'button: Share', 'focus back on Share');
    // And it stays there once the footer is back (its slide over).
    await animationsDone(tab);
    assert.is(await focused(tab), 'button: Share', 'still on Share');
    assert.equal(page.errors, []);
  } finally {
    await page.close();
  }
});

test('frames named GifEmbed, dataLayer, gtag and ga from another origin stop nothing: players ready, hover counted', async () => {
  const other = env.base.replace('127.0.0.1', 'media.localhost');
  const names = ['GifEmbed', 'dataLayer', 'gtag', 'ga'];
  let framesIn: () => void;
  const loaded = new Promise<void>((resolve) => (framesIn = resolve));
  const body = `${names.map((name) => `<iframe name="${name}" src="${other}/media/${IDS.plain}/200w.gif" width="40" height="20" title="${name}"></iframe>`).join('')}${placeholder(IDS.plain, '', 320, 240)}`;
  const page = await openEmbedPage(env, body, {
    // embed.js comes once every frame has its other-origin page (reading GifEmbed then throws).
    prepare: async (context) => {
      context.on('page', (p) => p.on('framenavigated', () => p.frames().filter((f) => f.url().startsWith(other)).length === names.length && framesIn()));
      await context.route(/\/embed\.js$/, async (route) => {
        await loaded;
        await route.continue();
      });
    },
  });
  try {
    await waitForState(page.page, 'ready');
    const box = (await page.page.locator(`[data-gif-id="${IDS.plain}"]`).boundingBox())!;
    await page.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const until = Date.now() + 10_000;
    let hovers: string[] = [];
    while (!hovers.length && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      hovers = (await pingbackActions(env.base, page.apiKey)).filter((a) => a.action_type === 'HOVER').map((a) => a.gif_id);
    }
    assert.equal(hovers, [IDS.plain], 'the hover counted');
    assert.equal(await uncaught(page.page), []);
    assert.equal(page.errors, []);
  } finally {
    await page.close();
  }
});

test('an API that sends its headers and then trickles its body: the embed shows its error view, the oEmbed handler answers 502, each within 12 s', async () => {
  await armFailure(env.base, 'mode=trickle&path=/v1/gifs&times=2');
  const page = await openEmbedPage(env, placeholder(IDS.plain, '', 320, 240));
  try {
    const started = Date.now();
    await waitForState(page.page, 'error', 1, 12_000);
    assert.ok(Date.now() - started < 12_000);
    const oembedStarted = Date.now();
    const res = await fetch(`${env.base}/oembed?url=${encodeURIComponent(`${env.base}/gifs/bouncing-dots-${IDS.plain}`)}`, { signal: AbortSignal.timeout(15_000) });
    assert.is(res.status, 502);
    const took = Date.now() - oembedStarted;
    assert.ok(took < 12_000, `502 after ${took} ms`);
    assert.equal(await uncaught(page.page), []);
  } finally {
    await page.close();
  }
});

test.run();
