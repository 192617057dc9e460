/**
 * The SDK in its reader's language, in Chromium, from dist/sdk.js: a picker and a Grid on pages
 * in German and Arabic show every word and label in that language (the table comes as the
 * language file beside sdk.js, once); the Arabic page runs them right to left, the arrow keys
 * following what the eye sees; `<gif-picker locale>` beats the page; a page whose language has no
 * table reads English, marked as English, and fetches no file.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { EN } from '../support/english';
import { fill, isolate, type Messages } from '../../src/i18n';
import { eventually, withEnv, snap, type Env } from './support/harness';
import { openEmbedPage, placeholder } from './embed-page';
import { IDS } from '../../server/catalogue/items';

let env: Env;
withEnv(test, (started) => (env = started), { reset: true });

const PICKER = 'gif-picker .gif-embed-picker';
const GRID = '#grid > .gif-embed-grid';

/**
 * A page in `lang` (and `dir`) with sdk.js: a `<gif-picker>` (with `attributes`) and a Grid whose
 * fetch fails, both made once the SDK is configured for the local service.
 */
const sdkPage = (lang: string, dir = '', attributes = '') => (apiKey: string) =>
  `<!doctype html><html lang="${lang}"${dir ? ` dir="${dir}"` : ''}><head><meta charset="utf-8"><link rel="icon" href="data:,">
<style>body{margin:16px;font:16px sans-serif} gif-picker{display:block;width:min(420px,100%);height:480px}</style></head><body>
<div id="box"></div><div id="grid" style="width:min(420px,100%)"></div>
<script src="/sdk.js"></script>
<script>
  GifEmbedSDK.configure({ apiBase: location.origin, pingbackBase: location.origin, siteBase: location.origin, apiKey: '${apiKey}' });
  document.getElementById('box').innerHTML = '<gif-picker ${attributes}></gif-picker>';
  GifEmbedSDK.renderGrid('#grid', { fetchGifs: () => Promise.reject(new Error('down')) });
</script></body></html>`;

async function tableOf(name: string): Promise<Messages> {
  return ((await import(`../../src/i18n/locales/${name.slice(0, 2)}.ts`)).tables as Record<string, Messages>)[name];
}

/** Language files asked for (sdk.js's `sdk-de`, the embed's `lang-de`), by name. */
const languageCalls = (urls: string[]) => urls.map((u) => new URL(u).pathname.match(/^\/plugins\/((?:sdk|lang)-[\w-]+)\.[0-9a-f]{8}\.js$/)?.[1]).filter(Boolean);

/**
 * Every word and label of the picker and the Grid (text, aria-label, placeholder), leaving out
 * what comes from the API (the tiles, the trending chips, the suggestions) and what was typed.
 */
const uiStrings = (page: Page) =>
  page.evaluate(([picker, grid]) => {
    const found: string[] = [];
    const fromApi = (el: Element | null) => !!el?.closest('[data-gif-id], [role=option], ul:not([role]) li, [role=status]');
    for (const root of [document.querySelector(picker)!, document.querySelector(grid)!]) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      for (let node = walker.currentNode as Node | null; node; node = walker.nextNode()) {
        if (node.nodeType === Node.TEXT_NODE) {
          const text = node.textContent!.trim();
          if (text && text !== '×' && !fromApi(node.parentElement) && node.parentElement?.localName !== 'style') found.push(text);
        } else if (!fromApi(node as Element)) {
          for (const name of ['aria-label', 'placeholder']) {
            const value = (node as Element).getAttribute(name);
            if (value) found.push(value);
          }
        }
      }
    }
    return found;
  }, [PICKER, GRID] as const);

/** The English words of EN among `strings`, leaving out those `table` says the same way (GIFs, Stickers). */
function english(strings: string[], table: Messages): string[] {
  const patterns = (Object.keys(EN) as (keyof Messages)[])
    .filter((key) => table[key].toLowerCase() !== EN[key].toLowerCase() && !EN[key].includes('|'))
    .map((key) => new RegExp(`^${EN[key].replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\d\\\}/g, '.+')}$`, 'i'));
  return strings.filter((text) => patterns.some((p) => p.test(text)));
}

const marks = (page: Page, selector: string) => page.locator(selector).evaluate((el) => [el.getAttribute('lang'), el.getAttribute('dir'), getComputedStyle(el).direction]);

