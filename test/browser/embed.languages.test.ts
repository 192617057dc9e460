/**
 * The reader's language in Chromium: pages in German, Japanese, Arabic and Hebrew (and a
 * placeholder's own `data-lang`) show the player, its chrome, the related grid's header and the
 * open share menu in that language, with no English word and no English label; right-to-left
 * pages run the player right to left with the API's names isolated; a page whose language has no
 * table reads English marked as English. The table comes as a file of its own, once per page,
 * and its arrival neither delays the GIF nor moves anything. The author's alt text is kept.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { IDS } from '../../server/catalogue/items';
import { EN } from '../support/english';
import { fill, type Messages } from '../../src/i18n';
import { normalizeGif, scriptEmbedCode } from '../../src/model';
import { PLUGIN_FILE_TIMEOUT_MS } from '../../src/plugin-files';
import { PHONE, withEnv, snap, type Env } from './support/harness';
import { openEmbedPage, placeholder, playerRoot, waitForState, PLACEHOLDER, type PageOptions } from './embed-page';

let env: Env;
withEnv(test, (started) => (env = started), { reset: true });

/** A whole page in `lang` (and `dir`) around `body`, with the snippet's script. */
const pageIn = (lang: string, body: string, dir = '') => (apiKey: string) =>
  `<!doctype html><html lang="${lang}"${dir ? ` dir="${dir}"` : ''}><head><meta charset="utf-8"><link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{margin:0;font:16px sans-serif}</style></head><body>${body}
<script async src="/embed.js" data-api-key="${apiKey}"></script></body></html>`;

/** The table of language file `code` (`zh-Hant` from the zh file). */
async function tableOf(name: string): Promise<Messages> {
  const file = (await import(`../../src/i18n/locales/${name.slice(0, 2)}.ts`)).tables as Record<string, Messages>;
  return file[name];
}

/** Language files asked for (`lang-de`), by name. */
const languageCalls = (urls: string[]) => urls.map((u) => new URL(u).pathname.match(/^\/plugins\/(lang-[\w-]+)\.[0-9a-f]{8}\.js$/)?.[1]).filter(Boolean);

/**
 * Every word and label the player of the first placeholder shows, walking its shadow root (and
 * the plugins' in it): text, aria-label, title and placeholder. What comes from the API or the
 * page (the creator's name and handle, the service's name, the related GIFs' own names, the
 * embed code) is left out. With the container's lang and dir, and the live region's.
 */
function uiStrings(page: Page) {
  return page.locator(PLACEHOLDER).first().evaluate((el) => {
    const root = el.shadowRoot!;
    const found: string[] = [];
    const fromApi = (node: Element | null) => !!node?.closest('.at > span, .at > small, b, [data-gif-id], .sr');
    const walk = (node: ParentNode) => {
      for (const child of node.childNodes) {
        if (child.nodeType === Node.TEXT_NODE) {
          const text = child.textContent!.trim();
          if (text && !fromApi(child.parentElement)) found.push(text);
        } else if (child instanceof Element && child.localName !== 'style' && child.localName !== 'slot') {
          for (const name of ['aria-label', 'title', 'placeholder']) {
            const value = child.getAttribute(name);
            if (value && !child.closest('[data-gif-id]')) found.push(value);
          }
          walk(child);
          if (child.shadowRoot) walk(child.shadowRoot);
        }
      }
    };
    walk(root);
    const container = root.querySelector('div')!;
    const live = root.querySelector('.sr')!;
    return {
      found, lang: container.getAttribute('lang'), dir: container.getAttribute('dir'), live: [live.textContent, live.getAttribute('lang')],
      cta: root.querySelector('.cta')?.textContent,
    };
  });
}

/** The English messages of EN that `strings` shows, leaving out those `table` says the same way (a loanword: Link, iframe). */
function english(strings: string[], table: Messages): string[] {
  const patterns = (Object.keys(EN) as (keyof Messages)[])
    .filter((key) => table[key].toLowerCase() !== EN[key].toLowerCase())
    .map((key) => new RegExp(`^${EN[key].replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\d\\\}/g, '.+')}$`, 'i'));
  return strings.filter((text) => patterns.some((p) => p.test(text)));
}

