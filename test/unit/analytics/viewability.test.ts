import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  watchSeen, HIT_INSET_PX, MIN_SEEN_SIDE_PX, SEEN_RECHECK_MS, SEEN_THRESHOLD, VIEW_THRESHOLDS, VISIBILITY_DELAY_MS,
} from '../../../src/analytics/viewability';
import { FakeIntersectionObserver, install } from '../support/observers';

/**
 * When a box counts as seen (what a sponsored GIF is billed on), decided in src/analytics/viewability.ts
 * and driven here through stand-ins of what only a browser has: the observers' reports, the box's
 * rendered size, what is painted on top at a point, and the page's timers.
 */

/** A stand-in observer that keeps the options it was made with (v2's trackVisibility and delay). */
class Observer extends FakeIntersectionObserver {
  options: IntersectionObserverInit & { trackVisibility?: boolean; delay?: number };
  constructor(callback: ConstructorParameters<typeof FakeIntersectionObserver>[0], options: Observer['options'] = {}) {
    super(callback, options);
    this.options = options;
  }
}

/** The browser's entries with v2's `isVisible` (Chromium) or without it (Firefox, Safari). */
const V2Entry = class {};
Object.defineProperty(V2Entry.prototype, 'isVisible', { value: false });
const V1Entry = class {};
const realEntry = globalThis.IntersectionObserverEntry;
const realFromPoint = document.elementFromPoint;
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;

/** The page's timers, run by `tick`. */
let timers: { at: number; id: number; fn: () => void }[] = [];
let now = 0;
let nextId = 0;
function tick(ms: number) {
  now += ms;
  for (;;) {
    const due = timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at || a.id - b.id)[0];
    if (!due) return;
    timers = timers.filter((t) => t !== due);
    due.fn();
  }
}

/** What is on top at each point, by default the box itself. */
let onTop: (x: number, y: number) => Element | null;
let asked: [number, number][];

let el: HTMLElement;
let seen: number;

/** Places `node`'s rendered box at (left, top), `width` x `height`. */
function box(node: Element, width: number, height: number, left = 100, top = 100) {
  node.getBoundingClientRect = () => ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top, toJSON() {} }) as DOMRect;
}

/** The plain observer's report: `ratio` of the box in view. */
function view(ratio: number, target: Element = el) {
  for (const o of [...FakeIntersectionObserver.all]) {
    if (!o.targets.has(target) || (o as Observer).options.trackVisibility) continue;
    o.callback([{ target, intersectionRatio: ratio, boundingClientRect: target.getBoundingClientRect() } as IntersectionObserverEntry], o as unknown as IntersectionObserver);
  }
}

/** The v2 observers: those that track visibility. */
const v2Observers = () => [...FakeIntersectionObserver.all].filter((o) => (o as Observer).options.trackVisibility) as Observer[];
/** The probe the v2 observer watches inside the box, if any. */
const probe = () => el.querySelector('i');

/** v2's report for the probe inside `box` (by default the box watched): visible or not. */
function visible(isVisible: boolean, box: Element = el) {
  const target = box.querySelector('i')!;
  for (const o of v2Observers()) {
    if (o.targets.has(target)) o.callback([{ target, intersectionRatio: 1, isVisible } as unknown as IntersectionObserverEntry], o as unknown as IntersectionObserver);
  }
}

function setup(v2: boolean) {
  install();
  const g = globalThis as Record<string, unknown>;
  g.IntersectionObserver = Observer;
  (window as unknown as Record<string, unknown>).IntersectionObserver = Observer;
  g.IntersectionObserverEntry = v2 ? V2Entry : V1Entry;
  timers = [];
  now = 0;
  g.setTimeout = (fn: () => void, ms = 0) => (timers.push({ at: now + ms, id: ++nextId, fn }), nextId);
  g.clearTimeout = (id: number) => void (timers = timers.filter((t) => t.id !== id));
  // What a browser computes for an element nobody styled (happy-dom leaves them empty).
  document.body.innerHTML = '<div id="page" style="opacity:1;filter:none;mask-image:none"><div id="box"><img></div></div>';
  el = document.getElementById('box')!;
  box(el, 480, 360);
  asked = [];
  onTop = () => el.querySelector('img');
  document.elementFromPoint = (x: number, y: number) => (asked.push([x, y]), onTop(x, y));
  seen = 0;
}

test.after.each(() => {
  const g = globalThis as Record<string, unknown>;
  g.IntersectionObserverEntry = realEntry;
  g.setTimeout = realSetTimeout;
  g.clearTimeout = realClearTimeout;
  document.elementFromPoint = realFromPoint;
  document.body.innerHTML = '';
});

