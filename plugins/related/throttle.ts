/**
 * A throttle for window resize (spec §9: the related widget re-renders at most every 500 ms).
 */

/** Timer functions, replaceable in tests. */
export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A throttled function and a way to drop its pending call. */
export interface Throttled {
  (): void;
  cancel(): void;
}

/**
 * Wraps `fn` so it runs at once, then at most once per `ms`: calls in between collapse into
 * one trailing call at the end of the window (so the last size always wins).
 */
export function throttle(fn: () => void, ms: number, timers: Timers = realTimers): Throttled {
  let last = -Infinity;
  let pending: unknown;
  const run = () => {
    pending = undefined;
    last = timers.now();
    fn();
  };
  const throttled = (() => {
    const wait = last + ms - timers.now();
    if (wait <= 0 && pending === undefined) run();
    else if (pending === undefined) pending = timers.setTimeout(run, Math.max(0, wait));
  }) as Throttled;
  throttled.cancel = () => {
    if (pending !== undefined) timers.clearTimeout(pending);
    pending = undefined;
  };
  return throttled;
}