/** Opens `html`, hovers the first player until its related grid shows, and opens its Share menu. */
async function hoverAndShare(options: PageOptions, name: string) {
  const opened = await openEmbedPage(env, '', options);
  const { page } = opened;
  await waitForState(page, 'ready');
  const box = (await page.locator(PLACEHOLDER).first().boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 120);
  const root = playerRoot(page);
  await root.locator('[data-related] h2').waitFor();
  await root.locator('[data-related] [data-gif-id]').first().waitFor();
  await snap(page, `languages-${name}-hover`);
  await root.locator('button[aria-haspopup]').click();
  await root.locator('[data-share-menu] input').first().waitFor();
  await snap(page, `languages-${name}-share`);
  return opened;
}

const PAGES: [name: string, lang: string, dir: string][] = [
  ['de', 'de-DE', ''],
  ['ja', 'ja', ''],
  ['ar', 'ar', 'rtl'],
  ['he', 'he', 'rtl'],
];

for (const [name, lang, dir] of PAGES) {
  test(`a page in ${lang}${dir ? ` (${dir})` : ''}: hovered with Share open, no English word or label; the player says its language and direction`, async () => {
    const table = await tableOf(name);
    const { page, requests, close } = await hoverAndShare({ html: pageIn(lang, placeholder(IDS.plain), dir) }, name);
    const shown = await uiStrings(page);
    assert.equal(english(shown.found, table), [], 'English strings');
    // The player's own words are there, in the table's language.
    for (const key of ['share', 'related', 'embedCode', 'link', 'closeShare', 'favorite'] as const) {
      assert.ok(shown.found.some((text) => text.includes(table[key])), `${key}: ${table[key]}`);
    }
    assert.is(shown.cta, fill(table.continueOn, 'GIF Embed'), 'the call to action, around the service\'s name');
    assert.equal([shown.lang, shown.dir], [name, dir || 'ltr']);
    assert.equal(shown.live, [table.gifLoaded, name]);
    assert.equal(languageCalls(requests.map((r) => r.url())), [`lang-${name}`], 'one language file');
    await close();
  });
}

test('on a phone in Arabic: the mobile player\'s footer, its Watch button and its labels in Arabic, right to left', async () => {
  const table = await tableOf('ar');
  const { page, close } = await openEmbedPage(env, '', { device: PHONE, html: pageIn('ar', placeholder(IDS.youtube), 'rtl') });
  await waitForState(page, 'ready');
  const root = playerRoot(page);
  await page.locator(PLACEHOLDER).first().locator('.r.o .mf .vo').waitFor();
  await page.waitForFunction(() => !document.getAnimations().some((a) => a.playState === 'running'));
  await snap(page, 'languages-ar-phone');
  const shown = await uiStrings(page);
  assert.equal(english(shown.found, table), []);
  assert.ok(shown.found.includes(table.watch), 'Watch');
  assert.is(await root.locator('.mf .vo').textContent(), fill(table.viewOn, 'GIF Embed'));
  assert.is(await root.locator('button.g').getAttribute('aria-label'), fill(table.showLinks, 'Rolling Waves Clip'));
  assert.equal([shown.lang, shown.dir], ['ar', 'rtl']);
  await close();
});

