/**
 * The desktop player in Chromium: layout, hover timings by real pointer moves, share menu,
 * plugins fetched only after hover, keyboard, pause/play, and the chrome of spec §2/§9 (the chrome
 * plugin, fetched at the first hover or focus or when the page is idle, never before).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IDS } from '../../server/catalogue/items';
import { DESKTOP, animationsDone, eventually, frames, open, withEnv, snap, type Env } from './support/harness';
import { apiCalls, armFailure, openEmbedPage, placeholder, playerFiles, playerRoot, pluginCalls, uncaught, waitForState, PLACEHOLDER } from './embed-page';

let env: Env;
withEnv(test, (started) => (env = started), { reset: true });

/** The footer's transform and the header's opacity, read from the player. */
/** The name of the player's entry animation in its stylesheet (src/player/styles.ts). */
const ENTRY_ANIMATION = 'e';

/** The events of a browser trace this file reads. */
type TraceEvent = { name: string; ph?: string; ts: number; dur?: number; pid: number; tid: number; args?: { data?: { displayName?: string; compositeFailed?: number; url?: string } } };

async function chrome(page: import('playwright-core').Page) {
  return page.locator(PLACEHOLDER).first().evaluate((el) => {
    const root = el.shadowRoot!.querySelector('.r')!;
    const footer = root.querySelector<HTMLElement>('.ft')!;
    const logo = root.querySelector<HTMLElement>('.hd > a')!;
    return { hovered: root.classList.contains('h'), footer: footer.style.transform, logoOpacity: getComputedStyle(logo).opacity };
  });
}

/** The spec's hover delays: hide 70 ms after leaving, show 150 ms after entering, hide 1000 ms after leaving an active grid. */
const HOVER_DELAYS_MS = [70, 150, 1000];

/**
 * Logs, inside the page, when the pointer enters/leaves the player and when the chrome is shown
 * or hidden, so timings are measured where they happen (not across the test driver's round
 * trips). At each enter and leave it also starts a reference timer for each of the spec's
 * delays (logged as `enter+150` and so on): on a busy machine every timer of the page fires
 * late, and the reference timer says by how much.
 */
async function probeHover(page: import('playwright-core').Page) {
  await page.locator(PLACEHOLDER).first().evaluate((el, delays) => {
    const root = el.shadowRoot!.querySelector('.r')!;
    const log: [string, number][] = ((window as unknown as { __hover: [string, number][] }).__hover = []);
    const mark = (name: string, at: number) => {
      log.push([name, at]);
      for (const ms of delays) setTimeout(() => log.push([`${name}+${ms}`, performance.now()]), ms);
    };
    root.addEventListener('mouseenter', (e) => mark('enter', e.timeStamp));
    root.addEventListener('mouseleave', (e) => mark('leave', e.timeStamp));
    let shown = root.classList.contains('h');
    new MutationObserver(() => {
      if (shown === root.classList.contains('h')) return;
      shown = !shown;
      log.push([shown ? 'shown' : 'hidden', performance.now()]);
    }).observe(root, { attributes: true, attributeFilter: ['class'] });
  }, HOVER_DELAYS_MS);
}

/**
 * A render after its timer: the chrome's class changes in the same task as the timer or in the
 * render that follows it.
 */
const RENDER_MS = 50;

/**
 * Waits, inside the page, for the first `to` after the last `from` and for the reference
 * timer of `ms` started at that `from`. Returns how long `to` took and how long it may take:
 * no less than `ms` (a delay may end later, never sooner), no later than the reference timer
 * of `ms` plus a render, however late that timer fired.
 */
async function timed(page: import('playwright-core').Page, from: string, to: string, ms: number) {
  const found = await page.waitForFunction(([from, to, ms]) => {
    const log = (window as unknown as { __hover: [string, number][] }).__hover;
    const i = log.map(([name]) => name).lastIndexOf(from);
    if (i < 0) return false;
    const end = log.slice(i).find(([name]) => name === to);
    const ref = log.slice(i).find(([name]) => name === `${from}+${ms}`);
    return end && ref ? { start: log[i][1], end: end[1], ref: ref[1] } : false;
  }, [from, to, ms] as const);
  const { start, end, ref } = (await found.jsonValue()) as { start: number; end: number; ref: number };
  const took = end - start;
  const latest = ref - start + RENDER_MS;
  assert.ok(took >= ms && took <= latest, `${to} ${took.toFixed(1)} ms after ${from} (${ms} expected; this page's ${ms} ms timer took ${(ref - start).toFixed(1)})`);
}

/** Whether a `to` followed the last `from` by the time that `from`'s reference timer of `ms` fired and a render passed. */
async function followedWithin(page: import('playwright-core').Page, from: string, to: string, ms: number) {
  await page.waitForFunction(([from, ms]) => {
    const log = (window as unknown as { __hover: [string, number][] }).__hover;
    const i = log.map(([name]) => name).lastIndexOf(from);
    return i >= 0 && log.slice(i).some(([name]) => name === `${from}+${ms}`);
  }, [from, ms] as const);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate(([from, to]) => {
    const log = (window as unknown as { __hover: [string, number][] }).__hover;
    const i = log.map(([name]) => name).lastIndexOf(from);
    return log.slice(i).some(([name]) => name === to);
  }, [from, to] as const);
}

