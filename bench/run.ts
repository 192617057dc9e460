/**
 * `npm run bench`: our embed and SDK beside @giphy/js-components (and the picker beside
 * @giphy/react-components) and a bare <img> page in
 * headless Chromium, on the same generated pages and the same catalogue GIFs from the local
 * service. By default a quick run (about 6 minutes on 2 cores, the plain machine): the headline
 * rows, each with its 95% interval. `--full` is the long run, every case plain and again under
 * 4x CPU throttling with a slow network, with the rows the quick run leaves out (3,000
 * placeholders, the first frame in Firefox and WebKit). The engines are installed as `npm test`
 * installs them; one that cannot be is left out, and the run says so. The table prints medians with min and max and the
 * ratios of the medians with their 95% bootstrap interval (bench/interval.ts).
 *
 * Every sample is written to the results file as soon as it is taken; a browser that crashes or
 * is killed is started again and the sample taken again (bench/session.ts); `--resume` goes on
 * from the samples a stopped run left.
 * Usage: npm run bench [-- --full] [-- --runs 5] [-- --only one,grid] [-- --sides ours,img]
 *        [-- --condition plain] [-- --out bench/mine] [-- --resume] [-- --no-build] [-- --no-install] [-- --verbose]
 *        npm run bench -- --from bench/results.json   (the table again from a saved run)
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus } from 'node:os';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { startService } from '../server/app';
import { LOCAL_API_KEY } from '../server/pages';
import { normalizeGifList } from '../src/api/public';
import { readMeta } from '../src/api/public-types';
import { embedSize, mediaUrl, pickRendition, scriptEmbedCode } from '../src/model';
import { STATE_ATTR } from '../src/embed/placeholder';
import { FIRST_FRAME_LOG, LONG_TASK_PROBE, PROBE } from './probe';
import { cyclesPage, embedsPage, gridPage, peerExamplePage, pickerPage, smallBoxesPage, INERT_SCRIPT, SMALL_BOX, type CatalogueGif, type Side } from './pages';
import { LIGHTHOUSE_PAGES, lighthouseRun } from './lighthouse';
import { PROXY_CASE, PROXY_SIDES, proxyCase, stopProxies, type ProxySide } from './proxy';
import { scriptRuns, TRACE_CATEGORIES } from './trace';
import { printTable, summarise, type Condition, type Metrics, type Sample } from './table';
import { Chromium, loadForResume, takeSample, writeResults, type Results, type Settings } from './session';
import { launch, missingFor, type Engine, type EngineName } from '../test/browser/support/engines';
import { LINK, startLink, type Link } from './link';

const arg = (name: string) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : undefined; };
const flag = (name: string) => process.argv.includes(`--${name}`);
/** `--full`: every case, both conditions, the long run (about an hour on 2 cores). */
const FULL = flag('full');
const RUNS = Number(arg('runs') || 5);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs takes a whole number of at least 1');
/**
 * The one and ten embed pages run this many times RUNS (every figure of every side).
 */
const EMBEDS_RUNS_FACTOR = 4;
/**
 * The first-frame cases (progressive snippet against the bare <img>, the 5% question)
 * take this many times RUNS samples a side in the full run: a sample's first frame varies by a
 * standard deviation of about 20 ms plain and 35-50 ms throttled (the emulated network's pace),
 * so the median of forty samples a side is known only to about ±5 ms, more than 5% of a plain
 * first frame. A trial of 24 a side gave 95% intervals of ±8-9%; 120 a side narrowed them to
 * ±5-10% plain and ±2% throttled (the plain first frames are shorter, so the same milliseconds
 * are a larger share). Each such sample only opens the page and waits for its first GIF frame.
 */
const FIRST_FRAME_RUNS_FACTOR = 24;
/**
 * The quick run's first-frame samples a side, per RUNS: 10 by default, twice the fewest that give
 * an interval (a rough one; the full run's are the figures to quote). The quick run is for
 * checking a change in minutes on 2 cores (the phone's network rows, in three engines, take half of it).
 */
const QUICK_FIRST_FRAME_FACTOR = 2;
/** The quick run's mount/unmount cycle samples a side: fewer than RUNS (each takes about 8 s). */
const QUICK_CYCLES_RUNS = 3;
/** Cases whose name contains one of these (comma-separated), or the one case named exactly (names hold commas). */
const ONLY = arg('only');
const SIDES_ONLY = arg('sides')?.split(',') as Side[] | undefined;
/** `--condition plain` or `--condition throttled`: that one only (the quick run: plain; the full run: both). */
const CONDITIONS = (arg('condition') ? [arg('condition')] : FULL ? ['plain', 'throttled'] : ['plain']) as Condition[];
if (CONDITIONS.some((c) => c !== 'plain' && c !== 'throttled')) throw new Error('--condition takes plain or throttled');
const CYCLES = Number(arg('cycles') || 1000);
/** `--verbose`: a line on stderr as each sample starts. */
const VERBOSE = flag('verbose');
/** Where the samples (.json) and the table (.md) go: bench/quick or bench/results (the full run's, in docs/benchmarks.md). */
const OUT = arg('out') || (FULL ? 'bench/results' : 'bench/quick');
/**
 * A pause after each sample's page is closed: its renderer exits and the browser collects in
 * this time, not during the next sample's first frame.
 */
const SETTLE_MS = 500;

/** Lighthouse's mobile profile: 4x slower CPU, 150 ms RTT, 1.6 Mbps down, 750 kbps up. */
const THROTTLED = { cpu: 4, latency: 150, download: (1.6 * 1024 * 1024) / 8, upload: (750 * 1024) / 8 };

const BENCH_DIR = 'dist/bench';
let pageCount = 0;
/** The blank page a sample's tab shows before the measured one (see openPage). */
const WARM_PAGE = 'warm.html';

