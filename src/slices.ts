/**
 * Work a page can ask for by the hundred, done a slice at a time: one item after another, each
 * with the microtasks it queued (the render Preact makes of a state change), while another as
 * long as the last still fits in SLICE_MS (at least one item a task); what is left goes on in the
 * next tasks. A screenful of players starting, or a frame in which a hundred entry animations
 * end, adds no long task.
 */
export const SLICE_MS = 8;

export interface Slices<T> {
  /** Queues `items`, begun in the next task when nothing waited. */
  add(items: T[]): void;
  /** Takes the items `gone` says out of the queue. */
  drop(gone: (item: T) => boolean): void;
}

/** A queue whose items `each` handles a slice at a time. */
export function slices<T>(each: (item: T) => void): Slices<T> {
  let queue: T[] = [];
  /**
   * Runs the next item, then the one after it if one as long (with its microtasks) still fits in
   * this task's slice, ending at `until`: a slice of items that each take most of it (a phone's
   * CPU) is one item a task, not two.
   */
  const run = (until = performance.now() + SLICE_MS) => {
    if (!queue.length) return;
    const began = performance.now();
    try {
      each(queue.shift()!);
    } finally {
      queueMicrotask((now = performance.now()) => (now * 2 - began > until ? setTimeout(run) : run(until)));
    }
  };
  return {
    add(items) {
      if (!queue.length) setTimeout(run);
      queue.push(...items);
    },
    drop(gone) {
      queue = queue.filter((item) => !gone(item));
    },
  };
}
