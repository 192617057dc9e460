/**
 * The GIF picker on its example page (examples/picker.html, a chat composer with the picker in a
 * popover) in Chromium: the whole keyboard path and the mouse and touch path, with the requests
 * they make, the pingbacks (prior_response_id from session storage), page views, the polite
 * announcements, axe in every state, phone and 320 px widths, and the live window over hundreds
 * of results.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page, Request, Response } from 'playwright-core';
import { DESKTOP, PHONE, eventually, open, requestsTo, snap, withEnv, type Env } from './support/harness';
import { violations } from './support/axe';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '../../src/sdk/picker/suggestions';

let env: Env;
withEnv(test, (started) => (env = started), { reset: true });

const PAGE = '/examples/picker.html';
const PICKER = 'gif-picker .gif-embed-picker';
const TILES = `${PICKER} .gif-embed-gif`;
const field = (page: Page) => page.locator(`${PICKER} [role=combobox]`);
const qOf = (r: Request) => new URL(r.url()).searchParams.get('q');
const searches = (requests: Request[]) => requestsTo(requests, /^\/v1\/(gifs|stickers)\/search\?/).map(qOf);
const tagRequests = (requests: Request[]) => requestsTo(requests, /^\/v1\/gifs\/search\/tags\?/).map(qOf);
const local = async (path: string) => (await fetch(env.base + path)).json();

interface PingbackEvent { response_id: string; prior_response_id?: string; actions: { action_type: string; gif_id: string }[] }
const pingbackEvents = async (): Promise<PingbackEvent[]> =>
  (await local('/_local/pingbacks')).pingbacks.flatMap((p: { body: { sessions: { events: PingbackEvent[] }[] } }) => p.body.sessions.flatMap((s) => s.events));

/** The response id of the search for `q`, read from its answer. */
function responseIds(page: Page): Map<string, string> {
  const ids = new Map<string, string>();
  page.on('response', (res: Response) => {
    const url = new URL(res.url());
    if (!/\/v1\/(gifs|stickers)\/search$/.test(url.pathname) || url.searchParams.get('offset') !== '0') return;
    void res.json().then((body) => ids.set(url.searchParams.get('q')!, body.meta.response_id), () => undefined);
  });
  return ids;
}

/** Types like a person at 10 characters a second. */
const typeSlowly = (page: Page, text: string) => page.keyboard.type(text, { delay: 100 });
const announcement = (page: Page, text: string) =>
  page.waitForFunction(([sel, t]) => document.querySelector(sel)?.textContent === t, [`${PICKER} > [role=status]`, text] as const);