/** Builds the peer bundle once: GIPHY's renderGif/renderGrid on window.GiphyPeer. */
async function peerBundle(): Promise<string> {
  const out = await esbuild.build({
    stdin: { contents: `import { renderGif, renderGrid } from '@giphy/js-components'; window.GiphyPeer = { renderGif, renderGrid };`, resolveDir: process.cwd() },
    bundle: true, minify: true, format: 'iife', write: false, logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return out.outputFiles[0].text;
}

/** Builds the peer's picker once: @giphy/react-components' SearchBar, SuggestionBar and Grid on React 19. */
async function peerPickerBundle(): Promise<string> {
  const out = await esbuild.build({
    entryPoints: ['bench/peer-picker.tsx'], bundle: true, minify: true, format: 'iife', write: false, logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return out.outputFiles[0].text;
}

interface Opened {
  page: Page; context: BrowserContext; cdp: CDPSession;
  scripts: { url: string; raw: number; gzip: number }[];
  apiRequests: string[];
  /** Bytes of every image and media response body so far. */
  mediaBytes(): Promise<number>;
  /** The probe's first GIF frame, from its console message (see firstFrameCase). */
  firstFrame: Promise<number>;
  /** The performance trace from the measured page's navigation on (when asked for), ended now; '' once ended or never begun. */
  stopTrace(): Promise<string>;
}

/**
 * Opens a generated page with the probe installed (or `probe`) and the condition applied;
 * `trace`: a performance trace is recorded from its navigation on (bench/trace.ts reads it).
 */
async function openPage(
  browser: Browser, base: string, html: string, condition: Condition, waitUntil: 'load' | 'domcontentloaded' | 'commit' = 'load',
  { trace = false, probe = PROBE } = {},
): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  // The peer's analytics go to GIPHY's pingback host: answered here, as a reachable host would.
  await context.route(/^https:\/\/pingback\.giphy\.com\//, (route) => route.fulfill({ status: 200, body: '' }));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  if (condition === 'throttled') {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLED.cpu });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: THROTTLED.latency, downloadThroughput: THROTTLED.download, uploadThroughput: THROTTLED.upload,
    });
  }
  await page.addInitScript(probe);
  // Served by the local service itself (from dist/bench/), like any page: a page fulfilled by
  // the test driver counts as public address space, and Chromium then blocks loopback media.
  const name = `page-${++pageCount}.html`;
  mkdirSync(BENCH_DIR, { recursive: true });
  writeFileSync(join(BENCH_DIR, name), html);
  const scripts: Opened['scripts'] = [];
  const apiRequests: string[] = [];
  page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/v1/')) apiRequests.push(r.url()); });
  const media: Promise<number>[] = [];
  page.on('requestfinished', (r) => {
    if (r.resourceType() === 'image' || r.resourceType() === 'media') media.push(r.sizes().then((x) => x.responseBodySize, () => 0));
  });
  const mediaBytes = async () => (await Promise.all(media)).reduce((a, b) => a + b, 0);
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    scripts.push({ url: res.url(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  // The tab first shows a blank page of the same site (written once, in main), so the measured
  // page opens in a renderer that is already running, as a visitor's does: a new renderer's start
  // varied a sample's first frame by tens of milliseconds. It fetches nothing the measured page uses.
  await page.goto(`${base}/bench/${WARM_PAGE}`);
  scripts.length = 0;
  apiRequests.length = 0;
  media.length = 0;
  const firstFrame = new Promise<number>((resolve) => page.on('console', (m) => {
    if (m.text().startsWith(FIRST_FRAME_LOG)) resolve(Number(m.text().slice(FIRST_FRAME_LOG.length)));
  }));
  // The browser records one trace at a time: one left running would fail the next sample's.
  let tracing = trace;
  const stopTrace = async () => (tracing ? ((tracing = false), (await browser.stopTracing()).toString('utf8')) : '');
  if (trace) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await page.goto(`${base}/bench/${name}`, { waitUntil }).catch(async (error) => {
    await stopTrace();
    throw error;
  });
  return { page, context, cdp, scripts, apiRequests, mediaBytes, firstFrame, stopTrace };
}

/** Heap after a full garbage collection, in bytes. */
async function heap(cdp: CDPSession) {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

async function scriptMs(cdp: CDPSession) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return 1000 * (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0);
}

interface Probe { lcp: number; firstFrame: number; longTaskMs: number; tbt: number; cls: number; liveObservations: number; liveTimers: number; tasks: [number, number][]; scripts: [number, number, string][] }
const probe = (page: Page) => page.evaluate('JSON.parse(JSON.stringify(__bench))') as Promise<Probe>;

/** One embed / N embeds: bytes, requests, first frame, long tasks, layout shift, heap, readiness. */
async function embedsCase(browser: Browser, base: string, gifs: CatalogueGif[], side: Side, condition: Condition): Promise<Metrics> {
  const o = await openPage(browser, base, embedsPage(side, gifs, LOCAL_API_KEY), condition);
  const { page } = o;
  const visibleAt = await page.evaluate(`__bench.until(() => [...document.querySelectorAll('[data-bench-box]')], true)`) as number;
  // DESIGN's "main-thread time to mount N placeholders": all script run until the visible ones are ready.
  const mountScripting = await scriptMs(o.cdp);
  await page.waitForTimeout(300);
  const early = await probe(page);
  const m: Metrics = {
    'JS bytes (raw)': o.scripts.reduce((s, x) => s + x.raw, 0),
    'JS bytes (gzip)': o.scripts.reduce((s, x) => s + x.gzip, 0),
    'API requests (visible)': o.apiRequests.length,
    'first GIF frame painted (ms)': early.firstFrame,
    'largest contentful paint (ms)': early.lcp,
    'visible GIFs ready (ms)': visibleAt,
    'scripting until visible GIFs ready (ms)': mountScripting,
  };
  if (gifs.length > 1) {
    const allAt = await page.evaluate('__bench.scrollThrough()') as number;
    m['scrolled through, every screen shown (ms)'] = allAt;
    m['API requests (after scrolling)'] = o.apiRequests.length;
  }
  await page.waitForTimeout(1200);
  const settled = await probe(page);
  m['scripting (ms)'] = await scriptMs(o.cdp);
  m['long tasks (ms)'] = settled.longTaskMs;
  m['layout shift'] = settled.cls;
  m['JS heap after settle (KB)'] = (await heap(o.cdp)) / 1024;
  m['media downloaded (KB)'] = (await o.mediaBytes()) / 1024;
  await o.context.close();
  return m;
}

/**
 * The page with one embed per GIF of `gifs`, opened until its first GIF frame is painted: that
 * time alone. The probe times it inside the page and says it in a console message; until then
 * the driver runs nothing in the page. Playwright's first wait or evaluation in a page runs its
 * own injected script there, and that work moves one side's first frame more than the other's:
 * the same build measured 1.12x the <img> at one embed plain with the driver's first wait begun
 * at DOMContentLoaded, 0.90x with it begun at the load event, and 1.17x with nothing run in the
 * page (120 samples a side each).
 */
async function firstFrameCase(browser: Browser, base: string, gifs: CatalogueGif[], side: Side, condition: Condition): Promise<Metrics> {
  const o = await openPage(browser, base, embedsPage(side, gifs, LOCAL_API_KEY), condition, 'commit');
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const firstFrame = await Promise.race([
      o.firstFrame,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no first GIF frame within 20 s (${side}, ${condition})`)), 20_000))),
    ]);
    return { 'first GIF frame painted (ms)': firstFrame };
  } finally {
    clearTimeout(timer);
    await o.context.close();
  }
}

/** Viewports the human-pace case scrolls, and how long a reader stays on each. */
const HUMAN_STEPS = 20;
const HUMAN_STEP_MS = 500;

/**
 * The 100-embed page read at a human pace from the moment it is parsed: one viewport down
 * every HUMAN_STEP_MS. A box on screen without a painted GIF is a box waiting.
 */
async function humanCase(browser: Browser, base: string, gifs: CatalogueGif[], side: Side, condition: Condition): Promise<Metrics> {
  const o = await openPage(browser, base, embedsPage(side, gifs, LOCAL_API_KEY), condition, 'domcontentloaded');
  const r = await o.page.evaluate(`__bench.humanScroll(${HUMAN_STEPS}, ${HUMAN_STEP_MS})`) as { waiting: number; totalMs: number; longestMs: number };
  const m: Metrics = {
    'boxes seen waiting': r.waiting,
    'longest wait of a box on screen (ms)': r.longestMs,
    'summed wait of boxes on screen (ms)': r.totalMs,
    'media downloaded (KB)': (await o.mediaBytes()) / 1024,
  };
  await o.context.close();
  return m;
}

/** Where our scripts come from: long-frame script entries from elsewhere (the probe, the page) are not ours. */
const OUR_SCRIPTS = /\/embed\.js|\/plugins\//;

/** A page of `gifs.length` placeholders: the long tasks until every one is set up, and the first frame. */
async function scanCase(browser: Browser, base: string, gifs: CatalogueGif[], side: Side, condition: Condition): Promise<Metrics> {
  const o = await openPage(browser, base, embedsPage(side, gifs, LOCAL_API_KEY), condition, 'domcontentloaded');
  // Set up: every placeholder has its state. A page without a script is set up once parsed.
  const setUp = side === 'img'
    ? await o.page.evaluate(`new Promise((r) => document.readyState === 'loading' ? addEventListener('DOMContentLoaded', () => r(performance.now())) : r(performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd))`) as number
    : await o.page.evaluate(`new Promise((resolve) => { const boxes = [...document.querySelectorAll('[data-bench-box]')]; const tick = () => boxes.every((b) => b.hasAttribute('${STATE_ATTR}')) ? resolve(performance.now()) : requestAnimationFrame(tick); tick(); })`) as number;
  await o.page.waitForTimeout(500);
  // A GIF on the first screen shows (it may come after the set up, at 4x CPU).
  await o.page.waitForFunction('__bench.firstFrame > 0', undefined, { timeout: 10_000 }).catch(() => {});
  const p = await probe(o.page);
  const during = p.tasks.filter(([start]) => start < setUp);
  // The scan starts when the player file has come (embed.js asks for it once the page's own
  // images are in): the long tasks before that are the browser parsing and laying out the page.
  const scanStart = side === 'img' ? undefined : await o.page.evaluate(`performance.getEntriesByType('resource').find((e) => /\\/plugins\\/player-/.test(e.name))?.responseEnd`) as number | undefined;
  const scanning = scanStart === undefined ? undefined : during.filter(([start, d]) => start + d > scanStart);
  await o.context.close();
  return {
    'placeholders set up (ms)': setUp,
    'long tasks until set up (ms)': during.reduce((s, [, d]) => s + d, 0),
    'longest task until set up (ms)': Math.max(0, ...during.map(([, d]) => d)),
    ...scanning && {
      'long tasks from the player file\'s arrival until set up (ms)': scanning.reduce((s, [, d]) => s + d, 0),
      'longest task from the player file\'s arrival until set up (ms)': Math.max(0, ...scanning.map(([, d]) => d)),
    },
    // Of those, the longest run of our own script (embed.js, the player file and the plugins; the probe's and the
    // page's do not count): the rest is the browser parsing and laying out the page, which the
    // <img> page pays too.
    'longest run of our script until set up (ms)': Math.max(0, ...p.scripts.filter(([start, , source]) => start < setUp && OUR_SCRIPTS.test(source)).map(([, d]) => d)),
    'first GIF frame painted (ms)': p.firstFrame,
  };
}

/**
 * The JS heap one player holds, against a do-nothing player (a div and an img) on the same page:
 * the heap with every started player, again once they are unmounted (after a full collection
 * each time), and again with a div and an img in each of those placeholders.
 */
async function heapPerPlayer(page: Page, cdp: CDPSession): Promise<Metrics> {
  const started = await page.evaluate(`(window.__started = [...document.querySelectorAll('[${STATE_ATTR}=ready]')]).length`) as number;
  if (!started) return {};
  const withPlayers = await heap(cdp);
  await page.evaluate(`__started.forEach((b) => GifEmbed.unmount(b))`);
  await page.waitForTimeout(200);
  const released = await heap(cdp);
  await page.evaluate(`__started.forEach((b) => { const d = document.createElement('div'); const i = document.createElement('img'); i.alt = 'GIF'; d.append(i); b.append(d); })`);
  const doNothing = await heap(cdp);
  return {
    'players started': started,
    'JS heap per player (KB)': (withPlayers - released) / started / 1024,
    'JS heap per do-nothing player, a div and an img (KB)': (doNothing - released) / started / 1024,
  };
}

/** The small-boxes page's placeholders. */
const SMALL_BOXES_COUNT = 3000;
/** How long the small-boxes case waits for its first screen (3,000 players at 4x CPU take minutes). */
const SMALL_BOXES_LIMIT_MS = 150_000;

/**
 * The page of small boxes (bench/pages.ts): until every box on the first screen shows its GIF
 * (ours: ready or error; the bare page: its image loaded), and our script's runs meanwhile,
 * read from a performance trace (bench/trace.ts).
 */
async function smallBoxesCase(browser: Browser, base: string, gifs: CatalogueGif[], side: Side, condition: Condition): Promise<Metrics> {
  // The long tasks alone: the whole probe wraps the page's timers and observers, and on a page
  // that sets thousands of them its wrappers' own time would count in our runs.
  const o = await openPage(browser, base, smallBoxesPage(side as 'ours' | 'img', gifs, LOCAL_API_KEY), condition, 'domcontentloaded', { trace: true, probe: LONG_TASK_PROBE });
  try {
    // The boxes on the first screen, once: every box has its size from the page's own style.
    const shownAt = await o.page.evaluate(`new Promise((resolve) => {
      const boxes = [...document.querySelectorAll('[data-bench-box]')].filter((b) => b.getBoundingClientRect().top < innerHeight);
      const shown = (b) => b.tagName === 'IMG' ? b.complete : /^(ready|error)$/.test(b.getAttribute('${STATE_ATTR}') || '');
      const t0 = performance.now();
      const poll = () => boxes.every(shown) ? resolve([performance.now(), boxes.length]) : performance.now() - t0 > ${SMALL_BOXES_LIMIT_MS} ? resolve([-1, boxes.length]) : setTimeout(poll, 100);
      poll();
    })`) as [number, number];
    if (shownAt[0] < 0) throw new Error(`the first screen's ${shownAt[1]} boxes did not all show within ${SMALL_BOXES_LIMIT_MS / 1000} s (${side}, ${condition})`);
    // What comes right after (the last players' ready effects) is counted too.
    await o.page.waitForTimeout(1000);
    const p = await probe(o.page);
    const runs = scriptRuns(await o.stopTrace(), OUR_SCRIPTS);
    const until = p.tasks.filter(([start]) => start < shownAt[0]);
    const heapPer = side === 'ours' ? await heapPerPlayer(o.page, o.cdp) : undefined;
    return {
      ...heapPer,
      'boxes on the first screen': shownAt[1],
      'every box on the first screen shown (ms)': shownAt[0],
      'long tasks until shown (ms)': until.reduce((s, [, d]) => s + d, 0),
      ...side !== 'img' && {
        'longest run of our script (ms)': runs.longestRun,
        'longest run of our script less V8\'s garbage collection in it (ms)': runs.longestLessGc,
        'the same on the main thread\'s own clock (ms)': runs.longestThreadLessGc,
        'most of our script in one task (ms)': runs.mostInOneTask,
      },
    };
  } finally {
    await o.stopTrace().catch(() => '');
    await o.context.close();
  }
}

/** A 50-GIF grid: first row painted, scripting time, heap. */
async function gridCase(browser: Browser, base: string, side: Side, condition: Condition): Promise<Metrics> {
  const o = await openPage(browser, base, gridPage(side as 'ours' | 'peer', LOCAL_API_KEY), condition);
  const firstRow = await o.page.evaluate('__bench.firstRow(4)') as number;
  await o.page.waitForTimeout(1000);
  const m: Metrics = {
    'JS bytes (gzip)': o.scripts.reduce((s, x) => s + x.gzip, 0),
    'first row painted (ms)': firstRow,
    'scripting (ms)': await scriptMs(o.cdp),
    'long tasks (ms)': (await probe(o.page)).longTaskMs,
    'JS heap (KB)': (await heap(o.cdp)) / 1024,
  };
  await o.context.close();
  return m;
}

/** CYCLES mounts and unmounts, waiting for the GIFs and not: times, heap growth after GC, live observers and timers left behind. */
async function cyclesCase(browser: Browser, base: string, gifs: CatalogueGif[], side: Side, condition: Condition): Promise<Metrics> {
  const o = await openPage(browser, base, cyclesPage(side as 'ours' | 'peer', gifs, LOCAL_API_KEY, CYCLES), condition);
  await o.page.evaluate('__warm()');
  await o.page.waitForTimeout(500);
  const before = await heap(o.cdp);
  const baseline = await probe(o.page); // the loader's own page-wide observer is not a leak
  const t0 = Date.now();
  await o.page.evaluate('__cycles()');
  const elapsed = Date.now() - t0;
  const work = Number(await o.page.evaluate('__work()'));
  await o.page.waitForTimeout(1500); // pingback debounce and fade timers run out
  const after = await heap(o.cdp);
  const p = await probe(o.page);
  await o.context.close();
  return {
    'cycles time, each batch until its GIFs show (ms)': elapsed,
    'mount and unmount work alone, no image waited for (ms)': work,
    'heap growth after GC (KB)': (after - before) / 1024,
    'observations left behind': p.liveObservations - baseline.liveObservations,
    'timers left behind': p.liveTimers - baseline.liveTimers,
  };
}

/** The search term the picker cases page through: the catalogue's search tail answers it 1,200 times. */
const PICKER_LONG_TERM = 'reaction';
/** Results the scroll case pages to. */
const PICKER_RESULTS = 1000;
/** The picker's page size on both sides. */
const PICKER_PAGE = 25;
/** Our script and the peer's, for the long frames each side's own code ran in. */
const PICKER_SCRIPTS: Record<string, RegExp> = { ours: /\/sdk\.js/, peer: /\/peer-picker\.js/ };

/** Opens the picker page of `side` and waits for its trending GIFs. */
async function openPicker(browser: Browser, base: string, side: Side, condition: Condition) {
  const o = await openPage(browser, base, pickerPage(side as 'ours' | 'peer', LOCAL_API_KEY), condition);
  await o.page.waitForFunction(() => document.querySelectorAll('#picker img, #picker video').length > 0, null, { timeout: 60_000 });
  return o;
}

/** The answer to the search for `term` at `offset` (it arrives after its debounce). */
const searchAnswer = (o: Opened, term: string, offset = 0) =>
  o.page.waitForResponse((r) => {
    const url = new URL(r.url());
    return /\/v1\/gifs\/search$/.test(url.pathname) && url.searchParams.get('q') === term && Number(url.searchParams.get('offset') ?? 0) === offset;
  }, { timeout: 60_000 });

/** Typing "funny cats" at 10 characters a second: the requests it makes, autocomplete and searches. */
async function pickerTypingCase(browser: Browser, base: string, side: Side, condition: Condition): Promise<Metrics> {
  const o = await openPicker(browser, base, side, condition);
  await o.page.waitForTimeout(1000);
  o.apiRequests.length = 0;
  await o.page.evaluate('__field().focus()');
  const answered = searchAnswer(o, 'funny cats');
  await o.page.keyboard.type('funny cats', { delay: 100 });
  await answered;
  // Whatever a debounce still holds has run by now.
  await o.page.waitForTimeout(1500);
  const paths = o.apiRequests.map((u) => new URL(u).pathname.replace(/^\/v1\//, ''));
  await o.context.close();
  return {
    'API requests while typing': paths.length,
    'autocomplete requests': paths.filter((p) => p === 'gifs/search/tags' || p === 'channels/search').length,
    'search requests': paths.filter((p) => p === 'gifs/search' || p === 'stickers/search').length,
  };
}

/** Elements in the picker, its live tiles (images and videos) and the heap after a full collection. */
async function pickerState(o: Opened) {
  const [nodes, tiles] = await o.page.evaluate('[document.querySelectorAll("#picker *").length, document.querySelectorAll("#picker img, #picker video").length]') as [number, number];
  return { nodes, tiles, heap: await heap(o.cdp) };
}

/** Where the scroll case takes its first heap measure: the heap's growth per result is counted from there. */
const PICKER_EARLY_RESULTS = 100;
/** How long the scroll case pages on (a side that has not reached PICKER_RESULTS by then stops there). */
const PICKER_PAGING_LIMIT_MS = 120_000;
/** Screens the 4x-CPU phase scrolls back up through, one every SCROLL_STEP_MS. */
const PICKER_SCROLL_SCREENS = 60;
const SCROLL_STEP_MS = 100;

/**
 * Paging through 1,000 results of one search, then scrolling back up through them at 4x CPU:
 * the elements and live tiles the picker holds at the end, the heap's growth per result after
 * the first 100, and the long tasks (and the longest frame script of the side's own file) while it
 * scrolled at 4x CPU.
 */
async function pickerScrollCase(browser: Browser, base: string, side: Side, condition: Condition): Promise<Metrics> {
  const o = await openPicker(browser, base, side, condition);
  const first = searchAnswer(o, PICKER_LONG_TERM);
  await o.page.evaluate('__field().focus()');
  await o.page.keyboard.type(PICKER_LONG_TERM);
  await o.page.keyboard.press('Enter');
  await first;
  let offsets = 0;
  o.page.on('response', (r) => {
    const url = new URL(r.url());
    if (/\/v1\/gifs\/search$/.test(url.pathname) && url.searchParams.get('q') === PICKER_LONG_TERM) offsets = Math.max(offsets, Number(url.searchParams.get('offset')) + PICKER_PAGE);
  });
  let early: (Awaited<ReturnType<typeof pickerState>> & { results: number }) | undefined;
  const t0 = Date.now();
  const deadline = t0 + PICKER_PAGING_LIMIT_MS;
  while (offsets < PICKER_RESULTS && Date.now() < deadline) {
    await o.page.evaluate('(() => { const s = __scroller(); s.scrollTop = s.scrollHeight; })()');
    await o.page.waitForTimeout(SCROLL_STEP_MS);
    if (!early && offsets >= PICKER_EARLY_RESULTS) early = { ...(await pickerState(o)), results: offsets };
  }
  const pagingSeconds = (Date.now() - t0) / 1000;
  await o.page.waitForTimeout(1000);
  const end = await pickerState(o);
  // Back up through the results a screen at a time, at 4x CPU.
  await o.cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLED.cpu });
  const scrollStart = Number(await o.page.evaluate('performance.now()'));
  for (let i = 0; i < PICKER_SCROLL_SCREENS; i++) {
    await o.page.evaluate('(() => { const s = __scroller(); s.scrollTop -= s.clientHeight; })()');
    await o.page.waitForTimeout(SCROLL_STEP_MS);
  }
  const p = await probe(o.page);
  await o.context.close();
  const own = PICKER_SCRIPTS[side];
  const tasks = p.tasks.filter(([start]) => start >= scrollStart);
  return {
    [`results paged through in at most ${PICKER_PAGING_LIMIT_MS / 1000} s of scrolling`]: offsets,
    'seconds of scrolling it took': pagingSeconds,
    'elements in the picker': end.nodes,
    'live tiles (images and videos)': end.tiles,
    'JS heap at the end (KB)': end.heap / 1024,
    [`heap growth per result after the first ${PICKER_EARLY_RESULTS} (KB)`]: early && offsets > early.results ? (end.heap - early.heap) / 1024 / (offsets - early.results) : 0,
    'long tasks scrolling back at 4x CPU (ms)': tasks.reduce((sum, [, d]) => sum + d, 0),
    'longest task scrolling back at 4x CPU (ms)': Math.max(0, ...tasks.map(([, d]) => d)),
    'longest frame script of its own scrolling back (ms)': Math.max(0, ...p.scripts.filter(([start, , source]) => start >= scrollStart && own.test(source)).map(([, d]) => d)),
  };
}

/**
 * The order of the sides in run `run`: the rows of a Williams square, so that over a full set
 * of rows (n for n sides when n is even, 2n when odd) every side comes right after every other
 * side equally often, and what one page leaves behind (its closing renderer, the service's
 * warm files) is not charged to the same side each time. (Turning one order round would keep
 * each side behind the same one.)
 */
function sideOrder<T>(sides: T[], run: number): T[] {
  const n = sides.length;
  // 0, 1, n-1, 2, n-2, ...: the first row; row r adds r to each (mod n).
  const first = Array.from({ length: n }, (_, k) => (k % 2 ? (k + 1) / 2 : (n - k / 2) % n));
  const rows = n % 2 ? 2 * n : n;
  const r = run % rows;
  const row = first.map((x) => sides[(x + r) % n]);
  return r >= n ? row.reverse() : row;
}

/**
 * A case: its name, its sides, how one sample is taken, and its samples a side per condition;
 * `plainOnly`: not taken throttled (another engine, which the bench cannot throttle).
 */
type Case = [string, Side[], (browser: Browser, side: Side, c: Condition) => Promise<Metrics>, number, plainOnly?: boolean];

/** Firefox and WebKit, each started at its first sample and closed when the run ends. */
const otherEngines = new Map<EngineName, Promise<Engine>>();
const otherEngine = (name: EngineName) => {
  if (!otherEngines.has(name)) otherEngines.set(name, launch(name));
  return otherEngines.get(name)!;
};
/** The name of the engine rows (it does not contain "first frame", which --only matches in the Chromium rows). */
const ENGINE_FIRST_FRAME = (name: string) => `one embed's first GIF frame in ${name}`;

/**
 * The first frame in Firefox or WebKit: the same page and probe as in Chromium (the probe first
 * in the page, where Chromium's driver adds it before the page runs), read by polling once the
 * page has loaded. Plain condition only; no warm-up page.
 */
async function engineFirstFrameCase(name: EngineName, base: string, gifs: CatalogueGif[], side: Side): Promise<Metrics> {
  const file = `page-${++pageCount}.html`;
  writeFileSync(join(BENCH_DIR, file), embedsPage(side, gifs, LOCAL_API_KEY).replace('<head>', `<head><script>${PROBE}</script>`));
  const page = await (await otherEngine(name)).open(`${base}/bench/${file}`, { width: 1000, height: 800 }, { recordErrors: false });
  try {
    const firstFrame = await page.waitFor(`the first GIF frame (${side})`, () => (window as unknown as { __bench: { firstFrame: number } }).__bench.firstFrame, null, 20_000);
    return { 'first GIF frame painted (ms)': firstFrame };
  } finally {
    await page.close();
  }
}

/** The phone's network row, in `engine`'s name. */
const PHONE_FIRST_FRAME = (engine: string) => `one embed's first GIF frame on a phone's network (${LINK.rttMs} ms RTT, 1.6 Mbps), in ${engine}`;

/**
 * A second service behind the phone's network (bench/link.ts): its pages, API answers and media
 * all come through the link, whose port they name. Started at the row's first sample.
 */
let phone: Promise<{ link: Link; close(): Promise<void> }> | undefined;
const phoneNetwork = () =>
  (phone ??= (async () => {
    const link = await startLink();
    const service = await startService({ port: 0, quiet: true, origin: `http://127.0.0.1:${link.port}`, mediaPort: link.port });
    link.target = service.port;
    return { link, close: async () => void (await Promise.all([link.close(), service.close()])) };
  })());

/**
 * One embed's first frame with every byte crossing a phone's network (the link; no CPU
 * slowdown, which only Chromium can emulate), in any engine, with the hops on the way to it
 * (the probe's `hops`: when the script, the player file, the API answer and the GIF file were
 * asked for and in). The same page as the first-frame rows, its media on the link's port.
 * `mainPort`: the port the catalogue's snippets and files name (the bench's own service).
 */
async function phoneFirstFrameCase(engine: EngineName, browser: Browser | undefined, mainPort: number, gifs: CatalogueGif[], side: Side): Promise<Metrics> {
  const { link } = await phoneNetwork();
  const base = `http://127.0.0.1:${link.port}`;
  const html = embedsPage(side, gifs, LOCAL_API_KEY).replaceAll(`localhost:${mainPort}/`, `localhost:${link.port}/`);
  const timeout = 30_000;
  if (browser) {
    const o = await openPage(browser, base, html, 'plain', 'commit');
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const firstFrame = await Promise.race([
        o.firstFrame,
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no first GIF frame within ${timeout / 1000} s (${side})`)), timeout))),
      ]);
      return { 'first GIF frame painted (ms)': firstFrame, ...(await o.page.evaluate('__bench.hops()') as Metrics) };
    } finally {
      clearTimeout(timer);
      await o.context.close();
    }
  }
  const file = `page-${++pageCount}.html`;
  writeFileSync(join(BENCH_DIR, file), html.replace('<head>', `<head><script>${PROBE}</script>`));
  const page = await (await otherEngine(engine)).open(`${base}/bench/${file}`, { width: 1000, height: 800 }, { recordErrors: false });
  try {
    const firstFrame = await page.waitFor(`the first GIF frame (${side})`, () => (window as unknown as { __bench: { firstFrame: number } }).__bench.firstFrame, null, timeout);
    const hops = await page.run(() => (window as unknown as { __bench: { hops(): Metrics } }).__bench.hops());
    return { 'first GIF frame painted (ms)': firstFrame, ...hops };
  } finally {
    await page.close();
  }
}

/** The generated page of the peer's version of examples/<name>.html (written in main). */
const peerExample = (name: string) => `lighthouse-${name}.html`;

/**
 * Lighthouse's mobile run of an example page as `npm start` serves it (ours), or of the same page
 * made with the peer (bench/pages.ts peerExamplePage). Lighthouse throttles by itself (simulated
 * from one load), so the case runs in the plain condition only, in a browser of its own.
 */
function lighthouseCase(base: string, name: string, side: Side): Promise<Metrics> {
  return side === 'peer'
    ? lighthouseRun(`${base}/bench/${peerExample(name)}`, /\/bench\/peer\.js/)
    : lighthouseRun(`${base}/examples/${name}.html`, /\/(embed\.js|plugins\/)/);
}

/** The name of the Data Saver row. */
const SAVE_DATA_CASE = 'examples/blog.html, with and without Save-Data';

/**
 * The blog example as a reader reads it, scrolled through to its end and left to settle, with the
 * browser's Data Saver off and then on (DevTools' override: `navigator.connection.saveData` and
 * the `Save-Data` header): every byte the page received (scripts, API answers, media), and the
 * media alone. Ours is the page `npm start` serves; the peer's the same page made with
 * @giphy/js-components (bench/pages.ts peerExamplePage).
 */
async function saveDataCase(browser: Browser, base: string, side: Side): Promise<Metrics> {
  const m: Metrics = {};
  for (const saving of [false, true]) {
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    await context.route(/^https:\/\/pingback\.giphy\.com\//, (route) => route.fulfill({ status: 200, body: '' }));
    const page = await context.newPage();
    if (saving) await (await context.newCDPSession(page)).send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
    const all: Promise<number>[] = [];
    const media: Promise<number>[] = [];
    page.on('requestfinished', (r) => {
      const size = r.sizes().then((x) => x.responseBodySize + x.responseHeadersSize, () => 0);
      all.push(size);
      if (r.resourceType() === 'image' || r.resourceType() === 'media') media.push(size);
    });
    await page.goto(side === 'peer' ? `${base}/bench/${peerExample('blog')}` : `${base}/examples/blog.html`);
    for (let y = 0; y < 20 && (await page.evaluate(() => scrollY + innerHeight < document.documentElement.scrollHeight)); y++) {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(250);
    }
    await page.waitForTimeout(1500);
    const sum = async (list: Promise<number>[]) => (await Promise.all(list)).reduce((a, b) => a + b, 0) / 1024;
    const label = saving ? 'with Save-Data' : 'without Save-Data';
    m[`bytes received ${label} (KB)`] = await sum(all);
    m[`media received ${label} (KB)`] = await sum(media);
    await context.close();
  }
  return m;
}

/** Keeps only the figures named (a case that measures more than its headline row needs). */
const pick = (keys: string[]) => (m: Metrics): Metrics => Object.fromEntries(keys.filter((k) => k in m).map((k) => [k, m[k]]));

async function main() {
  const started = Date.now();
  const settings: Settings = { mode: FULL ? 'full' : 'quick', runs: RUNS, cycles: CYCLES, conditions: CONDITIONS, ...(ONLY && { only: ONLY }), ...(SIDES_ONLY && { sides: SIDES_ONLY }) };
  const path = `${OUT}.json`;
  const resumed = flag('resume') ? loadForResume(path, settings) : undefined;
  const samples: Sample[] = resumed?.samples ?? [];
  if (resumed) process.stderr.write(`resuming ${path}: ${samples.length} samples kept\n`);
  // The engines, installed as `npm test` installs them (as root, from Debian); an engine still
  // missing is left out, and the run says which and how to add it. Chromium is not optional.
  if (!flag('no-install')) {
    try {
      execFileSync('bash', ['scripts/ensure-browsers.sh'], { stdio: ['ignore', 'ignore', 'inherit'] });
    } catch {
      // Said on stderr by the script; what is missing is looked at one engine at a time below.
    }
  }
  if (missingFor('chromium')) throw new Error(`the bench needs Chromium (${missingFor('chromium')}): run scripts/ensure-browsers.sh as root, or set CHROMIUM_PATH`);
  const skipped = (['firefox', 'webkit'] as const).filter((name) => missingFor(name));
  for (const name of skipped) {
    process.stderr.write(`Leaving out the ${name} rows: ${missingFor(name)} is not installed (scripts/ensure-browsers.sh installs it, as root).\n`);
  }
  if (!flag('no-build')) execFileSync('node', ['build.mjs', '--no-types'], { stdio: 'ignore' });
  const service = await startService({ port: 0, quiet: true });
  const browsers = new Chromium();
  rmSync(BENCH_DIR, { recursive: true, force: true });
  mkdirSync(BENCH_DIR, { recursive: true });
  writeFileSync(join(BENCH_DIR, 'peer.js'), await peerBundle());
  writeFileSync(join(BENCH_DIR, 'peer-picker.js'), await peerPickerBundle());
  writeFileSync(join(BENCH_DIR, WARM_PAGE), '<!doctype html><html lang="en"><title>warm</title><body></body></html>');
  for (const name of LIGHTHOUSE_PAGES) writeFileSync(join(BENCH_DIR, peerExample(name)), peerExamplePage(readFileSync(`examples/${name}.html`, 'utf8'), LOCAL_API_KEY));
  // embed.js's very bytes inside a function nobody calls: fetched and parsed, never run.
  writeFileSync(join('dist', INERT_SCRIPT), `function inertEmbedCopy(){\n${readFileSync('dist/embed.js', 'utf8')}\n}\n`);
  const trending = await (await fetch(`${service.url}/v1/gifs/trending?api_key=${LOCAL_API_KEY}&limit=100`)).json() as { data: any[] };
  // The catalogue as the product reads it: each GIF's box, the file the player shows in it, and
  // the progressive snippet the share menu hands out for it.
  const gifs: CatalogueGif[] = normalizeGifList(trending.data, readMeta(trending))
    .filter((g) => !g.external_media && g.type === 'gif')
    .map((gif) => {
      const { width, height } = embedSize(gif);
      // The bare <img> page shows the very file the progressive snippet's <picture> gives Chromium
      // (the WebP the player plays, spec §5): both wait for the same bytes.
      const rendition = pickRendition(gif.images, width, height);
      const small = pickRendition(gif.images, SMALL_BOX.width, SMALL_BOX.height);
      return {
        id: gif.id, width, height, src: rendition ? mediaUrl(gif, rendition, { webp: true }) : '', snippet: scriptEmbedCode(gif, { script: '' }).trim(),
        smallSrc: small ? mediaUrl(gif, small, { webp: true }) : '',
      };
    });
  const many = (n: number) => Array.from({ length: n }, (_, i) => gifs[i % gifs.length]);
  const base = service.url;

  const cycles = `${CYCLES} mount/unmount cycles`;
  const SMALL_BOXES = `${SMALL_BOXES_COUNT.toLocaleString('en')} placeholders of ${SMALL_BOX.width}x${SMALL_BOX.height}`;
  const PICKER_TYPING = 'picker, typing "funny cats" at 10 characters a second';
  const PICKER_SCROLL = `picker, ${PICKER_RESULTS} results paged through, scrolled back at 4x CPU`;
  const PHONE_SIDES: Side[] = ['ours', 'progressive', 'peer', 'img', 'inert'];
  const phoneRows = (runs: number): Case[] => [
    [PHONE_FIRST_FRAME('Chromium'), PHONE_SIDES, (b, s) => phoneFirstFrameCase('chromium', b, service.port, many(1), s), runs, true],
    [PHONE_FIRST_FRAME('Firefox'), PHONE_SIDES, (_, s) => phoneFirstFrameCase('firefox', undefined, service.port, many(1), s), runs, true],
    [PHONE_FIRST_FRAME('WebKit'), PHONE_SIDES, (_, s) => phoneFirstFrameCase('webkit', undefined, service.port, many(1), s), runs, true],
  ];
  const cases: Case[] = FULL ? [
    ['one embed', ['ours', 'progressive', 'peer', 'img'], (b, s, c) => embedsCase(b, base, many(1), s, c), RUNS * EMBEDS_RUNS_FACTOR],
    ['10 embeds', ['ours', 'progressive', 'peer', 'img'], (b, s, c) => embedsCase(b, base, many(10), s, c), RUNS * EMBEDS_RUNS_FACTOR],
    ['first frame, one embed', ['ours', 'progressive', 'peer', 'img', 'inert'], (b, s, c) => firstFrameCase(b, base, many(1), s, c), RUNS * FIRST_FRAME_RUNS_FACTOR],
    ['first frame, 10 embeds', ['ours', 'progressive', 'peer', 'img', 'inert'], (b, s, c) => firstFrameCase(b, base, many(10), s, c), RUNS * FIRST_FRAME_RUNS_FACTOR],
    [ENGINE_FIRST_FRAME('Firefox'), ['progressive', 'img', 'inert'], (_, s) => engineFirstFrameCase('firefox', base, many(1), s), RUNS * FIRST_FRAME_RUNS_FACTOR, true],
    [ENGINE_FIRST_FRAME('WebKit'), ['progressive', 'img', 'inert'], (_, s) => engineFirstFrameCase('webkit', base, many(1), s), RUNS * FIRST_FRAME_RUNS_FACTOR, true],
    ['100 embeds', ['ours', 'progressive', 'peer', 'img'], (b, s, c) => embedsCase(b, base, many(100), s, c), RUNS],
    [`100 embeds read at a human pace (a viewport every ${HUMAN_STEP_MS} ms)`, ['ours', 'progressive', 'peer', 'img'], (b, s, c) => humanCase(b, base, many(100), s, c), RUNS],
    ['500 placeholders', ['ours', 'progressive', 'img'], (b, s, c) => scanCase(b, base, many(500), s, c), RUNS],
    [SMALL_BOXES, ['ours', 'img'], (b, s, c) => smallBoxesCase(b, base, many(SMALL_BOXES_COUNT), s, c), RUNS],
    ['grid of 50', ['ours', 'peer'], (b, s, c) => gridCase(b, base, s, c), RUNS],
    [cycles, ['ours', 'peer'], (b, s, c) => cyclesCase(b, base, many(20), s, c), RUNS],
    [PICKER_TYPING, ['ours', 'peer'], (b, s, c) => pickerTypingCase(b, base, s, c), RUNS],
    [PICKER_SCROLL, ['ours', 'peer'], (b, s, c) => pickerScrollCase(b, base, s, c), RUNS],
    ...LIGHTHOUSE_PAGES.map((name): Case => [`Lighthouse mobile, examples/${name}.html`, ['ours', 'peer'], (_, s) => lighthouseCase(base, name, s), RUNS, true]),
    [PROXY_CASE, PROXY_SIDES, (_, s) => proxyCase(base, s as ProxySide), RUNS, true],
    [SAVE_DATA_CASE, ['ours', 'peer'], (b, s) => saveDataCase(b, base, s), RUNS, true],
    ...phoneRows(RUNS * FIRST_FRAME_RUNS_FACTOR),
  ] : [
    // The headline rows: the first frame (plain and progressive) against the bare <img>, the
    // physical limit (the same page with an inert script beside it) and the peer; the bytes; 500
    // placeholders; mount cycles. (A page of 100 scrolled through is the full run's '100 embeds'.)
    ['first frame, one embed', ['ours', 'progressive', 'img', 'inert', 'peer'], (b, s, c) => firstFrameCase(b, base, many(1), s, c), RUNS * QUICK_FIRST_FRAME_FACTOR],
    // The README's plain form (a link only) on a page of ten, where the peer was ahead.
    ['first frame, 10 embeds', ['ours', 'progressive', 'peer'], (b, s, c) => firstFrameCase(b, base, many(10), s, c), RUNS * QUICK_FIRST_FRAME_FACTOR],
    ['bytes, one embed', ['ours', 'progressive', 'peer', 'img'], async (b, s, c) => pick(['JS bytes (raw)', 'JS bytes (gzip)', 'API requests (visible)', 'media downloaded (KB)'])(await embedsCase(b, base, many(1), s, c)), 1],
    ['500 placeholders', ['ours', 'progressive', 'img'], (b, s, c) => scanCase(b, base, many(500), s, c), RUNS],
    [cycles, ['ours', 'peer'], (b, s, c) => cyclesCase(b, base, many(20), s, c), Math.min(RUNS, QUICK_CYCLES_RUNS)],
    // The picker's requests while typing: the same every run, so one sample a side. Its 1,000
    // results (two minutes a sample for the peer) are in the full run.
    [PICKER_TYPING, ['ours', 'peer'], (b, s, c) => pickerTypingCase(b, base, s, c), 1],
    // The first-party proxy's added time and hit ratio, from the docs' Node and Worker setups.
    [PROXY_CASE, PROXY_SIDES, (_, s) => proxyCase(base, s as ProxySide), Math.min(RUNS, 3), true],
    // What a reader who asked to save data is spared: the same every run, so one sample a side.
    [SAVE_DATA_CASE, ['ours', 'peer'], (b, s) => saveDataCase(b, base, s), 1, true],
    // The first frame on a phone's network, in the three engines: the hops before the GIF. The
    // link paces every sample alike (intervals of a few percent with 5 a side).
    ...phoneRows(RUNS),
  ];
  // The rows of an engine this machine lacks (said above).
  const engineRow = (name: string) => skipped.find((engine) => [ENGINE_FIRST_FRAME, PHONE_FIRST_FRAME].some((row) => name === row(engine === 'firefox' ? 'Firefox' : 'WebKit')));
  const exact = cases.some(([name]) => name === ONLY);
  const chosenCase = (name: string) => !ONLY || (exact ? name === ONLY : ONLY.split(',').some((o) => name.includes(o)));
  let seconds = resumed?.seconds ?? 0;
  let mark = Date.now();
  const save = (complete: boolean, extra: Partial<Results> = {}) => {
    seconds += (Date.now() - mark) / 1000;
    mark = Date.now();
    writeResults(path, { settings, complete, seconds: Math.round(seconds), chromium: browsers.version, date: new Date().toISOString(), samples, ...extra });
  };
  try {
    for (const condition of CONDITIONS) {
      for (const [name, sides, take, runs, plainOnly] of cases) {
        if (!chosenCase(name) || (plainOnly && condition !== 'plain') || engineRow(name)) continue;
        const chosen = sides.filter((x) => !SIDES_ONLY || SIDES_ONLY.includes(x));
        // Samples a resumed file already holds are not taken again: the first k of each side.
        const kept = new Map(chosen.map((side) => [side, samples.filter((x) => x.case === name && x.condition === condition && x.side === side).length]));
        for (let i = 0; i < runs; i++) {
          for (const side of sideOrder(chosen, i)) {
            if (kept.get(side)! > 0) {
              kept.set(side, kept.get(side)! - 1);
              continue;
            }
            const label = `${name} (${condition}, ${side}, sample ${i + 1} of ${runs})`;
            if (VERBOSE) process.stderr.write(`taking ${label}\n`);
            try {
              const metrics = await takeSample(browsers, label, (b) => take(b, side, condition));
              samples.push({ case: name, condition, side, metrics });
            } catch (error) {
              // Failed every try: recorded as failed (the table counts it), and the run goes on.
              samples.push({ case: name, condition, side, metrics: {}, failed: error instanceof Error ? error.message.split('\n')[0] : String(error) });
            }
            save(false);
            await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
          }
        }
        process.stderr.write(`${name} (${condition}) done at ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
      }
    }
  } finally {
    await browsers.close();
    await Promise.all([...otherEngines.values()].map((engine) => engine.then((e) => e.close(), () => undefined)));
    await stopProxies();
    await (await phone)?.close();
    await service.close();
  }

  const rows = summarise(samples);
  const counts = FULL
    ? `${RUNS} runs per case (${RUNS * EMBEDS_RUNS_FACTOR} for one and 10 embeds, ${RUNS * FIRST_FRAME_RUNS_FACTOR} for the first-frame cases); throttled = 4x CPU, 150 ms RTT, 1.6 Mbps down.`
    : `Quick run, plain machine: ${RUNS * QUICK_FIRST_FRAME_FACTOR} samples a side for the first frame (${RUNS} on the phone's network), 1 for the bytes and the picker, ${Math.min(RUNS, QUICK_CYCLES_RUNS)} for the cycles, ${RUNS} for the rest (their intervals are rough; \`--full\` takes more).`;
  const took = seconds + (Date.now() - mark) / 1000;
  const left = skipped.length ? ` Left out: the ${skipped.join(' and ')} rows (not installed).` : '';
  const header = `Machine: ${cpus().length} x ${cpus()[0]?.model.trim()}, Node ${process.version}. Chromium ${browsers.version}. Date ${new Date().toISOString().slice(0, 10)}. ` +
    `${counts} Took ${Math.round(took)} s.${left}`;
  save(true, { header, rows });
  report(header, rows);
}

/** Prints the table and writes it beside the samples (`<out>.md`). */
function report(header: string, rows: Results['rows'] & {}) {
  const table = printTable(rows, header);
  console.log(table);
  writeFileSync(`${OUT}.md`, `${table}\n`);
}

// `--from bench/results.json`: the table again from a saved run's samples (no browser).
const FROM = arg('from');
if (FROM) {
  const saved = JSON.parse(readFileSync(FROM, 'utf8')) as Results;
  const table = printTable(summarise(saved.samples), saved.header ?? '');
  console.log(table);
} else await main();
