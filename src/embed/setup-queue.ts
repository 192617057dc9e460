/**
 * Placeholders waiting for their setup, in page order, each with its box plan once read. Every
 * box is read before any is written (a read after a write forces a style calculation), and both
 * the reads and the writes go in slices of SLICE_MS (src/slices.ts; two phases, so not its queue),
 * so 500 placeholders add no long task and the page stays responsive.
 */
import { boxPlan, type BoxStyles } from './box';
import { boxSize } from './placeholder';
import { SLICE_MS } from '../slices';

type SetUp = (el: HTMLElement, plan: BoxStyles) => void;

/** The queue: placeholders added, and taken out before their setup. */
export interface SetupQueue {
  /**
   * Queues `found` to be read, then set up (each still in the page), sliced over tasks from the
   * next one: the task that found them (a scan of a page of thousands) has had its time.
   */
  add(found: HTMLElement[]): void;
  /** Takes `el` out of the queue (unmounted before its setup). */
  remove(el: Element): void;
  /** The placeholders still waiting for their setup, in page order. */
  waiting(): HTMLElement[];
  /** Empties the queue (the page is disposed). */
  clear(): void;
}

/** A setup queue whose placeholders, read in page order, are set up by `setUp`. */
export function setupQueue(setUp: SetUp): SetupQueue {
  let queue: [HTMLElement, BoxStyles?][] = [];
  /** How many queued placeholders have their plan (the first ones). */
  let planned = 0;

  /** Reads the boxes not read yet, then sets up read ones, until the slice is used; then yields to the page. */
  const slice = () => {
    const until = performance.now() + SLICE_MS;
    while (planned < queue.length && performance.now() < until) {
      const entry = queue[planned++];
      entry[1] = boxPlan(entry[0], ...boxSize(entry[0]));
    }
    let done = 0;
    if (planned === queue.length) {
      while (done < queue.length && performance.now() < until) {
        const [el, plan] = queue[done++];
        // Taken out of the page while it waited: nothing to set up.
        if (el.isConnected) setUp(el, plan!);
      }
    }
    queue = queue.slice(done);
    planned -= done;
    if (queue.length) setTimeout(slice);
  };

  return {
    add(found) {
      if (!found.length) return;
      const idle = !queue.length;
      queue.push(...found.map((el): [HTMLElement] => [el]));
      if (idle) setTimeout(slice);
    },
    remove(el) {
      const at = queue.findIndex(([waiting]) => waiting === el);
      if (at < 0) return;
      queue.splice(at, 1);
      if (at < planned) planned--;
    },
    waiting: () => queue.map(([el]) => el),
    clear() {
      queue = [];
      planned = 0;
    },
  };
}
