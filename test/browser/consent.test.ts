/**
 * The reader's privacy choices in Chromium, against a real consent platform made of the IAB's own
 * packages (support/cmp-page.ts: @iabtcf/stub + @iabtcf/cmpapi, TC strings from @iabtcf/core;
 * @iabgpp/cmpapi with a usnat section). A sponsored GIF (its bottle_data pixel names no vendor)
 * in a placement whose `data-pixel` names the ad vendor in every IAB macro: for each state of the
 * reader, what is kept on the device, what the pingbacks carry, which pixels fire with which
 * values, and that the GIF plays all the same. The top page's platform is read from a
 * cross-origin ad frame and from the iframe player page too, and the SDK's grid obeys it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Frame, Page } from 'playwright-core';
import { IDS } from '../../server/catalogue/items';
import { LOCAL_API_KEY } from '../../server/pages';
import { eventually, withEnv, type Env } from './support/harness';
import { cmpHead, cmpLateHead, type CmpSetup } from './support/cmp';
import { openEmbedPage, pageHtml, placeholder, waitForState, type PageOptions } from './embed-page';
import { AD_VENDOR, OUR_VENDOR, TC } from '../support/iab';

let env: Env;
withEnv(test, (started) => (env = started), { reset: true });

const macro = (name: string) => '$' + `{${name}}`;
/** The ad vendor's impression pixel, with every IAB macro. */
const adPixel = (base: string) =>
  `<img src="${base}/_local/pixel?id=placement&gdpr=${macro('GDPR')}&tc=${macro(`GDPR_CONSENT_${AD_VENDOR}`)}&ac=${macro('ADDTL_CONSENT')}` +
  `&gpp=${macro(`GPP_STRING_${AD_VENDOR}`)}&sid=${macro('GPP_SID')}&usp=${macro('US_PRIVACY')}&cb=%%CACHEBUSTER%%">`;
/** The placement: the sponsored GIF with the ad vendor's pixel. */
const placement = (base: string) => placeholder(IDS.bottle, `data-pixel='${adPixel(base)}'`, 320, 240);
/** The embed's script attributes: the service's vendor id. */
const SCRIPT = `data-tcf-vendor-id="${OUR_VENDOR}"`;

interface Seen {
  /** The pingback sessions' `user` objects the service received from the page's key. */
  users: Record<string, string>[];
  /** The pixel hits the service recorded: the placement's (`placement`) and the GIF's (its id), with their queries. */
  pixels: Record<string, Record<string, string>>;
}

/** What the service received from the page with `apiKey`, once `done` holds. */
async function received(apiKey: string, done: (seen: Seen) => boolean, what: string): Promise<Seen> {
  return eventually(async () => {
    const pingbacks = (await (await fetch(`${env.base}/_local/pingbacks`)).json()) as { pingbacks: { apikey: string; body: { sessions: { user: Record<string, string> }[] } }[] };
    const hits = (await (await fetch(`${env.base}/_local/pixels`)).json()) as { pixels: { query: Record<string, string> }[] };
    const seen: Seen = {
      users: pingbacks.pingbacks.filter((p) => p.apikey === apiKey).flatMap((p) => p.body.sessions.map((s) => s.user)),
      pixels: Object.fromEntries(hits.pixels.map((hit) => [hit.query.id, hit.query])),
    };
    return done(seen) && seen;
  }, what);
}

/** Our keys in the page's (or frame's) storage: localStorage, sessionStorage and cookies. */
const stored = (where: Page | Frame) =>
  where.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage).map((k) => `session:${k}`), ...(document.cookie ? [`cookie:${document.cookie}`] : [])].filter((k) => !k.includes('__')));

/** The GIF is on screen and moving: the player's image has its file. */
async function plays(page: Page | Frame) {
  await page.waitForFunction((sel) => {
    const img = document.querySelector(sel)?.shadowRoot?.querySelector('img');
    return !!img && img.complete && img.naturalWidth > 0;
  }, `[data-gif-id="${IDS.bottle}"]`);
}

/** Opens the placement on a page whose platform is `cmp` (none when undefined; `head` instead, when given). */
async function openPlacement(cmp?: CmpSetup, prepare?: PageOptions['prepare'], { head = cmp ? cmpHead(cmp) : '', script = SCRIPT } = {}) {
  const opened = await openEmbedPage(env, placement(env.base), { head, script, prepare });
  await waitForState(opened.page, 'ready');
  await plays(opened.page);
  return opened;
}

