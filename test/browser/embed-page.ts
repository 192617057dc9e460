/**
 * Helpers for the embed browser tests: a page made of given placeholders plus the snippet's
 * script, served from the local service's origin (so `/embed.js` and the API are real), with
 * every uncaught error and unhandled rejection of the page recorded.
 */
import type { BrowserContext, BrowserContextOptions, Page, Request } from 'playwright-core';
import { DESKTOP, type Env } from './support/harness';

export interface EmbedPage {
  /** The page's own API key: the service records it with each pingback, so a test counts only its own. */
  apiKey: string;
  context: BrowserContext;
  page: Page;
  requests: Request[];
  /** Uncaught errors (window.onerror), unhandled rejections and console errors. */
  errors: string[];
  close(): Promise<void>;
}

export interface PageOptions {
  device?: BrowserContextOptions;
  /** Extra attributes for the script tag. */
  script?: string;
  /** Runs on the context before the page opens (routes, media emulation). */
  prepare?(context: BrowserContext): Promise<unknown>;
  /** Extra markup for <head>. */
  head?: string;
  /** Extra response headers for the page (e.g. a Content-Security-Policy). */
  headers?: Record<string, string>;
  /** CSP nonce put on the page's own style tag and on the snippet's script tag. */
  nonce?: string;
  /** The script's data-api-key (default: one of its own per page). */
  apiKey?: string;
  /** The whole page, given the page's API key, instead of `body` with the snippet's script. */
  html?(apiKey: string): string;
  /** What opening waits for (default: the load event). */
  waitUntil?: 'load' | 'domcontentloaded';
}

let pagesOpened = 0;

/**
 * The placeholders of a page. Playwright's CSS locators pierce shadow roots, and the SDK tiles of
 * a related grid carry `data-gif-id` too.
 */
export const PLACEHOLDER = '[data-gif-id]:not(.gif-embed-gif)';

/** Path the generated pages are served at. */
export const TEST_PAGE = '/examples/__embed-test.html';

