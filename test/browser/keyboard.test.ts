/**
 * The player with the keyboard alone, in Chromium: the related grid is one Tab stop with arrow
 * keys inside it, the share menu is a modal dialog (Tab goes round it, Escape returns to Share),
 * the video view closes on Escape and gives focus back to Watch, and the player never scrolls
 * to reveal what has focus.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { IDS } from '../../server/catalogue/items';
import { frames, withEnv, type Env } from './support/harness';
import { openEmbedPage, placeholder, playerRoot, waitForState, PLACEHOLDER } from './embed-page';

let env: Env;
withEnv(test, (started) => (env = started), { reset: true });

/** What has focus, through shadow roots: its label or text, and whether it is a related tile. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    const tile = !!el?.closest('[data-related-scroller]');
    return { label: (el?.getAttribute('aria-label') || el?.textContent || el?.tagName || '').trim(), tile, id: el?.getAttribute('data-gif-id') ?? '' };
  });

/** Tabs until `done(focus)` holds (at most `max` presses); returns the presses it took, or 0. */
async function tabUntil(page: Page, done: (f: Awaited<ReturnType<typeof focused>>) => boolean, max = 20, key = 'Tab') {
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press(key);
    if (done(await focused(page))) return i;
  }
  return 0;
}

const scrollTops = (page: Page) => page.locator(PLACEHOLDER).first().evaluate((el) => {
  const r = (el.shadowRoot ?? el).querySelector('.r') as HTMLElement;
  return r.scrollTop + r.scrollLeft;
});

test('related grid: one Tab stop, arrow keys move inside it, Tab leaves for "Continue Watching on"', async () => {
  const { page, close } = await openEmbedPage(env, '<a href="#before">before</a>' + placeholder(IDS.plain) + '<a href="#after">after</a>');
  await waitForState(page, 'ready');
  await page.locator('a[href="#before"]').focus();
  // Focus into the player shows the chrome and the footer (focus counts as hover intent).
  assert.ok(await tabUntil(page, (f) => f.label === 'Share'), 'reached Share');
  await playerRoot(page).locator('[data-related-scroller] a').first().waitFor();
  assert.ok(await tabUntil(page, (f) => f.tile, 2), 'the grid is the next stop');
  const first = (await focused(page)).id;
  await page.keyboard.press('ArrowRight');
  const second = await focused(page);
  assert.ok(second.tile && second.id !== first, 'ArrowRight moved to another tile');
  await page.keyboard.press('ArrowDown');
  assert.ok((await focused(page)).tile, 'ArrowDown stays in the grid');
  await page.keyboard.press('Home');
  assert.is((await focused(page)).id, first, 'Home: the first tile');
  // One more Tab leaves the grid, whatever tile had focus.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Tab');
  assert.match((await focused(page)).label, /^Continue Watching on/);
  await page.keyboard.press('Tab');
  assert.is((await focused(page)).label, 'after', 'then the page goes on');
  assert.is(await scrollTops(page), 0, 'the player root never scrolled');
  await close();
});

test('Shift+Tab into a player from the page after it passes the call-to-action and the grid on the way back', async () => {
  const { page, close } = await openEmbedPage(env, '<a href="#before">before</a>' + placeholder(IDS.plain) + '<a href="#after">after</a>');
  await waitForState(page, 'ready');
  await page.locator('a[href="#after"]').focus();
  // The player was never hovered: its footer is hidden and inert until focus arrives.
  await page.keyboard.press('Shift+Tab');
  await page.waitForFunction(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return /^Continue Watching on/.test(el?.textContent ?? '');
  });
  await playerRoot(page).locator('[data-related-scroller] a').first().waitFor();
  await page.keyboard.press('Shift+Tab');
  assert.ok((await focused(page)).tile, 'then the related grid');
  await page.keyboard.press('Shift+Tab');
  assert.is((await focused(page)).label, 'Share', 'then the header');
  assert.ok(await tabUntil(page, (f) => f.label === 'before', 8, 'Shift+Tab'), 'and out to the page before');
  assert.is(await scrollTops(page), 0, 'the player root never scrolled');
  await close();
});

/** Once the player is ready: the pointer over it (the chrome comes), focus on Share, and Enter. */
async function pressShare(page: Page) {
  await waitForState(page, 'ready');
  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 100);
  await playerRoot(page).getByRole('button', { name: 'Share' }).focus();
  await page.keyboard.press('Enter');
}

