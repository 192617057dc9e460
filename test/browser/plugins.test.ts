/**
 * The share, video and related plugins in Chromium: each plugin file is loaded beside
 * dist/embed.js on a harness page of the local service (plugins-page.ts stands in for the
 * player), mounted in a shadow root with real GIFs, and driven by real pointer and keyboard events.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as esbuild from 'esbuild';
import type { Page, Route } from 'playwright-core';
import { IDS } from '../../server/catalogue/index';
import { RETRY_BACKOFF_MS } from '../../src/api/request';
import { GRID_FETCH_DEBOUNCE_MS } from '../../src/sdk/paging';
import { DESKTOP, afterPageTimer, beforeAll, eventually, isolate, open, requestsTo, snap, setup, type Env, type Opened } from './support/harness';
import { pingbackActions } from './embed-page';
import { runtimeAt } from './support/runtime-key';

let env: Env;
let harnessScript = '';
const RELATED_CALL = /^\/v1\/gifs\/related\?/;

interface Log {
  tracked: string[][];
  pings: [string, string, Record<string, string> | undefined][];
  active: boolean[];
  closed: number;
  backs: number;
  opened: { url: string; name: string; features: string }[];
}

beforeAll(test, async () => {
  env = await setup();
  const built = await esbuild.build({
    entryPoints: [new URL('./plugins-page.ts', import.meta.url).pathname],
    bundle: true,
    write: false,
    format: 'iife',
    target: ['es2020'],
    // Where the player file lends React's createRoot and createElement in this build.
    define: { __SDK_VERSION__: '"harness"', __CREATE_ROOT_AT__: JSON.stringify(runtimeAt('react-dom/client', 'createRoot')), __CREATE_ELEMENT_AT__: JSON.stringify(runtimeAt('react', 'createElement')) },
    logLevel: 'warning',
  });
  harnessScript = built.outputFiles[0].text;
});

test.after(async () => {
  await env?.close();
});

isolate(test, () => env, true);

/**
 * Opens the harness page: a real document of the local service (so Chromium counts it as a
 * loopback page and lets it load the service's media hosts), emptied, then dist/embed.js (whose
 * player file lends the runtime) and the harness script.
 */
async function harness(options = DESKTOP): Promise<Opened> {
  const opened = await open(env, '/_local/requests', options);
  // Errors of our own, with the failing resource's url, so the JSON page's late favicon miss
  // (not the plugins' doing) can be told apart.
  const errors: string[] = [];
  opened.page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  opened.page.on('console', (m) => {
    if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) errors.push(`console: ${m.text()} ${m.location().url}`);
  });
  await opened.page.evaluate(() => {
    document.title = 'plugins';
    document.body.replaceChildren();
    document.body.style.cssText = 'margin:0;font-family:sans-serif;background:#f2f2f2';
  });
  await opened.page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const script = document.createElement('script');
        script.src = '/embed.js';
        script.setAttribute('data-api-key', 'harness-key');
        script.onload = resolve;
        script.onerror = reject;
        document.head.appendChild(script);
      }),
  );
  // A call to GifEmbed brings the player file (a page with no placeholder waits for one), which lends the plugins their runtime.
  await opened.page.evaluate(() => (window as unknown as { GifEmbed: { scan(): void } }).GifEmbed.scan());
  await opened.page.waitForFunction(() => !!(window as unknown as { GifEmbed?: { runtime?: unknown } }).GifEmbed?.runtime);
  await opened.page.addScriptTag({ content: harnessScript });
  return { ...opened, errors };
}

type MountOptions = { plugin: string; part?: string; gifId: string; width?: number; height?: number; props?: Record<string, unknown>; withOpener?: boolean };
const mount = (page: Page, options: MountOptions) =>
  page.evaluate((o) => (window as unknown as { harness: { mount(o: unknown): Promise<string> } }).harness.mount(o), options);
