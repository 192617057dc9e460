/**
 * The essential paths in every engine readers use: Chromium, Firefox ESR and WebKitGTK (Safari's
 * engine), each from Debian's packages (scripts/ensure-browsers.sh). One set of tests, written
 * once against support/engines.ts's verbs; each engine is its own suite, so one engine that
 * fails does not hide another's results.
 */
import { suite, type Test } from 'uvu';
import * as assert from 'uvu/assert';
import { IDS } from '../../server/catalogue/items';
import { EN } from '../support/english';
import { startService } from '../../server/app';
import { pageHtml, pingbackActions, placeholder } from './embed-page';
import { cmpHead } from './support/cmp';
import { AD_VENDOR, OUR_VENDOR, TC } from '../support/iab';
import { ENGINES, launch, servePages, type Engine, type EnginePage, type PageServer } from './support/engines';
import { SEEN_RECHECK_MS, VISIBILITY_DELAY_MS } from '../../src/analytics/viewability';
import { beforeAll, noAnimationRunning, TEST_TIMEOUT_MS } from './support/harness';

/** Every English word and label of the player, the chrome and the share menu (slots left out). */
const ENGLISH_WORDS = Object.values(EN).filter((text) => !text.includes('{'));

/** The placeholders a page author writes (the SDK's tiles carry data-gif-id too). */
const PLACEHOLDER = '[data-gif-id]:not(.gif-embed-gif)';

/** Every example page and what shows it works: its players, or the SDK's tiles. */
const EXAMPLES: [path: string, shows: 'players' | 'tiles' | 'picker' | 'builder'][] = [
  ['/examples/blog.html', 'players'],
  ['/examples/ads.html', 'players'],
  ['/examples/light.html', 'players'],
  ['/examples/hostile-css.html', 'players'],
  ['/examples/strict.html', 'players'],
  ['/examples/snippet.html', 'builder'],
  ['/examples/sdk.html', 'tiles'],
  ['/examples/picker.html', 'picker'],
];

