/**
 * What the picker keeps and how it looks, in Chromium: recents and favourites (by mouse,
 * keyboard and touch), the app's own store, the reader's refusal, two tabs in step, hostile
 * stores, and the theme (light, dark, auto following the reader's setting live, branded by the
 * app's CSS properties) held to axe and to a visible focus ring on any surface.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, snap, withEnv, type Env } from './support/harness';
import { openEmbedPage, type EmbedPage } from './embed-page';
import { cmpHead } from './support/cmp';
import { violations } from './support/axe';
import { TC } from '../support/iab';

let env: Env;
withEnv(test, (started) => (env = started), { reset: true });

const PICKER = '#picker .gif-embed-picker';
const TILES = `${PICKER} [role=tabpanel] .gif-embed-gif`;
const RECENTS_KEY = 'gif-embed:picker-recents';
const FAVORITES_KEY = 'gif-embed:picker-favorites';

interface PickerPage {
  /** `window.__store`'s definition (a script's text), the app's store; none: the default. */
  store?: string;
  /** Picker options besides onSelect, onFavoritesChange and store (a JS object's text). */
  options?: string;
  head?: string;
  style?: string;
  device?: typeof DESKTOP;
}

/**
 * A page with sdk.js and a picker rendered into #picker (360 x 480). It records what the app
 * hears: `__picked` (ids), `__favorites` (each onFavoritesChange's ids).
 */