test('a German page: the picker and the Grid in German, a search counted in German, one language file beside sdk.js', async () => {
  const de = await tableOf('de');
  const { page, requests, errors, close } = await openEmbedPage(env, '', { html: sdkPage('de-DE') });
  try {
    await page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute('lang') === 'de', PICKER);
    await page.locator(`${GRID} [role=alert]`).waitFor();
    await page.locator(`${PICKER} .gif-embed-gif`).first().waitFor();
    assert.equal(await marks(page, PICKER), ['de', 'ltr', 'ltr']);
    assert.equal(await marks(page, GRID), ['de', 'ltr', 'ltr']);
    const shown = await uiStrings(page);
    assert.equal(english(shown, de), [], `English among ${JSON.stringify(shown)}`);
    for (const word of [de.mediaType, de.recent, de.favorites, de.gifs, de.stickers, de.searchGifs, de.loadError, de.tryAgain]) assert.ok(shown.includes(word), `${word} in ${JSON.stringify(shown)}`);
    assert.ok(shown.includes(de.trendingSearches), 'the chips are labelled in German');

    await page.locator(`${PICKER} [role=combobox]`).fill('dots');
    await page.waitForFunction(([sel, text]) => document.querySelector(sel)?.textContent === text, [`${PICKER} > [role=status]`, '7 GIFs für \u2068dots\u2069'] as const);
    await page.locator(`${PICKER} [role=tab]`).nth(3).click();
    await page.locator(`${PICKER} [role=combobox]`).fill('zzqx');
    const none = fill(de.noStickersFor, isolate('zzqx'));
    await page.waitForFunction(([sel, text]) => document.querySelector(sel)?.textContent === text, [`${PICKER} [data-no-results]`, none] as const);
    await page.waitForFunction(([sel, text]) => document.querySelector(sel)?.textContent === text, [`${PICKER} > [role=status]`, none] as const);
    await snap(page, 'sdk-languages-de');
    assert.equal(languageCalls(requests.map((r) => r.url())), ['sdk-de'], 'one file, once');
    assert.equal(errors, []);
  } finally {
    await close();
  }
});

test('an Arabic page runs right to left: tabs and tiles from the right, Left moves on, the clear button at the left; counts in Arabic', async () => {
  const ar = await tableOf('ar');
  const { page, requests, errors, close } = await openEmbedPage(env, '', { html: sdkPage('ar', 'rtl') });
  try {
    await page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute('lang') === 'ar', PICKER);
    await page.locator(`${PICKER} .gif-embed-gif`).nth(1).waitFor();
    assert.equal(await marks(page, PICKER), ['ar', 'rtl', 'rtl']);
    assert.equal(await marks(page, GRID), ['ar', 'rtl', 'rtl']);
    assert.equal(english(await uiStrings(page), ar), []);
    const left = (selector: string, i = 0) => page.locator(selector).nth(i).evaluate((el) => el.getBoundingClientRect().left);
    assert.ok((await left(`${PICKER} [role=tab]`, 1)) < (await left(`${PICKER} [role=tab]`, 0)), 'the second tab left of the first');
    assert.ok((await left(`${PICKER} .gif-embed-gif`, 1)) < (await left(`${PICKER} .gif-embed-gif`, 0)), 'the second tile left of the first');

    // The keys follow the eye: Left goes on to the next tab, and to the next tile.
    await page.locator(`${PICKER} [role=tab][aria-selected=true]`).focus();
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.evaluate(() => [document.activeElement?.textContent, document.activeElement?.getAttribute('aria-selected')]), [ar.stickers, 'true']);
    await page.keyboard.press('ArrowRight');
    assert.is(await page.evaluate(() => document.activeElement?.textContent), ar.gifs);
    await page.locator(`${PICKER} .gif-embed-gif`).first().focus();
    const first = await page.evaluate(() => document.activeElement?.getAttribute('data-gif-id'));
    await page.keyboard.press('ArrowLeft');
    const second = await page.locator(`${PICKER} .gif-embed-gif`).nth(1).getAttribute('data-gif-id');
    assert.is(await page.evaluate(() => document.activeElement?.getAttribute('data-gif-id')), second, `from ${first}, Left went to the tile on its left`);

    await page.locator(`${PICKER} [role=combobox]`).fill('dots');
    const said = await page.evaluate((text) => text.split('|').find((f) => f.startsWith(`${new Intl.PluralRules('ar').select(7)}:`))!.replace(/^\w+:/, '').replace('{0}', (7).toLocaleString('ar')).replace('{1}', '\u2068dots\u2069'), ar.gifsFor);
    await page.waitForFunction(([sel, text]) => document.querySelector(sel)?.textContent === text, [`${PICKER} > [role=status]`, said] as const);
    const clear = await page.locator(`${PICKER} [aria-label="${ar.clearSearch}"]`).boundingBox();
    const input = await page.locator(`${PICKER} [role=combobox]`).boundingBox();
    assert.ok(clear!.x < input!.x + input!.width / 2, 'the clear button at the start of a right-to-left field');
    await snap(page, 'sdk-languages-ar');
    // At a phone's width the picker fills the page, still right to left.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction((sel) => document.querySelector(sel)!.getBoundingClientRect().width <= 360, PICKER);
    assert.ok((await left(`${PICKER} .gif-embed-gif`, 1)) < (await left(`${PICKER} .gif-embed-gif`, 0)), 'on a phone too');
    await snap(page, 'sdk-languages-ar-phone');
    // What the reader keeps, in Arabic: a star by F, the Favorites tab's words, moved right to left.
    await page.locator(`${PICKER} [role=combobox]`).fill('');
    await page.locator(`${PICKER} .gif-embed-gif`).nth(1).waitFor();
    for (const n of [0, 1]) {
      await page.locator(`${PICKER} .gif-embed-gif`).nth(n).focus();
      await page.keyboard.press('f');
    }
    await page.locator(`${PICKER} [role=tab][aria-label="${ar.favorites}"]`).click();
    await page.getByText(ar.reorderHint).waitFor();
    const [firstStar, secondStar] = await page.locator(`${PICKER} .gif-embed-gif`).evaluateAll((els) => els.map((el) => el.getAttribute('data-gif-id')));
    assert.is(await page.locator(`${PICKER} .gif-embed-gif`).first().getAttribute('aria-description'), ar.inFavorites);
    await page.locator(`${PICKER} .gif-embed-gif`).first().focus();
    // Left, right to left, is later.
    await page.keyboard.press('Alt+ArrowLeft');
    assert.equal(await page.locator(`${PICKER} .gif-embed-gif`).evaluateAll((els) => els.map((el) => el.getAttribute('data-gif-id'))), [secondStar, firstStar]);
    assert.is(await page.locator(`${PICKER} > [role=status]`).textContent(), fill(ar.movedTo, (2).toLocaleString('ar'), (2).toLocaleString('ar')));
    assert.equal(english(await uiStrings(page), ar), []);
    await snap(page, 'picker-kept-ar-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await snap(page, 'picker-kept-ar');
    assert.equal(languageCalls(requests.map((r) => r.url())), ['sdk-ar']);
    assert.equal(errors, []);
  } finally {
    await close();
  }
});

