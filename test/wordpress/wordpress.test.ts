/**
 * The oEmbed path against real WordPress (Debian's 6.1, ./support/site.ts): an Author, without
 * `unfiltered_html`, publishes a GIF page's address through WordPress's REST API, on a line of its
 * own and as a `core/embed` block; WordPress discovers our provider, filters its answer, and its
 * own script (wp-embed.js) shows, sizes and links the sandboxed player frame. In Chromium at
 * desktop and phone width, and with WordPress's script held back a few seconds.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { chromium, type Browser, type BrowserContextOptions, type Frame, type Page } from 'playwright-core';
import { IDS } from '../../server/catalogue/items';
import { startService } from '../../server/app';
import { pingbackActions } from '../browser/embed-page';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DESKTOP, PHONE, TEST_TIMEOUT_MS } from '../browser/support/harness';
import { startWordPress, type WordPressSite } from './support/site';

/** The plain GIF is 480x360: its frame's height is three quarters of its width. */
const RATIO = 360 / 480;
/** How long WordPress's script is held back in the late case. */
const SCRIPT_LATE_MS = 3000;

const test = suite('WordPress');
let service: { url: string; close(): Promise<void> };
let wordpress: WordPressSite;
let browser: Browser;
const posts: Record<'line' | 'block', { id: number; link: string }> = {} as never;
let watchdog: ReturnType<typeof setTimeout> | undefined;

test.before(async () => {
  service = await startService({ port: 0, quiet: true });
  wordpress = await startWordPress(Number(new URL(service.url).port));
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const page = `${service.url}/gifs/bouncing-dots-${IDS.plain}`;
  posts.line = await wordpress.post('A GIF on a line of its own', `Before the GIF.\n\n${page}\n\nAfter the GIF.`);
  posts.block = await wordpress.post(
    'A GIF in an embed block',
    `<!-- wp:paragraph --><p>Before the GIF.</p><!-- /wp:paragraph -->\n\n<!-- wp:embed {"url":"${page}","type":"rich","providerNameSlug":"gif-embed"} -->\n` +
      `<figure class="wp-block-embed is-type-rich is-provider-gif-embed wp-block-embed-gif-embed"><div class="wp-block-embed__wrapper">\n${page}\n</div></figure>\n<!-- /wp:embed -->\n\n` +
      '<!-- wp:paragraph --><p>After the GIF.</p><!-- /wp:paragraph -->',
  );
});
test.after(async () => {
  await browser?.close();
  await wordpress?.close();
  await service?.close();
});
// A test that runs too long has its browser contexts closed under it: it fails alone.
test.before.each(() => {
  watchdog = setTimeout(() => void Promise.all(browser.contexts().map((c) => c.close())), TEST_TIMEOUT_MS);
});
test.after.each(() => clearTimeout(watchdog));

interface Shown {
  page: Page;
  frame: Frame;
  errors: string[];
  /** The frame's height attribute when the page was first parsed (WordPress's, from the oEmbed answer). */
  initialHeight: number;
  close(): Promise<void>;
}

/** Opens `link` at `device`, holding WordPress's script back `lateMs`; waits for the player in the frame. */
async function show(link: string, device: BrowserContextOptions, lateMs = 0): Promise<Shown> {
  const context = await browser.newContext(device);
  const errors: string[] = [];
  if (lateMs) {
    await context.route(/\/wp-includes\/js\/wp-embed(\.min)?\.js/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, lateMs));
      await route.continue();
    });
  }
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  await page.goto(link, { waitUntil: 'domcontentloaded' });
  const initialHeight = Number(await page.locator('iframe.wp-embedded-content').getAttribute('height'));
  const frameEl = await page.waitForSelector('iframe.wp-embedded-content');
  const frame = (await frameEl.contentFrame())!;
  await frame.waitForFunction(() => document.querySelector('[data-gif-id]')?.getAttribute('data-gif-embed-state') === 'ready', null, { timeout: 20_000 });
  return { page, frame, errors, initialHeight, close: () => context.close() };
}

/** The frame as the reader sees it: shown (WordPress's hiding style gone), its width and height. */
const frameBox = (page: Page) =>
  page.locator('iframe.wp-embedded-content').evaluate((f: HTMLIFrameElement) => ({
    hidden: f.hasAttribute('style'),
    width: f.getBoundingClientRect().width,
    height: Number(f.getAttribute('height')),
    quoteShown: [...document.querySelectorAll('blockquote.wp-embedded-content')].some((q) => (q as HTMLElement).offsetHeight > 0),
  }));