test('keyboard: GIF button, trending, a search, a suggestion, the results, Enter posts the GIF; pingbacks carry the prior search', async () => {
  const { page, requests, errors, context } = await open(env, PAGE, DESKTOP);
  const ids = responseIds(page);
  try {
    await page.keyboard.press('Tab');
    assert.is(await page.evaluate(() => document.activeElement?.id), 'message');
    await page.keyboard.press('Tab');
    assert.is(await page.evaluate(() => document.activeElement?.id), 'gif-button');
    await page.keyboard.press('Enter');
    await page.locator(TILES).first().waitFor();
    assert.ok(await field(page).evaluate((el) => el === document.activeElement), 'the field has focus when the picker opens');
    assert.ok((await page.locator(`${PICKER} ul[aria-label="Trending searches"] button`).count()) > 0, 'trending searches as chips');
    await snap(page, 'picker-desktop-open');

    // A first search, typed and entered.
    await typeSlowly(page, 'dots');
    await page.keyboard.press('Enter');
    await announcement(page, '7 GIFs for \u2068dots\u2069');

    // Escape clears the field; the next search goes through a suggestion.
    await page.keyboard.press('Escape');
    assert.is(await field(page).inputValue(), '');
    const before = requests.length;
    await page.evaluate(() => {
      const keys: number[] = ((window as unknown as { __keys: number[] }).__keys = []);
      addEventListener('keydown', () => keys.push(performance.now()), true);
    });
    await typeSlowly(page, 'fun');
    // Gaps between keys long enough for suggestions (a busy machine types slower than asked).
    const pauses = await page.evaluate((ms) => {
      const keys = (window as unknown as { __keys: number[] }).__keys;
      return keys.slice(1).filter((t, i) => t - keys[i] >= ms).length;
    }, AUTOCOMPLETE_DEBOUNCE_MS);
    await page.locator(`${PICKER} [role=option]`).first().waitFor();
    assert.is(await field(page).getAttribute('aria-expanded'), 'true');
    await snap(page, 'picker-desktop-suggestions');
    await page.keyboard.press('ArrowDown');
    const active = await field(page).getAttribute('aria-activedescendant');
    assert.is(await page.locator(`[id="${active}"]`).textContent(), 'funny');
    await page.keyboard.press('Enter');
    await announcement(page, '300 GIFs for \u2068funny\u2069');
    const typed = requests.slice(before);
    assert.ok(tagRequests(typed).length >= 1 && tagRequests(typed).length <= 2 + pauses, `autocomplete requests while typing: ${tagRequests(typed)} (${pauses} pauses)`);
    assert.equal(searches(typed).filter((q) => q === 'funny'), ['funny'], 'one search for the chosen suggestion');
    assert.ok(searches(typed).every((q) => q === 'funny' || q === 'fun'), `searches: ${searches(typed)}`);

    // Into the results: Tab (the clear button is for pointers), then back; ArrowDown goes there too.
    await page.keyboard.press('Tab');
    assert.match((await page.evaluate(() => document.activeElement?.getAttribute('data-gif-id'))) ?? '', /^gifTail/, 'Tab from the field lands on a result');
    await page.keyboard.press('Shift+Tab');
    assert.ok(await field(page).evaluate((el) => el === document.activeElement), 'Shift+Tab goes back to the field');
    // One Tab stop, arrow keys inside, Enter picks.
    await page.keyboard.press('ArrowDown');
    const first = await page.evaluate(() => document.activeElement?.getAttribute('data-gif-id'));
    assert.match(first ?? '', /^gifTail/);
    await page.keyboard.press('ArrowRight');
    const picked = await page.evaluate(() => document.activeElement?.getAttribute('data-gif-id'));
    assert.ok(picked && picked !== first, 'ArrowRight moved to the next tile');
    await snap(page, 'picker-desktop-results');
    await page.keyboard.press('Enter');
    await page.locator(`#log li.gif [data-gif-id="${picked}"]`).waitFor();
    assert.ok(await page.locator('#gif-popover').isHidden(), 'the popover closed');
    assert.is(await page.evaluate(() => document.activeElement?.id), 'message', 'focus back in the message box');
    await snap(page, 'picker-desktop-posted');

    // Analytics: the response ids in session storage, page views, pingbacks with the prior id.
    const dots = ids.get('dots')!;
    const funny = ids.get('funny')!;
    assert.ok(dots && funny && dots !== funny);
    assert.equal(await page.evaluate(() => JSON.parse(sessionStorage.getItem('gif-embed:search-response-ids')!)), [dots, funny]);
    const views = await page.evaluate(() => ((window as unknown as { dataLayer?: { virtualPageURL?: string }[] }).dataLayer ?? []).map((e) => e.virtualPageURL));
    assert.equal(views.filter((v) => v?.startsWith('/search/')), ['/search/dots/page/1', '/search/funny/page/1']);
    const events = await eventually(async () => {
      const all = await pingbackEvents();
      return all.some((e) => e.response_id === funny && e.actions.some((a) => a.action_type === 'CLICK')) && all;
    }, 'the CLICK pingback of the picked GIF');
    const ofFunny = events.filter((e) => e.response_id === funny);
    assert.ok(ofFunny.every((e) => e.prior_response_id === dots), 'results of the second search carry the first as prior_response_id');
    assert.ok(ofFunny.some((e) => e.actions.some((a) => a.action_type === 'CLICK' && a.gif_id === picked)));
    assert.ok(events.filter((e) => e.response_id === dots).every((e) => e.prior_response_id === undefined), 'the first search has no prior');
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test('Escape: closes the suggestions, clears the field, then closes the popover and returns focus to the GIF button', async () => {
  const { page, context } = await open(env, PAGE, DESKTOP);
  try {
    await page.click('#gif-button');
    await page.locator(TILES).first().waitFor();
    await typeSlowly(page, 'cat');
    await page.locator(`${PICKER} [role=option]`).first().waitFor();
    await page.keyboard.press('Escape');
    assert.is(await field(page).getAttribute('aria-expanded'), 'false');
    assert.is(await field(page).inputValue(), 'cat');
    await page.keyboard.press('Escape');
    assert.is(await field(page).inputValue(), '');
    await page.keyboard.press('Escape');
    assert.ok(await page.locator('#gif-popover').isHidden());
    assert.is(await page.evaluate(() => document.activeElement?.id), 'gif-button');
  } finally {
    await context.close();
  }
});

for (const [how, options] of [['mouse on a desktop', DESKTOP], ['touch on a phone', PHONE]] as const) {
  test(`${how}: a trending chip searches, the Stickers tab searches stickers, a pick posts the sticker, a click outside closes`, async () => {
    const { page, requests, errors, context } = await open(env, PAGE, options);
    const press = (target: ReturnType<Page['locator']>) => (options === PHONE ? target.tap() : target.click());
    try {
      await press(page.locator('#gif-button'));
      const chip = page.locator(`${PICKER} ul[aria-label="Trending searches"] button`, { hasText: /^dance$/ });
      await chip.waitFor();
      if (options === PHONE) await snap(page, 'picker-phone-open');
      await press(chip);
      await announcement(page, '7 GIFs for \u2068dance\u2069');
      assert.is(await field(page).inputValue(), 'dance');
      await press(page.locator(`${PICKER} [role=tab]`, { hasText: 'Stickers' }));
      await announcement(page, '2 stickers for \u2068dance\u2069');
      assert.equal(searches(requests), ['dance', 'dance']);
      assert.match(requestsTo(requests, /^\/v1\/stickers\/search\?/)[0].url(), /q=dance/);
      const sticker = page.locator(TILES).first();
      const id = await sticker.getAttribute('data-gif-id');
      if (options === PHONE) await snap(page, 'picker-phone-stickers');
      await press(sticker);
      await page.locator(`#log li.gif [data-gif-id="${id}"]`).waitFor();
      assert.ok(await page.locator('#gif-popover').isHidden());
      // Open again, and a press anywhere else closes it.
      await press(page.locator('#gif-button'));
      await page.locator(TILES).first().waitFor();
      await press(page.locator('h1'));
      assert.ok(await page.locator('#gif-popover').isHidden());
      assert.equal(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('at 320 px and in the 360x480 popover: nothing overflows, two columns of results', async () => {
  for (const viewport of [{ width: 320, height: 568 }, { width: 1280, height: 800 }]) {
    const { page, context } = await open(env, PAGE, { ...PHONE, viewport });
    try {
      await page.click('#gif-button');
      await page.locator(TILES).first().waitFor();
      const box = (await page.locator('#gif-popover').boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, `popover inside the window at ${viewport.width}: ${JSON.stringify(box)}`);
      if (viewport.width > 400) assert.equal([box.width, box.height], [360, 480]);
      const fits = await page.evaluate((sel) => {
        const picker = document.querySelector(sel)!;
        return [...picker.querySelectorAll('[role=tab], [role=combobox], [role=tabpanel]')].every((el) => {
          const r = el.getBoundingClientRect();
          const p = picker.getBoundingClientRect();
          return r.left >= p.left - 0.5 && r.right <= p.right + 0.5;
        }) && document.documentElement.scrollWidth <= innerWidth;
      }, PICKER);
      assert.ok(fits, `the tabs, field and results fit at ${viewport.width} px`);
      const columns = await page.locator(TILES).evaluateAll((els) => new Set(els.map((e) => Math.round(e.getBoundingClientRect().left))).size);
      assert.is(columns, 2);
      if (viewport.width === 320) await snap(page, 'picker-320');
    } finally {
      await context.close();
    }
  }
});

test('axe finds nothing: empty, suggestions open, results, no results, error and its retry (desktop and phone)', async () => {
  for (const [device, options] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    const { page, context } = await open(env, PAGE, options);
    const found: string[] = [];
    const check = async (state: string) => found.push(...(await violations(page)).map((v) => `${device} ${state}: ${v}`));
    try {
      await page.click('#gif-button');
      await page.locator(TILES).first().waitFor();
      await check('empty');
      await field(page).pressSequentially('cut', { delay: 30 });
      await page.locator(`${PICKER} [role=option]`).first().waitFor();
      await page.keyboard.press('ArrowDown');
      await check('suggestions open');
      await page.keyboard.press('Enter');
      await announcement(page, '300 GIFs for \u2068cute\u2069');
      await check('results');
      await page.keyboard.press('Escape');
      await field(page).pressSequentially('zzqx', { delay: 30 });
      await page.keyboard.press('Enter');
      await announcement(page, 'No GIFs found for “\u2068zzqx\u2069”.');
      await page.locator(`${PICKER} [data-no-results]`).waitFor();
      await check('no results');
      await page.route(/\/v1\/gifs\/search\?.*q=cool/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }));
      await page.keyboard.press('Escape');
      await field(page).pressSequentially('cool', { delay: 30 });
      await page.keyboard.press('Enter');
      const alert = page.locator(`${PICKER} [role=alert]`);
      await alert.waitFor();
      assert.match((await alert.textContent()) ?? '', /Error loading GIFs\.\s*Try again\?/);
      await check('error');
      await page.unroute(/\/v1\/gifs\/search\?.*q=cool/);
      await alert.getByText('Try again?').click();
      await announcement(page, '300 GIFs for \u2068cool\u2069');
      await page.locator(TILES).first().waitFor();
    } finally {
      await context.close();
    }
    assert.equal(found, []);
  }
});

test('hundreds of results: paging goes on as the results scroll, and only about two screens of tiles are live', async () => {
  const { page, requests, context } = await open(env, PAGE, DESKTOP);
  try {
    await page.click('#gif-button');
    await page.locator(TILES).first().waitFor();
    await field(page).fill('reaction');
    await page.keyboard.press('Enter');
    await announcement(page, '1,200 GIFs for \u2068reaction\u2069');
    await page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute('data-gif-id') === 'gifTail0001', TILES);
    const firstId = 'gifTail0001';
    const panel = page.locator(`${PICKER} [role=tabpanel]`);
    const pages = () => requestsTo(requests, /^\/v1\/gifs\/search\?.*q=reaction/).length;
    for (let i = 0; i < 60 && pages() < 10; i++) {
      await panel.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await page.waitForTimeout(100);
    }
    assert.ok(pages() >= 10, `${pages()} pages asked for`);
    const { live, screen, tallest } = await panel.evaluate((el) => {
      const tiles = [...el.querySelectorAll('.gif-embed-gif')];
      return { live: tiles.length, screen: el.clientHeight, tallest: Math.max(...tiles.map((t) => t.getBoundingClientRect().height)) };
    });
    // Two columns: two screens of tiles, plus a band and a tile of slack at each edge.
    const bound = Math.ceil(((2.5 * screen) / tallest + 2) * 2) + 4;
    assert.ok(live <= bound && live < 100, `${live} tiles live for ${screen} px screens (bound ${bound}) after ${pages()} pages`);
    // Home goes to the first tile, which was long gone, and brings it back focused.
    await page.locator(TILES).last().focus();
    await page.keyboard.press('Home');
    await page.waitForFunction((id) => document.activeElement?.getAttribute('data-gif-id') === id, firstId);
    assert.is(await panel.evaluate((el) => el.scrollTop), 0);
  } finally {
    await context.close();
  }
});

test.run();
