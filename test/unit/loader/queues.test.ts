import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setupQueue } from '../../../src/embed/setup-queue';
import { mountQueue } from '../../../src/embed/mount-queue';
import { SLICE_MS } from '../../../src/slices';
import type { BoxStyles } from '../../../src/embed/box';

const wait = (ms = 0) => new Promise((r) => setTimeout(r, ms));
const box = (width?: string) => {
  const el = document.body.appendChild(document.createElement('div'));
  el.setAttribute('data-width', '480');
  el.setAttribute('data-height', '360');
  if (width) el.style.width = width;
  return el;
};

test('setup queue: placeholders are set up in page order from the next task, each with its box plan', async () => {
  const done: [HTMLElement, BoxStyles][] = [];
  const queue = setupQueue((el, plan) => void done.push([el, plan]));
  const [a, b] = [box(), box('200px')];
  queue.add([a, b]);
  assert.equal(done, [], 'nothing in the task that found them');
  assert.equal(queue.waiting(), [a, b]);
  await wait(10);
  assert.equal(done.map(([el]) => el), [a, b]);
  assert.is(done[0][1].aspectRatio, '480/360');
  assert.is(done[0][1].width, '480px');
  assert.is(done[1][1].width, undefined, 'a width the page set stays');
  assert.equal(queue.waiting(), []);
});

test('setup queue: one taken out (remove) or out of the page before its turn is not set up; clear empties it', async () => {
  const done: HTMLElement[] = [];
  const queue = setupQueue((el) => void done.push(el));
  const [kept, removed, gone, cleared] = [box(), box(), box(), box()];
  queue.add([kept, removed, gone]);
  queue.remove(removed);
  gone.remove();
  await wait(10);
  assert.equal(done, [kept]);
  queue.add([cleared]);
  queue.clear();
  await wait(10);
  assert.equal(done, [kept]);
});

test('setup queue: a page of thousands is set up over several tasks, none much over a slice', async () => {
  let tasks = 0;
  let longest = 0;
  let start = performance.now();
  const queue = setupQueue(() => {});
  const els = Array.from({ length: 3000 }, () => box());
  queue.add(els);
  while (queue.waiting().length) {
    start = performance.now();
    await wait();
    tasks++;
    longest = Math.max(longest, performance.now() - start);
  }
  assert.ok(tasks > 1, `${tasks} tasks`);
  assert.ok(longest < SLICE_MS * 20, `longest ${longest} ms`);
  els.forEach((el) => el.remove());
});

test('mount queue: the mounts of one task are mounted together at its end, once each, those still in the page', async () => {
  const batches: Element[][] = [];
  const queue = mountQueue((found) => void batches.push(found));
  const [a, b, gone, off] = [box(), box(), box(), box()];
  queue.add(a);
  queue.add(b);
  queue.add(a);
  queue.add(gone);
  queue.add(off);
  assert.ok(queue.has(a));
  queue.remove(off);
  assert.not.ok(queue.has(off));
  gone.remove();
  assert.equal(batches, [], 'not before the task ends');
  await Promise.resolve();
  assert.equal(batches, [[a, b]]);
  assert.not.ok(queue.has(a), 'mounted: no longer queued');
  queue.add(b);
  await Promise.resolve();
  assert.equal(batches.length, 2, 'a later task is a batch of its own');
});

test.run();
