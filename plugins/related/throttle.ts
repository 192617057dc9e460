/**
 * A throttle for window resize (spec §9: the related widget re-renders at most every 500 ms).
 */

/** A throttled function and the way to drop its pending call. */
export interface Throttled {
  (): void;
  cancel(): void;
}

/**
 * `fn` at most once per `ms`: the first call runs at once, later calls within `ms` run once at
 * the end of the wait. `cancel` drops a pending run (on unmount).
 */
export function throttle(fn: () => void, ms: number): Throttled {
  let last = -Infinity;
  let pending: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    pending = undefined;
    last = Date.now();
    fn();
  };
  const throttled = (() => {
    if (pending !== undefined) return;
    const wait = last + ms - Date.now();
    if (wait <= 0) run();
    else pending = setTimeout(run, wait);
  }) as Throttled;
  throttled.cancel = () => {
    clearTimeout(pending);
    pending = undefined;
  };
  return throttled;
}