test('desktop layout: GIF with alt text, header with logo link, share and pause, CTA with product name', async () => {
  const { page, close, errors, requests } = await openEmbedPage(env, placeholder(IDS.plain));
  await waitForState(page, 'ready');
  const root = playerRoot(page);
  assert.is(await root.locator('.mf').count(), 0, 'the desktop layout: no mobile footer');
  assert.equal(playerFiles(requests), ['player-desktop'], 'the desktop player file, once, and not the mobile one');
  assert.equal(pluginCalls(requests), [], 'no plugin (chrome included) before the first hover');
  assert.is(await root.locator('a.cta').count(), 0, 'the chrome comes with the first hover');
  const b = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(b.x + 100, b.y + 100);
  await root.locator('a.cta').waitFor({ state: 'attached' });
  await page.mouse.move(b.x + b.width + 100, b.y + b.height + 100);
  // The chrome hidden again and its fade over, for the idle screenshot.
  await page.waitForFunction(() => !document.querySelector('[data-gif-id]')!.shadowRoot!.querySelector('.r')!.classList.contains('h'));
  await animationsDone(page);
  const img = root.locator('a.g img');
  assert.ok((await img.getAttribute('alt'))!.length > 0, 'the GIF has alt text');
  // The file embed.js put in as the first screen's picture (embed.early-picture.test.ts), taken over.
  assert.is(await img.getAttribute('src'), await page.locator(`${PLACEHOLDER} > a img`).evaluate((el: HTMLImageElement) => el.currentSrc));
  assert.is(await root.locator('a.g').getAttribute('target'), '_blank');
  const cta = root.locator('a.cta');
  assert.is((await cta.textContent())!.trim(), 'Continue Watching on GIF Embed');
  assert.is(await cta.getAttribute('target'), '_blank');
  assert.match((await cta.getAttribute('href'))!, /\/gifs\//);
  const box = await cta.boundingBox();
  assert.ok(box!.width <= 340 && box!.height <= 34, `CTA is at most 340x34 (${box!.width}x${box!.height})`);
  assert.is(await root.getByRole('button', { name: 'Share' }).count(), 1);
  assert.is(await root.getByRole('button', { name: 'Pause' }).count(), 1);
  assert.is(await root.locator('.hd a[aria-label="GIF Embed"]').count(), 1, 'logo link');
  // Attribution with the verified badge (plain GIF's creator is verified and public).
  assert.is(await root.locator('.at span').textContent(), 'Pixel Smith Studio');
  assert.is(await root.locator('.at [aria-label="Verified"]').count(), 1);
  assert.is(await root.locator('.at small').textContent(), '@pixelsmith');
  await snap(page, 'embed-desktop-idle');
  assert.equal(errors, []);
  assert.equal(await uncaught(page), []);
  await close();
});

test('hover shows the chrome after 150 ms, hides 70 ms after leaving; footer offset = height + 72 px', async () => {
  const { page, close, requests } = await openEmbedPage(env, placeholder(IDS.plain) + '<div style="height:400px"></div>');
  await waitForState(page, 'ready');
  assert.is(await playerRoot(page).locator('.ft').count(), 0, 'no footer before the chrome is fetched');
  assert.equal(pluginCalls(requests), [], 'no plugin before the first hover');

  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await probeHover(page);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await timed(page, 'enter', 'shown', 150);
  const shown = await chrome(page);
  assert.is(shown.hovered, true);
  assert.is(shown.footer, 'none');
  assert.equal(pluginCalls(requests).sort(), ['chrome', 'related', 'share'], 'chrome, share and related requested at the first hover');

  await snap(page, 'embed-desktop-hover');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height + 200);
  await timed(page, 'leave', 'hidden', 70);
  const after = await chrome(page);
  assert.is(after.hovered, false);
  // Once its slide has ended: the footer's top 72 px below the player's bottom, its whole height down.
  const { moved, height } = await page.locator(PLACEHOLDER).evaluate((el) => new Promise<{ moved: number; height: number }>((resolve) => {
    const root = el.shadowRoot!.querySelector('.r')!;
    const footer = root.querySelector<HTMLElement>('.ft')!;
    const measure = () => resolve({ moved: Math.round(footer.getBoundingClientRect().top - root.getBoundingClientRect().bottom), height: footer.offsetHeight });
    if (getComputedStyle(footer).transform === `matrix(1, 0, 0, 1, 0, ${footer.offsetHeight + 72})`) measure();
    else footer.addEventListener('transitionend', measure, { once: true });
  }));
  assert.ok(height > 0, 'the footer has its height');
  assert.is(moved, 72, 'hidden footer offset = height + 72 px');

  // A pass shorter than 150 ms never shows the chrome: the pointer enters and leaves 20 ms later
  // by the page's own clock, whose 20 ms timer fires before its 150 ms one however busy the machine.
  await page.locator(PLACEHOLDER).evaluate((el) => {
    const root = el.shadowRoot!.querySelector('.r')!;
    root.dispatchEvent(new MouseEvent('mouseenter'));
    setTimeout(() => root.dispatchEvent(new MouseEvent('mouseleave')), 20);
  });
  assert.not.ok(await followedWithin(page, 'enter', 'shown', 150), 'a 20 ms pass does not show the chrome');
  await close();
});

test('share: opening hides the footer, the menu renders, Escape and the close control close it', async () => {
  const { page, close } = await openEmbedPage(env, placeholder(IDS.plain));
  await waitForState(page, 'ready');
  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 100);
  const root = playerRoot(page);
  await root.getByRole('button', { name: 'Share' }).click();
  await root.locator('.ov').waitFor();
  const ov = root.locator('.ov');
  await ov.locator('input').first().waitFor();
  assert.ok((await ov.locator('input').count()) >= 2, 'embed code and link fields');
  const footer = await root.locator('.ft').evaluate((el) => (el as HTMLElement).style.transform);
  assert.not.equal(footer, 'none', 'footer hidden while sharing');
  await snap(page, 'embed-desktop-share');
  await page.keyboard.press('Escape');
  await root.locator('.ov').waitFor({ state: 'detached' });
  await close();
});

test('twitter share through the main site: the login, back through finalize, to the tweet page with the intent; once logged in, straight to the tweet page', async () => {
  const { page, context, close } = await openEmbedPage(env, placeholder(IDS.plain));
  await waitForState(page, 'ready');
  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 100);
  const root = playerRoot(page);
  await root.getByRole('button', { name: 'Share' }).click();
  const twitter = root.locator('[data-network="twitter"]');
  await twitter.waitFor();
  const visited: string[] = [];
  context.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (r.isNavigationRequest() && /^\/(?:login\/twitter|gifs\/[^/]+\/tweet)/.test(path)) visited.push(path);
  });
  const tweetPath = `/gifs/${IDS.plain}/tweet`;

  const [first] = await Promise.all([page.waitForEvent('popup'), twitter.click()]);
  await first.waitForURL((url) => url.pathname === tweetPath);
  assert.equal(visited, ['/login/twitter', '/login/twitter/finalize', tweetPath], 'login, finalize, tweet page');
  const intent = new URL((await first.locator('#tweet').getAttribute('href'))!);
  assert.is(intent.origin + intent.pathname, 'https://twitter.com/intent/tweet');
  assert.is(intent.searchParams.get('url'), `${env.base}/g/${IDS.plain}`, 'the short link');
  assert.is(intent.searchParams.get('tc'), '1');
  assert.ok(await first.locator('img').isVisible(), 'the GIF on the tweet page');
  await first.close();
  assert.match(await page.evaluate(() => document.cookie), /(^|; )twitter_upload_login=1/);

  visited.length = 0;
  const [second] = await Promise.all([page.waitForEvent('popup'), twitter.click()]);
  await second.waitForURL((url) => url.pathname === tweetPath);
  assert.equal(visited, [tweetPath], 'logged in: no login again');
  await second.close();
  await close();
});