/** The pingback after SEEN and the GIF's own pixel (both go once the GIF is seen and consent decided). */
const seenAndPixel = (seen: Seen) => seen.users.length > 0 && !!seen.pixels[IDS.bottle];

test('no platform: the id is kept and sent; every pixel fires, its macros empty (never literal)', async () => {
  const { page, apiKey, close } = await openPlacement();
  const seen = await received(apiKey, (s) => seenAndPixel(s) && !!s.pixels.placement, 'the pingback and both pixels');
  const id = await page.evaluate(() => localStorage.getItem('gif-embed:random-id'));
  assert.match(id!, /^[0-9a-f]{32}$/);
  assert.is(seen.users[0].random_id, id);
  const { gdpr, tc, ac, gpp, sid, usp } = seen.pixels.placement;
  assert.equal({ gdpr, tc, ac, gpp, sid, usp }, { gdpr: '', tc: '', ac: '', gpp: '', sid: '', usp: '' });
  await close();
});

test('the platform still asking (banner up): the GIF plays, nothing is stored, sent or fired; the reader\'s grant releases the waiting pingback and pixels', async () => {
  const { page, apiKey, requests, close } = await openPlacement({ tcf: 'asking' });
  // Seen: the pixels' code has come and run (it is fetched at the first pixel).
  await page.waitForFunction(() => typeof (window as unknown as { GifEmbed: { pixels?: unknown } }).GifEmbed.pixels === 'function');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))));
  assert.equal(requests.filter((r) => /\/pingback|\/_local\/pixel/.test(r.url())).map((r) => r.url()), [], 'no pingback and no pixel while the platform asks');
  assert.equal(await stored(page), []);
  const granted = TC.granted();
  await page.evaluate((tc) => (window as unknown as { __tcf: { update(tc: string, ui: boolean): void } }).__tcf.update(tc, false), granted);
  const seen = await received(apiKey, (s) => seenAndPixel(s) && !!s.pixels.placement, 'the pingback and both pixels after the grant');
  assert.ok(seen.users[0].random_id, 'the id, now consented');
  assert.equal(await stored(page), ['gif-embed:random-id']);
  assert.is(seen.pixels.placement.gdpr, '1');
  assert.is(seen.pixels.placement.tc, granted);
  await close();
});

test('the reader refused everything: the GIF plays; no storage; the pingback carries no id; the ad vendor\'s pixel is withheld, the GIF\'s own fires', async () => {
  const { page, apiKey, close } = await openPlacement({ tcf: TC.refused() });
  const seen = await received(apiKey, seenAndPixel, 'the pingback and the GIF\'s pixel');
  assert.equal(seen.users, [{}]);
  assert.equal(await stored(page), []);
  assert.is(seen.pixels.placement, undefined, 'the ad vendor lacks consent');
  assert.equal(await page.evaluate(() => [...document.head.querySelectorAll('img[data-gif-embed-pixel]')].length), 1);
  await close();
});

test('purposes granted, vendors refused: no storage, no id, the vendor\'s pixel withheld', async () => {
  const { page, apiKey, close } = await openPlacement({ tcf: TC.noVendors() });
  const seen = await received(apiKey, seenAndPixel, 'the pingback and the GIF\'s pixel');
  assert.equal(seen.users, [{}]);
  assert.equal(await stored(page), []);
  assert.is(seen.pixels.placement, undefined);
  await close();
});

test('GDPR does not apply: the id is kept and sent, the vendor\'s pixel fires with GDPR=0', async () => {
  const { page, apiKey, close } = await openPlacement({ tcf: null });
  const seen = await received(apiKey, (s) => seenAndPixel(s) && !!s.pixels.placement, 'the pingback and both pixels');
  assert.ok(seen.users[0].random_id);
  assert.equal(await stored(page), ['gif-embed:random-id']);
  assert.is(seen.pixels.placement.gdpr, '0');
  await close();
});