function openPicker({ store = '', options = '{}', head = '', style = '', device = DESKTOP }: PickerPage = {}): Promise<EmbedPage> {
  const html = (apiKey: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Chat</title><style>body{margin:0;font:16px sans-serif} #picker{width:360px;height:480px} ${style}</style>${head}</head>
<body><main><h1>Chat</h1><div id="picker"></div></main><script src="/sdk.js"></script><script>
  window.__picked = []; window.__favorites = [];
  ${store}
  GifEmbedSDK.configure({ apiBase: location.origin, pingbackBase: location.origin, siteBase: location.origin, apiKey: ${JSON.stringify(apiKey)} });
  window.__render = (more) => GifEmbedSDK.renderPicker('#picker', Object.assign({
    onSelect: (gif) => window.__picked.push(gif.id),
    onFavoritesChange: (ids) => window.__favorites.push(ids),
    store: window.__store,
  }, ${options}, more));
  window.__render();
</script></body></html>`;
  return openEmbedPage(env, '', { html, device, head });
}

const tab = (page: Page, name: string) => page.locator(`${PICKER} [role=tab][aria-label="${name}"], ${PICKER} [role=tab]:text-is("${name}")`);
const selectedTab = (page: Page) => page.locator(`${PICKER} [role=tab][aria-selected=true]`).evaluate((el) => el.getAttribute('aria-label') || el.textContent);
const shownIds = (page: Page) => page.locator(TILES).evaluateAll((els) => els.map((el) => el.getAttribute('data-gif-id')));
const status = (page: Page) => page.locator(`${PICKER} > [role=status]`).textContent();
const storedList = (page: Page, key: string) =>
  page.evaluate((k) => (JSON.parse(localStorage.getItem(k) ?? 'null') as { gifs: { id: string }[] } | null)?.gifs.map((g) => g.id) ?? null, key);
/** Every tile's picture has painted (its image decoded). */
const tilesPainted = (page: Page, n: number) =>
  page.waitForFunction(([sel, count]) => {
    const imgs = [...document.querySelectorAll<HTMLImageElement>(`${sel} img`)];
    return imgs.length >= count && imgs.every((img) => img.complete && img.naturalWidth > 0);
  }, [TILES, n] as const);
const apiCalls = (opened: EmbedPage, from = 0) => opened.requests.slice(from).map((r) => new URL(r.url())).filter((u) => u.pathname.startsWith('/v1/')).map((u) => u.pathname);

/** Stars the second tile of the results by F, then picks the first; the ids shown before. */
async function starSecondPickFirst(page: Page): Promise<(string | null)[]> {
  await page.locator(TILES).nth(1).waitFor();
  const ids = await shownIds(page);
  await page.locator(TILES).nth(1).focus();
  await page.keyboard.press('f');
  await page.locator(TILES).nth(0).click();
  return ids;
}

/** Picks the `n`th tile of the GIFs tab (trending). */
async function pickFromGifs(page: Page, n: number) {
  await tab(page, 'GIFs').click();
  await page.locator(TILES).nth(n).click();
}

test('recents: three picks, a reload, and the Recent tab shows them newest first, painted with no request; a pick moves to the front; Clear recents by keyboard', async () => {
  const opened = await openPicker();
  const { page, errors } = opened;
  try {
    await page.locator(TILES).nth(2).waitFor();
    assert.is(await selectedTab(page), 'GIFs', 'a reader who never picked opens on the search tabs');
    const ids = await shownIds(page);
    for (const n of [0, 1, 2]) await pickFromGifs(page, n);
    // A GIF picked again is not listed twice.
    await pickFromGifs(page, 1);
    assert.equal(await page.evaluate(() => (window as unknown as { __picked: string[] }).__picked), [ids[0], ids[1], ids[2], ids[1]]);
    assert.equal(await storedList(page, RECENTS_KEY), [ids[1], ids[2], ids[0]]);

    const from = opened.requests.length;
    await page.reload();
    await tilesPainted(page, 3);
    assert.is(await selectedTab(page), 'Recent');
    assert.equal(await shownIds(page), [ids[1], ids[2], ids[0]], 'newest first');
    assert.equal(apiCalls(opened, from), [], 'no API request before (or after) the recents paint');
    await snap(page, 'picker-kept-recents');

    // Picking a recent moves it to the front.
    await page.locator(`${TILES}[data-gif-id="${ids[0]}"]`).click();
    assert.equal(await storedList(page, RECENTS_KEY), [ids[0], ids[1], ids[2]]);
    await page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute('data-gif-id'), TILES);
    assert.equal(await shownIds(page), [ids[0], ids[1], ids[2]]);

    // Clear recents: Tab from the field reaches it, Enter clears, nothing asked.
    await page.locator(`${PICKER} [role=combobox]`).focus();
    await page.keyboard.press('Tab');
    assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Clear recents');
    await page.keyboard.press('Enter');
    await page.waitForFunction((sel) => !document.querySelector(sel), TILES);
    assert.is(await status(page), 'Recents cleared.');
    assert.equal(await storedList(page, RECENTS_KEY), []);
    assert.ok(await page.getByText('The GIFs you pick will show here.').isVisible());
    assert.equal(errors, []);
  } finally {
    await opened.close();
  }
});

test('favourites: a star by mouse and by F, the Favorites tab follows, Alt and the arrows reorder with the focus kept, the app hears each change', async () => {
  const opened = await openPicker();
  const { page, errors } = opened;
  try {
    await page.locator(TILES).nth(2).waitFor();
    const ids = await shownIds(page);
    // Mouse: the star shows on hover; a click on it stars and does not pick.
    await page.locator(TILES).nth(0).hover();
    const star = page.locator(`${TILES} >> nth=0 >> [data-star]`);
    await page.waitForFunction((sel) => getComputedStyle(document.querySelector(`${sel} [data-star]`)!).opacity === '1', TILES);
    await star.click();
    assert.is(await star.getAttribute('data-star'), 'on');
    assert.is(await status(page), `Added \u2068${await page.locator(TILES).nth(0).getAttribute('aria-label')}\u2069 to favorites.`);
    // Keyboard: F on the focused tile.
    await page.locator(TILES).nth(1).focus();
    await page.keyboard.press('f');
    assert.is(await page.locator(TILES).nth(1).getAttribute('aria-description'), 'In favorites');
    await page.locator(TILES).nth(2).focus();
    await page.keyboard.press('F');
    assert.equal(await page.evaluate(() => (window as unknown as { __picked: string[] }).__picked), [], 'starring picks nothing');
    assert.equal(await storedList(page, FAVORITES_KEY), [ids[2], ids[1], ids[0]], 'the newest star first');

    await tab(page, 'Favorites').click();
    await page.locator(TILES).nth(2).waitFor();
    assert.equal(await shownIds(page), [ids[2], ids[1], ids[0]]);
    // Alt+Right moves the focused favourite one place later; the focus stays on it.
    await page.locator(TILES).nth(0).focus();
    await page.keyboard.press('Alt+ArrowRight');
    assert.equal(await shownIds(page), [ids[1], ids[2], ids[0]]);
    assert.is(await page.evaluate(() => document.activeElement?.getAttribute('data-gif-id')), ids[2]);
    assert.is(await status(page), 'Moved to 2 of 3.');
    await page.keyboard.press('Alt+ArrowDown');
    assert.equal(await shownIds(page), [ids[1], ids[0], ids[2]]);
    await page.keyboard.press('Alt+ArrowUp');
    await page.keyboard.press('Alt+ArrowLeft');
    assert.equal(await shownIds(page), [ids[2], ids[1], ids[0]]);
    assert.ok(page.url().endsWith('__embed-test.html'), 'Alt+Left did not go back a page');
    // F on the Favorites tab removes it, and the focus goes to its neighbour.
    await page.keyboard.press('f');
    assert.equal(await shownIds(page), [ids[1], ids[0]]);
    assert.is(await page.evaluate(() => document.activeElement?.getAttribute('data-gif-id')), ids[1]);
    assert.equal(await storedList(page, FAVORITES_KEY), [ids[1], ids[0]]);
    const heard = await page.evaluate(() => (window as unknown as { __favorites: string[][] }).__favorites);
    assert.equal(heard[0], [ids[0]]);
    assert.equal(heard.at(-1), [ids[1], ids[0]]);
    assert.is(heard.length, 8, 'three stars, four moves, one removal');
    assert.equal(errors, []);
  } finally {
    await opened.close();
  }
});

test('favourites by touch: the star is a visible button, a long press on a tile stars it, and neither picks', async () => {
  const opened = await openPicker({ device: PHONE });
  const { page, context, errors } = opened;
  try {
    await page.locator(TILES).nth(1).waitFor();
    const ids = await shownIds(page);
    const star = page.locator(`${TILES} >> nth=0 >> [data-star]`);
    assert.is(await star.evaluate((el) => getComputedStyle(el).opacity), '1', 'shown without a hover');
    const box = (await star.boundingBox())!;
    assert.ok(box.width >= 24 && box.height >= 24, 'a target of at least 24 px');
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction((sel) => document.querySelector(`${sel} [data-star]`)?.getAttribute('data-star') === 'on', TILES);

    // A long press on the second tile: held until its star turns on, then released.
    const tile = (await page.locator(TILES).nth(1).boundingBox())!;
    const cdp = await context.newCDPSession(page);
    const point = [{ x: tile.x + tile.width / 2, y: tile.y + tile.height - 10 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point });
    await page.waitForFunction((id) => document.querySelector(`[data-gif-id="${id}"] [data-star]`)?.getAttribute('data-star') === 'on', ids[1]);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    // A short tap still picks: the long press did not leave the tile unable to.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    assert.equal(await page.evaluate(() => (window as unknown as { __picked: string[] }).__picked), [], 'the long press and the star picked nothing');
    assert.equal(await storedList(page, FAVORITES_KEY), [ids[1], ids[0]]);
    await page.locator(TILES).nth(2).tap();
    assert.equal(await page.evaluate(() => (window as unknown as { __picked: string[] }).__picked), [ids[2]]);
    await tab(page, 'Favorites').tap();
    await page.locator(TILES).nth(1).waitFor();
    assert.equal(await shownIds(page), [ids[1], ids[0]]);
    await snap(page, 'picker-kept-favorites-phone');
    assert.equal(errors, []);
  } finally {
    await opened.close();
  }
});

const ASYNC_STORE = `
  window.__calls = [];
  const kept = new Map();
  window.__store = {
    get: (key) => { __calls.push('get ' + key); return new Promise((r) => setTimeout(() => r(kept.get(key)), 50)); },
    set: (key, value) => { __calls.push('set ' + key); kept.set(key, JSON.parse(JSON.stringify(value))); return new Promise((r) => setTimeout(r, 20)); },
  };
  window.__kept = kept;`;

test('an app\'s async store is used, and localStorage is not: picks and stars go to it, a new picker reads them back from it', async () => {
  const opened = await openPicker({ store: ASYNC_STORE });
  const { page, errors } = opened;
  try {
    const ids = await starSecondPickFirst(page);
    assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('gif-embed:picker'))), [], 'nothing in localStorage');
    const kept = await page.evaluate(() => Object.fromEntries((window as unknown as { __kept: Map<string, { v: number; gifs: { id: string }[] }> }).__kept));
    assert.is(kept.recents.v, 1);
    assert.equal(kept.recents.gifs.map((g) => g.id), [ids[0]]);
    assert.equal(kept.favorites.gifs.map((g) => g.id), [ids[1]]);
    // A new picker (the popover opened again) with the same store: the Recent tab once it answers.
    await page.evaluate(() => {
      const el = document.getElementById('picker')!;
      el.replaceWith(Object.assign(document.createElement('div'), { id: 'picker' }));
      (window as unknown as { __render(): void }).__render();
    });
    await page.waitForFunction((sel) => document.querySelector(`${sel} [role=tab][aria-selected=true]`)?.getAttribute('aria-label') === 'Recent', PICKER);
    await tilesPainted(page, 1);
    assert.equal(await shownIds(page), [ids[0]]);
    const calls = await page.evaluate(() => (window as unknown as { __calls: string[] }).__calls);
    assert.ok(calls.includes('get recents') && calls.includes('get favorites') && calls.includes('set recents'), calls.join(', '));
    assert.equal(errors, []);
  } finally {
    await opened.close();
  }
});

test('<gif-picker>: its store property is the picker\'s store, and gif-favorites-change tells the page each new list', async () => {
  const opened = await openEmbedPage(env, '', {
    html: (apiKey) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Element</title></head><body>
      <script src="/sdk.js"></script><script>
      GifEmbedSDK.configure({ apiBase: location.origin, pingbackBase: location.origin, apiKey: '${apiKey}' });
      window.__sets = []; window.__heard = [];
      const el = Object.assign(document.createElement('gif-picker'), { id: 'el' });
      el.setAttribute('height', '400');
      el.store = { get: () => undefined, set: (key, value) => __sets.push([key, value.gifs.map((g) => g.id)]) };
      el.addEventListener('gif-favorites-change', (e) => __heard.push(e.detail.ids));
      document.body.append(el);
      </script></body></html>`,
  });
  const { page, errors } = opened;
  try {
    const tiles = page.locator('#el [role=tabpanel] .gif-embed-gif');
    await tiles.nth(1).waitFor();
    const ids = await tiles.evaluateAll((els) => els.map((el) => el.getAttribute('data-gif-id')));
    await tiles.nth(1).focus();
    await page.keyboard.press('f');
    await tiles.nth(0).focus();
    await page.keyboard.press('f');
    assert.equal(await page.evaluate(() => (window as unknown as { __heard: string[][] }).__heard), [[ids[1]], [ids[0], ids[1]]]);
    assert.equal(await page.evaluate(() => (window as unknown as { __sets: unknown[] }).__sets), [['favorites', [ids[1]]], ['favorites', [ids[0], ids[1]]]]);
    assert.equal(await page.evaluate(() => Object.keys(localStorage)), []);
    assert.equal(errors, []);
  } finally {
    await opened.close();
  }
});

