/**
 * Browser-suite plumbing: the local service on a free loopback port and headless Debian
 * Chromium through playwright-core. Each test file calls `setup()` once and `teardown()` at the end.
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import type { Test } from 'uvu';
import { startService } from '../../../server/app';
import { beforeAll } from '../../support/before-all';

export { beforeAll };

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run',
  // The engine's prefers-reduced-data, behind its flag: a page emulates it (DevTools) to test Data Saver.
  '--enable-blink-features=PrefersReducedData',
];

/** A phone: touch, no hover, a mobile device string. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
};

/** A desktop with a mouse. */
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

export interface Env {
  base: string;
  browser: Browser;
  close(): Promise<void>;
}

// A promise a failed test left behind (a popup it waited for, say) must not end the whole
// run: the test that left it has failed already, and the rest of its file still runs.
process.on('unhandledRejection', (error) => {
  console.error('a test left a rejected promise behind:', error instanceof Error ? error.message : error);
});

/** A test that has run this long is stopped: its pages close, so what it awaits fails, alone. */
export const TEST_TIMEOUT_MS = 60_000;

/** Starts the local service (port 0) and Chromium. */
export async function setup(): Promise<Env> {
  const service = await startService({ port: 0, quiet: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  return {
    base: service.url,
    browser,
    async close() {
      await browser.close();
      await service.close();
    },
  };
}

export interface Opened {
  context: BrowserContext;
  page: Page;
  /** Every request the page made, in order. */
  requests: Request[];
  /** Uncaught page errors and console errors, for "nothing leaked to the host" checks. */
  errors: string[];
}

/** Opens `url` in a fresh context (desktop unless `options` says otherwise) and records traffic. */
export async function open(env: Env, path: string, options: BrowserContextOptions = DESKTOP, wait: 'load' | 'domcontentloaded' | 'networkidle' = 'load'): Promise<Opened> {
  const context = await env.browser.newContext(options);
  const page = await context.newPage();
  const requests: Request[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r));
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  await page.goto(env.base + path, { waitUntil: wait });
  return { context, page, requests, errors };
}

/** Requests whose URL path matches `pattern`. */
export function requestsTo(requests: Request[], pattern: RegExp) {
  return requests.filter((r) => pattern.test(new URL(r.url()).pathname + new URL(r.url()).search));
}

/** Saves a screenshot under test-results/ for a person to look at. */
export async function snap(page: Page, name: string) {
  mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: `test-results/${name}.png` });
}

/**
 * Gives a suite the service and Chromium: started before it, closed after it; `use` receives
 * them. With `reset`, the service's records and armed failures are cleared before each test.
 */
export function withEnv(suite: Test, use: (env: Env) => void, { reset = false } = {}) {
  let env: Env | undefined;
  beforeAll(suite, async () => {
    env = await setup();
    use(env);
  });
  suite.after(async () => {
    await env?.close();
  });
  isolate(suite, () => env, reset);
}


/**
 * Each test of `suite` gets its own pages: whatever it left open is closed after it, and one
 * that runs past TEST_TIMEOUT_MS has its pages closed under it, so it fails alone and the rest
 * of the file still runs. With `reset`, the service's records and armed failures are cleared
 * before each test.
 */
export function isolate(suite: Test, env: () => Env | undefined, reset = false) {
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  // (Nothing to close where the suite's start failed: each test fails with its error, see beforeAll.)
  const closeAll = () => Promise.all((env()?.browser.contexts() ?? []).map((c) => c.close().catch(() => undefined)));
  suite.before.each(async () => {
    if (reset) await fetch(`${env()!.base}/_local/reset`, { method: 'POST' });
    watchdog = setTimeout(() => {
      console.error(`a test ran past ${TEST_TIMEOUT_MS} ms: its pages are closed`);
      void closeAll();
    }, TEST_TIMEOUT_MS);
  });
  suite.after.each(async () => {
    clearTimeout(watchdog);
    await closeAll();
  });
}

/**
 * Waits for a condition the test driver can see (requests made, a value read from the page):
 * `check` is asked again every 50 ms until it returns something truthy, which is returned.
 * Fails after `timeout` ms with `what` and the last value seen. For conditions inside one page,
 * `page.waitForFunction` waits without round trips.
 */
export async function eventually<T>(check: () => T | Promise<T>, what: string, timeout = 10_000): Promise<Exclude<T, undefined | null | false | 0 | ''>> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, undefined | null | false | 0 | ''>;
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Waits until no animation or transition with an end is running in `page`, in the document or
 * in any open shadow tree (endless ones such as a loader's spin do not count): what a screenshot
 * or a colour check needs, however slowly a busy machine plays them. Each shadow root is asked
 * for its own: Chromium's `document.getAnimations()` leaves out those of shadow trees.
 */
export async function animationsDone(page: Page) {
  await page.waitForFunction(noAnimationRunning);
}

/** In the page: true when no animation or transition with an end runs (see animationsDone); any engine's page runs it. */
export function noAnimationRunning(): boolean {
  const roots: (Document | ShadowRoot)[] = [document];
  for (let i = 0; i < roots.length; i++) for (const el of roots[i].querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
  return roots.every((root) => root.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

/** Waits for `n` frames of `page` to be rendered: what was scheduled before has been painted. */
export async function frames(page: Page, n = 2) {
  // No named function inside: the test's transform would name it through a helper the page lacks.
  await page.evaluate(async (count) => {
    for (let i = 0; i < count; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, n);
}

/**
 * Waits until a timer of `ms` started now in `page` has fired, then `n` frames. What the page
 * scheduled before this call with a delay of at most `ms` has run by then, however late a busy
 * machine runs its timers (they fire in the order they fall due): the positive control for
 * "nothing more happened" where the product's own delay is known (a debounce, a hover delay).
 */
export async function afterPageTimer(page: Page, ms: number, n = 2) {
  await page.evaluate(async ([delay, count]) => {
    await new Promise((resolve) => setTimeout(resolve, delay));
    for (let i = 0; i < count; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, [ms, n] as const);
}
