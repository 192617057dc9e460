/**
 * The three engines readers use, behind one seam: `launch(name)` gives an engine whose `open`
 * gives a page with the same few verbs, whichever driver is underneath. Chromium through
 * playwright-core; Firefox ESR through puppeteer-core over WebDriver BiDi; WebKitGTK (Safari's
 * engine) through selenium-webdriver and its WebKitWebDriver, under Xvfb since it has no
 * headless mode. Each engine's quirks live here; the tests are written once.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { chromium } from 'playwright-core';
import { PNG } from 'pngjs';
import puppeteer from 'puppeteer-core';
import { Builder, Key, Origin, type WebDriver } from 'selenium-webdriver';
import { ERROR_RECORDER_COOKIE, withErrorRecorder } from '../../../server/error-recorder';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './harness';

export type EngineName = 'chromium' | 'firefox' | 'webkit';
export const ENGINES: EngineName[] = ['chromium', 'firefox', 'webkit'];

export const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
/** WebKitGTK's browser for automation (Debian's webkit2gtk-driver brings it). */
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH
  || ['/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser', '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser'].find(existsSync)
  || 'MiniBrowser';

/** Whether `command` is on the PATH. */
const onPath = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/**
 * What engine `name` needs that this machine lacks (a browser, a driver or xvfb-run), or
 * undefined when it has everything (scripts/ensure-browsers.sh installs them, as root).
 */
export function missingFor(name: EngineName): string | undefined {
  if (name === 'chromium') return existsSync(CHROMIUM_PATH) ? undefined : CHROMIUM_PATH;
  if (name === 'firefox') return existsSync(FIREFOX_PATH) ? undefined : FIREFOX_PATH;
  return ['WebKitWebDriver', 'xvfb-run'].find((command) => !onPath(command));
}

export interface Size {
  width: number;
  height: number;
}
/** The desktop every engine opens at unless told otherwise. */
export const DESKTOP_SIZE: Size = { width: 1280, height: 900 };

type Falsy = null | undefined | false | 0 | '';

export interface EnginePage {
  engine: EngineName;
  /** Runs `fn(arg)` in the page (a promise is awaited); its result comes back as JSON. */
  run<T, A = null>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<T>;
  /**
   * Asks `fn(arg)` in the page every 50 ms until it returns something truthy, which is returned;
   * fails after `timeout` ms naming `what` and the last answer.
   */
  waitFor<T, A = null>(what: string, fn: (arg: A) => T, arg?: A, timeout?: number): Promise<Exclude<T, Falsy>>;
  /**
   * The pixels (RGBA) the first element matching `selector` shows, cut from a screenshot of the
   * viewport (WebKit's own element screenshots paint a shadow root's content black).
   */
  shot(selector: string): Promise<Buffer>;
  /** Saves the viewport as test-results/{name}.png, for a person to look at. */
  snap(name: string): Promise<void>;
  /** The mouse to (x, y), in CSS pixels of the viewport. */
  move(x: number, y: number): Promise<void>;
  click(x: number, y: number): Promise<void>;
  /** One key as a person presses it: 'Tab', 'Shift+Tab', 'Escape', 'Enter', 'ArrowDown', ... */
  press(key: string): Promise<void>;
  /** Types `text` at 10 characters a second, as a person would. */
  type(text: string): Promise<void>;
  /** What the page recorded as errors (server/error-recorder.ts), its frames' own not included. */
  errors(): Promise<string[]>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Sets the cookie that has the local service add its error recorder to its pages (default: true). */
  recordErrors?: boolean;
}

export interface Engine {
  name: EngineName;
  /** Opens `url` in a fresh page (its own cookies and storage) whose errors are recorded. */
  open(url: string, size?: Size, options?: OpenOptions): Promise<EnginePage>;
  /** Closes every page it opened (a test that ran too long loses its pages, and fails alone). */
  closePages(): Promise<void>;
  close(): Promise<void>;
}

const TYPE_DELAY_MS = 100;

/** The page-side source that runs `fn(arg)` (tsx names functions through `__name`). */
const source = (fn: unknown, arg: unknown) => `(() => { var __name = (f) => f; return (${String(fn)})(${JSON.stringify(arg ?? null)}); })()`;