test('<gif-picker locale="ja"> on an English page is Japanese, the Grid beside it English; a Swedish page reads English marked en, with no file', async () => {
  const ja = await tableOf('ja');
  let { page, requests, errors, close } = await openEmbedPage(env, '', { html: sdkPage('en', '', 'locale="ja"') });
  try {
    await page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute('lang') === 'ja', PICKER);
    assert.is(await page.locator(`${PICKER} [role=combobox]`).getAttribute('aria-label'), ja.searchGifs);
    await page.locator(`${GRID} [role=alert]`).waitFor();
    assert.equal(await marks(page, GRID), ['en', 'ltr', 'ltr']);
    assert.is(await page.locator(`${GRID} [role=alert] a`).textContent(), EN.tryAgain);
    assert.equal(languageCalls(requests.map((r) => r.url())), ['sdk-ja']);
    assert.equal(errors, []);
  } finally {
    await close();
  }
  ({ page, requests, errors, close } = await openEmbedPage(env, '', { html: sdkPage('sv-SE') }));
  try {
    await page.locator(`${PICKER} .gif-embed-gif`).first().waitFor();
    await page.locator(`${GRID} [role=alert]`).waitFor();
    assert.equal(await marks(page, PICKER), ['en', 'ltr', 'ltr']);
    assert.is(await page.locator(`${PICKER} [role=combobox]`).getAttribute('aria-label'), EN.searchGifs);
    assert.equal(languageCalls(requests.map((r) => r.url())), []);
    assert.equal(errors, []);
  } finally {
    await close();
  }
});

test('the page switches its <html lang>: the picker and the Grid follow at once, their words in the new language', async () => {
  const { page, requests, close } = await openEmbedPage(env, '', { html: sdkPage('en') });
  await page.locator(`${PICKER} .gif-embed-gif`).first().waitFor();
  const de = await tableOf('de');
  assert.is(await page.locator(`${PICKER} [role=combobox]`).getAttribute('aria-label'), 'Search GIFs');
  await page.evaluate(() => (document.documentElement.lang = 'de'));
  await page.waitForFunction(([sel, label]) => document.querySelector(sel)?.getAttribute('aria-label') === label, [`${PICKER} [role=combobox]`, de.searchGifs] as const);
  assert.is(await page.locator(PICKER).getAttribute('lang'), 'de');
  assert.is(await page.locator(GRID).getAttribute('lang'), 'de');
  assert.equal(english(await uiStrings(page), de), []);
  // And back to English, whose table is always here: no file comes to render them again, the switch itself does.
  await page.evaluate(() => (document.documentElement.lang = 'en'));
  await page.waitForFunction(([picker, grid]) => [picker, grid].every((sel) => document.querySelector(sel)?.getAttribute('lang') === 'en'), [PICKER, GRID] as const);
  assert.equal(languageCalls(requests.map((r) => r.url())), ['sdk-de']);
  await close();
});