/** Scrolls `page` through its length so lazy placeholders start, then waits until every one is ready. */
async function everyPlayerReady(page: EnginePage) {
  // The whole scroll in one call: a driver round trip per step is what WebKit's driver stumbled on.
  await page.run(async (step) => {
    for (let y = 0; y <= document.documentElement.scrollHeight; y += step) {
      scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 400);
  const states = () => page.run((sel) => [...document.querySelectorAll(sel)].map((el) => `${el.getAttribute('data-gif-id')}: ${el.getAttribute('data-gif-embed-state')}`), PLACEHOLDER);
  await page.waitFor(
    'every placeholder ready',
    (sel) => {
      const all = [...document.querySelectorAll(sel)];
      return all.length > 0 && all.every((el) => el.getAttribute('data-gif-embed-state') === 'ready');
    },
    PLACEHOLDER,
    15_000,
  ).catch(async (error: Error) => {
    // What the page had, when the page still answers: the driver's own failure is told as it is.
    const had = await Promise.all([page.run(() => location.pathname), states()]).then(([path, all]) => `: ${path} has ${all.join(', ')}`, () => '');
    throw new Error(error.message + had);
  });
  await page.run(() => scrollTo(0, 0));
}

/** Where the first placeholder matching `selector` is, in the viewport. */
const boxOf = (page: EnginePage, selector = PLACEHOLDER) =>
  page.run((sel) => {
    const r = document.querySelector(sel)!.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  }, selector);

/** Three pictures of the first placeholder matching `selector`, 300 ms apart (600 ms first to last): do any two differ? */
async function moves(page: EnginePage, selector: string): Promise<boolean> {
  const shots: Buffer[] = [];
  for (let i = 0; i < 3; i++) {
    if (i) await new Promise((r) => setTimeout(r, 300));
    shots.push(await page.shot(selector));
  }
  return shots.some((shot) => !shot.equals(shots[0]));
}

/** The file each player's image shows, and whether it is a still (the catalogue names stills `*_s.*`). */
const playerImages = (page: EnginePage) =>
  page.run((sel) => [...document.querySelectorAll(sel)].map((el) => {
    const img = el.shadowRoot?.querySelector('img');
    return { id: el.getAttribute('data-gif-id'), src: img?.currentSrc || img?.src || '', still: /_s\.(gif|webp)$/.test(img?.currentSrc || img?.src || '') };
  }), PLACEHOLDER);

/**
 * Waits until the first player is ready, points at its middle and waits for the hover chrome's
 * Share button, named `label` (the page's language) and visible: where to click it.
 */
async function hoverForShare(page: EnginePage, label: string) {
  await page.waitFor('the player ready', (sel) => document.querySelector(sel)?.getAttribute('data-gif-embed-state') === 'ready', PLACEHOLDER);
  const box = await boxOf(page);
  await page.move(box.x + box.width / 2, box.y + box.height / 2);
  return page.waitFor(
    `the Share button (${label}) in the hover chrome`,
    ([sel, name]) => {
      const button = document.querySelector(sel)!.shadowRoot!.querySelector<HTMLElement>('.r.h button[aria-haspopup]');
      const r = button?.getBoundingClientRect();
      return button?.getAttribute('aria-label') === name && r && r.width > 0 && getComputedStyle(button).visibility !== 'hidden' ? { x: r.x + r.width / 2, y: r.y + r.height / 2 } : null;
    },
    [PLACEHOLDER, label],
  );
}

/** The progressive snippet: the GIF's own WebP and GIF in the link, before any script. */
function progressiveSnippet(base: string, id: string, width: number, height: number, file: string): string {
  const media = `http://media.localhost:${new URL(base).port}/media/${id}/${file}`;
  return `<div data-gif-id="${id}" data-width="${width}" data-height="${height}" style="aspect-ratio:${width}/${height};width:${width}px;max-width:100%">
  <a href="${base}/gifs/${id}"><picture><source type="image/webp" srcset="${media}.webp"><img src="${media}.gif" width="${width}" height="${height}" alt="Bouncing Dots" style="display:block;width:100%;height:auto"></picture></a></div>`;
}

/** A page on the test page server with `body` and the snippet's script from the service. */
const embedPage = (pages: PageServer, base: string, path: string, body: string, apiKey: string) =>
  pages.set(path, pageHtml(body, { apiKey }).replace('src="/embed.js"', `src="${base}/embed.js"`));

function engineSuite(name: (typeof ENGINES)[number]) {
  const test: Test = suite(name);
  let engine: Engine;
  let base: string;
  let pages: PageServer;
  let closeService: () => Promise<void>;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  let keys = 0;
  const key = () => `${name}-key-${++keys}`;

  beforeAll(test, async () => {
    const service = await startService({ port: 0, quiet: true });
    base = service.url;
    closeService = service.close;
    pages = await servePages();
    engine = await launch(name);
  });
  test.after(async () => {
    await engine?.close();
    await pages?.close();
    await closeService?.();
  });
  // A test that runs too long has its pages closed under it: it fails alone.
  test.before.each(() => {
    watchdog = setTimeout(() => void engine.closePages(), TEST_TIMEOUT_MS);
  });
  test.after.each(async () => {
    clearTimeout(watchdog);
    await engine.closePages();
  });

  test('every example page works with no error of ours', async () => {
    for (const [path, shows] of EXAMPLES) await examplePageWorks(path, shows).catch((error: Error) => {
      error.message = `${path}: ${error.message}`;
      throw error;
    });
  });

  /** Opens the example page at `path`, sees it show what it `shows`, with no error of ours. */
  async function examplePageWorks(path: string, shows: (typeof EXAMPLES)[number][1]) {
    const page = await engine.open(base + path);
    if (shows === 'players') await everyPlayerReady(page);
    if (shows === 'tiles') await page.waitFor('SDK tiles with their GIFs', () => [...document.querySelectorAll('.gif-embed-gif img')].filter((img) => (img as HTMLImageElement).naturalWidth > 0).length >= 3);
    if (shows === 'builder') {
      await page.run((url) => {
        const field = document.getElementById('source') as HTMLInputElement;
        field.value = url;
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }, `${base}/gifs/bouncing-dots-${IDS.plain}`);
      await page.waitFor('the preview player ready', () => document.querySelector('#preview [data-gif-id]')?.getAttribute('data-gif-embed-state') === 'ready');
    }
    if (shows === 'picker') await page.waitFor('the picker page', () => !!document.getElementById('gif-button'));
    assert.equal(await page.errors(), [], 'errors');
    if (path.endsWith('blog.html')) await page.snap(`engines-${name}-blog-desktop`);
    await page.close();
  }

  test('the blog\'s GIFs move, each in its player, and a progressive snippet is never swapped for a still', async () => {
    const page = await engine.open(`${base}/examples/blog.html`);
    await everyPlayerReady(page);
    const players = await playerImages(page);
    const gifs = players.filter((p) => p.src);
    assert.ok(gifs.length >= 3, `the blog's GIF players (${players.map((p) => p.id)})`);
    for (const { id, src, still } of gifs) {
      assert.not.ok(still, `${id} plays (${src})`);
      const selector = `${PLACEHOLDER}[data-gif-id="${id}"]`;
      // In the middle of the window, its whole box in view.
      await page.run((sel) => {
        const r = document.querySelector(sel)!.getBoundingClientRect();
        scrollBy({ top: r.top - (innerHeight - r.height) / 2, behavior: 'instant' as ScrollBehavior });
      }, selector);
      assert.ok(await moves(page, selector), `two pictures of ${id}'s player differ`);
    }
    await page.close();

    const apiKey = key();
    const progressive = await engine.open(embedPage(pages, base, `/${name}/progressive.html`, progressiveSnippet(base, IDS.plain, 320, 240, '200w'), apiKey));
    await progressive.waitFor('the player ready', (sel) => document.querySelector(sel)?.getAttribute('data-gif-embed-state') === 'ready', PLACEHOLDER);
    const [taken] = await playerImages(progressive);
    assert.not.ok(taken.still, `the player took over with a moving file (${taken.src})`);
    assert.ok(await moves(progressive, PLACEHOLDER), 'still moving after the takeover');
    assert.equal(await progressive.errors(), []);
  });

  test('a plain snippet on the first screen: embed.js puts its one GIF file in before the player comes, which takes it over (no second file), and opens the media host\'s connection as the service names it', async () => {
    const upstream = async () => ((await (await fetch(`${base}/_local/upstream`)).json()) as { upstream: { path: string }[] }).upstream;
    const before = (await upstream()).length;
    const page = await engine.open(embedPage(pages, base, `/${name}/early.html`, placeholder(IDS.plain), key()));
    await page.waitFor('the player ready', (sel) => document.querySelector(sel)?.getAttribute('data-gif-embed-state') === 'ready', PLACEHOLDER);
    const [shown] = await playerImages(page);
    assert.not.ok(shown.still, `the player shows the GIF moving (${shown.src})`);
    // Every file of the GIF the service was asked for: one, the picture's, which the player shows
    // (an image given its address before its WebP source loaded the GIF too, in WebKit).
    const files = (await upstream()).slice(before).map((r) => r.path).filter((path) => path.startsWith(`/media/${IDS.plain}/`));
    assert.equal(files, [new URL(shown.src!).pathname], 'one file of the GIF');
    // The service names its media host on embed.js (server/router.ts embedHints): read by the
    // script where the engine lets it read another origin's Server-Timing (WebKit does not, and
    // acts on the Link header itself).
    const opened = await page.run(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel=preconnect]')].map((l) => l.href));
    assert.equal(opened, name === 'webkit' ? [] : [`http://media.localhost:${new URL(base).port}/`]);
    assert.equal(await page.errors(), []);
  });

  test('first-party mode: on a page whose policy is default-src \'self\' and nothing else, a GIF plays and a clip streams in ranges through the proxy on the page\'s own origin', async () => {
    const page = await engine.open(`${base}/examples/first-party.html`);
    await page.run((id) => document.querySelector(`[data-gif-id="${id}"]`)!.scrollIntoView({ block: 'center' }), IDS.clip);
    const clip = await page.waitFor('the clip playing from the proxy', (id) => {
      const video = document.querySelector(`[data-gif-id="${id}"]`)?.shadowRoot?.querySelector('video');
      return video && !video.paused && video.readyState >= 2 && video.currentTime > 0.3 ? { src: video.currentSrc, time: video.currentTime } : null;
    }, IDS.clip, 20_000);
    assert.match(new URL(clip.src).pathname, new RegExp(`^/fp/media/media\\d\\.localhost:\\d+/media/${IDS.clip}/[^/]+\\.mp4$`));
    await page.snap(`engines-${name}-first-party`);
    await page.waitFor('the GIF ready', (id) => document.querySelector(`[data-gif-id="${id}"]`)?.getAttribute('data-gif-embed-state') === 'ready', IDS.plain);
    const elsewhere = await page.run(() => performance.getEntriesByType('resource').map((e) => e.name).filter((url) => new URL(url).origin !== location.origin));
    assert.equal(elsewhere, [], 'nothing fetched from another origin');
    // The publisher's own copy of embed.js (/gif-embed/) names no host of the service's to connect to.
    assert.equal(await page.run(() => document.querySelectorAll('link[rel=preconnect]').length), 0, 'no connection opened elsewhere');
    const upstream = ((await (await fetch(`${base}/_local/upstream`)).json()) as { upstream: { path: string; headers: Record<string, string> }[] }).upstream;
    const clipFiles = upstream.filter((r) => r.path.startsWith(`/media/${IDS.clip}/`) && r.path.endsWith('.mp4'));
    assert.ok(clipFiles.length > 0, 'the clip came from the upstream, through the proxy');
    // Chromium and Firefox ask a video in ranges, and the proxy passes them on; WebKitGTK's
    // GStreamer asks a file this small whole (Safari's ranges are answered 206 in test/unit/proxy).
    if (name !== 'webkit') assert.ok(clipFiles.some((r) => r.headers.range), `ranges passed on: ${JSON.stringify(clipFiles.map((r) => r.headers.range))}`);
    assert.equal(await page.errors(), [], 'no error and no policy violation');
  });

  test('TCF, the reader refused everything: the GIF plays, nothing is stored, the pingback carries no id, the ad vendor\'s pixel is withheld', async () => {
    const apiKey = key();
    const vendorPixel = `<img src="${base}/_local/pixel?id=${name}-vendor&tc=$` + `{GDPR_CONSENT_${AD_VENDOR}}">`;
    const html = pageHtml(placeholder(IDS.bottle, `data-pixel='${vendorPixel}'`, 320, 240), { apiKey, head: cmpHead({ tcf: TC.refused() }), script: `data-tcf-vendor-id="${OUR_VENDOR}"` });
    const page = await engine.open(pages.set(`/${name}/consent.html`, html.replace('src="/embed.js"', `src="${base}/embed.js"`)));
    await page.waitFor('the player playing', (sel) => {
      const el = document.querySelector(sel);
      const img = el?.shadowRoot?.querySelector('img');
      return el?.getAttribute('data-gif-embed-state') === 'ready' && !!img && img.complete && img.naturalWidth > 0;
    }, PLACEHOLDER);
    // The sponsored GIF's SEEN goes at once (it has a tid), with its own pixel, which names no vendor.
    let users: Record<string, string>[] = [];
    let pixels: string[] = [];
    for (const end = Date.now() + 10_000; Date.now() < end && !(users.length && pixels.includes(IDS.bottle));) {
      await new Promise((r) => setTimeout(r, 200));
      const got = (await (await fetch(`${base}/_local/pingbacks`)).json()) as { pingbacks: { apikey: string; body: { sessions: { user: Record<string, string> }[] } }[] };
      users = got.pingbacks.filter((p) => p.apikey === apiKey).flatMap((p) => p.body.sessions.map((s) => s.user));
      pixels = ((await (await fetch(`${base}/_local/pixels`)).json()) as { pixels: { query: { id: string } }[] }).pixels.map((p) => p.query.id);
    }
    assert.equal(users, [{}], 'a count with no id');
    assert.ok(pixels.includes(IDS.bottle), 'the GIF\'s own pixel fired');
    assert.not.ok(pixels.includes(`${name}-vendor`), 'the ad vendor\'s pixel withheld');
    assert.equal(await page.run(() => Object.keys(localStorage).concat(Object.keys(sessionStorage)).filter((k) => k.startsWith('gif-embed'))), []);
    assert.equal(await page.errors(), []);
  });

  test('SEEN once per GIF in view; none for a covered or a hidden one', async () => {
    const apiKey = key();
    const body = `<p>Text above the GIFs.</p><div style="display:flex;gap:8px;flex-wrap:wrap">
      ${placeholder(IDS.plain, '', 320, 240)}
      <div style="position:relative">${placeholder(IDS.bottle, '', 320, 240)}<div style="position:absolute;inset:0;background:#fff"></div></div>
      <div style="visibility:hidden">${placeholder(IDS.sticker, '', 240, 240)}</div></div>`;
    const page = await engine.open(embedPage(pages, base, `/${name}/seen.html`, body, apiKey));
    await page.waitFor('three players ready', (sel) => document.querySelectorAll(`${sel}[data-gif-embed-state="ready"]`).length === 3, PLACEHOLDER);
    // The plain GIF's SEEN waits for the 1 s debounce; the covered one's would go at once (it has a tid).
    let seen: string[] = [];
    for (const end = Date.now() + 10_000; Date.now() < end && !seen.includes(IDS.plain);) {
      await new Promise((r) => setTimeout(r, 200));
      seen = (await pingbackActions(base, apiKey)).filter((a) => a.action_type === 'SEEN').map((a) => a.gif_id);
    }
    // For a SEEN that should not come: a recheck of the covered and hidden boxes runs (by the
    // page's timers), then a HOVER of the plain GIF, queued after, reaches the service.
    await page.run((ms) => new Promise((resolve) => setTimeout(resolve, ms)), SEEN_RECHECK_MS + VISIBILITY_DELAY_MS);
    const plainBox = await page.run(([sel, id]) => {
      const r = document.querySelector(`${sel}[data-gif-id="${id}"]`)!.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    }, [PLACEHOLDER, IDS.plain] as [string, string]);
    await page.move(plainBox.x, plainBox.y);
    for (const end = Date.now() + 10_000; Date.now() < end && !(await pingbackActions(base, apiKey)).some((a) => a.action_type === 'HOVER');) {
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.ok((await pingbackActions(base, apiKey)).some((a) => a.action_type === 'HOVER'), 'the control HOVER arrived');
    seen = (await pingbackActions(base, apiKey)).filter((a) => a.action_type === 'SEEN').map((a) => a.gif_id);
    assert.equal(seen, [IDS.plain], 'only the GIF in plain view, once');
    assert.equal(await page.errors(), []);
  });

  test('cross-origin creatives: the one in plain view counted once, with its placement\'s pixel once; one covered in its frame not counted', async () => {
    const stamp = key();
    // The covered creative also holds, in plain view, a GIF without a tid: its SEEN waits for the
    // 1 s debounce, so it reaches the service after a SEEN of the covered one (sent at once) would.
    const creative = (spot: string, id: string, cover: boolean) => pageHtml(
      `<div style="position:relative;margin:10px;width:320px">${placeholder(id, `data-pixel='<img src="${base}/_local/pixel?placement=${stamp}-${spot}&amp;cb=%%CACHEBUSTER%%">'`, 320, 240)}` +
        `${cover ? '<div style="position:absolute;inset:0;background:#fff"></div>' : ''}</div>` +
        `${cover ? `<div style="margin:0 10px">${placeholder(IDS.sticker, '', 120, 90)}</div>` : ''}`,
      { apiKey: `${stamp}-${spot}` },
    ).replace('src="/embed.js"', `src="${base}/embed.js"`);
    // The creatives' origin: the page server under another host name.
    const other = pages.base.replace('127.0.0.1', 'localhost');
    pages.set(`/${name}/creative-plain.html`, creative('plain', IDS.plain, false));
    pages.set(`/${name}/creative-covered.html`, creative('covered', IDS.bottle, true));
    const frame = (spot: string) => `<iframe src="${other}/${name}/creative-${spot}.html" width="340" height="370" title="Advertisement" style="border:0;display:block"></iframe>`;
    const page = await engine.open(pages.set(`/${name}/creatives.html`, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Creatives</title></head>
      <body style="margin:0"><div style="display:flex;gap:8px">${frame('plain')}${frame('covered')}</div></body></html>`));
    const seenOf = async (spot: string) => (await pingbackActions(base, `${stamp}-${spot}`)).filter((a) => a.action_type === 'SEEN').map((a) => a.gif_id);
    // The plain GIF's SEEN waits for the 1 s debounce; the covered one's would go at once (it has a tid).
    const settled = async () => (await seenOf('plain')).length && (await seenOf('covered')).includes(IDS.sticker);
    for (const end = Date.now() + 15_000; Date.now() < end && !(await settled());) await new Promise((r) => setTimeout(r, 200));
    assert.equal(await seenOf('plain'), [IDS.plain], 'the creative in plain view, once');
    assert.equal(await seenOf('covered'), [IDS.sticker], 'the covered creative never; the control beside it');
    const hits = ((await (await fetch(`${base}/_local/pixels`)).json()) as { pixels: { query: { placement?: string } }[] }).pixels
      .map((p) => p.query.placement).filter((spot) => spot?.startsWith(`${stamp}-`));
    assert.equal(hits, [`${stamp}-plain`], 'the plain creative\'s pixel alone, once');
    assert.equal(await page.errors(), []);
  });

  test('hover shows the chrome; Share opens its dialog and Escape gives focus back to Share', async () => {
    const apiKey = key();
    const page = await engine.open(embedPage(pages, base, `/${name}/share.html`, `<p><a href="#before">before</a></p>${placeholder(IDS.plain)}<p><a href="#after">after</a></p>`, apiKey));
    const share = await hoverForShare(page, 'Share');
    // The chrome fades in (0.4 s): the screenshot shows it once shown, not half-way.
    await page.waitFor('its fade-in played', noAnimationRunning);
    await page.snap(`engines-${name}-hover`);
    await page.click(share.x, share.y);
    await page.waitFor('the share dialog', (sel) => !!document.querySelector(sel)!.shadowRoot!.querySelector('.ov input'), PLACEHOLDER);
    await page.waitFor('its entrance played', noAnimationRunning);
    await page.snap(`engines-${name}-share`);
    await page.press('Escape');
    const focused = await page.waitFor(
      'the dialog closed',
      (sel) => {
        const root = document.querySelector(sel)!.shadowRoot!;
        if (root.querySelector('.ov')) return null;
        const active = root.activeElement;
        return { label: active ? (active.getAttribute('aria-label') || active.textContent || '').trim() : '(none)' };
      },
      PLACEHOLDER,
    );
    assert.is(focused.label, 'Share', 'focus back on Share');
    assert.equal(await page.errors(), []);
  });

  test('a Hebrew page, right to left: Hebrew words and labels only, the player right to left, the creator\'s handle as written', async () => {
    const html = pageHtml(placeholder(IDS.plain), { apiKey: key() }).replace('src="/embed.js"', `src="${base}/embed.js"`).replace('<html lang="en">', '<html lang="he" dir="rtl">');
    const page = await engine.open(pages.set(`/${name}/hebrew.html`, html));
    const share = await hoverForShare(page, 'שיתוף');
    await page.waitFor('its fade-in played', noAnimationRunning);
    await page.snap(`engines-${name}-hebrew-hover`);
    await page.click(share.x, share.y);
    await page.waitFor('the share dialog', (sel) => !!document.querySelector(sel)!.shadowRoot!.querySelector('.ov input'), PLACEHOLDER);
    await page.waitFor('its entrance played', noAnimationRunning);
    await page.snap(`engines-${name}-hebrew-share`);
    const read = await page.run(([sel, english]) => {
      const root = document.querySelector(sel as string)!.shadowRoot!;
      const shown: string[] = [];
      for (const el of root.querySelectorAll('*')) {
        if (el.closest('.at > span, .at > small, b, [data-gif-id], style')) continue;
        for (const name of ['aria-label', 'title']) if (el.getAttribute(name)) shown.push(el.getAttribute(name)!);
        for (const node of el.childNodes) if (node.nodeType === Node.TEXT_NODE && node.textContent!.trim()) shown.push(node.textContent!.trim());
      }
      const handle = root.querySelector('.at small')!;
      const container = root.querySelector('div')!;
      return {
        english: shown.filter((text) => (english as string[]).includes(text)),
        lang: [container.getAttribute('lang'), container.getAttribute('dir'), getComputedStyle(root.querySelector('.r')!).direction],
        handle: [handle.textContent, getComputedStyle(handle).direction],
        title: root.querySelector('[data-share-menu] p')!.textContent,
      };
    }, [PLACEHOLDER, ENGLISH_WORDS]);
    assert.equal(read.english, [], 'English words');
    assert.equal(read.lang, ['he', 'rtl', 'rtl']);
    assert.equal(read.handle, ['@pixelsmith', 'ltr']);
    assert.is(read.title, 'שיתוף');
    assert.equal(await page.errors(), []);
  });

  test('the picker by keyboard: open, search, a result, Enter posts it', async () => {
    const page = await engine.open(`${base}/examples/picker.html`);
    await page.run(() => document.getElementById('gif-button')!.focus());
    await page.press('Enter');
    await page.waitFor('the picker open with its field focused', () => document.activeElement?.matches('gif-picker input') ?? false);
    await page.type('dots');
    await page.press('Enter');
    await page.waitFor('the results for dots', () => document.querySelector('gif-picker .gif-embed-picker > [role=status]')?.textContent === '7 GIFs for \u2068dots\u2069');
    await page.press('Tab');
    const first = await page.waitFor('a result focused', () => document.activeElement?.getAttribute('data-gif-id'));
    await page.press('ArrowRight');
    const picked = await page.waitFor('the next result focused', (was) => {
      const id = document.activeElement?.getAttribute('data-gif-id');
      return id && id !== was ? id : null;
    }, first);
    await page.press('Enter');
    await page.waitFor('the GIF posted', (id) => !!document.querySelector(`#log li.gif [data-gif-id="${id}"]`), picked);
    assert.ok(await page.run(() => document.getElementById('gif-popover')!.hidden), 'the picker closed');
    assert.is(await page.run(() => document.activeElement?.id), 'message', 'focus back in the message box');
    assert.equal(await page.errors(), []);
  });

  test('the picker keeps what the reader picks: three picks by keyboard, a reload, the Recent tab newest first with no API request; F stars one into Favorites', async () => {
    const page = await engine.open(`${base}/examples/picker.html`);
    const tiles = () => [...document.querySelectorAll('gif-picker [role=tabpanel] .gif-embed-gif')].map((el) => el.getAttribute('data-gif-id'));
    const picked: string[] = [];
    for (const n of [0, 1, 2]) {
      await page.run(() => document.getElementById('gif-button')!.click());
      // The GIFs tab (a picker that has picks opens on Recent), its nth tile focused, Enter.
      await page.waitFor('the picker', () => !!document.querySelector('gif-picker [role=tab]'));
      await page.run(() => [...document.querySelectorAll<HTMLElement>('gif-picker [role=tab]')].find((t) => t.textContent === 'GIFs')!.click());
      await page.waitFor('trending tiles', (i) => document.querySelectorAll('gif-picker .gif-embed-gif').length > i, n);
      picked.unshift(await page.run((i) => {
        const tile = document.querySelectorAll<HTMLElement>('gif-picker .gif-embed-gif')[i];
        tile.focus();
        return tile.getAttribute('data-gif-id')!;
      }, n));
      await page.press('Enter');
      await page.waitFor('the GIF posted', (id) => !!document.querySelector(`#log li.gif [data-gif-id="${id}"]`), picked[0]);
    }
    // Reloaded after the call returns: a navigation under a pending call leaves some drivers waiting.
    await page.run(() => void setTimeout(() => location.reload(), 0));
    // Until the new document is there, a call may meet the old one going away: asked again.
    const end = Date.now() + 15_000;
    for (;;) {
      const back = await page.run(() => document.readyState === 'complete' && !!document.getElementById('gif-button') && !document.querySelector('#log li.gif')).catch(() => false);
      if (back) break;
      if (Date.now() > end) throw new Error(`${name}: the picker page did not come back after the reload`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await page.run(() => document.getElementById('gif-button')!.click());
    const shown = await page.waitFor('the Recent tab, painted', () => {
      const imgs = [...document.querySelectorAll<HTMLImageElement>('gif-picker [role=tabpanel] .gif-embed-gif img')];
      const tab = document.querySelector('gif-picker [role=tab][aria-selected=true]')?.getAttribute('aria-label');
      return tab === 'Recent' && imgs.length === 3 && imgs.every((img) => img.complete && img.naturalWidth > 0) && {
        ids: [...document.querySelectorAll('gif-picker [role=tabpanel] .gif-embed-gif')].map((el) => el.getAttribute('data-gif-id')),
        api: performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((path) => path.startsWith('/v1/')),
      };
    });
    assert.equal(shown.ids, picked, 'newest first');
    assert.equal(shown.api, [], 'no API request');
    await page.snap(`engines-${name}-picker-recents`);
    await page.run(() => document.querySelector<HTMLElement>('gif-picker [role=tabpanel] .gif-embed-gif')!.focus());
    await page.press('f');
    await page.run(() => document.querySelector<HTMLElement>('gif-picker [role=tab][aria-label=Favorites]')!.click());
    assert.equal(await page.waitFor('the Favorites tab', tiles), [picked[0]]);
    assert.equal(await page.errors(), []);
  });

  test('an Arabic picker from sdk.js, right to left: tabs and tiles from the right, Left moves on, its words and count in Arabic', async () => {
    const html = `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>GIF</title>
<style>body{margin:16px;font:16px sans-serif} gif-picker{display:block;width:420px;height:480px}</style></head><body><div id="box"></div>
<script src="${base}/sdk.js"></script><script>
GifEmbedSDK.configure({ apiBase: '${base}', pingbackBase: '${base}', siteBase: '${base}', apiKey: '${key()}' });
document.getElementById('box').innerHTML = '<gif-picker term="dots"></gif-picker>';
</script></body></html>`;
    const page = await engine.open(pages.set(`/${name}/arabic-picker.html`, html));
    const said = await page.waitFor('the Arabic picker with its results counted', () => {
      const picker = document.querySelector('gif-picker .gif-embed-picker');
      return picker?.getAttribute('lang') === 'ar' && picker.querySelectorAll('.gif-embed-gif').length > 1 && picker.querySelector(':scope > [role=status]')!.textContent;
    });
    const ar = ((await import('../../src/i18n/locales/ar')).tables).ar;
    const read = await page.run(() => {
      const picker = document.querySelector('gif-picker .gif-embed-picker')!;
      const left = (el: Element) => el.getBoundingClientRect().left;
      const tabs = picker.querySelectorAll('[role=tab]');
      const tiles = picker.querySelectorAll('.gif-embed-gif');
      return {
        direction: getComputedStyle(picker).direction,
        label: picker.querySelector('[role=combobox]')!.getAttribute('aria-label'),
        tabsFromRight: left(tabs[1]) < left(tabs[0]),
        tilesFromRight: left(tiles[1]) < left(tiles[0]),
      };
    });
    assert.equal(read, { direction: 'rtl', label: ar.searchGifs, tilesFromRight: true, tabsFromRight: true });
    assert.match(said, / عن \u2068dots\u2069$/, `the count in Arabic: ${said}`);
    await page.snap(`engines-${name}-arabic-picker`);
    await page.run(() => (document.querySelector('gif-picker .gif-embed-gif') as HTMLElement).focus());
    await page.press('ArrowLeft');
    const moved = await page.waitFor('Left moved on', () => {
      const tiles = [...document.querySelectorAll('gif-picker .gif-embed-gif')];
      return tiles.indexOf(document.activeElement!) === 1 || null;
    });
    assert.ok(moved);
    assert.equal(await page.errors(), []);
  });

  test('autoplay click: the still GIF with no moving file fetched, a click plays it; setAutoplay(\'never\') stills it again', async () => {
    const page = await engine.open(embedPage(pages, base, `/${name}/autoplay.html`, placeholder(IDS.plain, 'data-autoplay="click"'), key()));
    await page.waitFor('the player ready', (sel) => document.querySelector(sel)?.getAttribute('data-gif-embed-state') === 'ready', PLACEHOLDER);
    const movingFetched = () => page.run(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((path) => /^\/media\/.*\/(?![^/]*_s\.)[^/]+\.(gif|webp|mp4)$/.test(path)));
    assert.ok((await playerImages(page))[0].still, 'the still');
    assert.equal(await movingFetched(), [], 'nothing moving fetched');
    assert.equal(await page.run((sel) => document.querySelector(sel)!.shadowRoot!.querySelector('.hd button')!.getAttribute('aria-label'), PLACEHOLDER), 'Play');
    // The GIF's upper part: the pointer's hover brings the chrome, whose footer covers its lower part.
    const box = await boxOf(page);
    await page.move(box.x + 120, box.y + 70);
    await page.click(box.x + 120, box.y + 70);
    await page.waitFor('played by the click', (sel) => !/_s\.(gif|webp)$/.test(document.querySelector(sel)!.shadowRoot!.querySelector('img')!.currentSrc), PLACEHOLDER);
    assert.ok(await moves(page, PLACEHOLDER), 'it moves');
    assert.is(await page.run(() => location.pathname), `/${name}/autoplay.html`, 'the click that played opened nothing here');
    await page.run(() => (window as unknown as { GifEmbed: { setAutoplay(p: string): void } }).GifEmbed.setAutoplay('never'));
    await page.waitFor('stilled by setAutoplay', (sel) => /_s\.(gif|webp)$/.test(document.querySelector(sel)!.shadowRoot!.querySelector('img')!.currentSrc), PLACEHOLDER);
    assert.equal(await page.errors(), []);
  });

  test('the player page tells its frame its height', async () => {
    const body = `<iframe id="frame" src="${base}/embed/${IDS.plain}" width="480" height="600" style="border:0" title="GIF"></iframe>
      <script>window.heights = []; addEventListener('message', (e) => { if (e.data && e.data.type === 'gif-embed:height') heights.push(e.data.height); });</script>`;
    const page = await engine.open(pages.set(`/${name}/frame.html`, `<!doctype html><html><head><title>Frame</title></head><body style="margin:0">${body}</body></html>`));
    const heights = await page.waitFor('a height message', () => (window as unknown as { heights: number[] }).heights.length && (window as unknown as { heights: number[] }).heights);
    assert.is(heights[heights.length - 1], 360, `the GIF's height at 480 px wide (${heights})`);
    assert.ok(heights.every((h) => h > 0), 'never 0');
    assert.equal(await page.errors(), []);
  });

  return test;
}

for (const name of ENGINES) engineSuite(name).run();