test('GPP: a usnat section opting out of sale, sharing and targeted ads: no id kept or sent; the pixel fires with the GPP string and section', async () => {
  const optedOut = { usnat: { SaleOptOutNotice: 1, SharingOptOutNotice: 1, TargetedAdvertisingOptOutNotice: 1, SaleOptOut: 1, SharingOptOut: 1, TargetedAdvertisingOptOut: 1 } };
  const { page, apiKey, close } = await openPlacement({ gpp: { fields: optedOut, sections: [7] } });
  const seen = await received(apiKey, (s) => seenAndPixel(s) && !!s.pixels.placement, 'the pingback and both pixels');
  assert.equal(seen.users, [{}]);
  assert.equal(await stored(page), []);
  const gppString = await page.evaluate(() => (window as unknown as { __gppApi: { getGppString(): string } }).__gppApi.getGppString());
  assert.match(gppString, /^DB/);
  assert.is(seen.pixels.placement.gpp, gppString);
  assert.is(seen.pixels.placement.sid, '7');
  await close();
});

test('Global Privacy Control: no id kept or sent; pixels fire', async () => {
  // What a browser sending the signal shows the page (Chromium has no setting for it).
  const gpc = "Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true })";
  const { page, apiKey, close } = await openPlacement(undefined, (context) => context.addInitScript({ content: gpc }));
  const seen = await received(apiKey, (s) => seenAndPixel(s) && !!s.pixels.placement, 'the pingback and both pixels');
  assert.equal(seen.users, [{}]);
  assert.equal(await stored(page), []);
  await close();
});

test('data-dnt on the tag: no id kept or sent', async () => {
  const opened = await openEmbedPage(env, placement(env.base), { script: `${SCRIPT} data-dnt` });
  await waitForState(opened.page, 'ready');
  const seen = await received(opened.apiKey, seenAndPixel, 'the pingback and the GIF\'s pixel');
  assert.equal(seen.users, [{}]);
  assert.equal(await stored(opened.page), []);
  await opened.close();
});

/** The other origin (the same service under another host name): what an ad server's frame is. */
const otherOrigin = () => `http://localhost:${new URL(env.base).port}`;

test('a placement in a cross-origin ad frame reads the top page\'s platform through __tcfapiLocator: refused, the pingback without an id, the vendor\'s pixel withheld', async () => {
  const frameUrl = `${otherOrigin()}/examples/__ad-frame.html`;
  const frameKey = `ad-frame-${Date.now()}`;
  const { page, close } = await openEmbedPage(env, `<iframe src="${frameUrl}" width="360" height="280" title="ad" style="border:0"></iframe>`, {
    head: cmpHead({ tcf: TC.refused() }),
    prepare: (context) => context.route(frameUrl, (route) => route.fulfill({ contentType: 'text/html', body: pageHtml(placement(env.base), { apiKey: frameKey, script: SCRIPT }) })),
  });
  const frame = await eventually(() => page.frames().find((f) => f.url() === frameUrl), 'the ad frame');
  await frame.waitForFunction((id) => document.querySelector(`[data-gif-id="${id}"]`)?.getAttribute('data-gif-embed-state') === 'ready', IDS.bottle);
  await plays(frame);
  assert.is(await frame.evaluate(() => typeof (window as unknown as { __tcfapi?: unknown }).__tcfapi), 'undefined', 'the frame has no platform of its own');
  // (The frame's own storage is not looked at: a third-party frame's is blocked in a test context.)
  const seen = await received(frameKey, seenAndPixel, 'the frame\'s pingback and the GIF\'s pixel');
  assert.equal(seen.users, [{}]);
  assert.is(seen.pixels.placement, undefined);
  await close();
});

test('the iframe player page framed by a page with a platform: refused, the pingback without an id (the page keeps no storage: its origin is opaque)', async () => {
  const playerUrl = `${otherOrigin()}/embed/${IDS.bottle}`;
  const { page, close } = await openEmbedPage(env, `<iframe src="${playerUrl}" width="480" height="360" title="GIF" style="border:0"></iframe>`, {
    head: cmpHead({ tcf: TC.refused() }),
  });
  const frame = await eventually(() => page.frames().find((f) => f.url() === playerUrl), 'the player page');
  await frame.waitForFunction(() => document.querySelector('#giphy-embed')?.getAttribute('data-gif-embed-state') === 'ready');
  const seen = await received(LOCAL_API_KEY, (s) => s.users.length > 0, 'the player page\'s pingback');
  assert.equal(seen.users, [{}]);
  await close();
});