test('a term holding U+202E (right-to-left override) cannot reorder the sentence it is put in: the words around it keep their places; the field takes the direction of what is typed', async () => {
  const { page, close } = await openEmbedPage(env, '', { html: sdkPage('en') });
  await page.locator(`${PICKER} .gif-embed-gif`).first().waitFor();
  assert.is(await page.locator(`${PICKER} [role=combobox]`).getAttribute('dir'), 'auto');
  const term = '\u202Ezzqx';
  await page.locator(`${PICKER} [role=combobox]`).fill(term);
  await page.locator(`${PICKER} [role=combobox]`).press('Enter');
  const said = `No GIFs found for “\u2068${term}\u2069”.`;
  await page.waitForFunction(([sel, text]) => document.querySelector(sel)?.textContent === text, [`${PICKER} > [role=status]`, said] as const);
  // The message the pane shows: its first word at the left, the closing quote and full stop at the right, the term between.
  const order = await page.evaluate(([sel, text]) => {
    const walker = document.createTreeWalker(document.querySelector(sel)!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent !== text || node.parentElement?.closest('[role=status]')) continue;
      const x = (i: number) => { const range = document.createRange(); range.setStart(node!, i); range.setEnd(node!, i + 1); return range.getBoundingClientRect().left; };
      const t = text.length;
      return { no: x(0), z: x(text.indexOf('z')), quote: x(t - 2), stop: x(t - 1) };
    }
    return null;
  }, [PICKER, said] as const);
  assert.ok(order, 'the pane shows the message');
  assert.ok(order!.no < order!.z && order!.z < order!.quote && order!.quote < order!.stop, JSON.stringify(order));
  await close();
});

test('under a nonce CSP with Trusted Types (trusted-types gif-embed), sdk.js works where embed.js works: the picker and the embed beside it, nothing refused or thrown', async () => {
  const nonce = 'sdk-tt';
  const violations: string[] = [];
  const html = (apiKey: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><style nonce="${nonce}">#picker{width:420px;height:480px}</style></head><body>
${placeholder(IDS.plain).replace(/ style="[^"]*"/, '')}<div id="picker"></div>
<script nonce="${nonce}" src="/sdk.js"></script>
<script nonce="${nonce}">
  GifEmbedSDK.configure({ apiBase: location.origin, pingbackBase: location.origin, siteBase: location.origin, apiKey: '${apiKey}' });
  GifEmbedSDK.renderPicker('#picker', { onSelect() {} });
</script>
<script nonce="${nonce}" async src="/embed.js" data-api-key="${apiKey}"></script></body></html>`;
  const { page, errors, close } = await openEmbedPage(env, '', {
    html,
    headers: { 'content-security-policy': `script-src 'nonce-${nonce}' 'strict-dynamic'; style-src 'nonce-${nonce}'; require-trusted-types-for 'script'; trusted-types gif-embed` },
    prepare: async (context) => {
      await context.exposeFunction('__violation', (v: string) => violations.push(v));
      await context.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { __violation(v: string): void }).__violation(`${e.effectiveDirective} ${e.blockedURI}`)));
    },
  });
  // (Polled with evaluate: waitForFunction's predicate is a string the page's Trusted Types refuse to run.)
  await eventually(() => page.evaluate(() => document.querySelectorAll('#picker .gif-embed-gif img').length >= 3), 'the picker\'s tiles');
  await eventually(() => page.evaluate(() => document.querySelector('[data-gif-embed-state="ready"]') !== null), 'the embed ready');
  // Styled: the picker's rules came through the nonce'd sheet.
  assert.is(await page.locator('#picker .gif-embed-picker').evaluate((el) => getComputedStyle(el).display !== 'inline'), true);
  await page.locator('#picker input').fill('loop');
  await page.locator('#picker input').press('Enter');
  await eventually(async () => /GIFs? for \u2068loop\u2069/.test(await page.evaluate(() => document.querySelector('#picker .gif-embed-picker > [role=status]')?.textContent ?? '')), 'the search\'s count');
  assert.equal(violations, []);
  assert.equal(errors, []);
  await snap(page, 'sdk-trusted-types');
  await close();
});

test.run();