test('the cutout: a window in the footer around the call-to-action where the GIF shows; under 200 px tall or 250 px wide (each rule alone) it goes with the header, footer and share', async () => {
  const boxes: [string, number, number][] = [['big', 480, 360], ['narrow', 249, 400], ['short', 400, 199], ['edge', 250, 200]];
  const body = boxes.map(([id, w, h]) => `<div style="margin:0 0 24px">${placeholder(IDS.plain, `id="${id}" data-theme="light"`, w, h)}</div>`).join('');
  const { page, close } = await openEmbedPage(env, body, { device: { viewport: { width: 1000, height: 1400 } } });
  await waitForState(page, 'ready', boxes.length);
  const hoverOn = async (id: string, small = false) => {
    const b = (await page.locator(`#${id}`).boundingBox())!;
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
    const root = page.locator(`#${id}`).locator('.r');
    // The pause button is in the header from the start; the logo link comes with the chrome,
    // which a small box does not build.
    if (!small) await root.locator('.hd a.ic').waitFor({ state: 'attached' });
    return root;
  };

  const big = await hoverOn('big');
  await big.locator('.ft').evaluate((el) => new Promise<void>((done) => {
    const check = () => (getComputedStyle(el).transform === 'none' ? done() : requestAnimationFrame(check));
    check();
  }));
  const cutout = big.locator('.co');
  assert.ok(await cutout.isVisible(), 'the cutout is part of the shown chrome');
  const cta = (await big.locator('a.cta').boundingBox())!;
  const frame = (await cutout.boundingBox())!;
  assert.ok(frame.x < cta.x && frame.x + frame.width > cta.x + cta.width && frame.y < cta.y, 'the window frames the call-to-action');
  // What is painted: the light panel beside the window, the GIF (not the panel) in the window's ring.
  const shot = async (x: number, y: number) => {
    const png = await page.screenshot({ clip: { x, y, width: 1, height: 1 } });
    return page.evaluate(async (data) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const c = new OffscreenCanvas(1, 1).getContext('2d')!;
      c.drawImage(img, 0, 0);
      return [...c.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    }, png.toString('base64'));
  };
  const midY = Math.round(cta.y + cta.height / 2);
  const panel = await shot(Math.round(frame.x - 6), midY);
  const ring = await shot(Math.round((frame.x + cta.x) / 2), midY);
  assert.ok(panel.every((c) => c > 220), `the panel beside the window is light: ${panel}`);
  assert.ok(!ring.every((c) => c > 220), `the GIF shows in the window: ${ring}`);
  assert.is(await big.getByRole('button', { name: 'Share' }).isVisible(), true);
  await page.mouse.move(990, 1390);

  for (const id of ['narrow', 'short']) {
    const root = await hoverOn(id, true);
    assert.ok(await root.evaluate((el) => el.classList.contains('s')), `${id}: the small layout`);
    // Hovered (what shows the chrome on a big box), and still none of it: none is built.
    await page.waitForFunction((el) => el!.classList.contains('h'), await root.elementHandle());
    assert.is(await root.locator('.hd a.ic, .ft').count(), 0, `${id}: no chrome built, though its file is here`);
    assert.is(await root.locator('.co').isVisible(), false, `${id}: no cutout`);
    assert.is(await root.locator('.ft').isVisible(), false, `${id}: no footer`);
    assert.is(await root.getByRole('button', { name: 'Share' }).isVisible(), false, `${id}: no share menu to open`);
    assert.is(await root.locator('.hd a.ic').isVisible(), false, `${id}: no header overlay`);
    assert.is(await root.getByRole('button', { name: 'Pause' }).isVisible(), true, `${id}: pause/play stays`);
    await page.mouse.move(990, 1390);
  }
  const edge = await hoverOn('edge');
  assert.not.ok(await edge.evaluate((el) => el.classList.contains('s')), '250 x 200 is big enough');
  await edge.getByRole('button', { name: 'Share' }).waitFor({ state: 'visible' });
  await close();
});

/**
 * Starts sampling, in the page, `read()`'s opacity every frame until it has stayed at `to` for
 * a while or `ms` passed; `samples()` then gives [time, opacity] pairs. Timing is the page's own.
 */
async function sampleOpacity(page: import('playwright-core').Page, pierce: string, ms = 1500) {
  await page.evaluate(([selector, limit]) => {
    const w = window as unknown as { __samples: [number, number][]; __sampled: boolean };
    w.__samples = [];
    w.__sampled = false;
    const started = performance.now();
    const find = (): Element | null => {
      // `host >>> inner`: a selector in the first shadow root that has a match.
      const [host, inner] = (selector as string).split(' >>> ');
      for (const el of document.querySelectorAll(host)) {
        const found = el.shadowRoot?.querySelector(inner);
        if (found) return found;
      }
      return null;
    };
    const tick = (now: number) => {
      const el = find();
      if (el) w.__samples.push([now, Number(getComputedStyle(el).opacity)]);
      if (now - started < (limit as number)) requestAnimationFrame(tick);
      else w.__sampled = true;
    };
    requestAnimationFrame(tick);
  }, [pierce, ms] as const);
  return async () => {
    await page.waitForFunction(() => (window as unknown as { __sampled: boolean }).__sampled);
    return page.evaluate(() => (window as unknown as { __samples: [number, number][] }).__samples);
  };
}

/** From samples, how long the opacity took from leaving `from` to reaching `to`, and whether it passed through the middle. */
function fade(samples: [number, number][], from: number, to: number) {
  const leaving = samples.find(([, o]) => Math.abs(o - from) > 0.02);
  const arrived = samples.find(([t, o]) => leaving && t >= leaving[0] && Math.abs(o - to) < 0.02);
  const middle = samples.some(([, o]) => o > 0.15 && o < 0.85);
  return { ms: leaving && arrived ? arrived[0] - leaving[0] : NaN, middle };
}

test('the ready signal comes at the end of the 0.4 s entry animation, not at the 700 ms fallback; the header fades in over 0.4 s on hover', async () => {
  const { page, close } = await openEmbedPage(env, placeholder(IDS.plain), {
    prepare: (context) => context.addInitScript((entryAnimation) => {
      // When the entry animation's start is dispatched, a reference timer of its 0.4 s starts: on
      // a busy machine it fires late by as much as the player's own timing.
      const w = window as unknown as { __readyAt: number; __startAt: number; __refAt: number; __entry: Animation };
      document.addEventListener('gif-embed:ready', () => (w.__readyAt = performance.now()), true);
      const attach = Element.prototype.attachShadow;
      Element.prototype.attachShadow = function (init) {
        const root = attach.call(this, init);
        root.addEventListener('animationstart', (event) => {
          if (w.__startAt || !(event.target as Element).classList.contains('r')) return;
          w.__startAt = performance.now();
          // The fading layer's animation (the box's ::before), kept: the class that runs it goes at ready.
          w.__entry = (event.target as Element).getAnimations({ subtree: true }).find((a) => (a as CSSAnimation).animationName === entryAnimation)!;
          setTimeout(() => (w.__refAt = performance.now()), 400);
        }, true);
        return root;
      };
    }, ENTRY_ANIMATION),
  });
  await waitForState(page, 'ready');
  await page.waitForFunction(() => (window as unknown as { __refAt?: number }).__refAt);
  const entry = await page.evaluate(() => {
    const w = window as unknown as { __readyAt: number; __startAt: number; __refAt: number; __entry: Animation };
    const animation = w.__entry;
    // From the animation's own start (its start event is dispatched a frame after it).
    const start = Number(animation.startTime);
    return { duration: Number(animation.effect!.getTiming().duration), ready: w.__readyAt - start, ref: w.__refAt - start };
  });
  assert.is(entry.duration, 400, 'the entry animation lasts 0.4 s');
  // At its end: no sooner than 0.4 s, no later than the page's own 0.4 s timer and a render
  // (the 700 ms fallback would come 300 ms after that timer).
  assert.ok(entry.ready >= 390 && entry.ready <= entry.ref + RENDER_MS, `ready ${Math.round(entry.ready)} ms after the entry animation started (this page's 400 ms timer took ${Math.round(entry.ref)}; its end, not the 700 ms fallback)`);

  // The chrome comes once the page is idle; then a hover fades the header in over 0.4 s.
  const root = playerRoot(page);
  await root.locator('.hd a.ic').waitFor({ state: 'attached' });
  const samples = await sampleOpacity(page, `${PLACEHOLDER} >>> .hd a.ic`);
  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 100);
  const fadeIn = fade(await samples(), 0, 1);
  assert.ok(fadeIn.middle, 'the header passes through the middle: a fade, not a jump');
  // It lasts its 0.4 s (a busy machine's late frames can only lengthen what the samples see).
  assert.ok(fadeIn.ms >= 300, `the header fades in over ${Math.round(fadeIn.ms)} ms`);
  assert.is(await root.locator('.hd a.ic').evaluate((el) => getComputedStyle(el).transitionDuration.split(',').some((d) => d.trim() === '0.4s')), true, 'a 0.4 s transition');
  await close();
});