test('in a right-to-left page the player runs right to left, the share arrow turns, and the creator\'s name and handle read as written', async () => {
  const { page, close } = await hoverAndShare({ html: pageIn('ar', placeholder(IDS.plain), 'rtl') }, 'ar-rtl');
  const read = await page.locator(PLACEHOLDER).first().evaluate((el) => {
    const root = el.shadowRoot!;
    const style = (sel: string) => getComputedStyle(root.querySelector(sel)!);
    const rect = (sel: string) => root.querySelector(sel)!.getBoundingClientRect();
    return {
      direction: style('.r').direction,
      handle: [style('.at small').direction, root.querySelector('.at small')!.getAttribute('dir'), root.querySelector('.at small')!.textContent],
      name: style('.at span').direction,
      // The logo sits at the start of the line, now on the right; share at the end, on the left.
      logoRight: rect('.hd > a.ic').left > rect('.hd button[aria-haspopup]').left,
      shareArrow: style('.hd button[aria-haspopup] svg').transform,
      closeLeft: rect('[data-share-close]').left < rect('[data-share-menu]').left + rect('[data-share-menu]').width / 2,
      // The embed code reads from its start: its field is left to right.
      codeDirection: style('[data-share-field="embed"]').direction,
    };
  });
  assert.is(read.direction, 'rtl');
  assert.equal(read.handle, ['ltr', 'auto', '@pixelsmith']);
  assert.is(read.name, 'ltr');
  assert.ok(read.logoRight, 'the header mirrors');
  assert.is(read.shareArrow, 'matrix(-1, 0, 0, 1, 0, 0)');
  assert.ok(read.closeLeft, 'the menu\'s close control at its end, on the left');
  assert.is(read.codeDirection, 'ltr');
  await close();
});

test('a placeholder\'s data-lang beats the page\'s: a Japanese player on an English page, beside an English one', async () => {
  const body = placeholder(IDS.plain, 'data-lang="ja"') + placeholder(IDS.sticker);
  const { page, requests, close } = await hoverAndShare({ html: pageIn('en', body) }, 'data-lang');
  const table = await tableOf('ja');
  const shown = await uiStrings(page);
  assert.equal(english(shown.found, table), []);
  assert.is(shown.lang, 'ja');
  const other = await page.locator(PLACEHOLDER).nth(1).evaluate((el) => el.shadowRoot!.querySelector('div')!.getAttribute('lang'));
  assert.is(other, 'en');
  assert.equal(languageCalls(requests.map((r) => r.url())), ['lang-ja']);
  await close();
});

test('the page switches its <html lang> (a single-page app\'s language switch): the players up follow at once, hovered or not, and those added later come in the new language', async () => {
  const { page, requests, errors, close } = await openEmbedPage(env, '', { html: pageIn('en', placeholder(IDS.plain)) });
  await waitForState(page, 'ready');
  assert.is((await uiStrings(page)).lang, 'en');
  const de = await tableOf('de');
  await page.evaluate(() => (document.documentElement.lang = 'de'));
  await page.waitForFunction((sel) => document.querySelector(sel)!.shadowRoot!.querySelector('div')!.getAttribute('lang') === 'de', PLACEHOLDER);
  const shown = await uiStrings(page);
  assert.equal(english(shown.found, de), [], 'no English word left');
  assert.equal(shown.live, [EN.gifLoaded, 'en'], 'what was said stays as said, marked in its language');
  await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), placeholder(IDS.sticker));
  await waitForState(page, 'ready', 2);
  assert.is(await page.locator(PLACEHOLDER).nth(1).evaluate((el) => el.shadowRoot!.querySelector('div')!.getAttribute('lang')), 'de');
  // And back: English is always here, no file.
  await page.evaluate(() => (document.documentElement.lang = 'en-GB'));
  await page.waitForFunction((sel) => [...document.querySelectorAll(sel)].every((el) => el.shadowRoot!.querySelector('div')!.getAttribute('lang') === 'en'), PLACEHOLDER);
  assert.equal(languageCalls(requests.map((r) => r.url())), ['lang-de']);
  assert.equal(errors, []);
  await close();
});