/** The verbs every engine shares, made of the three each driver gives. */
function page(engine: EngineName, own: Pick<EnginePage, 'snap' | 'move' | 'click' | 'press' | 'type' | 'close'> & { evaluate(src: string): Promise<unknown>; screenshot(): Promise<Buffer> }): EnginePage {
  const run = <T, A>(fn: (arg: A) => T | Promise<T>, arg?: A) => own.evaluate(source(fn, arg)) as Promise<T>;
  return {
    engine,
    ...own,
    run,
    async shot(selector) {
      const box = await run((sel) => {
        const r = document.querySelector(sel)!.getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom].map((v) => v * devicePixelRatio);
      }, selector);
      const png = PNG.sync.read(await own.screenshot());
      const [left, top, right, bottom] = [Math.max(0, Math.ceil(box[0])), Math.max(0, Math.ceil(box[1])), Math.min(png.width, Math.floor(box[2])), Math.min(png.height, Math.floor(box[3]))];
      const rows: Buffer[] = [];
      for (let y = top; y < bottom; y++) rows.push(png.data.subarray((y * png.width + left) * 4, (y * png.width + right) * 4));
      return Buffer.concat(rows);
    },
    async waitFor(what, fn, arg, timeout = 10_000) {
      const end = Date.now() + timeout;
      for (;;) {
        const value = await run(fn, arg);
        if (value) return value as Exclude<typeof value, Falsy>;
        if (Date.now() > end) throw new Error(`${engine}: timed out after ${timeout} ms waiting for ${what} (last: ${JSON.stringify(value)})`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    errors: () => run(() => (window as unknown as { __pageErrors?: string[] }).__pageErrors ?? ['the page recorded no errors list (no recorder)']),
  };
}

const saved = (name: string, png: Buffer | string) => {
  mkdirSync('test-results', { recursive: true });
  writeFileSync(`test-results/${name}.png`, typeof png === 'string' ? Buffer.from(png, 'base64') : png);
};

async function launchChromium(): Promise<Engine> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  return {
    name: 'chromium',
    async open(url, size = DESKTOP_SIZE, { recordErrors = true } = {}) {
      const context = await browser.newContext({ viewport: size });
      if (recordErrors) await context.addCookies([{ name: ERROR_RECORDER_COOKIE, value: '1', url: new URL(url).origin }]);
      const tab = await context.newPage();
      await tab.goto(url);
      return page('chromium', {
        evaluate: (src) => tab.evaluate(src),
        screenshot: () => tab.screenshot(),
        snap: async (name) => saved(name, await tab.screenshot()),
        move: (x, y) => tab.mouse.move(x, y),
        click: (x, y) => tab.mouse.click(x, y),
        press: (key) => tab.keyboard.press(key),
        type: (text) => tab.keyboard.type(text, { delay: TYPE_DELAY_MS }),
        close: () => context.close(),
      });
    },
    closePages: async () => void (await Promise.all(browser.contexts().map((c) => c.close().catch(() => undefined)))),
    close: () => browser.close(),
  };
}

async function launchFirefox(): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: {
      // Headless Firefox reports no pointer at all (so no hover): a desktop has a mouse.
      'ui.primaryPointerCapabilities': 6,
      'ui.allPointerCapabilities': 6,
      // The remote agent turns speculative connections off (0); a reader's Firefox opens up to 6,
      // which is what a page's `<link rel=preconnect>` asks for (src/embed/preconnect.ts).
      'network.http.speculative-parallel-limit': 6,
    },
  });
  const contexts = new Set<Awaited<ReturnType<typeof browser.createBrowserContext>>>();
  return {
    name: 'firefox',
    async open(url, size = DESKTOP_SIZE, { recordErrors = true } = {}) {
      const context = await browser.createBrowserContext();
      contexts.add(context);
      const tab = await context.newPage();
      await tab.setViewport(size);
      if (recordErrors) await context.setCookie({ name: ERROR_RECORDER_COOKIE, value: '1', domain: new URL(url).hostname, path: '/' });
      await tab.goto(url, { waitUntil: 'load' });
      return page('firefox', {
        evaluate: (src) => tab.evaluate(src),
        screenshot: async () => Buffer.from(await tab.screenshot()),
        snap: async (name) => saved(name, Buffer.from(await tab.screenshot())),
        move: (x, y) => tab.mouse.move(x, y),
        click: (x, y) => tab.mouse.click(x, y),
        async press(key) {
          const [modifier, main] = key.includes('+') ? key.split('+') : ['', key];
          if (modifier) await tab.keyboard.down(modifier as 'Shift');
          await tab.keyboard.press(main as 'Tab');
          if (modifier) await tab.keyboard.up(modifier as 'Shift');
        },
        type: (text) => tab.keyboard.type(text, { delay: TYPE_DELAY_MS }),
        async close() {
          contexts.delete(context);
          await context.close().catch(() => undefined);
        },
      });
    },
    closePages: async () => void (await Promise.all([...contexts].map((c) => c.close().catch(() => undefined)))),
    close: () => browser.close(),
  };
}

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** WebDriver's names for the keys `press` takes. */
const WEBDRIVER_KEYS: Record<string, string> = {
  Tab: Key.TAB, Escape: Key.ESCAPE, Enter: Key.ENTER, Shift: Key.SHIFT, Space: Key.SPACE,
  ArrowDown: Key.ARROW_DOWN, ArrowUp: Key.ARROW_UP, ArrowLeft: Key.ARROW_LEFT, ArrowRight: Key.ARROW_RIGHT,
};