test('the plain snippet\'s GIF shows at full strength from its first decoded frame, while the box fades in around it', async () => {
  const { page, close } = await openEmbedPage(env, placeholder(IDS.plain), {
    // Every frame from the first byte: the box's background when the player first appears, and
    // how opaque the GIF is drawn in the first frame its file is decoded.
    prepare: (context) => context.addInitScript((entryAnimation) => {
      // tsx names the functions below through a global helper the page does not have.
      (window as unknown as { __name: unknown }).__name ??= (f: unknown) => f;
      const w = window as unknown as { __entry: { firstBackground?: string; firstLayer?: string; from?: unknown; gifOpacity?: number } };
      w.__entry = {};
      const opacityOf = (el: Element) => {
        let o = 1;
        for (let n: Element | null = el; n; n = n.parentElement || ((n.getRootNode() as ShadowRoot).host ?? null)) o *= Number(getComputedStyle(n).opacity);
        return o;
      };
      const tick = () => {
        const root = document.querySelector('[data-gif-id]')?.shadowRoot?.querySelector('.r');
        // The box's background, and the layer under its contents that fades in with it, in the
        // first frame after the one that began the fade (the box's contents, the layer among them,
        // are laid out from the first frame that shows the box).
        const fade = root?.getAnimations({ subtree: true }).find((a) => (a as CSSAnimation).animationName === entryAnimation);
        if (fade && w.__entry.firstBackground === undefined) {
          const layer = getComputedStyle(root!, '::before');
          w.__entry.firstBackground = getComputedStyle(root!).backgroundColor;
          w.__entry.firstLayer = `${layer.backgroundColor} at opacity ${layer.opacity}`;
          w.__entry.from = (fade.effect as KeyframeEffect).getKeyframes()[0].opacity;
        }
        const img = root?.querySelector<HTMLImageElement>('.g img');
        if (img?.complete && img.naturalWidth > 0) w.__entry.gifOpacity ??= opacityOf(img);
        if (w.__entry.gifOpacity === undefined || w.__entry.firstBackground === undefined) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    }, ENTRY_ANIMATION),
  });
  await waitForState(page, 'ready');
  const entry = await page.evaluate(() => (window as unknown as { __entry: { firstBackground: string; firstLayer: string; from: unknown; gifOpacity: number } }).__entry);
  assert.is(entry.gifOpacity, 1, 'the first decoded frame is drawn at full strength');
  assert.is(entry.firstBackground, 'rgba(0, 0, 0, 0)', 'the box itself is clear while it enters');
  assert.is(entry.from, '0', 'the dark layer fades in from nothing');
  const [, layerOpacity] = /^rgb\(18, 18, 18\) at opacity ([\d.]+)$/.exec(entry.firstLayer) ?? [];
  assert.ok(Number(layerOpacity) < 1, `the box's dark comes in faded (its layer: ${entry.firstLayer})`);
  // At ready the box holds its background itself, the layer gone.
  const after = await playerRoot(page).evaluate((root) => [getComputedStyle(root).backgroundColor, getComputedStyle(root, '::before').content]);
  assert.equal(after, ['rgb(18, 18, 18)', 'none'], 'after the entry, the box\'s own background');
  await close();
});

test('the entry fade is the compositor\'s: the browser runs it off the page\'s main thread, which paints no frame for it', async () => {
  const { page, close } = await openEmbedPage(env, placeholder(IDS.wide));
  await waitForState(page, 'ready');
  // A second player, mounted in view while the browser records: its fade is the one measured.
  await env.browser.startTracing(page, { categories: ['devtools.timeline', 'blink.animations', 'disabled-by-default-devtools.timeline'] });
  let events: TraceEvent[] = [];
  try {
    await page.evaluate((id) => {
      const el = document.createElement('div');
      el.dataset.gifId = id;
      document.body.prepend(el);
      (window as unknown as { GifEmbed: { mount(el: Element): void } }).GifEmbed.mount(el);
    }, IDS.plain);
    await waitForState(page, 'ready', 2);
  } finally {
    events = (JSON.parse((await env.browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  }
  const fade = events.filter((e) => e.name === 'Animation' && e.args?.data?.displayName === ENTRY_ANIMATION);
  assert.ok(fade.length > 0, 'the entry animation ran while the browser recorded');
  const failed = events.filter((e) => e.name === 'Animation' && e.args?.data?.compositeFailed).map((e) => JSON.stringify(e.args!.data));
  assert.equal(failed, [], 'no animation of the entry left to the main thread');
  await close();
});

test('the page\'s frames are its own: no script of ours runs in the task that renders a frame (its style, layout and paint)', async () => {
  // The browser records from before the page loads; the page's first frames, and the wait for
  // them before the player file is fetched, are in it.
  let tracing = false;
  const stop = async () => (tracing ? ((tracing = false), (JSON.parse((await env.browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents) : []);
  const { page, close } = await openEmbedPage(env, placeholder(IDS.plain), {
    prepare: async () => {
      await env.browser.startTracing(undefined, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
      tracing = true;
    },
  }).catch(async (error) => {
    await stop();
    throw error;
  });
  let events: TraceEvent[] = [];
  try {
    await waitForState(page, 'ready');
  } finally {
    events = await stop();
  }
  const frames = events.filter((e) => e.name === 'FireAnimationFrame' && e.ph === 'X');
  assert.ok(frames.length > 0, 'frames were recorded');
  const ours = events.filter((e) => e.name === 'FunctionCall' && /\/(embed\.js|plugins\/)/.test(e.args?.data?.url ?? ''));
  assert.ok(ours.length > 0, 'our scripts\' calls were recorded');
  const inFrames = ours.filter((call) => frames.some((f) => f.pid === call.pid && f.tid === call.tid && call.ts >= f.ts && call.ts < f.ts + (f.dur ?? 0)));
  assert.equal(inFrames.map((e) => e.args!.data!.url), [], 'none of our calls inside a frame\'s callbacks');
  await close();
});

test('placeholders mounted in one task render before it ends; only those in view fade in, those out of view show at once; each gets its pause button at ready (the end of its fade, or when the browser is idle)', async () => {
  const { page, close, requests } = await openEmbedPage(env, placeholder(IDS.plain));
  await waitForState(page, 'ready');
  const calls = apiCalls(requests).length;
  const mounted = await page.evaluate(async ([id, entryAnimation]) => {
    const make = () => {
      const el = document.createElement('div');
      el.dataset.gifId = id;
      el.dataset.width = '480';
      el.dataset.height = '270';
      return el;
    };
    const near = make();
    document.body.prepend(near);
    const spacer = document.createElement('div');
    spacer.style.height = '3000px';
    document.body.append(spacer);
    const far = [make(), make(), make(), make(), make()];
    document.body.append(...far);
    let framed = false;
    requestAnimationFrame(() => (framed = true));
    for (const el of [near, ...far]) (window as unknown as { GifEmbed: { mount(el: Element): void } }).GifEmbed.mount(el);
    await Promise.resolve();
    const state = (el: Element) => {
      const root = el.shadowRoot!.querySelector('.r')!;
      return {
        gif: !!root?.querySelector('img'), entering: root?.classList.contains('e'),
        cover: !!el.shadowRoot!.querySelector('.u:not(.v) slot'), pause: !!root?.querySelector('button[aria-label="Pause"]'),
      };
    };
    const before = { framed, near: state(near), far: far.map(state) };
    // The fade runs from the first frame that lays the player out (its box's contents wait for it).
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    const fading = [near, ...far].map((el) => el.shadowRoot!.querySelector('.r')!.getAnimations({ subtree: true }).filter((a) => (a as CSSAnimation).animationName === entryAnimation).length);
    return { ...before, fading };
  }, [IDS.plain, ENTRY_ANIMATION]);
  assert.is(mounted.framed, false, 'rendered before any frame');
  assert.equal(mounted.near, { gif: true, entering: true, cover: true, pause: false }, 'in view: the entry over the placeholder, the controls at its end');
  for (const far of mounted.far) assert.equal(far, { gif: true, entering: false, cover: false, pause: false }, 'out of view: the GIF at once, no entry');
  assert.equal(mounted.fading, [1, 0, 0, 0, 0, 0], 'only the player in view fades in');
  await waitForState(page, 'ready', 7);
  const pauses = await page.evaluate(() => [...document.querySelectorAll('[data-gif-id]')].map((el) => !!el.shadowRoot!.querySelector('.r button[aria-label="Pause"]')));
  assert.equal(pauses, [true, true, true, true, true, true, true], 'every player has its pause button once ready');
  assert.is(apiCalls(requests).length, calls, 'a GIF the page has: no request');
  assert.equal(await uncaught(page), []);
  await close();
});

test('in the narrowest player with chrome (250 px), a long name and handle give way to the header\'s controls (each hit at its centre, the texts inside the attribution) and the call-to-action ends in an ellipsis', async () => {
  // The YouTube item has every control (logo, Watch, pause, Share); the hostile creator the longest name and handle.
  const items = [IDS.youtube, IDS.hostile];
  const body = items.map((id) => `<div style="margin:0 0 24px">${placeholder(id, '', 250, 250)}</div>`).join('');
  const { page, close } = await openEmbedPage(env, body);
  await waitForState(page, 'ready', items.length);
  for (const id of items) {
    const player = page.locator(`[data-gif-id="${id}"]:not(.gif-embed-gif)`);
    await player.scrollIntoViewIfNeeded();
    const b = (await player.boundingBox())!;
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
    await player.locator('.hd button[aria-label="Share"]').waitFor();
    // Hit testing after the header's fade: a handle at 0.9 opacity is a layer of its own, over any control it reaches.
    await animationsDone(page);
    const found = await player.evaluate((el) => {
      const root = el.shadowRoot!;
      const at = root.querySelector('.at')!.getBoundingClientRect();
      const covered = [...root.querySelectorAll<HTMLElement>('.hd > .ic')].filter((control) => {
        const r = control.getBoundingClientRect();
        const hit = root.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !hit || !control.contains(hit);
      }).map((control) => control.getAttribute('aria-label'));
      const outside = [...root.querySelectorAll('.at > *')].filter((child) => {
        const r = child.getBoundingClientRect();
        return r.left < at.left - 0.5 || r.right > at.right + 0.5;
      }).map((child) => child.tagName);
      // The call-to-action, wider than the bar, is cut at its end (an ellipsis), its first word in view.
      const cta = root.querySelector('.cta')!;
      const start = document.createRange();
      start.setStart(cta.firstChild!, 0);
      start.setEnd(cta.firstChild!, 1);
      const ctaStart = start.getBoundingClientRect().left - cta.getBoundingClientRect().left;
      return { covered, outside, ctaStart, ctaCut: cta.scrollWidth > cta.clientWidth, controls: root.querySelectorAll('.hd > .ic').length };
    });
    assert.ok(found.controls >= 3, `${id}: the header has its controls`);
    assert.equal(found.covered, [], `${id}: every control is hit at its centre`);
    assert.equal(found.outside, [], `${id}: the name, badge and handle stay inside the attribution`);
    assert.ok(found.ctaCut, `${id}: the call-to-action is wider than a 250 px bar`);
    assert.ok(found.ctaStart >= 0, `${id}: the call-to-action's first letter is inside its bar (${found.ctaStart.toFixed(1)} px)`);
  }
  await close();
});

test('pause/play toggles the still and labels; keyboard reaches every control with visible focus', async () => {
  const { page, close } = await openEmbedPage(env, placeholder(IDS.plain));
  await waitForState(page, 'ready');
  const root = playerRoot(page);
  const img = root.locator('a.g img');
  const moving = await img.getAttribute('src');
  await page.keyboard.press('Tab');
  // Focus inside the player fetches the chrome and shows it at once (keyboard users cannot hover).
  await root.locator('.ft').waitFor({ state: 'attached' });
  assert.is((await chrome(page)).hovered, true);
  // The related grid's tiles are in the tab order once its first page arrived.
  await root.locator('[data-related-scroller] img').first().waitFor();
  const focused = () => page.evaluate(() => {
    const host = document.querySelector('[data-gif-id]')!;
    const el = host.shadowRoot!.activeElement as HTMLElement | null;
    // Related tiles draw their focus ring with an ::after box-shadow instead of an outline.
    const ring = el && getComputedStyle(el, '::after').boxShadow !== 'none';
    return el ? { label: el.getAttribute('aria-label') || el.textContent!.trim() || el.tagName, outline: ring ? 'solid' : getComputedStyle(el).outlineStyle } : null;
  });
  const seen: string[] = [];
  // GIF, logo, attribution, pause, share, the related tiles loaded so far (up to 6 + 12), CTA.
  for (let i = 0; i < 40 && !seen.some((l) => l.startsWith('Continue Watching')); i++) {
    const f = await focused();
    if (f) {
      seen.push(f.label);
      assert.is(f.outline, 'solid', `focus is visible on ${f.label} (${seen})`);
    }
    await page.keyboard.press('Tab');
  }
  assert.ok(seen.includes('Pause'), `pause reachable: ${seen}`);
  assert.ok(seen.includes('Share'), `share reachable: ${seen}`);
  assert.ok(seen.some((s) => s.startsWith('Continue Watching')), `CTA reachable: ${seen}`);
  await root.getByRole('button', { name: 'Pause' }).click();
  assert.is(await root.getByRole('button', { name: 'Play' }).count(), 1);
  const still = await img.getAttribute('src');
  assert.not.equal(still, moving);
  assert.match(still!, /_s\.gif|still/);
  await close();
});

test('prefers-reduced-motion: starts paused on the still with the play control shown', async () => {
  const { page, close } = await openEmbedPage(env, placeholder(IDS.plain), { device: { ...DESKTOP, reducedMotion: 'reduce' } });
  await waitForState(page, 'ready');
  const root = playerRoot(page);
  const play = root.getByRole('button', { name: 'Play' });
  assert.is(await play.count(), 1);
  assert.is(await play.evaluate((el) => getComputedStyle(el).opacity), '1', 'play control visible without hover');
  assert.match((await root.locator('a.g img').getAttribute('src'))!, /_s\.gif|still/);
  await close();
});

test('below 200 px tall or 250 px wide no chrome is shown, built or fetched at a hover; pause/play stays', async () => {
  // A GIF with youtube media: a big box would fetch the video plugin with its chrome.
  const { page, close, requests } = await openEmbedPage(env, placeholder(IDS.youtube, '', 240, 180));
  await waitForState(page, 'ready');
  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(box.x + 50, box.y + 50);
  // Shown 150 ms after the pointer came: a big box asks for its chrome file at once, long before.
  await page.waitForFunction((el) => el!.shadowRoot!.querySelector('.r')!.classList.contains('h'), await page.locator(PLACEHOLDER).elementHandle());
  assert.is(await playerRoot(page).locator('.hd a, .ft').count(), 0, 'no chrome built');
  assert.ok(await playerRoot(page).getByRole('button', { name: 'Pause' }).isVisible(), 'pause/play shows at the hover');
  assert.equal(pluginCalls(requests), [], 'no plugin file fetched: neither the chrome nor the video');
  await close();
});

test('media-embed toggle: video plugin only for provider media, back control returns to the GIF', async () => {
  const { page, close, requests } = await openEmbedPage(env, placeholder(IDS.youtube) + placeholder(IDS.plain));
  await waitForState(page, 'ready', 2);
  const first = page.locator(PLACEHOLDER).first();
  const box = (await first.boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 100);
  await eventually(() => pluginCalls(requests).includes('video'), 'the video plugin for the youtube GIF');
  const watch = first.locator('.hd button[aria-label^="Watch"]');
  await watch.click();
  await first.locator('.r > :first-child').waitFor();
  await first.locator('a.g').waitFor({ state: 'detached' });
  assert.is(await first.locator('a.g').count(), 0, 'GIF view replaced by the media view');
  await snap(page, 'embed-desktop-video');
  const back = first.getByRole('button', { name: /GIF/ }).first();
  await back.click();
  await first.locator('a.g').waitFor();
  await close();

  const plain = await openEmbedPage(env, placeholder(IDS.plain));
  await waitForState(plain.page, 'ready');
  const b = (await plain.page.locator(PLACEHOLDER).boundingBox())!;
  await plain.page.mouse.move(b.x + 100, b.y + 100);
  // Positive control: the hover's own plugins came, and the chrome shows; a video plugin would
  // have been asked for with them.
  await eventually(() => ['chrome', 'share', 'related'].every((name) => pluginCalls(plain.requests).includes(name)), 'the hover\'s plugins');
  await playerRoot(plain.page).locator('a.cta').waitFor();
  assert.not.ok(pluginCalls(plain.requests).includes('video'), 'no video plugin for a GIF without provider media');
  await plain.close();
});

test('plugins load on idle without a hover (desktop); related GIFs are asked for only at the first hover', async () => {
  const { page, close, requests } = await openEmbedPage(env, placeholder(IDS.plain));
  await waitForState(page, 'ready');
  assert.equal(pluginCalls(requests), []);
  await eventually(() => pluginCalls(requests).length === 3, 'the plugins asked for when the page is idle');
  assert.equal(pluginCalls(requests).sort(), ['chrome', 'related', 'share']);
  await playerRoot(page).locator('a.cta').waitFor({ state: 'attached' });
  assert.is(await playerRoot(page).locator('a.cta').count(), 1, 'the chrome is there before the visitor hovers');
  const relatedCalls = () => apiCalls(requests).filter((c) => c.startsWith('/v1/gifs/related'));
  assert.equal(relatedCalls(), [], 'an embed nobody hovered costs no related request');
  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 100);
  await playerRoot(page).locator('[data-related-scroller] img').first().waitFor();
  assert.is(relatedCalls().length, 1, 'the first page is fetched once the footer shows');
  await close();
});

test('a small player builds no chrome when the page is idle, where a big one beside it does', async () => {
  const { page, close } = await openEmbedPage(env, placeholder(IDS.unverified, 'id="small"', 240, 180) + placeholder(IDS.plain, 'id="big"'));
  await waitForState(page, 'ready', 2);
  await page.locator('#big .cta').waitFor({ state: 'attached' });
  // The small player, first on the page, had its idle time with the big one's: the page is let
  // go idle twice more, time enough to build a chrome it had asked for.
  for (let i = 0; i < 2; i++) await page.evaluate(() => new Promise((done) => requestIdleCallback(() => setTimeout(done))));
  const small = page.locator('#small .r');
  assert.ok(await small.evaluate((el) => el.classList.contains('s')), 'the small layout');
  assert.is(await small.locator('.hd a.ic, .ft').count(), 0, 'no chrome built in the small box');
  await small.locator('a.g').focus();
  await small.getByRole('button', { name: 'Pause' }).waitFor();
  await page.keyboard.press('Tab');
  assert.is(await page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.getAttribute('aria-label')), 'Pause', 'Tab goes from the GIF to pause/play');
  await close();
});

test('players waiting for the chrome file each render it in a task of their own when it arrives', async () => {
  // The chrome file is held back until all three players have asked for it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const { page, close, requests } = await openEmbedPage(env, [IDS.plain, IDS.unverified, IDS.noUser].map((id) => placeholder(id, '', 300, 225)).join(''), {
    prepare: (context) => context.route(/\/plugins\/chrome\.[^/]*js$/, async (route) => {
      await held;
      await route.continue();
    }),
  });
  await waitForState(page, 'ready', 3);
  // Each player wants its chrome at focus; the first asks for the file, the others wait for it.
  const asked = page.waitForRequest(/\/plugins\/chrome\./);
  await page.evaluate((selector) => {
    for (const host of document.querySelectorAll(selector)) host.shadowRoot!.querySelector<HTMLElement>('.hd button')!.focus();
  }, PLACEHOLDER);
  await asked;
  assert.equal(pluginCalls(requests), ['chrome']);
  // Mutations are delivered at the end of each task (a microtask checkpoint): one delivery that
  // adds the chrome to two players means they rendered it in one task.
  await page.evaluate((selector) => {
    const w = window as unknown as { __chromeBatches: number[] };
    w.__chromeBatches = [];
    const observer = new MutationObserver((records) => {
      const players = new Set(records.filter((r) => [...r.addedNodes].some((n) => n instanceof Element && (n.matches('.ft') || n.querySelector('.ft')))).map((r) => r.target.getRootNode()));
      if (players.size) w.__chromeBatches.push(players.size);
    });
    for (const host of document.querySelectorAll(selector)) observer.observe(host.shadowRoot!, { childList: true, subtree: true });
  }, PLACEHOLDER);
  release();
  await page.waitForFunction((selector) => [...document.querySelectorAll(selector)].every((host) => host.shadowRoot!.querySelector('.ft')), PLACEHOLDER);
  assert.equal(await page.evaluate(() => (window as unknown as { __chromeBatches: number[] }).__chromeBatches), [1, 1, 1]);
  await close();
});

test('grid active: hide waits 1000 ms after the visitor scrolled the related grid; the grid scrolls back on hover-out', async () => {
  const { page, close } = await openEmbedPage(env, placeholder(IDS.plain) + '<div style="height:600px"></div>');
  await waitForState(page, 'ready');
  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 100);
  const scroller = playerRoot(page).locator('[data-related-scroller]');
  await scroller.locator('img').first().waitFor();
  await animationsDone(page);
  const sb = (await scroller.boundingBox())!;
  await page.mouse.move(sb.x + sb.width / 2, sb.y + sb.height / 2);
  await page.mouse.wheel(0, 120);
  await eventually(() => scroller.evaluate((el) => el.scrollTop > 0), 'the grid to scroll');
  await probeHover(page);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height + 200);
  await timed(page, 'leave', 'hidden', 1000);
  await eventually(() => scroller.evaluate((el) => el.scrollTop === 0), 'the grid scrolled back to its top on hover-out');
  await close();
});

test('CSP with a nonce: the player, its styles and the plugins it adds all work under a strict policy', async () => {
  const nonce = 'n0nce4test';
  // A snippet without a style attribute (the policy would block it): the loader reserves the box.
  const snippet = `<div data-gif-id="${IDS.plain}" data-width="480" data-height="360"><a href="/gifs/${IDS.plain}">GIF</a></div>`;
  const { page, close, requests, errors } = await openEmbedPage(env, snippet + '<script>window.__inlineRan = true;</script>', {
    nonce,
    headers: { 'content-security-policy': `script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'` },
  });
  await waitForState(page, 'ready');
  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 100);
  const root = playerRoot(page);
  await root.locator('[data-related-scroller]').waitFor();
  assert.equal(pluginCalls(requests).sort(), ['chrome', 'related', 'share']);
  const tags = await page.evaluate(() => [...document.querySelectorAll('script[src*="/plugins/"]')].map((s) => (s as HTMLScriptElement).nonce));
  assert.equal(tags, [nonce, nonce, nonce, nonce], 'the player\'s and the plugins\' scripts carry the nonce');
  // The styles apply: the header is laid out as a 48 px flex row.
  assert.is(await root.locator('.hd').evaluate((el) => getComputedStyle(el).height), '48px');
  assert.is(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan), undefined, 'the policy is in force');
  assert.is(Math.round((await page.locator(PLACEHOLDER).boundingBox())!.height), 360, 'box reserved through the CSSOM');
  // The one violation is the page's own un-nonced inline script, blocked on purpose.
  assert.equal(errors.filter((e) => /Content Security Policy/i.test(e) && !/inline script/i.test(e)), []);
  await close();
});

