/**
 * The ad field: what ad servers do to the documents our placements live in. A creative written
 * into a friendly iframe that is never closed, a frame off screen that is never painted, a page
 * rewritten with `document.open()`, one impression pixel on several placements, a player moved
 * into another document, and a progressive snippet whose styles a CMS stripped.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IDS } from '../../server/catalogue';
import { normalizeGif, scriptEmbedCode } from '../../src/model';
import { openEmbedPage, pageHtml, pingbackActions, placeholder, playerCalls, playerRoot, waitForState } from './embed-page';
import { animationsDone, eventually, frames, withEnv, type Env } from './support/harness';

let env: Env;
withEnv(test, (e) => (env = e), { reset: true });

/** The pixel hits the service recorded, as their query parameters. */
async function pixelHits(): Promise<Record<string, string>[]> {
  const res = await fetch(`${env.base}/_local/pixels`);
  return ((await res.json()) as { pixels: { query: Record<string, string> }[] }).pixels.map((p) => p.query);
}

/** The SEEN pingbacks of the page with `apiKey`, by GIF id. */
const seenIds = async (apiKey: string) => (await pingbackActions(env.base, apiKey)).filter((a) => a.action_type === 'SEEN').map((a) => a.gif_id);

/** A placement's `data-pixel`: the service's pixel, named `name`, with a cache buster. */
const placementPixel = (name: string) => `data-pixel='<img src="${env.base}/_local/pixel?placement=${name}&amp;cb=%%CACHEBUSTER%%">'`;

/** `text` as a JavaScript string literal that can sit inside an inline `<script>`. */
const scriptString = (text: string) => JSON.stringify(text).replaceAll('</', '<\\/');