test('the spec\'s numbers: 99% of the box, at least 50 px a side, v2 reports at most every 100 ms', () => {
  assert.is(SEEN_THRESHOLD, 0.99);
  assert.equal(VIEW_THRESHOLDS, [0, 0.99]);
  assert.is(MIN_SEEN_SIDE_PX, 50);
  assert.is(VISIBILITY_DELAY_MS, 100);
  assert.is(SEEN_RECHECK_MS, 500);
});

test('v2: 99% in view asks a v2 observer about a probe inside the box; seen once it says visible, and only once', () => {
  setup(true);
  const watch = watchSeen(el, () => seen++);
  const plain = [...FakeIntersectionObserver.all] as Observer[];
  assert.is(plain.length, 1);
  assert.equal(plain[0].options, { threshold: VIEW_THRESHOLDS });
  view(0.98);
  assert.is(probe(), null, 'not 99%: nothing more is asked');
  view(0.99);
  const inset = probe()!;
  assert.ok(inset, 'a probe inside the box');
  assert.is(inset.style.position, 'absolute');
  assert.is(inset.style.inset, `${HIT_INSET_PX}px`);
  assert.is(inset.style.pointerEvents, 'none');
  assert.is(inset.style.zIndex, '2147483647');
  assert.is(inset.getAttribute('aria-hidden'), 'true');
  const [v2] = v2Observers();
  assert.equal(v2.options, { threshold: SEEN_THRESHOLD, trackVisibility: true, delay: VISIBILITY_DELAY_MS });
  view(0.99);
  assert.is(el.querySelectorAll('i').length, 1, 'one probe however often the box is reported');
  visible(false);
  assert.is(seen, 0, 'covered or faded: not seen');
  visible(true);
  assert.is(seen, 1);
  assert.is(probe(), null, 'the probe goes once seen');
  assert.is(v2.targets.size, 0);
  assert.is(plain[0].targets.size, 0, 'nothing is watched any more');
  view(1);
  watch.check();
  assert.is(seen, 1, 'once');
});

test('v2: a box that left the view before v2 answered is not seen; the probe goes with it', () => {
  setup(true);
  watchSeen(el, () => seen++);
  view(1);
  const inset = probe()!;
  view(0.5);
  assert.is(probe(), null, 'the probe is removed');
  const [v2] = v2Observers();
  assert.not.ok(v2.targets.has(inset));
  // A late report about the old probe counts for nothing.
  v2.callback([{ target: inset, intersectionRatio: 1, isVisible: true } as unknown as IntersectionObserverEntry], v2 as unknown as IntersectionObserver);
  assert.is(seen, 0);
});

test('a box smaller than 50 px a side is not measured further until its size says it may be seen', () => {
  setup(true);
  box(el, MIN_SEEN_SIDE_PX - 1, 360);
  const watch = watchSeen(el, () => seen++);
  view(1);
  assert.is(probe(), null, '49 px wide');
  box(el, 480, MIN_SEEN_SIDE_PX - 1);
  view(1);
  assert.is(probe(), null, '49 px high');
  // Its new size (a ResizeObserver's): too small, nothing; big enough, measured and asked.
  watch.check({ width: 10, height: 10 });
  assert.is(probe(), null);
  box(el, MIN_SEEN_SIDE_PX, MIN_SEEN_SIDE_PX);
  watch.check({ width: MIN_SEEN_SIDE_PX, height: MIN_SEEN_SIDE_PX });
  assert.ok(probe(), '50 x 50 is enough');
  // Shrunk while being confirmed: the confirmation ends.
  watch.check({ width: 10, height: 400 });
  assert.is(probe(), null);
  watch.check({ width: 400, height: 10 });
  assert.is(probe(), null);
  assert.is(seen, 0);
});

test('v2: the page\'s CSS is read once v2 says visible, not when the plain observer reports the box in view', () => {
  setup(true);
  // The plain observer's report comes in a task after the renders of the players that entered
  // with the box; v2's in the task after the frame it judged, whose styles are still clean.
  const real = globalThis.getComputedStyle;
  let reads = 0;
  globalThis.getComputedStyle = (node: Element, pseudo?: string | null) => (reads++, real(node, pseudo));
  try {
    watchSeen(el, () => seen++);
    view(1);
    assert.ok(probe(), 'v2 is asked');
    assert.is(reads, 0, 'no style read in the plain observer\'s report');
    visible(false);
    assert.is(reads, 0, 'nor while v2 says covered or faded');
    visible(true);
    assert.ok(reads > 0, 'read before counting');
    assert.is(seen, 1);
  } finally {
    globalThis.getComputedStyle = real;
  }
});

