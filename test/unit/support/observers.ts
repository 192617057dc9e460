/**
 * Controllable stand-ins for IntersectionObserver and ResizeObserver: happy-dom's never fire.
 * `install()` replaces the globals; tests then call `intersect(el, ratio)` / `resize(el, w, h)`.
 */
import { forgetObservers } from '../../../src/shared-observers';

type IOCallback = (entries: IntersectionObserverEntry[], observer: IntersectionObserver) => void;
type ROCallback = (entries: ResizeObserverEntry[], observer: ResizeObserver) => void;

export class FakeIntersectionObserver {
  static all = new Set<FakeIntersectionObserver>();
  readonly targets = new Set<Element>();
  readonly root: Element | Document | null;
  readonly rootMargin: string;
  readonly thresholds: number[];
  constructor(readonly callback: IOCallback, options: IntersectionObserverInit = {}) {
    this.root = options.root ?? null;
    this.rootMargin = options.rootMargin || '0px';
    const t = options.threshold ?? 0;
    this.thresholds = Array.isArray(t) ? t : [t];
    FakeIntersectionObserver.all.add(this);
  }
  observe(el: Element) {
    this.targets.add(el);
    // A browser reports every new observation once; the stand-in does for elements placed on screen.
    const ratio = placedAt(el);
    if (ratio !== undefined) setTimeout(() => { if (this.targets.has(el)) report(this, el, ratio); });
  }
  unobserve(el: Element) { this.targets.delete(el); }
  disconnect() { this.targets.clear(); FakeIntersectionObserver.all.delete(this); }
  takeRecords(): IntersectionObserverEntry[] { return []; }
}

/** Elements given a lasting visibility by `place`: each new observation of them reports it. */
const placed = new WeakMap<Element, number>();
/** Selectors given one by `place`: every element matching one, made later too (a grid's marker for each page). */
const placedSelectors = new Map<string, number>();

/** The lasting visibility of `el`, its own or its selector's; undefined when it has none. */
function placedAt(el: Element): number | undefined {
  if (placed.has(el)) return placed.get(el);
  for (const [selector, ratio] of placedSelectors) if (el.matches(selector)) return ratio;
  return undefined;
}

function report(o: FakeIntersectionObserver, el: Element, ratio: number) {
  const rect = el.getBoundingClientRect();
  o.callback([{
    target: el, intersectionRatio: ratio, isIntersecting: ratio > 0,
    boundingClientRect: rect, intersectionRect: rect, rootBounds: null, time: Date.now(),
  } as IntersectionObserverEntry], o as unknown as IntersectionObserver);
}

export class FakeResizeObserver {
  static all = new Set<FakeResizeObserver>();
  readonly targets = new Set<Element>();
  constructor(readonly callback: ROCallback) { FakeResizeObserver.all.add(this); }
  observe(el: Element) { this.targets.add(el); }
  unobserve(el: Element) { this.targets.delete(el); }
  disconnect() { this.targets.clear(); FakeResizeObserver.all.delete(this); }
}

/** Run first by every `install()`: what a new test needs cleared (see render.tsx: trees a failed test left mounted). */
export const beforeInstall = new Set<() => void>();

/** Replaces the global observers with the stand-ins and forgets earlier instances. */
export function install() {
  for (const clear of beforeInstall) clear();
  // The product shares one observer per kind: made anew from the new stand-ins.
  forgetObservers();
  FakeIntersectionObserver.all.clear();
  FakeResizeObserver.all.clear();
  placedSelectors.clear();
  const g = globalThis as Record<string, unknown>;
  g.IntersectionObserver = FakeIntersectionObserver;
  g.ResizeObserver = FakeResizeObserver;
  if (g.window) Object.assign(g.window as object, { IntersectionObserver: FakeIntersectionObserver, ResizeObserver: FakeResizeObserver });
}

/** The stand-ins watching `el`. */
export const observersOf = (el: Element) => [...FakeIntersectionObserver.all].filter((o) => o.targets.has(el));

/** Reports `el` at `ratio` visible (0..1) to every observer watching it. */
export function intersect(el: Element, ratio: number) {
  if (placed.has(el)) placed.set(el, ratio);
  for (const o of FakeIntersectionObserver.all) if (o.targets.has(el)) report(o, el, ratio);
}

/**
 * Puts `target` (an element, or every element matching a selector, those made later included) at
 * `ratio` visible for good, as layout would: reported now, and to every observation made later
 * (a browser reports each new observation once), until the next `intersect` or `place` of it.
 */
export function place(target: Element | string, ratio: number) {
  if (typeof target === 'string') {
    placedSelectors.set(target, ratio);
    for (const o of [...FakeIntersectionObserver.all]) for (const el of [...o.targets]) if (el.matches(target)) report(o, el, ratio);
    return;
  }
  placed.set(target, ratio);
  intersect(target, ratio);
}

/** Reports a new content size for `el` to every observer watching it. */
export function resize(el: Element, width: number, height: number) {
  for (const o of FakeResizeObserver.all) {
    if (!o.targets.has(el)) continue;
    const contentRect = { width, height, x: 0, y: 0, top: 0, left: 0, right: width, bottom: height } as DOMRectReadOnly;
    o.callback([{ target: el, contentRect, borderBoxSize: [], contentBoxSize: [], devicePixelContentBoxSize: [] } as unknown as ResizeObserverEntry], o as unknown as ResizeObserver);
  }
}

/** Number of elements currently observed by any stand-in (leak checks). */
export function observedCount() {
  let n = 0;
  for (const o of FakeIntersectionObserver.all) n += o.targets.size;
  for (const o of FakeResizeObserver.all) n += o.targets.size;
  return n;
}