test('under a refusing consent platform nothing is written to storage; the picker keeps the picks for the page and says so', async () => {
  const opened = await openPicker({ head: cmpHead({ tcf: TC.refused() }), options: '{}' });
  const { page, errors } = opened;
  try {
    const ids = await starSecondPickFirst(page);
    await tab(page, 'Recent').click();
    assert.equal(await shownIds(page), [ids[0]], 'kept in memory for the page');
    assert.ok(await page.getByText('Nothing is kept on this device: these last until you leave the page.').isVisible());
    assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => !k.includes('__'))), [], 'nothing stored at all');
    assert.equal(errors, []);
  } finally {
    await opened.close();
  }
});

test('two tabs of one app stay in step: a star and a pick in one show in the other without a reload', async () => {
  const opened = await openPicker();
  const { page, context } = opened;
  try {
    const other = await context.newPage();
    await other.goto(page.url());
    await other.locator(TILES).nth(1).waitFor();
    await page.locator(TILES).nth(1).waitFor();
    const ids = await shownIds(page);
    await tab(other, 'Favorites').click();
    await page.locator(TILES).nth(1).focus();
    await page.keyboard.press('f');
    await other.waitForFunction(([sel, id]) => document.querySelector(sel)?.getAttribute('data-gif-id') === id, [TILES, ids[1]] as const);
    await tab(other, 'Recent').click();
    await page.locator(TILES).nth(0).click();
    await other.waitForFunction(([sel, id]) => document.querySelector(sel)?.getAttribute('data-gif-id') === id, [TILES, ids[0]] as const);
  } finally {
    await opened.close();
  }
});