test('trackEvent names reach the page data layer: Hover Image, Click Pause / Share / Image / View More CTA, Embed events', async () => {
  const { page, close, context } = await openEmbedPage(env, placeholder(IDS.plain), { head: '<script>window.dataLayer = [];</script>' });
  await waitForState(page, 'ready');
  const root = playerRoot(page);
  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 150);
  // The chrome shown, and the hover counted (200 ms over the GIF, in the page's time).
  await page.waitForFunction(() => document.querySelector('[data-gif-id]')!.shadowRoot!.querySelector('.r')!.classList.contains('h'));
  await eventually(() => page.evaluate(() => (window as unknown as { dataLayer: { eventCategory: string }[] }).dataLayer.some((e) => e.eventCategory === 'Hover')), 'the Hover event');
  await root.getByRole('button', { name: 'Pause' }).click();
  await root.getByRole('button', { name: 'Share' }).click();
  await root.locator('.ov input').first().waitFor();
  await page.keyboard.press('Escape');
  await root.locator('.ov').waitFor({ state: 'detached' });
  await animationsDone(page);
  for (const target of ['a.cta', 'a.g']) {
    const popup = context.waitForEvent('page', { timeout: 5000 }).catch(() => undefined);
    // The GIF's upper part: its centre is under the open footer.
    await root.locator(target).click(target === 'a.g' ? { position: { x: 60, y: 80 } } : {});
    const opened = await popup;
    assert.ok(opened, `${target} opened the GIF page in a new window`);
    await opened!.close();
  }
  const events = await page.evaluate(() =>
    (window as unknown as { dataLayer: { eventCategory: string; eventAction: string; eventLabel?: string }[] }).dataLayer.map(
      (e) => [e.eventCategory, e.eventAction, e.eventLabel ?? ''].join('/'),
    ),
  );
  for (const expected of ['Hover/Image/', 'Embed/Hover/Image', 'Click/Pause/', 'Click/Share/', 'Click/View More CTA/', 'Embed/Click/Link', 'Click/Image/', 'Embed/Click/Image']) {
    assert.ok(events.includes(expected), `${expected} in ${JSON.stringify(events)}`);
  }
  await close();
});

