import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { canFetch, failed, initialRelated, nextRequest, received, retried, started } from '../../../plugins/related/paging';
import { throttle, type Timers } from '../../../plugins/related/throttle';
import { footerGridWidth, widgetHeight, widgetWidth, WIDGET_RESIZE_THROTTLE_MS } from '../../../plugins/related/layout';
import { makeGifData } from './support/gifs';

const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => makeGifData(`g${from + i}`));

test('page sizes: 6 at offset 0, then 12 from where the service left off', () => {
  let state = initialRelated();
  assert.equal(nextRequest(state), { offset: 0, limit: 6 });
  state = received(started(state), { offset: 0, limit: 6 }, page(0, 6), 100);
  assert.equal(nextRequest(state), { offset: 6, limit: 12 });
  state = received(started(state), { offset: 6, limit: 12 }, page(6, 12), 100);
  assert.equal(nextRequest(state), { offset: 18, limit: 12 });
  assert.is(state.gifs.length, 18);
  assert.ok(canFetch(state));
});

test('no second request while one runs, none after an error until retried, none when done', () => {
  const running = started(initialRelated());
  assert.not.ok(canFetch(running));
  const broken = failed(running);
  assert.ok(broken.error);
  assert.not.ok(canFetch(broken));
  const again = retried(broken);
  assert.ok(canFetch(again));
  assert.equal(nextRequest(again), { offset: 0, limit: 6 }, 'the same page is asked for again');
});

test('done on a short page, at total_count, or when nothing new came', () => {
  const first = received(started(initialRelated()), { offset: 0, limit: 6 }, page(0, 4), 0);
  assert.ok(first.done, 'short page');
  const atTotal = received(started(initialRelated()), { offset: 0, limit: 6 }, page(0, 6), 6);
  assert.ok(atTotal.done, 'total reached');
  const one = received(started(initialRelated()), { offset: 0, limit: 6 }, page(0, 6), 50);
  assert.not.ok(one.done);
  const repeat = received(started(one), { offset: 6, limit: 12 }, [...page(0, 6), ...page(0, 6)], 50);
  assert.ok(repeat.done, 'only repeats');
  assert.is(repeat.gifs.length, 6);
});

test('repeats and the GIF itself are skipped; the offset still advances by what the service sent', () => {
  const state = received(started(initialRelated()), { offset: 0, limit: 6 }, [...page(0, 3), makeGifData('self'), makeGifData('g1'), makeGifData('g9')], 50, 'self');
  assert.equal(state.gifs.map((g) => g.id), ['g0', 'g1', 'g2', 'g9']);
  assert.is(state.offset, 6);
});

test('a failure keeps the GIFs already shown', () => {
  const one = received(started(initialRelated()), { offset: 0, limit: 6 }, page(0, 6), 50);
  const broken = failed(started(one));
  assert.is(broken.gifs.length, 6);
  assert.not.ok(broken.fetching);
});

/** A manual clock: timers fire only when the test advances time. */
function manualTimers() {
  let now = 0;
  let queue: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  const timers: Timers = {
    now: () => now,
    setTimeout: (fn, ms) => {
      queue.push({ at: now + ms, fn, id: ++ids });
      return ids;
    },
    clearTimeout: (id) => {
      queue = queue.filter((t) => t.id !== id);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const t of queue.filter((q) => q.at <= now)) {
      queue = queue.filter((q) => q !== t);
      t.fn();
    }
  };
  return { timers, advance };
}

test('resize is throttled to 500 ms: first at once, a burst collapses into one trailing call', () => {
  assert.is(WIDGET_RESIZE_THROTTLE_MS, 500);
  const { timers, advance } = manualTimers();
  let calls = 0;
  const onResize = throttle(() => calls++, WIDGET_RESIZE_THROTTLE_MS, timers);
  onResize();
  assert.is(calls, 1);
  for (let i = 0; i < 10; i++) {
    advance(40);
    onResize();
  }
  assert.is(calls, 1, 'nothing more inside the window');
  advance(99);
  assert.is(calls, 1, '499 ms after the first call');
  advance(1);
  assert.is(calls, 2, 'one trailing call at 500 ms');
  advance(1000);
  assert.is(calls, 2);
  onResize();
  assert.is(calls, 3, 'a quiet window runs at once again');
  onResize();
  onResize.cancel();
  advance(1000);
  assert.is(calls, 3, 'cancelled');
});

test('widths: the footer grid keeps a 15 px allowance, the widget is the window minus 30 px', () => {
  assert.is(footerGridWidth(480), 465);
  assert.is(footerGridWidth(10), 0);
  assert.is(widgetWidth(1024), 994);
  assert.is(widgetWidth(20), 0);
});

test('the widget height is the tallest of the first 3 GIFs at the column width', () => {
  // 3 columns of (330 - 2*6)/3 = 106 px.
  const gifs = [
    makeGifData('a', { width: 200, height: 100 }), // 53
    makeGifData('b', { width: 100, height: 200 }), // 212
    makeGifData('c', { width: 100, height: 100 }), // 106
    makeGifData('d', { width: 100, height: 900 }), // ignored: not among the first 3
  ];
  assert.is(widgetHeight(gifs, 330), 212);
  assert.is(widgetHeight(gifs.slice(0, 1), 330), 53);
  assert.is(widgetHeight([], 330), 0);
});

test.run();