test('a page in a language without a table (Swedish; Urdu right to left) reads English marked lang="en" dir="ltr", and asks for no language file', async () => {
  for (const [lang, dir] of [['sv', ''], ['ur', 'rtl']]) {
    const { page, requests, close } = await hoverAndShare({ html: pageIn(lang, placeholder(IDS.plain), dir) }, `none-${lang}`);
    const shown = await uiStrings(page);
    assert.equal([shown.lang, shown.dir], ['en', 'ltr'], lang);
    assert.ok(shown.found.includes(EN.share) && shown.found.includes(EN.embedCode), `${lang}: English words`);
    assert.equal(shown.live, [EN.gifLoaded, 'en']);
    assert.equal(languageCalls(requests.map((r) => r.url())), [], lang);
    await close();
  }
});

test('the table\'s file held back 2 s: the GIF is ready at once in English, then the words turn German in place with no layout shift, and then it is said, in German', async () => {
  const held: { at?: number } = {};
  const de = await tableOf('de');
  const { page, close } = await openEmbedPage(env, '', {
    html: pageIn('de', placeholder(IDS.plain)),
    prepare: async (context) => {
      await context.addInitScript(() => {
        const w = window as unknown as { __shift: number };
        w.__shift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__shift += (e as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await context.route(/\/plugins\/lang-de\.[0-9a-f]{8}\.js$/, async (route) => {
        held.at = Date.now();
        await new Promise((resolve) => setTimeout(resolve, 2000));
        await route.continue();
      });
    },
  });
  await waitForState(page, 'ready');
  const root = playerRoot(page);
  // Ready while the file is still held: the pause control's name is English then.
  assert.ok(held.at !== undefined && Date.now() - held.at < 2000, 'ready before the table came');
  assert.is(await root.locator('button.pp').getAttribute('aria-label'), EN.pause);
  // Nothing is said in English meanwhile: the live region waits for the reader's words.
  assert.is((await uiStrings(page)).live[0], '');
  const box = await page.locator(PLACEHOLDER).boundingBox();
  await root.locator('button.pp[aria-label="Pausieren"]').waitFor({ state: 'attached' });
  assert.is(await page.locator(PLACEHOLDER).first().evaluate((el) => el.shadowRoot!.querySelector('div')!.getAttribute('lang')), 'de');
  // Said once the table came, in German: the GIF is loaded (the loading it has left is not said).
  assert.equal((await uiStrings(page)).live, [de.gifLoaded, 'de']);
  assert.equal(await page.locator(PLACEHOLDER).boundingBox(), box);
  assert.is(await page.evaluate(() => (window as unknown as { __shift: number }).__shift), 0);
  await close();
});

test('the table\'s file never comes (its server hangs): the player works in English, and at the request deadline the live region says the GIF is loaded, in English', async () => {
  const { page, close } = await openEmbedPage(env, '', {
    html: pageIn('de', placeholder(IDS.plain)),
    prepare: async (context) => {
      // The page's clock, moved on by hand past the deadline.
      await context.clock.install();
      await context.route(/\/plugins\/lang-de\.[0-9a-f]{8}\.js$/, () => {});
    },
  });
  await waitForState(page, 'ready');
  const root = playerRoot(page);
  assert.is(await root.locator('button.pp').getAttribute('aria-label'), EN.pause);
  assert.is((await uiStrings(page)).live[0], '', 'nothing said while the table may still come');
  await page.clock.fastForward(PLUGIN_FILE_TIMEOUT_MS);
  await page.waitForFunction((sel) => document.querySelector(sel)!.shadowRoot!.querySelector('.sr')!.textContent !== '', PLACEHOLDER);
  assert.equal((await uiStrings(page)).live, [EN.gifLoaded, 'en']);
  assert.is(await root.locator('button.pp').getAttribute('aria-label'), EN.pause);
  await close();
});

test('the iframe player page: ?lang=ar gives an Arabic right-to-left player; without it, the browser\'s language (Japanese) and not the template\'s English', async () => {
  const read = async (path: string, locale: string) => {
    const context = await env.browser.newContext({ viewport: { width: 480, height: 360 }, locale });
    const page = await context.newPage();
    await page.goto(`${env.base}${path}`);
    await waitForState(page, 'ready');
    const got = await page.locator(PLACEHOLDER).first().evaluate((el) => {
      const container = el.shadowRoot!.querySelector('div')!;
      return [document.documentElement.getAttribute('lang'), container.getAttribute('lang'), container.getAttribute('dir')];
    });
    await context.close();
    return got;
  };
  assert.equal(await read(`/embed/${IDS.plain}?lang=ar`, 'en-US'), ['ar', 'ar', 'rtl']);
  assert.equal(await read(`/embed/${IDS.plain}`, 'ja-JP'), ['ja', 'ja', 'ltr']);
  assert.equal(await read(`/embed/${IDS.plain}?lang=zh-TW`, 'en-US'), ['zh-TW', 'zh-Hant', 'ltr']);
});

test('the iframe player page with its related GIFs is named in the reader\'s words: its title and its heading, the GIF\'s title set apart', async () => {
  for (const [lang, name] of [['de', 'de'], ['ja', 'ja'], ['ar', 'ar']]) {
    const context = await env.browser.newContext({ viewport: { width: 480, height: 640 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${env.base}/embed/${IDS.plain}?related&lang=${lang}`);
    const said = fill((await tableOf(name)).withRelated, '\u2068Bouncing Dots\u2069');
    await page.waitForFunction((text) => document.title === text, said);
    assert.is(await page.locator('h1').textContent(), said, lang);
    await context.close();
  }
});

test('the author\'s alt text: a progressive snippet\'s German <img alt> stays on the player\'s image; data-alt and <gif-embed alt> beat the API\'s title', async () => {
  const json = await (await fetch(`${env.base}/v1/gifs/${IDS.plain}?api_key=test`)).json();
  const gif = normalizeGif(json.data, json.meta);
  const snippet = scriptEmbedCode(gif, { script: '' }).trim().replace(/alt="[^"]*"/, 'alt="Hüpfende Punkte in Regenbogenfarben"');
  const element = `<gif-embed gif-id="${IDS.wide}" alt="Ein breites GIF" width="480" height="270" style="display:block;aspect-ratio:480/270;width:480px"></gif-embed>`;
  const body = `<div style="margin:8px">${snippet}</div>${placeholder(IDS.sticker, 'data-alt="Ein drehender Stern"')}${element}`;
  const { page, close } = await openEmbedPage(env, '', { html: pageIn('de', body) });
  await waitForState(page, 'ready', 3);
  const alts = await page.locator('[data-gif-embed-state]').evaluateAll((els) => els.map((el) => el.shadowRoot!.querySelector('.g img')?.getAttribute('alt')));
  assert.equal(alts, ['Hüpfende Punkte in Regenbogenfarben', 'Ein drehender Stern', 'Ein breites GIF']);
  await close();
});

test('each text carries the language it is written in: on a Norwegian page (no table, the player in English) the author\'s alt is marked nb; a data-lang placeholder\'s alt its own; the API\'s title, on a German page, English', async () => {
  const langs = async (html: (key: string) => string, count: number) => {
    const { page, close } = await openEmbedPage(env, '', { html });
    await waitForState(page, 'ready', count);
    const read = await page.locator('[data-gif-embed-state]').evaluateAll((els) => els.map((el) => {
      const img = el.shadowRoot!.querySelector('.g img')!;
      return [el.shadowRoot!.querySelector('div')!.getAttribute('lang'), img.getAttribute('alt'), img.closest('[lang]')!.getAttribute('lang')];
    }));
    await close();
    return read;
  };
  const nb = await langs(pageIn('nb', placeholder(IDS.sticker, 'data-alt="En snurrende stjerne"') + placeholder(IDS.plain, 'data-lang="de" data-alt="Hüpfende Punkte"')), 2);
  assert.equal(nb, [['en', 'En snurrende stjerne', 'nb'], ['de', 'Hüpfende Punkte', 'de']]);
  const de = await langs(pageIn('de', placeholder(IDS.plain)), 1);
  assert.equal(de, [['de', 'Bouncing Dots', 'en']]);
});

test.run();