test('a creative written into a friendly iframe that is never closed: the player is ready, one SEEN, each pixel once', async () => {
  const frameKey = `friendly-${Date.now()}`;
  const creative = `<!doctype html><html lang="en"><body style="margin:0">${placeholder(IDS.bottle, placementPixel('friendly'), 320, 240)}` +
    `<script src="${env.base}/embed.js" data-api-key="${frameKey}"></script>`;
  const { page, errors, close } = await openEmbedPage(env, '', {
    // The ad tag: an about:blank frame, the creative written into it, and no document.close().
    html: () => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ad</title></head><body style="margin:0">
<iframe id="ad" width="320" height="240" title="Advertisement" style="border:0;display:block"></iframe>
<script>const doc = document.getElementById('ad').contentDocument; doc.open(); doc.write(${scriptString(creative)});</script></body></html>`,
    // The frame never finishes loading, and neither does the page that holds it.
    waitUntil: 'domcontentloaded',
  });
  const frame = await eventually(() => page.frames().find((f) => f !== page.mainFrame()), 'the ad frame');
  await frame.waitForFunction(() => document.querySelector('[data-gif-id]')?.getAttribute('data-gif-embed-state') === 'ready', undefined, { timeout: 15_000 });
  assert.is(await frame.evaluate(() => document.readyState), 'loading', 'the frame is still parsing');
  const hits = await eventually(async () => {
    const all = await pixelHits();
    return all.some((q) => q.placement === 'friendly') && all.some((q) => q.id === IDS.bottle) && all;
  }, 'the placement\'s pixel and the GIF\'s own');
  assert.is(hits.length, 2, JSON.stringify(hits));
  assert.is(await frame.evaluate(() => document.querySelectorAll('img[data-gif-embed-pixel]').length), 2, 'two pixel images in the frame');
  assert.equal(await eventually(async () => (await seenIds(frameKey)).length && seenIds(frameKey), 'the SEEN'), [IDS.bottle]);
  assert.equal(errors, []);
  await close();
});

test('a cross-origin frame far below the fold, never painted: its placeholders are found (state loading) before it is scrolled to, and play once it is', async () => {
  const frameUrl = `http://localhost:${new URL(env.base).port}/examples/__far-frame.html`;
  const { page, close } = await openEmbedPage(env, `<div style="height:4000px"></div><iframe src="${frameUrl}" width="500" height="400" title="Advertisement" style="border:0;display:block"></iframe>`, {
    prepare: (context) => context.route(frameUrl, (route) => route.fulfill({ contentType: 'text/html', body: pageHtml(placeholder(IDS.plain, '', 320, 240)) })),
  });
  const frame = await eventually(() => page.frames().find((f) => f.url() === frameUrl), 'the frame');
  // Polled on a timer: a frame that renders nothing has no animation frames to poll on.
  await frame.waitForFunction(() => document.querySelector('[data-gif-id]')?.getAttribute('data-gif-embed-state') === 'loading', undefined, { timeout: 10_000, polling: 100 });
  await page.locator('iframe').scrollIntoViewIfNeeded();
  await frame.waitForFunction(() => document.querySelector('[data-gif-id]')?.getAttribute('data-gif-embed-state') === 'ready', undefined, { timeout: 10_000 });
  await close();
});

test('a page rewritten with document.open(): what it writes plays, a placeholder added after it plays, the player file is not fetched again, and a CLICK is sent as the reader leaves', async () => {
  const { page, apiKey, requests, context, close } = await openEmbedPage(env, placeholder(IDS.plain, '', 320, 240));
  await waitForState(page, 'ready', 1);
  await page.evaluate((html) => {
    document.open();
    document.write(html);
    document.close();
  }, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rewritten</title></head><body style="margin:0">${placeholder(IDS.wide, 'id="written"', 320, 180)}</body></html>`);
  await page.waitForFunction(() => document.getElementById('written')?.getAttribute('data-gif-embed-state') === 'ready');
  await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), placeholder(IDS.sticker, 'id="later"', 240, 240));
  await page.waitForFunction(() => document.getElementById('later')?.getAttribute('data-gif-embed-state') === 'ready');
  assert.is(playerCalls(requests), 1, 'the player file once');
  // The rewrite took every listener off the window: the queued CLICK still goes as the page does.
  const [popup] = await Promise.all([context.waitForEvent('page'), playerRoot(page, '#written').locator('a.g').click({ position: { x: 60, y: 70 } })]);
  await popup.close();
  await page.goto('about:blank');
  await eventually(async () => (await pingbackActions(env.base, apiKey)).some((a) => a.action_type === 'CLICK' && a.gif_id === IDS.wide), 'the CLICK pingback');
  await close();
});

test('one impression pixel on three placements, all seen: three hits, each its own cache buster; one GIF in two placements with one pixel: two hits', async () => {
  const shared = [IDS.plain, IDS.wide, IDS.hd].map((id) => placeholder(id, placementPixel('shared'), 240, 180));
  const twice = [IDS.sticker, IDS.sticker].map((id) => placeholder(id, placementPixel('twice'), 180, 180));
  const { page, apiKey, close } = await openEmbedPage(env, `<div style="display:flex;gap:8px;flex-wrap:wrap">${[...shared, ...twice].join('')}</div>`);
  await waitForState(page, 'ready', 5);
  const seen = await eventually(async () => {
    const ids = await seenIds(apiKey);
    return ids.length >= 5 && ids;
  }, 'five SEEN');
  assert.is(seen.length, 5, JSON.stringify(seen));
  const hits = await eventually(async () => {
    const all = await pixelHits();
    return all.filter((q) => q.placement === 'shared').length >= 3 && all.filter((q) => q.placement === 'twice').length >= 2 && all;
  }, 'the pixels of every placement');
  assert.is(await page.evaluate(() => document.querySelectorAll('img[data-gif-embed-pixel]').length), 5, 'one pixel image per placement');
  const of = (name: string) => hits.filter((q) => q.placement === name).map((q) => q.cb);
  assert.is(of('shared').length, 3);
  assert.is(new Set(of('shared')).size, 3, `distinct cache busters: ${of('shared')}`);
  assert.is(of('twice').length, 2);
  assert.is(new Set(of('twice')).size, 2, `distinct cache busters: ${of('twice')}`);
  await close();
});

test('a sponsored GIF in two placements: one billed SEEN and one of its own pixel, but each placement\'s pixel', async () => {
  const both = [1, 2].map((n) => placeholder(IDS.bottle, placementPixel(`spot${n}`), 320, 240));
  const { page, apiKey, close } = await openEmbedPage(env, `<div style="display:flex;gap:8px">${both.join('')}</div>`);
  await waitForState(page, 'ready', 2);
  const hits = await eventually(async () => {
    const all = await pixelHits();
    return all.some((q) => q.placement === 'spot1') && all.some((q) => q.placement === 'spot2') && all.some((q) => q.id === IDS.bottle) && all;
  }, 'the pixels');
  assert.is(hits.length, 3, JSON.stringify(hits));
  assert.is(await page.evaluate(() => document.querySelectorAll('img[data-gif-embed-pixel]').length), 3, 'three pixel images');
  assert.equal(await seenIds(apiKey), [IDS.bottle], 'one billed SEEN');
  await close();
});

/** The other origin (the same service under another host name): an ad server's frame. */
const otherOrigin = () => `http://localhost:${new URL(env.base).port}`;

test('cross-origin creatives: counted when in plain view (one SEEN, each pixel once); not while covered from the page, clipped by its scroll box, or partly below the fold', async () => {
  const stamp = Date.now();
  const CREATIVES = ['plain', 'covered', 'clipped', 'fold'] as const;
  const keyOf = (name: string) => `creative-${name}-${stamp}`;
  const urlOf = (name: string) => `${otherOrigin()}/examples/__creative-${name}.html`;
  // The plain one shows the plain GIF (its SEEN waits for the 1 s debounce); the others the
  // sponsored one, whose SEEN would go at once: when the plain one's has come, theirs would have.
  const frame = (name: string, style = '') => `<iframe src="${urlOf(name)}" width="340" height="260" title="Advertisement" style="border:0;display:block;${style}"></iframe>`;
  const body = `<div style="display:flex;gap:8px;align-items:flex-start">
    ${frame('plain')}
    <div style="position:relative">${frame('covered')}<div style="position:absolute;inset:0;background:#fff"></div></div>
    <div id="scroller" style="height:120px;overflow:auto">${frame('clipped')}<div style="height:400px"></div></div></div>
    <div style="position:absolute;top:700px;left:0">${frame('fold')}</div>`;
  const { page, close } = await openEmbedPage(env, body, {
    prepare: (context) => Promise.all(CREATIVES.map((name) => context.route(urlOf(name), (route) => route.fulfill({
      contentType: 'text/html',
      body: pageHtml(`<div style="margin:10px">${placeholder(name === 'plain' ? IDS.plain : IDS.bottle, placementPixel(name), 320, 240)}</div>`, { apiKey: keyOf(name) }),
    })))),
  });
  for (const name of CREATIVES) {
    const creative = await eventually(() => page.frames().find((f) => f.url() === urlOf(name)), `the ${name} frame`);
    await creative.waitForFunction(() => document.querySelector('[data-gif-id]')?.getAttribute('data-gif-embed-state') === 'ready', undefined, { polling: 100 });
  }
  assert.equal(await eventually(async () => (await seenIds(keyOf('plain'))).length && seenIds(keyOf('plain')), 'the SEEN in plain view'), [IDS.plain]);
  for (const name of CREATIVES.slice(1)) assert.equal(await seenIds(keyOf(name)), [], `no SEEN ${name}`);
  const hits = await pixelHits();
  assert.equal(hits.map((q) => q.placement), ['plain'], 'the plain creative\'s pixel alone, once');
  await close();
});

test('held: a friendly iframe that is closed, and placeholders written by document.write before and after embed.js, each play and count once', async () => {
  const frameKey = `friendly-closed-${Date.now()}`;
  const creative = `<!doctype html><html lang="en"><body style="margin:0">${placeholder(IDS.sticker, placementPixel('closed'), 240, 240)}<script src="${env.base}/embed.js" data-api-key="${frameKey}"></script>`;
  const { page, apiKey, errors, close } = await openEmbedPage(env, '', {
    html: (key) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Written</title></head><body style="margin:0">
<div style="display:flex;gap:8px;align-items:flex-start">
<script>document.write(${scriptString(placeholder(IDS.plain, 'id="before"', 320, 240))});</script>
<script src="/embed.js" data-api-key="${key}"></script>
<script>document.write(${scriptString(placeholder(IDS.wide, 'id="after"', 320, 180))});</script>
<iframe id="ad" width="240" height="240" title="Advertisement" style="border:0;display:block"></iframe></div>
<script>const doc = document.getElementById('ad').contentDocument; doc.open(); doc.write(${scriptString(creative)}); doc.close();</script></body></html>`,
  });
  await page.waitForFunction(() => ['before', 'after'].every((id) => document.getElementById(id)?.getAttribute('data-gif-embed-state') === 'ready'));
  const frame = page.frames().find((f) => f !== page.mainFrame())!;
  await frame.waitForFunction(() => document.querySelector('[data-gif-id]')?.getAttribute('data-gif-embed-state') === 'ready');
  const seen = await eventually(async () => {
    const ids = await seenIds(apiKey);
    return ids.length >= 2 && (await seenIds(frameKey)).length >= 1 && ids;
  }, 'the SEEN of the page and of the frame');
  assert.equal([...seen].sort(), [IDS.plain, IDS.wide].sort());
  assert.equal(await seenIds(frameKey), [IDS.sticker]);
  assert.equal((await pixelHits()).map((q) => q.placement), ['closed']);
  assert.equal(errors, []);
  await close();
});

/** How the player in placeholder `#moved` shows, wherever it is now (the page or its iframe). */
function movedPlayer() {
  const frameDoc = document.querySelector('iframe')!.contentDocument!;
  const el = document.getElementById('moved') ?? frameDoc.getElementById('moved')!;
  const root = el.shadowRoot!.querySelector<HTMLElement>('.r')!;
  const img = root.querySelector('img')!;
  const win = el.ownerDocument.defaultView!;
  return {
    inFrame: el.ownerDocument === frameDoc,
    sheets: el.shadowRoot!.adoptedStyleSheets.length,
    position: win.getComputedStyle(root).position,
    height: Math.round(root.getBoundingClientRect().height),
    image: img.complete && img.naturalWidth > 0 ? Math.round(img.getBoundingClientRect().height) : 0,
    state: el.getAttribute('data-gif-embed-state'),
  };
}

/** Whether the player in `#moved`, wherever it is, shows its GIF. */
function shows() {
  const el = document.getElementById('moved') ?? document.querySelector('iframe')!.contentDocument!.getElementById('moved');
  const img = el?.shadowRoot!.querySelector<HTMLImageElement>('.r img');
  return !!img && img.complete && img.naturalWidth > 0;
}

test('a player moved into a same-origin iframe (adoptNode) keeps its styles and shows its GIF there; moved back, the same; no second SEEN', async () => {
  const { page, apiKey, errors, close } = await openEmbedPage(env, `${placeholder(IDS.plain, 'id="moved"', 320, 240)}` +
    '<iframe srcdoc="<!doctype html><html lang=en><body style=margin:0></body></html>" width="400" height="300" title="Another document" style="border:0;display:block"></iframe>');
  await waitForState(page, 'ready', 1);
  await eventually(async () => (await seenIds(apiKey)).length, 'the SEEN');
  const expected = { sheets: 1, position: 'absolute', height: 240, image: 240, state: 'ready' };
  await page.evaluate(() => {
    const doc = document.querySelector('iframe')!.contentDocument!;
    doc.body.appendChild(doc.adoptNode(document.getElementById('moved')!));
  });
  await page.waitForFunction(shows);
  assert.equal(await page.evaluate(movedPlayer), { inFrame: true, ...expected }, 'in the iframe');
  // It answers there: a hover brings its chrome (new elements, made in that document).
  const frameBox = (await page.locator('iframe').boundingBox())!;
  await page.mouse.move(frameBox.x + 100, frameBox.y + 100);
  await page.waitForFunction(() => {
    const el = document.querySelector('iframe')!.contentDocument!.getElementById('moved');
    return !!el?.shadowRoot!.querySelector('.r.h .hd .at');
  });
  await page.mouse.move(900, 700);
  await page.evaluate(() => {
    const doc = document.querySelector('iframe')!.contentDocument!;
    document.body.prepend(document.adoptNode(doc.getElementById('moved')!));
  });
  await page.waitForFunction(shows);
  assert.equal(await page.evaluate(movedPlayer), { inFrame: false, ...expected }, 'back in the page');
  // A GIF added last: its SEEN (debounced) comes after any a move would have sent.
  await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), placeholder(IDS.wide, '', 320, 180));
  const seen = await eventually(async () => {
    const ids = await seenIds(apiKey);
    return ids.includes(IDS.wide) && ids;
  }, 'the SEEN of the GIF added last');
  assert.is(seen.filter((id) => id === IDS.plain).length, 1, JSON.stringify(seen));
  assert.equal(errors, []);
  await close();
});

test('progressive snippets whose styles a CMS stripped (inline images): no layout shift from the first paint to the players\' end of entry', async () => {
  const json = await (await fetch(`${env.base}/v1/gifs/${IDS.plain}?api_key=test`)).json();
  const snippet = scriptEmbedCode(normalizeGif(json.data, json.meta), { script: '' }).trim().replace(/ style="[^"]*"/g, '');
  assert.ok(!snippet.includes('style='));
  const body = Array.from({ length: 6 }, (_, i) => `<p>Paragraph ${i}</p>${snippet}`).join('') + '<p>The end</p>';
  const { page, errors, close } = await openEmbedPage(env, body, {
    head: `<script>
      window.__shifts = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__shifts.push(e.value); }).observe({ type: 'layout-shift', buffered: true });
      addEventListener('DOMContentLoaded', () => (window.__first = [...document.querySelectorAll('[data-gif-id]')].map((el) => el.getBoundingClientRect().height)));
    </script>`,
  });
  await waitForState(page, 'ready', 3);
  await animationsDone(page);
  await frames(page);
  assert.equal(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts), [], 'layout shift entries');
  const heights = await page.evaluate(() => {
    const w = window as unknown as { __first: number[] };
    return { first: w.__first, now: [...document.querySelectorAll('[data-gif-id]')].map((el) => el.getBoundingClientRect().height) };
  });
  assert.equal(heights.now, heights.first, `each box keeps the height it was first laid out with (${await page.evaluate(() => [...document.querySelectorAll('[data-gif-id]')].map((el) => el.shadowRoot?.innerHTML.slice(0, 60)).join(' | '))})`);
  assert.equal(errors, []);
  await close();
});

test.run();