const log = (page: Page) => page.evaluate(() => (window as unknown as { harness: { log: Log } }).harness.log);
/** The deep-focused element's description: tag plus its data attributes. */
const focusedInfo = (page: Page) =>
  page.evaluate(() => {
    const el = (window as unknown as { harness: { focused(): Element | null } }).harness.focused();
    return el ? `${el.tagName.toLowerCase()}${[...el.attributes].filter((a) => a.name.startsWith('data-') || a.name === 'id').map((a) => `[${a.name}=${a.value}]`).join('')}` : '';
  });
const features = (text: string) => Object.fromEntries(text.split(',').map((kv) => kv.split('=')));

// ---------------------------------------------------------------------------------------------
// share

test('share: keyboard opens the menu with focus inside, popups have their sizes, Escape closes it', async () => {
  const { page, context, errors } = await harness();
  try {
    await mount(page, { plugin: 'share', gifId: IDS.plain, withOpener: true });
    await page.locator('#opener').focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-share-menu]').waitFor();
    assert.is(await focusedInfo(page), 'button[data-network=facebook]', 'focus moved into the menu');
    await snap(page, 'plugins-share-menu');

    // Keyboard reachable: Tab walks the controls, with a visible focus ring.
    await page.keyboard.press('Tab');
    assert.is(await focusedInfo(page), 'button[data-network=twitter]');
    const ring = await page.locator('[data-network="twitter"]').evaluate((el) => getComputedStyle(el).outlineStyle);
    assert.is(ring, 'solid', 'focus is visible');
    await page.keyboard.press('Enter');
    await page.locator('[data-network="facebook"]').click();
    await page.locator('[data-network="pinterest"]').click();
    const { opened, tracked } = await log(page);
    const screen = await page.evaluate(() => ({ x: screenX, y: screenY, w: outerWidth, h: outerHeight }));
    const [twitter, facebook, pinterest] = opened.map((o) => ({ url: new URL(o.url), f: features(o.features) }));
    assert.equal([twitter.f.width, twitter.f.height], ['750', '350']);
    assert.is(Number(twitter.f.left), Math.max(0, Math.round(screen.x + (screen.w - 750) / 2)), 'centred');
    assert.is(Number(twitter.f.top), Math.max(0, Math.round(screen.y + (screen.h - 350) / 2)));
    // Twitter goes through the main site (here the GIF page's origin): its login, then the tweet page.
    assert.is(twitter.url.pathname, '/login/twitter');
    assert.is(twitter.url.searchParams.get('next'), `/gifs/${IDS.plain}/tweet`);
    assert.equal([facebook.f.width, facebook.f.height], ['480', '480']);
    assert.equal([pinterest.f.width, pinterest.f.height], ['480', '480']);
    assert.is(facebook.url.hostname, 'www.facebook.com');
    assert.is(pinterest.url.hostname, 'pinterest.com');
    assert.equal(tracked.map((t) => t.slice(0, 2)), [['Social Sharing', 'twitter'], ['Social Sharing', 'facebook'], ['Social Sharing', 'pinterest']]);

    // Escape asks the opener to close the menu; focus goes back to Share by the chrome that
    // opened it (test/browser/keyboard.test.ts, test/unit/plugins/chrome.test.tsx).
    await page.keyboard.press('Escape');
    await page.locator('[data-share-menu]').waitFor({ state: 'detached' });
    assert.is((await log(page)).closed, 1);
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test('share: Embed code and Link select their whole text on focus and click; the close control closes', async () => {
  const { page, context, errors } = await harness();
  try {
    const id = await mount(page, { plugin: 'share', gifId: IDS.plain, width: 480, height: 360 });
    const embed = page.locator('[data-share-field="embed"]');
    const link = page.locator('[data-share-field="link"]');
    const selection = (field: typeof embed) => field.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd, el.value.length]);
    // Focus by keyboard: Tab from the favorite link lands in the embed field.
    await page.locator('[data-share-favorite] a').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    assert.ok((await focusedInfo(page)).includes('[data-share-field=embed]'), 'Tab reached the embed code field');
    let [start, end, length] = await selection(embed);
    assert.equal([start, end], [0, length], 'focus selects all');
    const code = await embed.inputValue();
    assert.match(code, new RegExp(`^<iframe src="${env.base}/embed/${id}" width="480" height="\\d+"`));
    // A click in the middle of the text still selects everything.
    await link.click({ position: { x: 40, y: 5 } });
    [start, end, length] = await selection(link);
    assert.equal([start, end], [0, length], 'click selects all');
    assert.match(await link.inputValue(), new RegExp(`^${env.base}/gifs/`));
    await page.keyboard.press('ControlOrMeta+c');
    await page.locator('input[value="responsive"]').check();
    assert.match(await embed.inputValue(), /^<div style="width:100%;height:0;padding-bottom:[\d.]+%;position:relative;"><iframe src=/);
    await embed.click();
    [start, end, length] = await selection(embed);
    assert.equal([start, end], [0, length]);
    const { tracked } = await log(page);
    assert.equal(tracked, [['Click', 'Link'], ['Copy', 'Link', id], ['Click', 'Embed Code']]);
    await snap(page, 'plugins-share-fields');
    await page.locator('[data-share-close]').click();
    assert.is((await log(page)).closed, 1);
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test('share: a GIF with hostile markup in its fields yields inert embed code and no injected elements', async () => {
  const { page, context, errors } = await harness();
  try {
    await mount(page, { plugin: 'share', gifId: IDS.hostile });
    const code = await page.locator('[data-share-field="embed"]').inputValue();
    const parsed = await page.evaluate((html) => {
      const doc = new DOMParser().parseFromString(html, 'text/html');
      return [...doc.body.querySelectorAll('*')].map((el) => `${el.tagName.toLowerCase()}:${[...el.attributes].map((a) => a.name).join(',')}`);
    }, code);
    assert.equal(parsed, ['iframe:src,width,height,title,frameborder,class,allowfullscreen'], 'one iframe, only its own attributes');
    const injected = await page.evaluate(() => document.querySelector('#embed')!.shadowRoot!.querySelectorAll('script, [onerror], [onload], iframe').length);
    assert.is(injected, 0);
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

// ---------------------------------------------------------------------------------------------
// video

/** Routes the provider hosts: oembed answers `status`, players are blank local pages. */
async function routeProviders(page: Page, status = 200) {
  const seen: string[] = [];
  const record = (route: Route) => {
    seen.push(route.request().url());
  };
  await page.route('https://vimeo.com/api/oembed.json**', (route) => {
    record(route);
    return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ type: 'video', title: 'clip' }) });
  });
  await page.route('https://www.youtube.com/oembed**', (route) => {
    record(route);
    return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ type: 'video', title: 'clip' }) });
  });
  await page.route('https://player.vimeo.com/**', (route) => {
    record(route);
    return route.fulfill({
      contentType: 'text/html',
      body: `<body style="margin:0;background:#1ab7ea;color:#fff;font:20px sans-serif;display:grid;place-items:center;height:100vh">vimeo player
        <script>window.subscriptions=[];window.commands=[];addEventListener('message',e=>{const m=JSON.parse(e.data);
        if(m.method==='addEventListener')subscriptions.push(m.value);else{commands.push(m.method);parent.postMessage(JSON.stringify({event:m.method}),'*')}});
        parent.postMessage(JSON.stringify({event:'ready'}),'*');</script></body>`,
    });
  });
  // A YouTube iframe API stand-in: records what the plugin builds and lets the test drive states.
  await page.route('https://www.youtube.com/iframe_api', (route) => {
    record(route);
    return route.fulfill({
      contentType: 'text/javascript',
      body: `window.YT={Player:function(el,opts){var f=document.createElement('iframe');
        f.src='https://www.youtube.com/embed/'+opts.videoId+'?start='+opts.playerVars.start+'&mute='+opts.playerVars.mute+'&autoplay='+opts.playerVars.autoplay;
        f.style.cssText='width:100%;height:100%;border:0';el.replaceWith(f);var p=this;window.ytLog={options:opts,muted:0,played:0,paused:0};
        p.mute=function(){ytLog.muted++};p.destroy=function(){f.remove()};
        p.playVideo=function(){ytLog.played++;opts.events.onStateChange({data:1,target:p})};
        p.pauseVideo=function(){ytLog.paused++;opts.events.onStateChange({data:2,target:p})};
        window.ytState=function(s){opts.events.onStateChange({data:s,target:p})};window.ytError=function(c){opts.events.onError({data:c})};setTimeout(function(){opts.events.onReady({target:p})},0)}};`,
    });
  });
  await page.route('https://www.youtube.com/embed/**', (route) => {
    record(route);
    return route.fulfill({ contentType: 'text/html', body: '<body style="margin:0;background:#c00;color:#fff;font:20px sans-serif;display:grid;place-items:center;height:100vh">youtube player</body>' });
  });
  return seen;
}