/** An HTML page with `body` and the embed snippet. */
export function pageHtml(body: string, { script = '', head = '', nonce, apiKey = 'test-key' }: PageOptions = {}): string {
  const n = nonce ? ` nonce="${nonce}"` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width,initial-scale=1"><style${n}>body{margin:0;font:16px sans-serif}</style>${head}</head>
<body>${body}<script async src="/embed.js" data-api-key="${apiKey}"${n} ${script}></script></body></html>`;
}

/** A placeholder snippet for `id` (default 480x360 box). */
export function placeholder(id: string, attrs = '', width = 480, height = 360): string {
  return `<div data-gif-id="${id}" data-width="${width}" data-height="${height}" style="aspect-ratio:${width}/${height};width:${width}px;max-width:100%" ${attrs}><a href="/gifs/${id}">GIF ${id}</a></div>`;
}

/** Opens a page made of `body` (see PageOptions) and records its traffic and errors. */
export async function openEmbedPage(env: Env, body: string, options: PageOptions = {}): Promise<EmbedPage> {
  const context = await env.browser.newContext(options.device ?? DESKTOP);
  // The page is served by a route, which Chromium treats as a public address; media comes from
  // the loopback service, so the test grants what a real loopback page would not need.
  await context.grantPermissions(['local-network-access']);
  if (options.prepare) await options.prepare(context);
  const apiKey = options.apiKey ?? `test-key-${++pagesOpened}`;
  const html = options.html?.(apiKey) ?? pageHtml(body, { ...options, apiKey });
  await context.route(`${env.base}${TEST_PAGE}`, (route) => route.fulfill({ contentType: 'text/html', body: html, headers: options.headers }));
  const page = await context.newPage();
  const requests: Request[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r));
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  // tsx's transform wraps named functions inside page.evaluate callbacks in `__name(...)`.
  await page.addInitScript({ content: 'window.__name = (f) => f;' });
  await page.addInitScript(() => {
    const w = window as unknown as { __uncaught: string[] };
    w.__uncaught = [];
    addEventListener('error', (e) => w.__uncaught.push(String(e.message)));
    addEventListener('unhandledrejection', (e) => w.__uncaught.push(`rejection: ${String(e.reason)}`));
  });
  await page.goto(env.base + TEST_PAGE, { waitUntil: options.waitUntil });
  return { apiKey, context, page, requests, errors, close: () => context.close() };
}

/**
 * Brings every placeholder on the page into view in turn and waits until it has left `loading`
 * (lazy players start only near the viewport; a fast scroll can pass one before its observer
 * runs). Ends scrolled back to the top.
 */
export async function startEvery(page: Page, timeout = 10_000) {
  const all = page.locator(PLACEHOLDER);
  const count = await all.count();
  for (let i = 0; i < count; i++) {
    const el = all.nth(i);
    if (!(await el.isVisible())) continue;
    await el.scrollIntoViewIfNeeded();
    await page.waitForFunction((node) => node?.getAttribute('data-gif-embed-state') !== 'loading', await el.elementHandle(), { timeout });
  }
  await page.evaluate(() => scrollTo(0, 0));
}

/**
 * The SEEN pingbacks of the page with `apiKey` (GIF ids, in order), once `done(ids)` holds: the
 * queue flushes on its own timer, so the test polls the service (every 200 ms, at most `timeout`).
 */
export async function seenUntil(base: string, apiKey: string, done: (ids: string[]) => boolean, timeout = 10_000): Promise<string[]> {
  const until = Date.now() + timeout;
  for (;;) {
    const ids = (await pingbackActions(base, apiKey)).filter((a) => a.action_type === 'SEEN').map((a) => a.gif_id);
    if (done(ids) || Date.now() > until) return ids;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits until `count` placeholders report `state` (loading / ready / error). */
export async function waitForState(page: Page, state: string, count = 1, timeout = 10_000) {
  try {
    await page.waitForFunction(
      ([s, n]) => document.querySelectorAll(`[data-gif-embed-state="${s}"]`).length >= (n as number),
      [state, count] as const,
      { timeout },
    );
  } catch (error) {
    const states = await page.evaluate(() => [...document.querySelectorAll('[data-gif-id]')].map((e) => e.getAttribute('data-gif-embed-state')));
    throw new Error(`waiting for ${count} ${state}: states are ${JSON.stringify(states)}`);
  }
}

/** What the page recorded as uncaught (window.onerror and unhandled rejections). */
export function uncaught(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __uncaught: string[] }).__uncaught);
}

/** API requests (`/v1/...`) among `requests`, as path + query. */
export function apiCalls(requests: Request[]): string[] {
  return requests.map((r) => new URL(r.url())).filter((u) => u.pathname.startsWith('/v1/')).map((u) => u.pathname + u.search);
}

/**
 * Plugin files requested (`/plugins/share.3f9a1c2b.js`), by name: the files fetched on demand,
 * not the player file that embed.js brings on every page (`player-desktop.…js`, whose name,
 * like a language file's, is not one word).
 */
export function pluginCalls(requests: Request[]): string[] {
  return requests.map((r) => new URL(r.url()).pathname.match(/^\/plugins\/(\w+)\.[0-9a-f]{8}\.js$/)?.[1]).filter((n): n is string => !!n);
}

/** A player file's path: the desktop or the mobile one (`/plugins/player-mobile.3f9a1c2b.js`). */
export const PLAYER_FILE = /^\/plugins\/player-(desktop|mobile)\.[0-9a-f]{8}\.js$/;

/** The player files requested, by name (`player-mobile`). */
export const playerFiles = (requests: Request[]) => requests.map((r) => new URL(r.url()).pathname.match(PLAYER_FILE)?.[1]).filter((n) => !!n).map((n) => `player-${n}`);

/** How many times a player file was requested. */
export const playerCalls = (requests: Request[]) => playerFiles(requests).length;

/**
 * The pingback actions the local service has received, in order; with `apiKey`, only those of
 * the page with that key (a page closed by an earlier test may still flush its queue).
 */
export async function pingbackActions(base: string, apiKey?: string): Promise<{ action_type: string; gif_id: string; tid?: string; event_response_id: string }[]> {
  const res = await fetch(`${base}/_local/pingbacks`);
  const json = (await res.json()) as { pingbacks: { apikey: string; body: { sessions: { events: { response_id: string; actions: { action_type: string; gif_id: string; tid?: string }[] }[] }[] } }[] };
  const out: { action_type: string; gif_id: string; tid?: string; event_response_id: string }[] = [];
  for (const p of json.pingbacks.filter((one) => !apiKey || one.apikey === apiKey)) {
    for (const s of p.body.sessions) for (const e of s.events) for (const a of e.actions) out.push({ action_type: a.action_type, gif_id: a.gif_id, tid: a.tid, event_response_id: e.response_id });
  }
  return out;
}

/** Clears the service's pingback, pixel and request records and any armed failure. */
export async function resetService(base: string) {
  await fetch(`${base}/_local/reset`, { method: 'POST' });
}

/** Arms a failure on the service (`query` as for /_local/fail, e.g. `status=500`). */
export async function armFailure(base: string, query: string) {
  await fetch(`${base}/_local/fail?${query}`, { method: 'POST' });
}

/** The player root inside placeholder `selector`'s shadow root. */
export function playerRoot(page: Page, selector = PLACEHOLDER) {
  return page.locator(selector).first().locator('.r');
}

/**
 * A positive control for "this placeholder was not started": adds a placeholder of `id` at the
 * top of the page, scrolled to, and waits until it is ready. The loader handles what it
 * observed earlier first, so once the control played, a placeholder that was going to start has
 * started; a check that nothing else did is then true, not merely early.
 */
export async function nearControl(page: Page, id: string, timeout = 10_000) {
  await page.evaluate((html) => {
    scrollTo(0, 0);
    document.body.insertAdjacentHTML('afterbegin', html);
  }, placeholder(id, 'data-control', 120, 90));
  await page.waitForFunction(() => document.querySelector('[data-control]')?.getAttribute('data-gif-embed-state') === 'ready', undefined, { timeout });
}

/**
 * A positive control for "no other pingback was sent": hovers the player in `selector` until its
 * HOVER reaches the service. Actions queued before it go in its batch or an earlier one, so once it
 * arrived, a pingback that was going to be sent has been.
 */
export async function pingbackControl(page: Page, base: string, apiKey: string, selector = PLACEHOLDER) {
  const el = page.locator(selector).first();
  const gifId = await el.getAttribute('data-gif-id');
  const hovers = async () => (await pingbackActions(base, apiKey)).filter((a) => a.action_type === 'HOVER' && a.gif_id === gifId).length;
  const before = await hovers();
  await el.scrollIntoViewIfNeeded();
  // From outside, so the pointer enters it anew.
  await page.mouse.move(1, 1);
  await el.hover();
  const until = Date.now() + 15_000;
  while ((await hovers()) === before) {
    if (Date.now() > until) throw new Error(`the control HOVER of ${gifId} never reached the service`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The id of the box layoutShiftControl moves: a page's shift recorder leaves out entries of it alone. */
export const SHIFT_CONTROL_ID = 'shift-control';

/**
 * A positive control for "nothing shifted": once the browser is idle, moves a box of the test's
 * own (`#shift-control`) and waits until its shift is reported. Every layout-shift observer is
 * told in one task, in the order the observers were made and of the entries in the order they
 * happened: once the control's shift is in, a page's recorder made earlier has had every shift
 * before it (and the control's, which it leaves out by SHIFT_CONTROL_ID).
 */
export async function layoutShiftControl(page: Page) {
  await page.evaluate((id) => new Promise<void>((resolve) => requestIdleCallback(() => {
    document.body.insertAdjacentHTML('beforeend', `<div id="${id}" style="position:absolute;left:0;top:0;width:60px;height:60px;background:#888"></div>`);
    const control = document.getElementById(id)!;
    new PerformanceObserver((list, observer) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { sources?: { node?: Node | null }[] })[]) {
        if (entry.sources?.some((source) => source.node === control)) return observer.disconnect(), resolve();
      }
    }).observe({ type: 'layout-shift' });
    // Laid out where it starts, then moved.
    requestAnimationFrame(() => setTimeout(() => (control.style.top = '80px')));
  })), SHIFT_CONTROL_ID);
}
