/**
 * Hostile data (server/hostile.ts): 170 attack payloads in every field of the GIFs the embed
 * shows, in its related grid and share menu, in tracking pixels, and in the page's own
 * attributes. Nothing may run (a trap on `window` counts calls), no `href`/`src`/`srcset` inside
 * an embed may use a scheme other than http(s), and no `on*` attribute may exist inside one.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { ALL_MEDIA_HOSTILE_EVERY, HOSTILE_PAYLOADS, hostileId } from '../../server/hostile';
import { openEmbedPage, type EmbedPage, type PageOptions } from './embed-page';
import { PHONE, withEnv, type Env } from './support/harness';

let env: Env;
withEnv(test, (e) => (env = e), { reset: true });

/** What the page found that an attacker would want: trap calls and unsafe attributes. */
interface Findings {
  trapped: number[];
  badUrls: string[];
  handlers: string[];
  pixels: string[];
}

/** Opens a page whose script reads the hostile API, with the trap set before anything runs. */
async function hostilePage(device?: PageOptions['device']): Promise<EmbedPage> {
  const site = HOSTILE_PAYLOADS[0];
  return openEmbedPage(env, '<main id="host"></main>', {
    device,
    script: `data-api-base="${env.base}/_hostile" data-site-base="${site.replace(/"/g, '&quot;')}"`,
    // A string, not a function, so it runs as written before the page's scripts.
    prepare: (context) => context.addInitScript({ content: 'window.__trapped = []; window.__pwned = (n) => window.__trapped.push(n);' }),
  });
}

/** Adds one placeholder per hostile GIF and per hostile attribute value, and mounts them all. */
async function addPlaceholders(page: Page) {
  await page.waitForFunction(() => 'GifEmbed' in window);
  await page.evaluate(({ count, payloads }) => {
    const host = document.getElementById('host')!;
    function add(attrs: Record<string, string>) {
      const el = document.createElement('div');
      el.setAttribute('data-width', '260');
      el.setAttribute('data-height', '320');
      for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
      host.appendChild(el);
      window.GifEmbed!.mount(el);
    }
    for (let n = 0; n < count; n++) {
      const id = `hostile${String(n).padStart(3, '0')}`;
      // The page's own attributes are hostile too: theme, pixel, and (for a few) the id itself.
      add({ 'data-gif-id': id, 'data-theme': payloads[n], 'data-pixel': `<img src="${payloads[n]}" onload="__pwned(${n})">${payloads[n]}` });
    }
    payloads.slice(0, 20).forEach((payload) => add({ 'data-gif-id': payload, 'data-width': payload }));
  }, { count: HOSTILE_PAYLOADS.length, payloads: HOSTILE_PAYLOADS });
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-gif-embed-state="ready"], [data-gif-embed-state="error"]').length >= n,
    HOSTILE_PAYLOADS.length + 20,
    { timeout: 30_000 },
  );
}

/** Walks every embed's shadow tree and the pixels in <head>. */
function findings(page: Page): Promise<Findings> {
  return page.evaluate(() => {
    const badUrls: string[] = [];
    const handlers: string[] = [];
    function http(url: string) {
      return /^https?:\/\//i.test(url.trim());
    }
    function visit(root: ParentNode) {
      for (const el of root.querySelectorAll('*')) {
        for (const attr of el.attributes) {
          const name = attr.name.toLowerCase();
          if (name.startsWith('on')) handlers.push(`${el.tagName} ${name}`);
          if (['href', 'src', 'xlink:href', 'action', 'formaction', 'poster', 'data'].includes(name) && !http(attr.value)) {
            badUrls.push(`${el.tagName} ${name}=${attr.value}`);
          }
          if (name === 'srcset') {
            for (const candidate of attr.value.split(',')) if (!http(candidate)) badUrls.push(`${el.tagName} srcset=${attr.value}`);
          }
        }
        if (el.shadowRoot) visit(el.shadowRoot);
      }
    }
    document.querySelectorAll('[data-gif-embed-state]').forEach((el) => {
      if (el.shadowRoot) visit(el.shadowRoot);
      visit(el);
    });
    const pixels = [...document.head.querySelectorAll('img')].map((img) => img.getAttribute('src') || '');
    for (const src of pixels) if (!http(src)) badUrls.push(`pixel ${src}`);
    return { trapped: (window as unknown as { __trapped: number[] }).__trapped, badUrls, handlers, pixels };
  });
}

/** The placeholder of hostile GIF `n`. */
const placeholderOf = (page: Page, n: number) => page.locator(`div[data-gif-id="${hostileId(n)}"]`);

test('desktop: 170 payloads in every field, the related grid, the share menu and the video view run nothing and link nowhere but http(s)', async () => {
  const p = await hostilePage();
  const { page } = p;
  await addPlaceholders(page);
  const errors = await page.locator(`[data-gif-embed-state="error"]`).count();
  // Every 10th GIF has no real file, and the 20 placeholders with a hostile id name no GIF.
  assert.is(errors, Math.ceil(HOSTILE_PAYLOADS.length / ALL_MEDIA_HOSTILE_EVERY) + 20, 'error views');

  // Hover a few players: the chrome, the related grid of hostile GIFs and the share menu show.
  for (const n of [1, 2, 3]) {
    const player = placeholderOf(page, n);
    await player.scrollIntoViewIfNeeded();
    await player.hover();
    // No CTA: the GIF's url is hostile, so there is no page to continue to.
    await player.locator('[data-related]').waitFor({ state: 'visible' });
  }
  await placeholderOf(page, 3).locator('.gif-embed-gif').first().waitFor({ state: 'attached', timeout: 10_000 });
  await placeholderOf(page, 3).locator('button[aria-label="Share"]').click();
  await placeholderOf(page, 3).locator('[data-share-menu]').waitFor();
  // A youtube item: Watch (one click opens the video); the hostile asset id must end in the video view's message.
  await placeholderOf(page, 1).hover();
  await placeholderOf(page, 1).locator('button[aria-label^="Watch on"]').click();
  await placeholderOf(page, 1).locator('[data-video-error]').waitFor();

  const found = await findings(page);
  assert.equal(found.trapped, [], 'no payload ran');
  assert.equal(found.badUrls, [], 'no URL but http(s)');
  assert.equal(found.handlers, [], 'no on* attribute');
  assert.equal(await page.evaluate(() => document.querySelectorAll('iframe').length), 0, 'no iframe from a hostile video id');
  assert.equal(p.errors.filter((e) => e.startsWith('pageerror')), [], 'no uncaught error');
  await p.close();
});

test('phone: the mobile layout with the same data runs nothing and links nowhere but http(s)', async () => {
  const p = await hostilePage(PHONE);
  await addPlaceholders(p.page);
  await placeholderOf(p.page, 5).locator('.g').click();
  const found = await findings(p.page);
  assert.equal(found.trapped, [], 'no payload ran');
  assert.equal(found.badUrls, [], 'no URL but http(s)');
  assert.equal(found.handlers, [], 'no on* attribute');
  await p.close();
});

test.run();