/** Waits until WordPress has shown the frame and given it the GIF's height at its width. */
async function sized(page: Page) {
  await page.waitForFunction(() => {
    const f = document.querySelector<HTMLIFrameElement>('iframe.wp-embedded-content');
    return !!f && !f.hasAttribute('style') && Math.abs(Number(f.getAttribute('height')) - Math.ceil(f.getBoundingClientRect().width * (360 / 480))) <= 1;
  }, null, { timeout: 20_000 });
  return frameBox(page);
}

for (const kind of ['line', 'block'] as const) {
  for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`${kind === 'line' ? 'the address on a line of its own' : 'a core/embed block'}, ${name}: the frame shows, plays, is sized to the GIF by WordPress, counts SEEN; a click opens the GIF page`, async () => {
      const shown = await show(posts[kind].link, device);
      const { page, frame } = shown;
      try {
        const box = await sized(page);
        assert.ok(Math.abs(box.height - Math.ceil(box.width * RATIO)) <= 1, `${box.width} px wide, ${box.height} px tall (was ${shown.initialHeight})`);
        assert.not.ok(box.quoteShown, 'the fallback link hidden once the frame is there: the GIF shows once');
        // In a block, the theme keeps the frame within the phone's column; on a classic line,
        // Twenty Twenty-Three lets it keep the oEmbed answer's 480 px (WordPress's own post
        // embeds alike): its height follows the width it is given either way.
        if (name === 'phone' && kind === 'block') assert.ok(box.width < 480 && box.height < 360, `narrower than the oEmbed size, and shorter (${box.width}x${box.height})`);
        console.log(`  ${kind} ${name}: frame ${Math.round(box.width)} px wide, height ${shown.initialHeight} -> ${box.height}`);
        // In view: SEEN from inside the sandbox.
        await page.locator('iframe.wp-embedded-content').scrollIntoViewIfNeeded();
        let seen = 0;
        for (const end = Date.now() + 15_000; !seen && Date.now() < end;) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          seen = (await pingbackActions(service.url)).filter((a) => a.action_type === 'SEEN' && a.gif_id === IDS.plain).length;
        }
        assert.ok(seen > 0, 'SEEN arrived');
        // A click on the GIF (on a phone, a tap on the open footer's link to the GIF page):
        // WordPress follows the frame's link in the top window.
        const gifPage = `${service.url}/gifs/`;
        const opened = page.waitForURL((url) => url.href.startsWith(gifPage), { timeout: 15_000 });
        if (name === 'phone') await frame.locator('a.vo').tap();
        else await frame.locator('.g').click();
        await opened;
        assert.match(page.url(), new RegExp(`${IDS.plain}$`));
        assert.equal(shown.errors, []);
      } finally {
        await shown.close();
      }
    });
  }
}

test(`WordPress's script ${SCRIPT_LATE_MS / 1000} s late: the frame is still shown and sized, at the phone's width`, async () => {
  const started = Date.now();
  const shown = await show(posts.line.link, PHONE, SCRIPT_LATE_MS);
  try {
    const box = await sized(shown.page);
    assert.ok(Date.now() - started >= SCRIPT_LATE_MS, 'sized only once the script came');
    assert.ok(Math.abs(box.height - Math.ceil(box.width * RATIO)) <= 1, `${box.width}x${box.height}`);
    assert.equal(shown.errors, []);
  } finally {
    await shown.close();
  }
});

test('what WordPress stored: our blockquote and frame through its filter, its secret on both, its sandbox', async () => {
  for (const kind of ['line', 'block'] as const) {
    const [html] = await wordpress.stored(posts[kind].id);
    assert.ok(html, `${kind}: an oEmbed answer cached`);
    console.log(`  stored (${kind}): ${html}`);
    const secret = /<blockquote class="wp-embedded-content" data-secret="(\w+)">/.exec(html)?.[1];
    assert.ok(secret, `${kind}: the blockquote with WordPress's secret`);
    assert.ok(html.includes(`<a href="${service.url}/gifs/bouncing-dots-${IDS.plain}">Bouncing Dots</a>`), 'the link to the GIF page');
    assert.match(html, new RegExp(`<iframe class="wp-embedded-content" sandbox="allow-scripts" security="restricted"[^>]* src="${service.url}/embed/${IDS.plain}#\\?secret=\\w+#\\?secret=${secret}" data-secret="${secret}"`));
    assert.not.match(html, /<script/, 'no script of ours gets through');
  }
});

test.run();