test('hidden by the page\'s CSS (opacity, a filter, a mask, checkVisibility): not seen, looked at again every 500 ms while in view', () => {
  setup(true);
  const page = document.getElementById('page')!;
  for (const [name, value] of [['opacity', '0.99'], ['filter', 'blur(1px)'], ['maskImage', 'linear-gradient(red, blue)']] as const) {
    page.style[name] = value;
    const watch = watchSeen(el, () => seen++);
    view(1);
    visible(true);
    assert.is(seen, 0, `${name} on an element around it`);
    assert.is(probe(), null, `${name}: the probe goes`);
    page.style[name] = name === 'opacity' ? '1' : 'none';
    tick(SEEN_RECHECK_MS - 1);
    assert.is(probe(), null, `${name}: not before 500 ms`);
    tick(1);
    assert.ok(probe(), `${name}: looked at again after 500 ms`);
    watch.stop();
    assert.is(probe(), null, 'stop removes the probe');
  }
  // The browser's own answer: hidden by visibility or content-visibility.
  let options: unknown;
  el.checkVisibility = (o?: unknown) => ((options = o), false);
  watchSeen(el, () => seen++);
  view(1);
  visible(true);
  assert.is(probe(), null);
  assert.equal(options, { visibilityProperty: true, opacityProperty: true, contentVisibilityAuto: true });
  el.checkVisibility = () => true;
  // Out of view meanwhile: the recheck finds nothing to do.
  view(0);
  tick(SEEN_RECHECK_MS);
  assert.is(probe(), null);
  view(1);
  visible(true);
  assert.is(seen, 1, 'seen once shown');
});

test('faded around it through a shadow root: its host counts as around it', () => {
  setup(true);
  const host = document.getElementById('page')!;
  const root = host.attachShadow({ mode: 'open' });
  const inner = document.createElement('div');
  root.append(inner);
  box(inner, 480, 360);
  host.style.opacity = '0.5';
  const watch = watchSeen(inner, () => seen++);
  view(1, inner);
  visible(true, inner);
  assert.is(seen, 0, 'the host outside the shadow root is faded');
  host.style.opacity = '';
  watch.check();
  visible(true, inner);
  assert.is(seen, 1);
});

test('without v2: nine points inside the box are hit-tested, now and 100 ms later, before it counts', () => {
  setup(false);
  watchSeen(el, () => seen++);
  view(1);
  assert.is(probe(), null, 'no probe without v2');
  const i = HIT_INSET_PX;
  const points = [[100 + i, 100 + i], [100 + i, 280], [100 + i, 460 - i], [340, 100 + i], [340, 280], [340, 460 - i], [580 - i, 100 + i], [580 - i, 280], [580 - i, 460 - i]];
  assert.equal(asked, points, 'corners and edges 2 px inside, and the middle');
  tick(VISIBILITY_DELAY_MS - 1);
  assert.is(seen, 0, 'not before 100 ms');
  asked = [];
  tick(1);
  assert.is(seen, 1, 'still uncovered 100 ms later');
  assert.equal(asked, points, 'looked at again');
});

test('without v2: another element over any one point is a cover; one put up within 100 ms counts too', () => {
  setup(false);
  const cover = document.createElement('div');
  document.body.append(cover);
  const watch = watchSeen(el, () => seen++);
  // Over one corner only.
  onTop = (x, y) => (x > 500 && y > 400 ? cover : el);
  view(1);
  tick(VISIBILITY_DELAY_MS);
  assert.is(seen, 0, 'covered at one point');
  onTop = () => el;
  tick(SEEN_RECHECK_MS - VISIBILITY_DELAY_MS - 1);
  assert.is(seen, 0, 'looked at again only after 500 ms');
  tick(1);
  // Uncovered now; a cover the page puts up before the second look stops the count.
  onTop = () => cover;
  tick(VISIBILITY_DELAY_MS);
  assert.is(seen, 0, 'covered at the second look');
  onTop = () => el;
  tick(SEEN_RECHECK_MS);
  tick(VISIBILITY_DELAY_MS);
  assert.is(seen, 1);
  watch.stop();
});

test('without v2: faded at the second look is not seen', () => {
  setup(false);
  watchSeen(el, () => seen++);
  view(1);
  el.style.opacity = '0.5';
  tick(VISIBILITY_DELAY_MS);
  assert.is(seen, 0);
  el.style.opacity = '';
  tick(SEEN_RECHECK_MS);
  tick(VISIBILITY_DELAY_MS);
  assert.is(seen, 1);
});