test('sdk.js: the Grid under a refusal keeps no id and no search ids, and its pingbacks carry none', async () => {
  const key = `sdk-consent-${Date.now()}`;
  const grid = `<div id="grid" style="width:600px"></div><script src="/sdk.js"></script><script>
    GifEmbedSDK.configure({ apiBase: location.origin, pingbackBase: location.origin, apiKey: ${JSON.stringify(key)}, tcfVendorId: ${OUR_VENDOR} });
    GifEmbedSDK.renderGrid('#grid', { fetchGifs: (offset) => GifEmbedSDK.search('loop', { offset, limit: 6 }), searchKey: 'loop', width: 600, columns: 3 });
  </script>`;
  const { page, close } = await openEmbedPage(env, grid, { head: cmpHead({ tcf: TC.refused() }) });
  await page.waitForFunction(() => document.querySelectorAll('.gif-embed-gif img').length >= 3);
  const seen = await received(key, (s) => s.users.length > 0, 'the grid\'s pingbacks');
  assert.ok(seen.users.every((user) => Object.keys(user).length === 0), JSON.stringify(seen.users));
  assert.equal(await stored(page), []);
  await close();
});

// Late, broken and hostile pages: the reader's refusal holds, and nothing of ours reaches the page's onerror.

/** The placement's pixels and the pingbacks, once the pingback and the GIF's pixel came, with the page's errors. */
async function refusalHeld(opened: Awaited<ReturnType<typeof openPlacement>>) {
  const seen = await received(opened.apiKey, seenAndPixel, 'the pingback and the GIF\'s pixel');
  assert.equal(seen.users, [{}], 'no id sent');
  assert.equal(await stored(opened.page), [], 'nothing stored');
  assert.is(seen.pixels.placement, undefined, 'the ad vendor\'s pixel withheld');
  assert.equal(opened.errors, []);
}

test('a platform that comes 500 ms after embed.js, on a page naming our vendor: nothing is kept or sent with an id before it decides; its refusal holds', async () => {
  const opened = await openPlacement(undefined, undefined, { head: cmpLateHead({ tcf: TC.refused() }, 500) });
  await refusalHeld(opened);
  assert.ok(await opened.page.evaluate(() => typeof (window as unknown as { __tcfapi?: unknown }).__tcfapi === 'function'), 'the platform came');
  await opened.close();
});

test('a platform that comes after the player file ran and the GIF was seen: still waited for, its refusal holds', async () => {
  const opened = await openPlacement(undefined, undefined, { head: cmpLateHead({ tcf: TC.refused() }) });
  // The GIF is up and seen (the SEEN is queued, its pixel waits); then the platform comes.
  await opened.page.waitForFunction(() => typeof (window as unknown as { GifEmbed?: { pixels?: unknown } }).GifEmbed?.pixels === 'function');
  assert.equal(opened.requests.filter((r) => /\/pingback|\/_local\/pixel/.test(r.url())).map((r) => r.url()), [], 'nothing sent while the platform is waited for');
  assert.equal(await stored(opened.page), []);
  await opened.page.evaluate(() => (window as unknown as { __installCmp(): void }).__installCmp());
  await refusalHeld(opened);
  await opened.close();
});

test('a page naming no vendor: before its platform comes, as without one; once it refuses, pingbacks carry no id and the id kept is removed', async () => {
  const opened = await openPlacement(undefined, undefined, { head: cmpLateHead({ tcf: TC.refused() }), script: '' });
  const before = await received(opened.apiKey, (s) => s.users.length > 0, 'the first pingback');
  assert.ok(before.users[0].random_id, 'no platform yet: the id is sent');
  assert.equal(await stored(opened.page), ['gif-embed:random-id']);
  await opened.page.evaluate(() => (window as unknown as { __installCmp(): void }).__installCmp());
  // Another GIF seen: the next send finds the platform, waits for it and obeys it.
  await opened.page.evaluate((html) => document.body.insertAdjacentHTML('afterbegin', html), placeholder(IDS.plain, '', 200, 150));
  const after = await received(opened.apiKey, (s) => s.users.length > 1, 'the pingback after the refusal');
  assert.equal(after.users.slice(1), [{}]);
  assert.equal(await stored(opened.page), [], 'the id kept before is removed');
  assert.equal(opened.errors, []);
  await opened.close();
});

