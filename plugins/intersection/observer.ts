/**
 * An IntersectionObserver for browsers without one (older in-app browsers, spec §9): the same
 * interface and the same reports (a threshold crossed, coming into or leaving view), computed
 * from the elements' boxes when the page or a scroller scrolls, the window resizes or a
 * transition ends, at most once every 100 ms. Boxes are clipped by the scrollers they sit in, so
 * a tile scrolled out of the related grid does not count as seen.
 */

/** The most often the boxes are measured while the page scrolls (spec §9). */
export const INTERSECTION_THROTTLE_MS = 100;

type Callback = (entries: IntersectionObserverEntry[], observer: IntersectionObserver) => void;

interface Box {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** Where an element was last reported: its threshold index and whether it intersected. */
interface Last {
  index: number;
  intersecting: boolean;
}

const observers = new Set<ScrollIntersectionObserver>();
/** Documents and shadow roots listened to for scrolls (scroll events do not leave a shadow root). */
const listened = new WeakSet<Node>();
let timer: ReturnType<typeof setTimeout> | undefined;
let lastRun = -Infinity;

/** Measures every observer now. */
function run() {
  timer = undefined;
  lastRun = Date.now();
  for (const observer of [...observers]) observer.check();
}

/** Measures soon: at once if the last run was 100 ms ago, else when that much has passed. */
function schedule() {
  if (timer !== undefined) return;
  timer = setTimeout(run, Math.max(0, lastRun + INTERSECTION_THROTTLE_MS - Date.now()));
}

/** Listens on `root` (a document or shadow root) for what can move boxes. */
function listen(root: Node) {
  if (listened.has(root)) return;
  listened.add(root);
  for (const type of ['scroll', 'transitionend', 'animationend']) root.addEventListener(type, schedule, { capture: true, passive: true });
}

const intersect = (a: Box, b: Box): Box => ({
  top: Math.max(a.top, b.top),
  left: Math.max(a.left, b.left),
  bottom: Math.min(a.bottom, b.bottom),
  right: Math.min(a.right, b.right),
});

/** `margin` ("300px", "10px 0px", "5%"...) as [top, right, bottom, left] px around a `box`. */
function margins(margin: string, box: Box): number[] {
  const parts = margin.trim().split(/\s+/).map((part, i) => {
    const n = parseFloat(part) || 0;
    return part.endsWith('%') ? (n / 100) * (i % 2 ? box.right - box.left : box.bottom - box.top) : n;
  });
  const [top = 0, right = top, bottom = top, left = right] = parts;
  return [top, right, bottom, left];
}

/** The element's parent, stepping out of a shadow root to its host. */
const parentOf = (el: Element): Element | null => el.parentElement ?? ((el.getRootNode() as ShadowRoot).host || null);

class ScrollIntersectionObserver {
  readonly root: Element | Document | null;
  readonly rootMargin: string;
  readonly thresholds: readonly number[];
  private readonly targets = new Map<Element, Last>();

  constructor(private readonly callback: Callback, options: IntersectionObserverInit = {}) {
    this.root = options.root ?? null;
    this.rootMargin = options.rootMargin || '0px';
    const threshold = options.threshold ?? 0;
    this.thresholds = (Array.isArray(threshold) ? [...threshold] : [threshold]).sort((a, b) => a - b);
  }

  observe(target: Element) {
    if (this.targets.has(target)) return;
    this.targets.set(target, { index: -1, intersecting: false });
    observers.add(this);
    listen(target.getRootNode());
    schedule();
  }

  unobserve(target: Element) {
    this.targets.delete(target);
    if (!this.targets.size) observers.delete(this);
  }

  disconnect() {
    this.targets.clear();
    observers.delete(this);
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  /** Reports each target whose threshold index or intersecting state changed since last time. */
  check() {
    const root = this.root instanceof Element ? this.root : null;
    const view: Box = root ? root.getBoundingClientRect() : { top: 0, left: 0, bottom: innerHeight, right: innerWidth };
    const [mt, mr, mb, ml] = margins(this.rootMargin, view);
    const rootBounds: Box = { top: view.top - mt, left: view.left - ml, bottom: view.bottom + mb, right: view.right + mr };
    const entries: IntersectionObserverEntry[] = [];
    this.targets.forEach((last, target) => {
      const rect = target.getBoundingClientRect();
      let visible: Box = rect;
      // Clipped by every scroller between the target and the root.
      for (let el = parentOf(target); el && el !== root; el = parentOf(el)) {
        if (getComputedStyle(el).overflow !== 'visible') visible = intersect(visible, el.getBoundingClientRect());
      }
      visible = intersect(visible, rootBounds);
      const connected = target.isConnected;
      const intersecting = connected && visible.right >= visible.left && visible.bottom >= visible.top;
      const area = rect.width * rect.height;
      const shown = intersecting ? (visible.right - visible.left) * (visible.bottom - visible.top) : 0;
      const ratio = area > 0 ? shown / area : intersecting ? 1 : 0;
      const index = this.thresholds.filter((t) => ratio >= t).length;
      if (index === last.index && intersecting === last.intersecting) return;
      this.targets.set(target, { index, intersecting });
      const toRect = (b: Box) => new DOMRectReadOnly(b.left, b.top, Math.max(0, b.right - b.left), Math.max(0, b.bottom - b.top));
      entries.push({
        target,
        time: performance.now(),
        rootBounds: toRect(rootBounds),
        boundingClientRect: rect,
        intersectionRect: toRect(intersecting ? visible : { top: 0, left: 0, bottom: 0, right: 0 }),
        intersectionRatio: ratio,
        isIntersecting: intersecting,
      } as IntersectionObserverEntry);
    });
    if (entries.length) this.callback(entries, this as unknown as IntersectionObserver);
  }
}

/** Installs the observer as `window.IntersectionObserver` where the browser has none. */
export function installIntersectionObserver(win: Window & typeof globalThis = window) {
  if (typeof win.IntersectionObserver === 'function') return;
  win.IntersectionObserver = ScrollIntersectionObserver as unknown as typeof IntersectionObserver;
  listen(win.document);
  win.addEventListener('resize', schedule, { passive: true });
}