const backVisible = (page: Page) => page.locator('[data-video-back]').isVisible();

test('video (vimeo): opened (the click on Watch), the player iframe on the spec URL at once, back-to-GIF on pause', async () => {
  const { page, context, errors } = await harness();
  try {
    const seen = await routeProviders(page);
    await mount(page, { plugin: 'video', gifId: IDS.vimeo });
    assert.equal(await page.locator('[data-video-play]').count(), 0, 'no second click asked for');
    const frame = page.locator('[data-video-frame="vimeo"] iframe');
    await frame.waitFor();
    const oembed = new URL(seen[0]);
    assert.is(oembed.origin + oembed.pathname, 'https://vimeo.com/api/oembed.json');
    assert.is(oembed.searchParams.get('url'), 'https://vimeo.com/1084537');
    const src = new URL((await frame.getAttribute('src'))!);
    assert.is(src.origin + src.pathname, 'https://player.vimeo.com/video/1084537');
    assert.equal(Object.fromEntries(src.searchParams), { autoplay: 'true', byline: 'false', loop: 'false', title: 'false', color: '00ccff' });
    assert.equal((await log(page)).tracked, [['Click', 'Play Vimeo']]);
    assert.not.ok(await backVisible(page), 'hidden while playing');
    // The player page talks back through postMessage.
    // The iframe element can exist before its document has navigated: wait for the player page.
    const player = (await (await frame.elementHandle())!.contentFrame())!;
    await player.waitForURL(/^https:\/\/player\.vimeo\.com\//);
    await player.waitForLoadState();
    await player.waitForFunction(() => (window as unknown as { subscriptions: string[] }).subscriptions.length >= 3);
    assert.equal(await player.evaluate(() => (window as unknown as { subscriptions: string[] }).subscriptions), ['play', 'pause', 'ended']);
    // The pause/play control stays in the video view and drives the player by postMessage.
    const toggle = page.locator('[data-video-plugin] button.pp');
    const commands = () => player.evaluate(() => (window as unknown as { commands: string[] }).commands);
    assert.is(await toggle.getAttribute('aria-label'), 'Pause');
    await toggle.click();
    await page.locator('[data-video-back]').waitFor();
    assert.equal(await commands(), ['pause']);
    assert.is(await toggle.getAttribute('aria-label'), 'Play', 'the player said it paused');
    await toggle.click();
    await page.locator('[data-video-back]').waitFor({ state: 'detached' });
    assert.equal(await commands(), ['pause', 'play']);
    assert.equal((await log(page)).tracked, [['Click', 'Play Vimeo'], ['Click', 'Pause'], ['Click', 'Pause']]);
    await player.evaluate(() => parent.postMessage(JSON.stringify({ event: 'pause' }), '*'));
    await page.locator('[data-video-back]').waitFor();
    await player.evaluate(() => parent.postMessage(JSON.stringify({ event: 'play' }), '*'));
    await page.locator('[data-video-back]').waitFor({ state: 'detached' });
    await player.evaluate(() => parent.postMessage(JSON.stringify({ event: 'ended' }), '*'));
    await page.locator('[data-video-back]').click();
    await page.waitForFunction(() => (window as unknown as { harness: { log: Log } }).harness.log.backs === 1, null, { timeout: 5000 });
    await snap(page, 'plugins-video-vimeo-paused');
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test('video (youtube): the iframe API loads on demand with the nonce, muted, one second before start; states 2 and 0 show the back control', async () => {
  const { page, context, errors } = await harness();
  try {
    const seen = await routeProviders(page);
    await mount(page, { plugin: 'video', gifId: IDS.youtube, props: { nonce: 'n0nce' } });
    await page.locator('[data-video-frame="youtube"] iframe').waitFor();
    await page.waitForFunction(() => (window as unknown as { ytLog?: { played: number } }).ytLog?.played === 1);
    const scripts = await page.evaluate(() => [...document.querySelectorAll<HTMLScriptElement>('script[src="https://www.youtube.com/iframe_api"]')].map((s) => s.nonce));
    assert.equal(scripts, ['n0nce'], 'one script, with the nonce');
    const yt = await page.evaluate(() => (window as unknown as { ytLog: { options: { videoId: string; playerVars: Record<string, number> }; muted: number } }).ytLog);
    assert.is(yt.options.videoId, 'aqz-KE-bpKQ');
    assert.is(yt.options.playerVars.start, 11, 'start 12 becomes 11');
    assert.is(yt.options.playerVars.mute, 1);
    assert.is(yt.muted, 1, 'kept muted');
    assert.ok(seen.some((u) => u.startsWith('https://www.youtube.com/oembed?url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3Daqz-KE-bpKQ')));
    assert.equal((await log(page)).tracked, [['Click', 'Play YouTube']]);
    // The pause/play control pauses and resumes the YouTube player through the iframe API.
    const toggle = page.locator('[data-video-plugin] button.pp');
    await toggle.click();
    await page.locator('[data-video-back]').waitFor();
    assert.is(await toggle.getAttribute('aria-label'), 'Play');
    await toggle.click();
    await page.locator('[data-video-back]').waitFor({ state: 'detached' });
    const counts = await page.evaluate(() => (window as unknown as { ytLog: { played: number; paused: number } }).ytLog);
    assert.equal([counts.paused, counts.played], [1, 2], 'paused once, played at start and on resume');
    assert.equal((await log(page)).tracked, [['Click', 'Play YouTube'], ['Click', 'Pause'], ['Click', 'Pause']]);
    const state = (s: number) => page.evaluate((v) => (window as unknown as { ytState(s: number): void }).ytState(v), s);
    await state(1);
    assert.not.ok(await backVisible(page));
    await state(2);
    await page.locator('[data-video-back]').waitFor();
    await state(1);
    await page.locator('[data-video-back]').waitFor({ state: 'detached' });
    await state(0);
    await page.locator('[data-video-back]').waitFor();
    await snap(page, 'plugins-video-youtube-ended');
    // The owner turned embedding off: the player says so (spec §5 wording) instead of a dead frame.
    await page.evaluate(() => (window as unknown as { ytError(c: number): void }).ytError(150));
    await page.locator('[data-video-error]').waitFor();
    assert.is(await page.locator('[data-video-error]').textContent(), '\u201chttps://www.youtube.com/watch?v=aqz-KE-bpKQ\u201d is not embeddable.');
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test('video: an unreachable or refusing provider leaves a clear message inside the embed; the mobile back control', async () => {
  const { page, context } = await harness();
  try {
    await page.route('https://www.youtube.com/**', (route) => route.abort('internetdisconnected'));
    await mount(page, { plugin: 'video', gifId: IDS.youtube2, props: { mobile: true } });
    const alert = page.locator('[data-video-error]');
    await alert.waitFor();
    assert.is(await alert.textContent(), 'YouTube could not be reached.');
    assert.is(await page.locator('[data-video-back]').getAttribute('data-video-back'), 'mobile');
    await snap(page, 'plugins-video-offline-mobile');
  } finally {
    await context.close();
  }
  const second = await harness();
  try {
    await routeProviders(second.page, 403);
    await mount(second.page, { plugin: 'video', gifId: IDS.vimeo2 });
    await second.page.locator('[data-video-error]').waitFor();
    assert.is(await second.page.locator('[data-video-error]').textContent(), '\u201chttps://vimeo.com/76979871\u201d is not embeddable.');
    assert.is(await second.page.locator('iframe').count(), 0);
  } finally {
    await second.context.close();
  }
});

// ---------------------------------------------------------------------------------------------
// related

const tiles = (page: Page) => page.locator('[data-related] .gif-embed-gif');
const relatedQueries = (o: Opened) => requestsTo(o.requests, RELATED_CALL).map((r) => {
  const q = new URL(r.url()).searchParams;
  return `${q.get('offset')}+${q.get('limit')}`;
});

test('related: 6 GIFs then 12, more as the visitor scrolls the grid, grid-active reported; a click opens the GIF page in a new tab', async () => {
  const opened = await harness();
  const { page, context, errors } = opened;
  try {
    const id = await mount(page, { plugin: 'related', gifId: IDS.plain, width: 480, height: 300 });
    const count = () => page.evaluate(() => document.querySelector('#embed')!.shadowRoot!.querySelectorAll('[data-related] .gif-embed-gif').length);
    await page.waitForFunction(() => document.querySelector('#embed')!.shadowRoot!.querySelectorAll('[data-related] .gif-embed-gif').length >= 6);
    assert.is(relatedQueries(opened)[0], '0+6', 'first page of 6');
    assert.is(await page.locator('h2').textContent(), 'Related Gifs');
    assert.equal(await tiles(page).evaluateAll((els) => [...new Set(els.map((e) => (e as HTMLElement).style.width))]), [`${Math.floor((465 - 12) / 3)}px`]);
    const img = tiles(page).first().locator('img');
    await img.evaluate((el: HTMLImageElement) => el.decode().catch(() => undefined));
    assert.ok(await img.evaluate((el: HTMLImageElement) => el.naturalWidth > 0), 'the GIF loaded');
    assert.ok((await tiles(page).first().locator('source[type="image/webp"]').getAttribute('srcset'))!.endsWith('.webp'));
    assert.ok((await img.getAttribute('alt'))!.length > 0);
    await snap(page, 'plugins-related-grid');

    // Scrolling the grid brings its end loader into view: pages of 12 follow.
    const before = await count();
    await page.locator('[data-related-scroller]').hover();
    for (let i = 0; i < 10 && (await count()) <= before + 12; i++) {
      await page.mouse.wheel(0, 2000);
      await page.waitForTimeout(400);
    }
    assert.ok((await count()) > before, 'more GIFs after scrolling');
    assert.equal(relatedQueries(opened).slice(1, 3), ['6+12', '18+12']);
    let reported = await log(page);
    assert.equal(reported.active, [true]);
    assert.equal(reported.tracked[0], ['SCROLL GRID', 'Related Gifs', id]);
    await page.evaluate(() => (window as unknown as { harness: { rerender(p: unknown): void } }).harness.rerender({ open: false }));
    await page.waitForFunction(() => document.querySelector('#embed')!.shadowRoot!.querySelector('[data-related-scroller]')!.scrollTop === 0);
    assert.equal((await log(page)).active, [true], 'the scroll back to the top is not the visitor\'s');
    await page.evaluate(() => (window as unknown as { harness: { rerender(p: unknown): void } }).harness.rerender({ open: true }));

    const target = tiles(page).nth(2);
    const href = await target.getAttribute('href');
    const clickedId = await target.getAttribute('data-gif-id');
    const [tab] = await Promise.all([context.waitForEvent('page'), target.click()]);
    assert.is(tab.url(), href);
    assert.match(href!, new RegExp(`^${env.base}/gifs/`));
    reported = await log(page);
    assert.equal(reported.tracked.at(-1), ['Click', 'Image', 'Related Gifs']);
    // The SDK tile's own CLICK pingback, batched after its 1 s debounce.
    await eventually(async () => (await pingbackActions(env.base)).some((a) => a.action_type === 'CLICK' && a.gif_id === clickedId), 'the CLICK pingback');
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test("related: a failing service shows 'Error loading GIFs.' and 'Try again?' retries", async () => {
  const opened = await harness();
  const { page, context } = opened;
  try {
    let failures = 1;
    await page.route(`${env.base}/v1/gifs/related**`, (route) => {
      if (failures-- > 0) return route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' });
      return route.fallback();
    });
    await mount(page, { plugin: 'related', gifId: IDS.plain, width: 480, height: 300 });
    const alert = page.locator('[data-related] [role="alert"]');
    await alert.waitFor();
    assert.ok((await alert.textContent())!.startsWith('Error loading GIFs.'));
    await snap(page, 'plugins-related-error');
    // Past the longest delay after which anything would ask again (the grid's debounce, a retry's backoff).
    await afterPageTimer(page, Math.max(GRID_FETCH_DEBOUNCE_MS, RETRY_BACKOFF_MS));
    assert.is(relatedQueries(opened).length, 1, 'no retry on its own');
    await alert.getByText('Try again?').click();
    await page.waitForFunction(() => document.querySelector('#embed')!.shadowRoot!.querySelectorAll('[data-related] .gif-embed-gif').length >= 6);
    assert.equal(relatedQueries(opened).slice(0, 2), ['0+6', '0+6'], 'the same page asked again');
    assert.is(await alert.count(), 0);
  } finally {
    await context.close();
  }
});

test('related widget: window width minus 30 px, height from the tallest of the first 3, re-laid out after a resize', async () => {
  const { page, context, errors } = await harness({ viewport: { width: 1000, height: 800 } });
  try {
    await mount(page, { plugin: 'widget', gifId: IDS.plain, width: 1000, height: 700 });
    await page.waitForFunction(() => document.querySelector('#embed')!.shadowRoot!.querySelectorAll('[data-related] .gif-embed-gif').length >= 3);
    const column = Math.floor((1000 - 30 - 12) / 3);
    assert.is(await tiles(page).first().evaluate((e) => (e as HTMLElement).style.width), `${column}px`);
    const heights = await tiles(page).evaluateAll((els) => els.slice(0, 3).map((e) => parseInt((e as HTMLElement).style.height, 10)));
    const scroller = page.locator('[data-related-scroller]');
    assert.is(await scroller.evaluate((e) => (e as HTMLElement).style.height), `${Math.max(...heights)}px`);
    await snap(page, 'plugins-related-widget');
    await page.setViewportSize({ width: 700, height: 800 });
    const narrow = `${Math.floor((700 - 30 - 12) / 3)}px`;
    await page.waitForFunction((w) => (document.querySelector('#embed')!.shadowRoot!.querySelector('[data-related] .gif-embed-gif') as HTMLElement).style.width === w, narrow);
    const [tab] = await Promise.all([context.waitForEvent('page'), tiles(page).first().click()]);
    assert.match(tab.url(), new RegExp(`^${env.base}/gifs/`));
    assert.equal((await log(page)).tracked.at(-1), ['Click', 'Image', 'Related Widget']);
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test.run();