const HOSTILE: [string, string][] = [
  ['a store whose get and set throw', `window.__store = { get() { throw new Error('down'); }, set() { throw new Error('down'); } };`],
  ['a store that rejects', `window.__store = { get: () => Promise.reject(new Error('offline')), set: () => Promise.reject(new Error('offline')) };`],
  ['a store answering garbage', `window.__store = { get: (k) => k === 'recents' ? { v: 1, gifs: [null, 7, { id: '../../x' }, { id: {} }, 'not an id!'] } : '<html>', set() {} };`],
  ['localStorage holding broken JSON and an older version', `localStorage.setItem('${RECENTS_KEY}', '{"v":1,"gifs":[');localStorage.setItem('${FAVORITES_KEY}', '{"v":0,"list":["abc"]}');`],
  ['a full localStorage', `Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };`],
];

test('a hostile store (throws, rejects, garbage, broken or old data, quota) leaves a working picker: it searches, stars and picks, with debug lines and no error', async () => {
  for (const [what, store] of HOSTILE) {
    const opened = await openPicker({ store: `GifEmbedSDK.debug(true); window.__debug = []; const d = console.debug; console.debug = (...a) => { __debug.push(a.join(' ')); d(...a); }; ${store}` });
    const { page, errors } = opened;
    try {
      await page.locator(TILES).nth(1).waitFor();
      assert.is(await selectedTab(page), 'GIFs', what);
      const ids = await starSecondPickFirst(page);
      assert.equal(await page.evaluate(() => (window as unknown as { __picked: string[] }).__picked), [ids[0]], what);
      await tab(page, 'Favorites').click();
      assert.equal(await shownIds(page), [ids[1]], what);
      await tab(page, 'GIFs').click();
      await page.locator(`${PICKER} [role=combobox]`).fill('loop');
      await page.waitForFunction((sel) => document.querySelector(sel)?.textContent?.endsWith('for \u2068loop\u2069'), `${PICKER} > [role=status]`);
      const debug = await page.evaluate(() => (window as unknown as { __debug: string[] }).__debug.filter((line) => line.includes('picker')));
      if (!what.includes('garbage')) assert.ok(debug.length > 0, `${what}: a debug line`);
      assert.equal(errors, [], what);
      assert.equal(await page.evaluate(() => (window as unknown as { __uncaught: string[] }).__uncaught), [], what);
    } finally {
      await opened.close();
    }
  }
});