test('related grid in the footer: first page of 6, next page of 12 on scroll, through the player API call, each a page view', async () => {
  const { page, close, requests } = await openEmbedPage(env, '<script>window.dataLayer = [];</script>' + placeholder(IDS.plain));
  await waitForState(page, 'ready');
  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 100);
  const root = playerRoot(page);
  const scroller = root.locator('[data-related-scroller]');
  await scroller.locator('img').first().waitFor();
  await animationsDone(page);
  const sb = (await scroller.boundingBox())!;
  await page.mouse.move(sb.x + sb.width / 2, sb.y + sb.height / 2);
  const relatedCalls = () => apiCalls(requests).filter((c) => c.startsWith('/v1/gifs/related'));
  // Scrolled down until the grid's end loader asks for the next page.
  for (let i = 0; i < 20 && relatedCalls().length < 2; i++) {
    await page.mouse.wheel(0, 300);
    await frames(page);
  }
  const related = await eventually(() => relatedCalls().length >= 2 && relatedCalls(), 'the second page of related GIFs');
  assert.ok(related.length >= 2, `paged: ${related}`);
  assert.match(related[0], /offset=0&limit=6/);
  assert.match(related[1], /offset=6&limit=12/);
  assert.ok(related.every((c) => c.includes(`gif_id=${IDS.plain}`)));
  // A page view is counted when its page has arrived, a task after its request was seen.
  const pageViews = () => page.evaluate(() => (window as unknown as { dataLayer: { event: string; virtualPageURL: string }[] }).dataLayer
    .filter((e) => e.event === 'VirtualPageview').map((e) => e.virtualPageURL));
  const views = await eventually(async () => { const v = await pageViews(); return v.length >= 2 && v; }, 'the second page view');
  assert.match(views[0], /^\/gifs\/[\w-]+\/related\/page\/1$/);
  assert.match(views[1], /\/related\/page\/2$/);
  await close();
});