/**
 * How long a WebKit driver call may take. WebKitWebDriver waits for ever on a MiniBrowser that
 * went away (WebKit's own watchdog ends a browser it finds hung): past this, the call fails, its
 * test fails alone, and the driver is started afresh for the next one.
 */
const WEBKIT_CALL_MS = 45_000;

/** `promise`, or a failure naming `what` after `ms`. */
function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`webkit: ${what} took over ${ms / 1000} s`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The audio output WebKit's media gets here: GStreamer's fake sink first, and no device sink at
 * all. A machine with no sound card otherwise has the web process, on its main thread, try
 * PulseAudio, JACK, OSS4, OpenAL (through ALSA) and OSS in turn for every video that starts (the
 * clips are muted, and still get an audio sink); one such start held a web process past
 * WEBKIT_CALL_MS in a clean-checkout run, while the blog's clip began.
 */
const SILENT_AUDIO_SINKS = ['fakeaudiosink:MAX', ...['pulsesink', 'jackaudiosink', 'oss4sink', 'openalsink', 'osssink', 'alsasink', 'pipewiresink'].map((sink) => `${sink}:NONE`)].join(',');

/** How much of what the driver and its browsers last printed a failure quotes. */
const DRIVER_LOG_CHARS = 2_000;

/**
 * WebKitWebDriver on a free port under its own display; resolves with its address, what it and
 * its browsers last printed (WebKit says there why a browser went away), and a way to stop it.
 */