/** The picker root's surface and text colours now. */
const colours = (page: Page) => page.locator(PICKER).evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);

test('theme="auto" follows an emulated prefers-color-scheme change without a reload; light and dark stay put', async () => {
  const opened = await openEmbedPage(env, '', {
    html: () => `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Themes</title></head><body>
      <gif-picker id="auto" theme="auto" height="300"></gif-picker><gif-picker id="dark" theme="dark" height="300"></gif-picker>
      <script src="/sdk.js"></script><script>GifEmbedSDK.configure({ apiBase: location.origin, apiKey: 'k' });</script></body></html>`,
  });
  const { page } = opened;
  try {
    await page.emulateMedia({ colorScheme: 'light' });
    const of = (id: string) => page.locator(`#${id} .gif-embed-picker`).evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.locator('#auto .gif-embed-picker').waitFor();
    assert.is(await of('auto'), 'rgb(255, 255, 255)');
    assert.is(await of('dark'), 'rgb(18, 18, 18)');
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.is(await of('auto'), 'rgb(18, 18, 18)');
    assert.is(await page.locator('#auto .gif-embed-picker input').evaluate((el) => getComputedStyle(el).color), 'rgb(255, 255, 255)');
    await page.emulateMedia({ colorScheme: 'light' });
    assert.is(await of('auto'), 'rgb(255, 255, 255)');
    assert.is(await of('dark'), 'rgb(18, 18, 18)');
  } finally {
    await opened.close();
  }
});

const BRAND = `#picker { --gif-picker-bg: #1d2b53; --gif-picker-text: #fff1e8; --gif-picker-field: #29366f; --gif-picker-line: #c2c3c7; --gif-picker-chip: #3b4a85;
  --gif-picker-accent: #ffec27; --gif-picker-muted: #d6d8e0; --gif-picker-radius: 12px; --gif-picker-gap: 12px; --gif-picker-font: 15px/1.4 Georgia, serif; --gif-picker-focus: #ff77a8; }`;