test('a short desktop player (320x220) still reveals the Related Gifs grid on hover, with a row of tiles above the bar', async () => {
  const { page, close } = await openEmbedPage(env, placeholder(IDS.plain, '', 320, 220));
  await waitForState(page, 'ready');
  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 30);
  const root = playerRoot(page);
  await root.getByRole('heading', { name: 'Related Gifs' }).waitFor();
  const tile = root.locator('[data-related-scroller] img').first();
  await tile.waitFor();
  await animationsDone(page);
  const [heading, first, cta] = await Promise.all([
    root.getByRole('heading', { name: 'Related Gifs' }).boundingBox(),
    tile.boundingBox(),
    root.locator('a.cta').boundingBox(),
  ]);
  assert.ok(heading!.y >= box.y && heading!.y + heading!.height <= first!.y + 1, 'the header above the tiles, inside the player');
  assert.ok(first!.y + 20 <= cta!.y, `at least 20 px of the first row shows above the bar (${first!.y}, ${cta!.y})`);
  assert.ok(cta!.y + cta!.height <= box.y + box.height, 'the bar inside the player');
  await close();
});

test('Watch opens the video in one click: nothing of the provider before it, its player right after, with one Play Vimeo', async () => {
  const provider: string[] = [];
  const { page, close } = await openEmbedPage(env, '<script>window.dataLayer = [];</script>' + placeholder(IDS.vimeo), {
    prepare: (context) => Promise.all([
      context.route('https://vimeo.com/api/oembed.json**', (route) => {
        provider.push(route.request().url());
        return route.fulfill({ contentType: 'application/json', body: '{"type":"video","title":"clip"}' });
      }),
      context.route('https://player.vimeo.com/**', (route) => {
        provider.push(route.request().url());
        return route.fulfill({ contentType: 'text/html', body: '<body style="background:#1ab7ea">vimeo player</body>' });
      }),
    ]),
  });
  await waitForState(page, 'ready');
  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 100);
  const root = playerRoot(page);
  const watch = root.getByRole('button', { name: 'Watch on Vimeo' });
  await watch.waitFor();
  assert.equal(provider, [], 'nothing asked of the provider before Watch');
  await watch.click();
  const frame = root.locator('[data-video-frame="vimeo"] iframe');
  await frame.waitFor();
  assert.match((await frame.getAttribute('src'))!, /^https:\/\/player\.vimeo\.com\/video\//);
  assert.ok(provider[0].startsWith('https://vimeo.com/api/oembed.json'), `the video checked first: ${provider}`);
  const plays = await page.evaluate(() => (window as unknown as { dataLayer: { eventCategory?: string; eventAction?: string }[] }).dataLayer
    .filter((e) => e.eventCategory === 'Click' && e.eventAction === 'Play Vimeo').length);
  assert.is(plays, 1, 'one Play Vimeo for the one click');
  await close();
});

