import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scriptRuns } from '../../../bench/trace';

const OURS = /\/embed\.js|\/plugins\//;
const PLAYER = 'http://127.0.0.1/plugins/player-desktop.abc.js';
const PAGE_MAIN = { pid: 1, tid: 1 };

/** A complete event on the page's main thread, `ms` long from `at` ms. */
const x = (name: string, at: number, ms: number, url?: string, thread = PAGE_MAIN) =>
  ({ name, ph: 'X', ts: at * 1000, dur: ms * 1000, ...thread, ...(url !== undefined && { args: { data: { url } } }) });
const threads = [
  { name: 'thread_name', ph: 'M', ts: 0, ...PAGE_MAIN, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', ts: 0, pid: 2, tid: 2, args: { name: 'CrRendererMain' } },
];
const runs = (events: object[]) => scriptRuns(JSON.stringify({ traceEvents: [...threads, ...events] }), OURS);

test('a run is one call of ours with the microtasks after it, collections inside included', () => {
  const r = runs([
    x('RunTask', 0, 40),
    x('TimerFire', 1, 30), x('FunctionCall', 1, 12, PLAYER), x('MinorGC', 5, 6), x('V8.GC_SCAVENGER', 5, 6),
    x('RunMicrotasks', 13, 8),
  ]);
  assert.equal(r, { longestRun: 20, longestLessGc: 14, longestThreadLessGc: 14, mostInOneTask: 20, runs: 1 });
});

test('calls of one task are runs of their own; the task sums them; calls not of ours do not count', () => {
  const r = runs([
    x('RunTask', 0, 100),
    x('EventDispatch', 1, 5), x('FunctionCall', 1, 4, PLAYER), x('RunMicrotasks', 5, 1),
    x('EventDispatch', 10, 5), x('FunctionCall', 10, 4, PLAYER), x('RunMicrotasks', 14, 1),
    x('FunctionCall', 20, 50, 'http://127.0.0.1/page.js'), x('RunMicrotasks', 70, 10),
    x('RunTask', 200, 10), x('FunctionCall', 200, 3, PLAYER),
  ]);
  assert.equal(r, { longestRun: 5, longestLessGc: 5, longestThreadLessGc: 5, mostInOneTask: 10, runs: 3 });
});

test('microtasks after no call (a fetch answered) are a run; a nested call is part of the one around it', () => {
  const r = runs([
    x('RunTask', 0, 30), x('RunMicrotasks', 1, 9),
    x('RunTask', 50, 30), x('EvaluateScript', 50, 20, 'http://127.0.0.1/embed.js'), x('FunctionCall', 55, 10, PLAYER),
  ]);
  assert.equal(r, { longestRun: 20, longestLessGc: 20, longestThreadLessGc: 20, mostInOneTask: 20, runs: 2 });
});

test('only the renderer thread where our script ran counts; a trace without ours has no runs', () => {
  const other = { pid: 2, tid: 2 };
  assert.equal(runs([
    x('RunTask', 0, 90, undefined, other), x('FunctionCall', 0, 80, PLAYER, other), x('FunctionCall', 85, 2, PLAYER, other),
    x('RunTask', 100, 9), x('FunctionCall', 100, 1, PLAYER),
  ]).longestRun, 80);
  assert.equal(runs([x('RunTask', 0, 90), x('FunctionCall', 0, 80, 'http://127.0.0.1/page.js')]), { longestRun: 0, longestLessGc: 0, longestThreadLessGc: 0, mostInOneTask: 0, runs: 0 });
});

test('a run is read on the thread\'s own clock too: time the thread waited in it (for a core, for the collector\'s helpers) is not our code\'s', () => {
  /** `event` with `ms` on its thread's clock. */
  const ran = (event: ReturnType<typeof x>, ms: number) => ({ ...event, tdur: ms * 1000 });
  const r = runs([
    // 30 ms on the wall, 9 of them running: the thread lost its core for the rest.
    x('RunTask', 0, 40), ran(x('FunctionCall', 1, 30, PLAYER), 9),
    // 25 ms on the wall with a 20 ms scavenge inside; on the thread 12, 4 of them the scavenge's: 8 of ours.
    x('RunTask', 50, 40), ran(x('FunctionCall', 50, 25, PLAYER), 12), ran(x('MinorGC', 55, 20), 4),
  ]);
  assert.equal(r, { longestRun: 30, longestLessGc: 30, longestThreadLessGc: 9, mostInOneTask: 30, runs: 2 });
});

test.run();