test('the app\'s --gif-picker-* properties restyle the picker: surface, text, field, accent, radius, gap and font', async () => {
  const opened = await openPicker({ style: BRAND });
  const { page } = opened;
  try {
    await page.locator(TILES).nth(1).waitFor();
    assert.equal(await colours(page), ['rgb(29, 43, 83)', 'rgb(255, 241, 232)']);
    const field = await page.locator(`${PICKER} input`).evaluate((el) => {
      const s = getComputedStyle(el);
      return [s.backgroundColor, s.borderTopLeftRadius, getComputedStyle(el.parentElement!).paddingTop];
    });
    assert.equal(field, ['rgb(41, 54, 111)', '12px', '12px']);
    assert.is(await page.locator(`${PICKER} [role=tab][aria-selected=true]`).evaluate((el) => getComputedStyle(el).borderBottomColor), 'rgb(255, 236, 39)');
    assert.is(await page.locator(PICKER).evaluate((el) => getComputedStyle(el).fontFamily), 'Georgia, serif');
    assert.is(await page.locator(TILES).first().evaluate((el) => getComputedStyle(el).borderTopLeftRadius), '12px');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    assert.is(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineColor), 'rgb(255, 119, 168)', 'the focus ring in the app\'s colour');
    await snap(page, 'picker-kept-branded');
  } finally {
    await opened.close();
  }
});

/** The relative luminance of a CSS `rgb()` colour (WCAG). */
const luminance = (rgb: string) => {
  const [r, g, b] = rgb.match(/\d+(\.\d+)?/g)!.slice(0, 3).map((v) => Number(v) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

test('axe is clean in light, dark and a branded theme (search, Recent and Favorites tabs), and the focus ring shows on any surface colour', async () => {
  for (const [name, options, style] of [['light', '{}', ''], ['dark', "{ theme: 'dark' }", ''], ['branded', '{}', BRAND]] as const) {
    const opened = await openPicker({ options, style });
    const { page } = opened;
    try {
      await starSecondPickFirst(page);
      assert.equal(await violations(page), [], `${name}: search`);
      for (const kept of ['Recent', 'Favorites']) {
        await tab(page, kept).click();
        await page.locator(TILES).first().waitFor();
        await page.locator(TILES).first().hover();
        assert.equal(await violations(page), [], `${name}: ${kept}`);
      }
      await snap(page, `picker-kept-${name}`);
      // At a phone's width, the popover as wide as the screen allows.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.locator('#picker').evaluate((el) => Object.assign(el.style, { width: '100%', height: '520px' }));
      assert.equal(await violations(page), [], `${name}: Favorites, phone`);
      await snap(page, `picker-kept-${name}-phone`);
    } finally {
      await opened.close();
    }
  }
  // Surfaces an app may choose, light to dark: the ring's two tones, one of them at 3:1 at least.
  const opened = await openPicker();
  const { page } = opened;
  try {
    await page.locator(TILES).first().waitFor();
    for (const surface of ['#ffffff', '#000000', '#9933ff', '#777777', '#00ccff', '#1d2b53', '#ffec27', '#3a3a3a']) {
      await page.locator('#picker').evaluate((el, bg) => el.style.setProperty('--gif-picker-bg', bg), surface);
      await page.locator(`${PICKER} [role=tab]`).first().focus();
      await page.keyboard.press('ArrowRight');
      const ring = await page.evaluate(() => {
        const s = getComputedStyle(document.activeElement!);
        return { outline: s.outlineColor, width: s.outlineWidth, band: s.boxShadow.match(/rgba?\([^)]*\)/)?.[0] ?? '', bg: getComputedStyle(document.querySelector('#picker .gif-embed-picker')!).backgroundColor };
      });
      assert.is(ring.width, '3px');
      const best = Math.max(contrast(ring.outline, ring.bg), contrast(ring.band, ring.bg));
      assert.ok(best >= 3, `${surface}: ring ${ring.outline} / ${ring.band} on ${ring.bg}: ${best.toFixed(2)}:1`);
    }
  } finally {
    await opened.close();
  }
});

test.run();
