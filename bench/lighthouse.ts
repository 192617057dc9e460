/**
 * Lighthouse as a blogger runs it on their page: its mobile run (a phone's screen, a CPU four
 * times slower and a slow 4G network, simulated from one load), performance only, driving
 * Chromium with a debugging port of its own (a new browser each sample, as its command line
 * does). A sample is one Lighthouse run; the figures are its performance score, its total
 * blocking time, its largest contentful paint, its layout shift, its longest task (as simulated
 * at 4x: the "long-tasks" audit, the browser's style, layout and paint included) and the longest
 * of those its audit names the side's own scripts for (0: none over 50 ms), the machine's speed
 * during the run (Lighthouse's benchmark index), the side's own longest task by the CPU time the
 * main thread had in it and how much of its tasks' time the thread was off the CPU, and the phases of
 * the largest paint after the page's first byte (the wait before its image was asked for, the
 * image's download, and the render delay: the rest until the paint).
 */
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/browser/support/harness';
import type { Metrics } from './table';

/** The example pages of the row (examples/<name>.html): the blog post, the ad network's feed, the page with only the snippet. */
export const LIGHTHOUSE_PAGES = ['blog', 'ads', 'light'] as const;

/** The figures of one Lighthouse mobile run of `url`; `own`: the pattern that names the side's own scripts (for the longest task that is theirs). */
export async function lighthouseRun(url: string, own: RegExp): Promise<Metrics> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', onlyCategories: ['performance'], logLevel: 'error' });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    // Where the largest paint's time went, as Lighthouse splits it: the page's first byte, the
    // wait before the painted image was asked for, its download, and the rest until its paint.
    type Phase = { phase: string; timing: number };
    const phaseTable = (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: Phase[] }[] } | undefined)?.items?.[1]?.items ?? [];
    const phase = (name: string) => Math.round(phaseTable.find((p) => p.phase === name)?.timing ?? 0);
    const tasks = ((lhr.audits['long-tasks']?.details as { items?: { url: string; duration: number }[] } | undefined)?.items ?? [])
      .sort((a, b) => b.duration - a.duration);
    return {
      'Lighthouse performance score': Math.round((lhr.categories.performance.score ?? 0) * 100),
      'total blocking time (ms)': Math.round(audit('total-blocking-time')),
      'largest contentful paint (ms)': Math.round(audit('largest-contentful-paint')),
      'largest paint: load delay (ms)': phase('Load Delay'),
      'largest paint: load time (ms)': phase('Load Time'),
      'largest paint: render delay (ms)': phase('Render Delay'),
      'cumulative layout shift': Number(audit('cumulative-layout-shift').toFixed(4)),
      'longest task, simulated at 4x (ms)': Math.round(tasks[0]?.duration ?? 0),
      "longest task of the side's own scripts, simulated at 4x (ms)": Math.round(tasks.find((t) => own.test(t.url))?.duration ?? 0),
      // How fast this machine ran at that moment (Lighthouse's own measure; its 4x assumes a desktop
      // of about 1000 and up): the simulated tasks are what was seen here, four times over.
      'benchmark index of the machine during the run': Math.round(lhr.environment.benchmarkIndex),
      ...ownTasksOnTheCpu(result.artifacts.Trace.traceEvents as TraceEvent[], own),
    };
  } finally {
    await chrome.kill();
  }
}

/** What a trace event carries that is read here. */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time during the event (µs). */
  tdur?: number;
  args?: { name?: string; data?: { url?: string; stackTrace?: { url?: string }[] } };
}

/**
 * The side's own tasks on the page's main thread by the CPU time the thread had in them, beside
 * the time they took: a task's time (what Lighthouse multiplies) counts the moments the thread
 * was off the CPU, waiting for one (two cores shared with the browser's other processes and
 * threads) or for another process, which here was about half of it. A task is the side's when the
 * first script named in it is (as Lighthouse names a task by its scripts), and is multiplied as
 * Lighthouse does: by 4, by 2 with a layout.
 */
function ownTasksOnTheCpu(events: TraceEvent[], own: RegExp): Metrics {
  const mainThread = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.tid === e.tid && x.name === 'EvaluateScript'));
  const onMain = events.filter((e) => e.ph === 'X' && e.pid === mainThread?.pid && e.tid === mainThread?.tid).sort((a, b) => a.ts - b.ts);
  let longestCpu = 0;
  let wall = 0;
  let cpu = 0;
  for (let i = 0; i < onMain.length; i++) {
    const task = onMain[i];
    if (task.name !== 'RunTask' || task.tdur === undefined) continue;
    const end = task.ts + (task.dur ?? 0);
    let script: string | undefined;
    let layout = false;
    for (let j = i + 1; j < onMain.length && onMain[j].ts < end; j++) {
      const data = onMain[j].args?.data;
      script ??= [data?.url, data?.stackTrace?.[0]?.url].find((url) => url && /\.js\b/.test(url));
      layout ||= onMain[j].name === 'Layout';
    }
    if (!script || !own.test(script)) continue;
    longestCpu = Math.max(longestCpu, (task.tdur / 1000) * (layout ? 2 : 4));
    wall += task.dur ?? 0;
    cpu += task.tdur;
  }
  return {
    "longest task of the side's own scripts by the main thread's CPU time in it, at 4x (ms)": Math.round(longestCpu),
    "share of the side's own tasks' time the main thread was off the CPU (%)": wall ? Math.round((100 * (wall - cpu)) / wall) : 0,
  };
}