test('a polluted Object.prototype (Object.prototype[1] = true, the usual deep-merge bug) does not turn a real refusal into consent', async () => {
  const pollute = `for (const key of [1, 7, ${OUR_VENDOR}, ${AD_VENDOR}]) Object.defineProperty(Object.prototype, key, { value: true, writable: true, configurable: true });`;
  const opened = await openPlacement({ tcf: TC.refused() }, (context) => context.addInitScript({ content: pollute }));
  await refusalHeld(opened);
  await opened.close();
});

test('data-consent-timeout="Infinity": the platform asking is waited for, not refused at once; the reader\'s later grant is heard', async () => {
  const opened = await openPlacement({ tcf: 'asking' }, undefined, { script: `${SCRIPT} data-consent-timeout="Infinity"` });
  await opened.page.waitForFunction(() => typeof (window as unknown as { GifEmbed: { pixels?: unknown } }).GifEmbed.pixels === 'function');
  await opened.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
  assert.equal(opened.requests.filter((r) => /\/pingback|\/_local\/pixel/.test(r.url())).map((r) => r.url()), [], 'nothing sent: still asking');
  await opened.page.evaluate((tc) => (window as unknown as { __tcf: { update(tc: string, ui: boolean): void } }).__tcf.update(tc, false), TC.granted());
  const seen = await received(opened.apiKey, (s) => seenAndPixel(s) && !!s.pixels.placement, 'the pingback and both pixels after the grant');
  assert.ok(seen.users[0].random_id, 'the grant is heard');
  assert.equal(opened.errors, []);
  await opened.close();
});

test('a Global Privacy Control getter that throws: nothing thrown to the page, the SEEN pingback goes (without an id), the pixels fire', async () => {
  const hostile = "Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get() { throw new Error('hostile getter'); }, configurable: true })";
  const opened = await openPlacement(undefined, (context) => context.addInitScript({ content: hostile }));
  const seen = await received(opened.apiKey, seenAndPixel, 'the pingback and the GIF\'s pixel');
  assert.equal(seen.users, [{}]);
  assert.equal(opened.errors, []);
  await opened.close();
});

/** Wraps the real platform's `__tcfapi` so each answer comes later, after `before` (values) and with `change` applied. */
const wrapTcf = (before: string, change = '') => `<script>(() => {
  const real = window.__tcfapi;
  const hostile = new Proxy({}, { get() { throw new Error('hostile'); }, has() { throw new Error('hostile'); }, getOwnPropertyDescriptor() { throw new Error('hostile'); }, ownKeys() { throw new Error('hostile'); } });
  window.__tcfapi = (command, version, callback, parameter) => real(command, version, (data, ok) => setTimeout(() => {
    for (const value of ${before}) callback(value, true);
    callback(data && typeof data === 'object' ? { ...data${change} } : data, ok);
  }, 50), parameter);
})()</script>`;

test('a hostile platform answering later with garbage and a Proxy that throws on every read: nothing thrown, the real refusal after them holds', async () => {
  const head = cmpHead({ tcf: TC.refused() }) + wrapTcf("[hostile, 'garbage', null, 42, { eventStatus: hostile }, { purpose: hostile, eventStatus: 'tcloaded' }]");
  const opened = await openPlacement(undefined, undefined, { head });
  await refusalHeld(opened);
  await opened.close();
});

test('a consent string with a lone surrogate: every pixel still fires, the string encoded with U+FFFD; ${GDPR_CONSENT_n} of 7 digits is filled', async () => {
  const head = cmpHead({ tcf: null }) + wrapTcf('[]', ", tcString: 'CQ\\uD800x'");
  const pixel = `<img src="${env.base}/_local/pixel?id=placement&tc=${macro(`GDPR_CONSENT_${AD_VENDOR}`)}&big=${macro('GDPR_CONSENT_1234567')}&cb=%%CACHEBUSTER%%">`;
  const opened = await openEmbedPage(env, placeholder(IDS.bottle, `data-pixel='${pixel}'`, 320, 240), { head, script: SCRIPT });
  const seen = await received(opened.apiKey, (s) => seenAndPixel(s) && !!s.pixels.placement, 'the pingback and both pixels');
  assert.is(seen.pixels.placement.tc, 'CQ\uFFFDx');
  assert.is(seen.pixels.placement.big, 'CQ\uFFFDx');
  assert.equal(opened.errors, []);
  await opened.close();
});

test.run();
