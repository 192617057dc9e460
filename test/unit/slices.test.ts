import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SLICE_MS, slices } from '../../src/slices';

/** Keeps the thread busy for `ms`, as an item's work would. */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const nextTask = () => new Promise((resolve) => setTimeout(resolve));
/** Resolves once `done()` holds, looking once a task (at most 200 tasks). */
async function until(done: () => boolean) {
  for (let i = 0; i < 200 && !done(); i++) await nextTask();
  assert.ok(done(), 'the queue never finished');
}

const ITEM_MS = 3;

test(`items run in order from the next task, each with its microtasks, at most ${SLICE_MS} ms of them a task`, async () => {
  const log: string[] = [];
  const queue = slices<number>((n) => {
    log.push(`${n}`);
    queueMicrotask(() => log.push(`${n} rendered`));
    busy(ITEM_MS);
  });
  queue.add([1, 2, 3, 4, 5, 6, 7, 8]);
  assert.equal(log, [], 'nothing runs in the task that queued them');
  await nextTask();
  // The first slice: items until SLICE_MS had passed (3 ms each: the fourth would start after 9 ms).
  const first = log.length / 2;
  assert.ok(first >= 1 && first <= Math.ceil(SLICE_MS / ITEM_MS), `first slice: ${log}`);
  await until(() => log.length === 16);
  assert.equal(log, [1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) => [`${n}`, `${n} rendered`]));
});

test('an item longer than a slice still runs, one a task; items added while it waits join the queue', async () => {
  const ran: string[] = [];
  const queue = slices<number>((n) => {
    ran.push(`${n}`);
    // A task queued now runs before the next slice's (queued after it), if the next item waits for a task.
    setTimeout(() => ran.push(`a task after ${n}`));
    busy(SLICE_MS + 2);
  });
  queue.add([1, 2]);
  queue.add([3]);
  await until(() => ran.length === 6);
  assert.equal(ran, ['1', 'a task after 1', '2', 'a task after 2', '3', 'a task after 3']);
});

test('an item that takes over half a slice leaves the next one to the next task', async () => {
  const ran: string[] = [];
  const queue = slices<number>((n) => {
    ran.push(`${n}`);
    setTimeout(() => ran.push(`a task after ${n}`));
    // With its microtask, as a player's first render: another as long would end past the slice.
    queueMicrotask(() => busy(2));
    busy(SLICE_MS / 2 - 1);
  });
  queue.add([1, 2, 3]);
  await until(() => ran.length === 6);
  assert.equal(ran, ['1', 'a task after 1', '2', 'a task after 2', '3', 'a task after 3']);
});

test('a task whose slice is used up before its first item (the thread was held elsewhere) still runs one', async () => {
  const realNow = performance.now;
  // Every look at the clock finds a slice's time gone since the last one.
  let clock = realNow.call(performance);
  performance.now = () => (clock += SLICE_MS + 1);
  const ran: string[] = [];
  try {
    const queue = slices<number>((n) => {
      ran.push(`${n}`);
      setTimeout(() => ran.push(`a task after ${n}`));
    });
    queue.add([1, 2, 3]);
    await until(() => ran.length === 6);
  } finally {
    performance.now = realNow;
  }
  assert.equal(ran, ['1', 'a task after 1', '2', 'a task after 2', '3', 'a task after 3']);
});

test('drop takes waiting items out; the rest still run', async () => {
  const ran: string[] = [];
  const queue = slices<[string, number]>(([name]) => ran.push(name));
  queue.add([['a', 1], ['b', 2], ['c', 3]]);
  queue.drop(([, n]) => n === 2);
  await until(() => ran.length === 2);
  await nextTask();
  assert.equal(ran, ['a', 'c']);
});

test('an item that throws does not stop the queue: the items after it still run', async () => {
  const ran: number[] = [];
  const thrown: unknown[] = [];
  // What an item throws goes on, uncaught, as it would without the queue: to Node's handler, or
  // to the window's error event where a test before this one made a DOM the global scope.
  const caught = (error: unknown) => thrown.push(error);
  const reported = (event: Event) => thrown.push((event as ErrorEvent).error);
  process.on('uncaughtException', caught);
  globalThis.addEventListener?.('error', reported);
  try {
    const queue = slices<number>((n) => {
      ran.push(n);
      if (n === 2) throw new Error('item 2 failed');
    });
    queue.add([1, 2, 3]);
    await until(() => ran.length === 3);
    assert.equal(ran, [1, 2, 3]);
    assert.equal(thrown.map((error) => (error as Error).message), ['item 2 failed']);
  } finally {
    process.off('uncaughtException', caught);
    globalThis.removeEventListener?.('error', reported);
  }
});

test.run();