test('share menu: a modal dialog, Tab goes round it, Escape closes it and returns focus to Share', async () => {
  const { page, close } = await openEmbedPage(env, placeholder(IDS.plain) + '<a href="#after">after</a>');
  await pressShare(page);
  const dialog = playerRoot(page).getByRole('dialog', { name: 'Share' });
  await dialog.waitFor();
  assert.is(await dialog.getAttribute('aria-modal'), 'true');
  const seen = new Set<string>();
  for (let i = 0; i < 14; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    assert.not.ok(f.label === 'after' || f.tile, `Tab ${i + 1} left the dialog (${f.label})`);
    seen.add(f.label);
  }
  assert.ok(seen.has('Close share menu') && seen.has('Share on Facebook'), 'went round the whole dialog');
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Shift+Tab');
    const f = await focused(page);
    assert.not.ok(f.tile || f.label === 'Pause', `Shift+Tab ${i + 1} left the dialog (${f.label})`);
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.is((await focused(page)).label, 'Share', 'focus back on Share');
  assert.is(await scrollTops(page), 0);
  await close();
});

test('two embeds: after a Tab walk through both, Escape from either share menu returns focus to that player\'s Share', async () => {
  const { page, close } = await openEmbedPage(env, '<a href="#before">before</a>' + placeholder(IDS.plain) + placeholder(IDS.vimeo) + '<a href="#after">after</a>');
  await waitForState(page, 'ready', 2);
  await page.locator('a[href="#before"]').focus();
  assert.ok(await tabUntil(page, (f) => f.label === 'after', 40), 'walked through both players');
  for (const id of [IDS.vimeo, IDS.plain]) {
    // Back from the page after into each player's Share, passing the other player's controls.
    const inPlayer = () => page.evaluate((want) => {
      let el = document.activeElement;
      let host = '';
      while (el?.shadowRoot?.activeElement) {
        host = el.getAttribute('data-gif-id') ?? host;
        el = el.shadowRoot.activeElement;
      }
      return host === want && el?.getAttribute('aria-label') === 'Share';
    }, id);
    let reached = false;
    for (let i = 0; i < 30 && !reached; i++) {
      await page.keyboard.press('Shift+Tab');
      reached = await inPlayer();
    }
    assert.ok(reached, `reached ${id}'s Share`);
    await page.keyboard.press('Enter');
    const dialog = page.locator(`[data-gif-id="${id}"]`).getByRole('dialog', { name: 'Share' });
    await dialog.waitFor();
    await page.waitForFunction(() => {
      let el = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      return !!el?.closest('[role=dialog]');
    });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.ok(await inPlayer(), `focus back on ${id}'s Share, not ${JSON.stringify(await focused(page))}`);
    await page.locator('a[href="#after"]').focus();
  }
  await close();
});

test('Share pressed before the share menu\'s file has arrived: focus stays on Share, Escape takes it back, and no menu opens later by itself', async () => {
  // share.js held back until the test lets it through, as on a slow line.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const { page, close } = await openEmbedPage(env, placeholder(IDS.plain) + '<a href="#after">after</a>', {
    prepare: async (context) => {
      await context.route(/\/plugins\/share\.[0-9a-f]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      // A script's load event comes after it ran: the page notes when the share file has.
      await context.addInitScript(() => document.addEventListener('load', (event) => {
        if (/\/plugins\/share\./.test((event.target as HTMLScriptElement).src || '')) (window as unknown as { __shareRan: boolean }).__shareRan = true;
      }, true));
    },
  });
  await pressShare(page);
  assert.is((await focused(page)).label, 'Share', 'focus stays on Share while the menu is on its way');
  await page.keyboard.press('Escape');
  assert.is((await focused(page)).label, 'Share', 'still on Share after Escape');
  release();
  // The file arrives and registers; the request was taken back, so no menu opens.
  await page.waitForFunction(() => (window as unknown as { __shareRan?: boolean }).__shareRan);
  await frames(page);
  const dialog = playerRoot(page).getByRole('dialog', { name: 'Share' });
  assert.is(await dialog.count(), 0, 'no menu opens by itself');
  assert.is((await focused(page)).label, 'Share');
  // Asked again now that it is here, it opens at once with focus inside.
  await page.keyboard.press('Enter');
  await dialog.waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.is((await focused(page)).label, 'Share');
  await close();
});

test('video view: Escape closes it and focus returns to Watch', async () => {
  const { page, close } = await openEmbedPage(env, placeholder(IDS.youtube));
  await waitForState(page, 'ready');
  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 100);
  const watch = playerRoot(page).locator('[data-watch]');
  assert.is(await watch.getAttribute('aria-label'), 'Watch on YouTube', 'the provider spelled as it spells itself');
  await watch.focus();
  await page.keyboard.press('Enter');
  await playerRoot(page).locator('[data-video-plugin]').waitFor();
  await page.keyboard.press('Escape');
  await playerRoot(page).locator('[data-video-plugin]').waitFor({ state: 'detached' });
  await page.waitForFunction(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el?.hasAttribute('data-watch');
  });
  await close();
});

test.run();
