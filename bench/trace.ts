/**
 * Our script's runs read from a Chromium performance trace (DevTools' timeline events), for the
 * pages where the `long-animation-frame` entries see too little: they name a frame's scripts
 * only when the frame took 50 ms or more, so a 30 ms run of ours in a 45 ms frame goes
 * unreported there.
 *
 * A run is one entry into script, as a long-animation-frame script entry counts it: a call
 * from the browser (a timer, an event listener, an animation frame, a script evaluated) with
 * the microtasks that run right after it, garbage collection and forced style and layout
 * inside them included. Microtasks that follow no call (a fetch's answer resolving a promise)
 * are a run of their own, counted as the page's scripts' (on the bench's pages only our
 * scripts and the probe run, and the probe awaits nothing).
 *
 * A run's time is read on two clocks: the wall clock (`dur`), what a visitor waits, and the
 * main thread's own clock (`tdur`), the time the thread ran. They part when the thread waits
 * inside a run: for a core another process or thread holds (the bench's own service and the
 * browser's other threads share the machine's cores with it), or for V8's collector helpers.
 */

/** What the trace records: the timeline's tasks and script calls, and V8's microtask runs. */
export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'toplevel'];

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { name?: string; data?: { url?: string } } }

/** The browser's calls into script: each one starts a run. */
const CALLS = new Set(['FunctionCall', 'EvaluateScript', 'v8.evaluateModule']);
const MICROTASKS = 'RunMicrotasks';
/** V8's collections on the main thread (a young-generation scavenge, a full collection, a step of incremental marking). */
const GC = new Set(['MinorGC', 'MajorGC', 'V8.GC_MC_INCREMENTAL']);

/** An event's time on the wall clock (ms). */
const wallMs = (e: TraceEvent) => (e.dur ?? 0) / 1000;
/** An event's time on its thread's own clock (ms); its wall time where the trace has none. */
const threadMs = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000;

export interface ScriptRuns {
  /** The longest single run of ours (ms). */
  longestRun: number;
  /** The longest run of ours less the garbage collections V8 made inside it (ms): our code's own time. */
  longestLessGc: number;
  /** The same on the main thread's own clock (ms): the time our code ran, less any the thread spent waiting. */
  longestThreadLessGc: number;
  /** The most time our runs took inside one task of the main thread (ms): a frame's event listeners, say, each short. */
  mostInOneTask: number;
  /** How many runs of ours the trace holds. */
  runs: number;
}

/**
 * Our runs in `trace` (Chromium's JSON trace): those whose call's script address matches
 * `ours`, and the microtask runs that follow no call, on the page's main thread (the renderer
 * thread where our script ran the most).
 */
export function scriptRuns(trace: string, ours: RegExp): ScriptRuns {
  const parsed = JSON.parse(trace) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents ?? [];
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const isOurs = (e: TraceEvent) => CALLS.has(e.name) && ours.test(e.args?.data?.url ?? '');
  const calls = new Map<string, number>();
  for (const e of events) if (e.ph === 'X' && isOurs(e)) calls.set(`${e.pid}:${e.tid}`, (calls.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const thread = [...calls].filter(([t]) => mains.has(t)).sort((a, b) => b[1] - a[1])[0]?.[0];
  const result: ScriptRuns = { longestRun: 0, longestLessGc: 0, longestThreadLessGc: 0, mostInOneTask: 0, runs: 0 };
  if (!thread) return result;
  const timeline = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === thread).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  let taskEnd = -1;
  let inTask = 0;
  /** The run being added to: its time and the collections' time inside it, each on both clocks, and whether it is ours. */
  let run: { ms: number; gc: number; thread: number; threadGc: number; ours: boolean } | undefined;
  /** Where the script event last counted ends: an event inside it is part of it. */
  let scriptEnd = -1;
  /** Where the collection last counted ends (its phases are events inside it). */
  let gcEnd = -1;
  const close = () => {
    if (run?.ours) {
      result.runs++;
      result.longestRun = Math.max(result.longestRun, run.ms);
      result.longestLessGc = Math.max(result.longestLessGc, run.ms - run.gc);
      result.longestThreadLessGc = Math.max(result.longestThreadLessGc, run.thread - run.threadGc);
      inTask += run.ms;
      result.mostInOneTask = Math.max(result.mostInOneTask, inTask);
    }
    run = undefined;
  };
  for (const e of timeline) {
    const end = e.ts + (e.dur ?? 0);
    if (e.name === 'RunTask' && e.ts >= taskEnd) {
      close();
      taskEnd = end;
      inTask = 0;
      continue;
    }
    if (e.ts < scriptEnd) {
      // Inside a script event already counted: a collection there is part of the run's time.
      if (run && GC.has(e.name) && e.ts >= gcEnd) {
        run.gc += wallMs(e);
        run.threadGc += threadMs(e);
        gcEnd = end;
      }
      continue;
    }
    if (CALLS.has(e.name)) {
      close();
      run = { ms: 0, gc: 0, thread: 0, threadGc: 0, ours: isOurs(e) };
    } else if (e.name === MICROTASKS) {
      // After a call, its microtasks; after none, a run of their own.
      run ??= { ms: 0, gc: 0, thread: 0, threadGc: 0, ours: true };
    } else continue;
    run.ms += wallMs(e);
    run.thread += threadMs(e);
    scriptEnd = end;
  }
  close();
  return result;
}
