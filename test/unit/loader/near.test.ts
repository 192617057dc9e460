import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FakeIntersectionObserver, install, intersect, observersOf } from '../support/observers';
import { LAZY_MARGIN_AFTER_READY_PX, LAZY_MARGIN_PX, LOOKAHEAD_MAX_IDS, nearWatch } from '../../../src/embed/near';
import type { Seen } from '../../../src/embed/box';

const wait = (ms = 0) => new Promise((r) => setTimeout(r, ms));
test.before.each(install);

/** A placeholder for `id` in the body, laid out at `top` (px) as a browser would measure it. */
function placeholder(id: string, top = 0): HTMLElement {
  const el = document.body.appendChild(document.createElement('div'));
  el.setAttribute('data-gif-id', id);
  el.getBoundingClientRect = () => ({ x: 0, y: top, top, left: 0, right: 100, bottom: top + 100, width: 100, height: 100 }) as DOMRect;
  return el;
}

/** A near watch over `embeds`, recording what it starts. */
function watcher(embeds = new Map<Element, { started?: boolean }>()) {
  const started: [Element, Seen | undefined][] = [];
  const near = nearWatch(embeds, (el, seen) => void started.push([el, seen]));
  return { near, started, embeds };
}

test('a watched placeholder starts when it comes within LAZY_MARGIN_PX, with its box as the observer saw it', async () => {
  const { near, started, embeds } = watcher();
  const el = placeholder('n1');
  embeds.set(el, { started: false });
  near.watch(el);
  const margins = observersOf(el).map((o) => o.rootMargin);
  assert.ok(margins.includes(`${LAZY_MARGIN_PX}px`), margins.join());
  intersect(el, 1);
  await wait();
  assert.is(started.length, 1);
  assert.is(started[0][0], el);
  assert.is(started[0][1]![1], true, 'in view (a frame not told its root counts its boxes in view)');
  near.disconnect();
});

test('unwatch and drop: a started placeholder is watched no more, and one gone before its queued start never starts', async () => {
  const { near, started, embeds } = watcher();
  const [a, b] = [placeholder('n2'), placeholder('n3')];
  embeds.set(a, { started: false }).set(b, { started: false });
  near.watch(a);
  near.watch(b);
  near.unwatch(a);
  assert.equal(observersOf(a), []);
  intersect(b, 1);
  near.drop(b);
  await wait();
  assert.equal(started, [], 'the start it was queued for is called off');
  assert.equal(observersOf(b), []);
  near.disconnect();
});

test('widen: once a player is ready, placeholders not started are watched LAZY_MARGIN_AFTER_READY_PX ahead', async () => {
  const { near, embeds } = watcher();
  const [waiting, done] = [placeholder('n4'), placeholder('n5')];
  embeds.set(waiting, { started: false }).set(done, { started: true });
  near.watch(waiting);
  near.widen();
  await wait(20);
  assert.equal(observersOf(waiting).map((o) => o.rootMargin).filter((m) => m === `${LAZY_MARGIN_AFTER_READY_PX}px`), [`${LAZY_MARGIN_AFTER_READY_PX}px`]);
  assert.equal(observersOf(done), [], 'one that started is not watched again');
  near.disconnect();
  assert.is(FakeIntersectionObserver.all.size, 0, 'disconnect lets go of both observers');
});

test('upcoming: the ids ahead within the lookahead, those waiting for their setup measured in page order, at most LOOKAHEAD_MAX_IDS', () => {
  const { near, embeds } = watcher();
  Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
  const watched = placeholder('w1', 900);
  embeds.set(watched, { started: false });
  near.watch(watched);
  const far = placeholder('far', 1e6);
  const soon = placeholder('soon', 1200);
  assert.equal(near.upcoming([soon, far, placeholder('after', 1500)]), ['w1', 'soon'], 'measured until one lies beyond the reach');
  const many = Array.from({ length: 40 }, (_, i) => placeholder(`m${i}`, 100));
  assert.is(near.upcoming(many).length, LOOKAHEAD_MAX_IDS);
  near.disconnect();
});

test('a frame whose viewport is 0 high (not laid out yet) still makes its observers once, however many placeholders it watches', () => {
  const height = Object.getOwnPropertyDescriptor(window, 'innerHeight');
  Object.defineProperty(window, 'innerHeight', { value: 0, configurable: true });
  try {
    const { near, embeds } = watcher();
    for (const id of ['z1', 'z2', 'z3']) {
      const el = placeholder(id);
      embeds.set(el, { started: false });
      near.watch(el);
    }
    assert.is(FakeIntersectionObserver.all.size, 2, 'the near and the lookahead observers');
    near.disconnect();
  } finally {
    if (height) Object.defineProperty(window, 'innerHeight', height);
  }
});

test('without an IntersectionObserver (its plugin file did not come), a watched placeholder starts at once', async () => {
  const g = globalThis as { IntersectionObserver?: unknown };
  const saved = g.IntersectionObserver;
  delete g.IntersectionObserver;
  try {
    const { near, started } = watcher();
    near.watch(placeholder('n6'));
    await wait();
    assert.is(started.length, 1);
  } finally {
    g.IntersectionObserver = saved;
  }
});

test.run();
