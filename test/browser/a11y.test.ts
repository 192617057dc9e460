/**
 * Accessibility in Chromium with axe-core (wcag2a, wcag2aa, wcag21aa, wcag22aa, best-practice):
 * every example page and the iframe player page at desktop and phone sizes, and the player's
 * states (hovered, share menu open, related grid showing, video view, phone footer open). Any
 * violation fails, listed with the rule, the element and axe's summary. Also the keyboard: from
 * the top of the blog example, Tab reaches the page's last link within the page's own stops plus
 * 8 per embed, and every stop is on screen.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Page } from 'playwright-core';
import { IDS } from '../../server/catalogue/items';
import { DESKTOP, PHONE, animationsDone, eventually, open, withEnv, type Env } from './support/harness';
import { openEmbedPage, placeholder, startEvery, waitForState, PLACEHOLDER } from './embed-page';
import { violations } from './support/axe';

/** Embeds the page holds at most, so the keyboard budget below is per embed. */
const STOPS_PER_EMBED = 8;

let env: Env;
withEnv(test, (started) => (env = started));

const allReady = (page: Page) =>
  page.waitForFunction(() => [...document.querySelectorAll('[data-gif-embed-state]')].every((el) => el.getAttribute('data-gif-embed-state') !== 'loading'), null, { timeout: 15_000 });


const PAGES = ['/examples/', '/examples/blog.html', '/examples/ads.html', '/examples/light.html', '/examples/strict.html', '/examples/hostile-css.html', '/examples/sdk.html', '/examples/snippet.html', '/examples/react/', `/embed/${IDS.plain}`];

for (const [device, options] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  test(`axe: every example page and the iframe player page pass (${device})`, async () => {
    const found: string[] = [];
    for (const path of PAGES) {
      const { page, context } = await open(env, path, options);
      await startEvery(page);
      await allReady(page);
      await animationsDone(page);
      found.push(...(await violations(page)).map((v) => `${path}: ${v}`));
      await context.close();
    }
    assert.equal(found, []);
  });
}

/** The first embed's player root on the blog example. */
async function blog(options = DESKTOP): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await open(env, '/examples/blog.html', options);
  await page.waitForFunction(() => document.querySelector('[data-gif-id]')?.getAttribute('data-gif-embed-state') === 'ready');
  return { page, context };
}

test('axe: the player hovered, with the related grid showing, the share menu open and the video view (desktop)', async () => {
  const { page, context } = await blog();
  const found: string[] = [];
  const first = page.locator('[data-gif-id]').first();
  let box = (await first.boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 100);
  await first.locator('[data-related-scroller] a').first().waitFor();
  await animationsDone(page);
  found.push(...(await violations(page)).map((v) => `hovered: ${v}`));
  await first.getByRole('button', { name: 'Share' }).click();
  await first.locator('[data-share-field="embed"]').waitFor();
  await animationsDone(page);
  found.push(...(await violations(page)).map((v) => `share menu: ${v}`));
  await page.keyboard.press('Escape');
  const video = page.locator(`[data-gif-id="${IDS.youtube}"]`);
  await video.scrollIntoViewIfNeeded();
  await page.waitForFunction((id) => document.querySelector(`[data-gif-id="${id}"]`)?.getAttribute('data-gif-embed-state') === 'ready', IDS.youtube);
  box = (await video.boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 100);
  await video.locator('[data-watch]').click();
  await video.locator('[data-video-plugin]').waitFor();
  // As a reader sees it once its box has faded in (under load the 0.4 s entry can outlast the
  // 700 ms ready fallback; mid-fade the box is not yet dark behind its light text).
  await animationsDone(page);
  found.push(...(await violations(page)).map((v) => `video view: ${v}`));
  assert.equal(found, []);
  await context.close();
});

test('axe: the phone footer open, then closed by a tap', async () => {
  const { page, context } = await blog(PHONE);
  const root = page.locator('[data-gif-id]').first().locator('.r');
  const footerOpen = (open: boolean) => page.waitForFunction((want) => document.querySelector('[data-gif-id]')!.shadowRoot!.querySelector('.r')!.classList.contains('o') === want, open);
  await footerOpen(true);
  await animationsDone(page);
  assert.equal(await violations(page), [], 'footer open');
  await root.locator('.g').tap();
  await footerOpen(false);
  await animationsDone(page);
  assert.equal(await violations(page), [], 'footer closed');
  await context.close();
});