async function startWebKitDriver(): Promise<{ server: string; log(): string; stop(): void }> {
  const port = await freePort();
  // xvfb-run gives the driver (and the MiniBrowser it starts) a display of their own. The display
  // never resets: by default an X server resets when its last client leaves (a test's browser
  // quitting), and the next test's browser, started in that moment, found no display
  // ("cannot open display") or lost it, and the driver waited for ever.
  // Its X authority file is ours to remove (xvfb-run's own is left behind by a killed xvfb-run).
  const home = mkdtempSync(join(tmpdir(), 'webkit-display-'));
  const driver: ChildProcess = spawn('xvfb-run', ['-a', '-f', join(home, 'Xauthority'), '-s', '-screen 0 1920x1200x24 -noreset', 'WebKitWebDriver', `--port=${port}`], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, GST_PLUGIN_FEATURE_RANK: SILENT_AUDIO_SINKS },
  });
  let printed = '';
  // A spawn that fails (xvfb-run not installed) says so here, not as an unhandled error.
  let failed: Error | undefined;
  driver.on('error', (error) => (failed = error));
  const keep = (chunk: Buffer) => void (printed = (printed + chunk.toString()).slice(-DRIVER_LOG_CHARS));
  driver.stdout!.on('data', keep);
  driver.stderr!.on('data', keep);
  const log = () => printed.trim();
  /** Signals the driver's whole group (xvfb-run, Xvfb, the driver, its browsers); false when it is gone. */
  const signal = (name: NodeJS.Signals) => {
    try {
      return process.kill(-driver.pid!, name);
    } catch {
      return false;
    }
  };
  // Asked first, so Xvfb takes its display's lock file with it; what does not end in 2 s is killed.
  const stop = () => {
    if (signal('SIGTERM')) setTimeout(() => signal('SIGKILL'), 2_000).unref();
    rmSync(home, { recursive: true, force: true });
  };
  const server = `http://127.0.0.1:${port}`;
  const end = Date.now() + 20_000;
  for (;;) {
    const ready = await fetch(`${server}/status`).then((r) => r.ok, () => false);
    if (ready) return { server, log, stop };
    if (failed || Date.now() > end || driver.exitCode !== null) {
      stop();
      throw new Error(`WebKitWebDriver did not start (is webkit2gtk-driver installed, and xvfb?)${failed ? `: ${failed.message}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function launchWebKit(): Promise<Engine> {
  let driver = await startWebKitDriver();
  const sessions = new Set<WebDriver>();
  const quit = (session: WebDriver) => {
    sessions.delete(session);
    return withDeadline(session.quit(), WEBKIT_CALL_MS, 'closing the browser').catch(() => undefined);
  };
  /** The driver stopped answering: a new one, with no session of the old one's left. */
  const restart = async () => {
    sessions.clear();
    driver.stop();
    driver = await startWebKitDriver();
  };
  /**
   * A driver call that fails after WEBKIT_CALL_MS, and then restarts the driver; a failure
   * quotes what the driver and its browsers last printed.
   */
  const call = <T>(promise: Promise<T>, what: string) =>
    withDeadline(promise, WEBKIT_CALL_MS, what).catch(async (error: Error) => {
      const printed = driver.log();
      if (printed) error.message += `\n  (the driver last printed: ${printed})`;
      if (/took over/.test(error.message)) await restart();
      throw error;
    });
  return {
    name: 'webkit',
    async open(url, size = DESKTOP_SIZE, { recordErrors = true } = {}) {
      const session = await call(new Builder()
        .usingServer(driver.server)
        .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] } })
        .build(), 'starting a browser');
      sessions.add(session);
      await call(session.manage().setTimeouts({ script: 30_000, pageLoad: 30_000 }), 'setting timeouts');
      await call(session.manage().window().setRect({ x: 0, y: 0, width: size.width, height: size.height }), 'sizing the window');
      if (recordErrors) {
        // A cookie is set from a page of its origin: a missing file there is page enough.
        await call(session.get(`${new URL(url).origin}/robots.txt`), 'opening the origin');
        await call(session.manage().addCookie({ name: ERROR_RECORDER_COOKIE, value: '1', path: '/' }), 'setting the cookie');
      }
      await call(session.get(url), `opening ${url}`);
      const actions = () => session.actions({ async: true });
      return page('webkit', {
        async evaluate(src) {
          const answer = (await call(session.executeAsyncScript(
            `const done = arguments[arguments.length - 1];
             Promise.resolve().then(() => ${src}).then((value) => done({ value }), (error) => done({ error: String(error && error.stack || error) }));`,
          ), 'running a script').catch((error: Error) => {
            // The driver's own failure (it has no console log): say which call it was.
            throw new Error(`webkit: the driver failed running ${src.slice(0, 120)}: ${error.name} ${error.message}`);
          })) as { value?: unknown; error?: string };
          if (answer.error) throw new Error(`webkit: ${answer.error}`);
          return answer.value ?? null;
        },
        screenshot: async () => Buffer.from(await call(session.takeScreenshot(), 'a screenshot'), 'base64'),
        snap: async (name) => saved(name, await call(session.takeScreenshot(), 'a screenshot')),
        move: (x, y) => actions().move({ x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT }).perform(),
        click: (x, y) => actions().move({ x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT }).click().perform(),
        async press(key) {
          const [modifier, main] = key.includes('+') ? key.split('+') : ['', key];
          const name = WEBDRIVER_KEYS[main] ?? main;
          let chain = actions();
          if (modifier) chain = chain.keyDown(WEBDRIVER_KEYS[modifier]);
          chain = chain.sendKeys(name);
          if (modifier) chain = chain.keyUp(WEBDRIVER_KEYS[modifier]);
          await chain.perform();
        },
        async type(text) {
          for (const char of text) {
            await actions().sendKeys(char).perform();
            await new Promise((r) => setTimeout(r, TYPE_DELAY_MS));
          }
        },
        close: () => quit(session),
      });
    },
    closePages: async () => void (await Promise.all([...sessions].map(quit))),
    async close() {
      await Promise.all([...sessions].map(quit));
      driver.stop();
    },
  };
}

/** Starts engine `name`. */
export function launch(name: EngineName): Promise<Engine> {
  return { chromium: launchChromium, firefox: launchFirefox, webkit: launchWebKit }[name]();
}

export interface PageServer {
  /** The loopback origin the pages are served from. */
  base: string;
  /** Serves `html` at `path` (the error recorder first in its head). */
  set(path: string, html: string): string;
  close(): Promise<void>;
}

/**
 * A loopback server for the pages a test writes (another origin than the service, as a blog is):
 * every engine opens them by URL, where Chromium's suite would route them.
 */
export async function servePages(): Promise<PageServer> {
  const pages = new Map<string, string>();
  const server: Server = createHttpServer((req, res) => {
    const html = pages.get(new URL(req.url ?? '/', 'http://x').pathname);
    res.writeHead(html ? 200 : 404, { 'Content-Type': html ? 'text/html; charset=utf-8' : 'text/plain', 'Cache-Control': 'no-store' });
    res.end(html ?? 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    base,
    set(path, html) {
      pages.set(path, withErrorRecorder(html, ''));
      return base + path;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