test('without v2: what is on top is looked for through shadow roots; a host around the box is not a cover', () => {
  setup(false);
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const inside = document.createElement('span');
  root.append(inside);
  // The page's element at the point is a host; inside its shadow root, another element: a cover.
  (root as unknown as { elementFromPoint(x: number, y: number): Element }).elementFromPoint = () => inside;
  onTop = () => host;
  watchSeen(el, () => seen++);
  view(1);
  tick(VISIBILITY_DELAY_MS);
  assert.is(seen, 0, 'an element inside another shadow root covers it');
  // Hit-testing that ends at the box's own ancestor (a closed shadow root's host around it) is no cover.
  (root as unknown as { elementFromPoint(x: number, y: number): Element }).elementFromPoint = () => host;
  onTop = () => document.getElementById('page');
  tick(SEEN_RECHECK_MS);
  tick(VISIBILITY_DELAY_MS);
  assert.is(seen, 1);
});

test('without v2: the box\'s own shadow tree on top of it is the box', () => {
  setup(false);
  const root = el.attachShadow({ mode: 'open' });
  const inner = document.createElement('b');
  root.append(inner);
  (root as unknown as { elementFromPoint(x: number, y: number): Element }).elementFromPoint = () => inner;
  onTop = () => el;
  watchSeen(el, () => seen++);
  view(1);
  tick(VISIBILITY_DELAY_MS);
  assert.is(seen, 1);
});

test('a look asked for before any report of the observer measures nothing', () => {
  setup(true);
  const watch = watchSeen(el, () => seen++);
  watch.check();
  watch.check({ width: 480, height: 360 });
  assert.is(probe(), null);
  watch.stop();
});

test('a browser without IntersectionObserverEntry has no v2: hit-testing decides', () => {
  setup(true);
  (globalThis as Record<string, unknown>).IntersectionObserverEntry = undefined;
  watchSeen(el, () => seen++);
  view(1);
  assert.is(probe(), null);
  tick(VISIBILITY_DELAY_MS);
  assert.is(seen, 1);
});

test('without v2: an element over the box inside the same shadow root is a cover; a shadow root answering with its host or nothing ends the search', () => {
  setup(false);
  const host = document.getElementById('page')!;
  const root = host.attachShadow({ mode: 'open' });
  const inner = document.createElement('div');
  const overlay = document.createElement('div');
  root.append(inner, overlay);
  box(inner, 480, 360);
  let inside: Element | null = overlay;
  (root as unknown as { elementFromPoint(): Element | null }).elementFromPoint = () => inside;
  onTop = () => host;
  watchSeen(inner, () => seen++);
  view(1, inner);
  tick(VISIBILITY_DELAY_MS);
  assert.is(seen, 0, 'the overlay inside the host covers it');
  // The shadow root names its host again (the point is on the host's own box): the host, which is around it.
  inside = host;
  tick(SEEN_RECHECK_MS);
  tick(VISIBILITY_DELAY_MS);
  assert.is(seen, 1);
});

test('without v2: a shadow root with nothing at the point leaves its host as what is on top', () => {
  setup(false);
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  (root as unknown as { elementFromPoint(): Element | null }).elementFromPoint = () => null;
  onTop = () => host;
  watchSeen(el, () => seen++);
  view(1);
  tick(VISIBILITY_DELAY_MS);
  assert.is(seen, 0, 'the unrelated host covers it');
});

test('stop: nothing counts after it, and nothing is watched', () => {
  setup(false);
  const watch = watchSeen(el, () => seen++);
  view(1);
  watch.stop();
  tick(VISIBILITY_DELAY_MS);
  view(1);
  tick(VISIBILITY_DELAY_MS);
  assert.is(seen, 0);
  assert.is([...FakeIntersectionObserver.all].reduce((n, o) => n + o.targets.size, 0), 0);
});

test('without an IntersectionObserver nothing is ever counted, and nothing throws', () => {
  setup(true);
  const g = globalThis as Record<string, unknown>;
  const saved = g.IntersectionObserver;
  delete g.IntersectionObserver;
  try {
    const watch = watchSeen(el, () => seen++);
    watch.check();
    watch.check({ width: 480, height: 360 });
    tick(SEEN_RECHECK_MS);
    watch.stop();
    assert.is(seen, 0);
  } finally {
    g.IntersectionObserver = saved;
  }
});

test.run();