test('keyboard: Tab from the top of the blog example reaches its last link within the page stops + 8 per embed, every stop on screen', async () => {
  const { page, context } = await blog();
  await startEvery(page);
  await allReady(page);
  const embeds = await page.locator('[data-gif-id]').count();
  // The page's own stops: its focusable elements outside the embeds.
  const own = await page.evaluate(() => [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')].filter((el) => !el.closest('[data-gif-id]')).length);
  const lastLink = await page.evaluate(() => {
    const links = [...document.querySelectorAll('a[href]')].filter((a) => !a.closest('[data-gif-id]'));
    return links[links.length - 1]?.textContent;
  });
  const budget = own + STOPS_PER_EMBED * embeds;
  const hidden: string[] = [];
  const path: string[] = [];
  let reached = 0;
  for (let stop = 1; stop <= budget + 1 && !reached; stop++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate(() => {
      let el = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      if (!el || el === document.body) return null;
      const r = el.getBoundingClientRect();
      const onScreen = r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
      return { text: (el.textContent || el.getAttribute('aria-label') || el.tagName).trim().slice(0, 40), onScreen, inEmbed: !!(el.getRootNode() as ShadowRoot).host };
    });
    if (!at) continue;
    path.push(at.text);
    if (!at.onScreen) hidden.push(`${stop}: ${at.text}`);
    if (!at.inEmbed && at.text === lastLink?.trim().slice(0, 40)) reached = stop;
  }
  assert.ok(reached > 0, `the last link was not reached within ${budget} Tab presses: ${path.join(' | ')}`);
  assert.equal(hidden, [], 'every focused element is on screen');
  await context.close();
});

for (const [device, options] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  test(`the play control under each autoplay policy (${device}): axe clean, named and pressed as the GIF stands, Enter and Space toggle it`, async () => {
    const policies = ['always', 'hover', 'click', 'never'] as const;
    const body = `<main><h1>Autoplay policies</h1>${policies.map((policy) => placeholder(IDS.plain, `data-autoplay="${policy}"`, 320, 240)).join('')}</main>`;
    const { page, close } = await openEmbedPage(env, body, { head: '<title>Autoplay policies</title>', device: { ...options, viewport: { width: options.viewport!.width, height: 1200 } } });
    await waitForState(page, 'ready', policies.length);
    await animationsDone(page);
    assert.equal(await violations(page), [], 'axe, as loaded');
    for (const [i, policy] of policies.entries()) {
      const button = page.locator(PLACEHOLDER).nth(i).locator('.hd button.pp');
      const state = async () => [await button.getAttribute('aria-label'), await button.getAttribute('aria-pressed')];
      const still = policy !== 'always';
      assert.equal(await state(), still ? ['Play', 'true'] : ['Pause', 'false'], `${policy}: as loaded`);
      await button.focus();
      // The focus brings a desktop player's chrome, whose header takes the pause button (and the
      // focus) over: the keys go to it once it is there. (A Space pressed as the two swap, its
      // keyup on the new button, would press nothing.)
      if (device === 'desktop') await page.locator(PLACEHOLDER).nth(i).locator('.hd [aria-label="Share"]').waitFor();
      // Under hover a desktop player plays while it holds the focus.
      const focused = still && !(policy === 'hover' && device === 'desktop');
      await eventually(async () => (await state())[1] === String(focused), `${policy}: focused`);
      await page.keyboard.press('Enter');
      await eventually(async () => (await state()).join() === (focused ? 'Pause,false' : 'Play,true'), `${policy}: Enter toggles it`);
      await page.keyboard.press(' ');
      await eventually(async () => (await state()).join() === (focused ? 'Play,true' : 'Pause,false'), `${policy}: Space toggles it back`);
    }
    await animationsDone(page);
    assert.equal(await violations(page), [], 'axe, after the keys');
    await close();
  });
}

test.run();