test('related grid error view: Error loading GIFs. with a Try again? that loads the grid', async () => {
  await armFailure(env.base, 'status=500&path=/v1/gifs/related');
  const { page, close, requests } = await openEmbedPage(env, placeholder(IDS.plain));
  await waitForState(page, 'ready');
  const box = (await page.locator(PLACEHOLDER).boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 100);
  const root = playerRoot(page);
  await root.getByText('Error loading GIFs.').waitFor();
  await snap(page, 'embed-desktop-related-error');
  await root.getByText('Try again?').click();
  await root.locator('[data-related-scroller] img').first().waitFor();
  assert.ok(apiCalls(requests).filter((c) => c.startsWith('/v1/gifs/related')).length >= 2);
  assert.is(await page.locator(PLACEHOLDER).getAttribute('data-gif-embed-state'), 'ready', 'the player itself was never in error');
  await close();
});

test('/embed/{id}?related: the player, then the related widget at the window width minus 30 px', async () => {
  const { page, context, errors } = await open(env, `/embed/${IDS.plain}?related`, { viewport: { width: 520, height: 800 } });
  await waitForState(page, 'ready');
  const widget = page.locator('[data-gif-related]');
  await widget.locator('.gif-embed-gif').nth(2).waitFor();
  const widths = await widget.locator('.gif-embed-gif').evaluateAll((els) => [...new Set(els.map((e) => (e as HTMLElement).style.width))]);
  assert.equal(widths, [`${Math.floor((520 - 30 - 12) / 3)}px`]);
  const heights = await widget.locator('.gif-embed-gif').evaluateAll((els) => els.slice(0, 3).map((e) => parseInt((e as HTMLElement).style.height, 10)));
  assert.is(await widget.locator('[data-related-scroller]').evaluate((e) => (e as HTMLElement).style.height), `${Math.max(...heights)}px`);
  assert.is(await widget.locator('h2').textContent(), 'Related Gifs');
  assert.equal(errors, []);
  await snap(page, 'embed-page-related-widget');
  await context.close();
});

test('/embed/{id}?related at 390 and 1280 px: the player across the widget\'s width, no taller than 70% of the window, the widget below it, nothing wider than the window', async () => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    const { page, context, errors } = await open(env, `/embed/${IDS.plain}?related`, { viewport });
    await waitForState(page, 'ready');
    const widget = page.locator('[data-gif-related]');
    await widget.locator('.gif-embed-gif').nth(2).waitFor();
    const player = (await page.locator('#giphy-embed').boundingBox())!;
    const row = (await widget.locator('[data-related-scroller]').boundingBox())!;
    const size = `${viewport.width} px`;
    assert.is(Math.round(player.x), 15, size);
    assert.is(Math.round(player.width), viewport.width - 30, size);
    assert.ok(player.height <= viewport.height * 0.7 + 1 && player.height > 100, `${size}: ${player.height}`);
    assert.ok(row.y >= player.y + player.height, `${size}: the widget below the player`);
    assert.is(Math.round(row.x), 15, size);
    assert.ok(await page.evaluate('document.documentElement.scrollWidth <= innerWidth'), `${size}: no sideways scroll`);
    await page.waitForFunction(() => document.title === '\u2068Bouncing Dots\u2069 and related GIFs');
    assert.equal(errors, []);
    await snap(page, `embed-page-related-${viewport.width}`);
    await context.close();
  }
});

test('the iframe player page /embed/{id} fills its window with the same player', async () => {
  const { page, context, errors } = await open(env, `/embed/${IDS.plain}`, { viewport: { width: 480, height: 360 } });
  await waitForState(page, 'ready');
  const box = (await page.locator('#giphy-embed').boundingBox())!;
  assert.equal([box.x, box.y, box.width, box.height], [0, 0, 480, 360]);
  const root = playerRoot(page, '#giphy-embed');
  assert.is(await root.locator('.mf').count(), 0, 'the desktop layout: no mobile footer');
  await page.mouse.move(240, 180);
  await root.locator('a.cta').waitFor({ state: 'attached' });
  await animationsDone(page);
  assert.is((await root.locator('a.cta').textContent())!.trim(), 'Continue Watching on GIF Embed');
  await snap(page, 'embed-iframe-page');
  assert.equal(errors.filter((e) => !e.includes('404')), []);
  await context.close();
});

test("avatars: the 80 px /80h rendition of the creator's avatar; a creator without one shows the same default (1-5) on each of their GIFs", async () => {
  const ids = [IDS.plain, IDS.noDisplayName, 'gifChecker03'];
  const body = ids.map((id, i) => placeholder(id, `id="p${i}"`, 320, 240)).join('');
  const { page, close, requests } = await openEmbedPage(env, body);
  await waitForState(page, 'ready', 3);
  const avatarOf = async (sel: string) => {
    const b = (await page.locator(sel).boundingBox())!;
    await page.mouse.move(b.x + 50, b.y + 50);
    const img = page.locator(sel).locator('.at img');
    await img.waitFor({ state: 'visible' });
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalHeight > 0, await img.elementHandle());
    const seen = await img.evaluate((el) => ({ src: (el as HTMLImageElement).currentSrc, natural: (el as HTMLImageElement).naturalHeight }));
    await page.mouse.move(0, 0);
    return seen;
  };
  const own = await avatarOf('#p0');
  assert.match(own.src, /\/avatars\/pixelsmith\/80h\.gif$/);
  assert.is(own.natural, 80);
  const first = await avatarOf('#p1');
  assert.match(first.src, /\/avatars\/default[1-5]\/80h\.gif$/);
  assert.is(first.natural, 80);
  const second = await avatarOf('#p2');
  assert.is(second.src, first.src, 'the same creator keeps the same default avatar');
  assert.equal(requests.map((r) => r.url()).filter((u) => /\/avatars\/[^/]+\.gif$/.test(u)), [], 'the full-size avatar files are never asked for');
  await close();
});

test.run();
