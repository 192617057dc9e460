/**
 * One shared IntersectionObserver for every tile on the page: a grid of hundreds of GIFs costs
 * one observer, not one per tile. Callbacks get each change of the element's visible ratio.
 */

/** Spec §4/§9: a GIF counts as seen once at least 99% of it is visible. */
export const SEEN_THRESHOLD = 0.99;
/** Ratios the shared observer reports: coming on screen (lazy load) and fully seen. */
const THRESHOLDS = [0, SEEN_THRESHOLD];

export type VisibilityListener = (entry: IntersectionObserverEntry) => void;

let observer: IntersectionObserver | undefined;
/** The IntersectionObserver constructor the shared observer was made with (tests swap it). */
let observerCtor: unknown;
const listeners = new Map<Element, VisibilityListener>();

function sharedObserver(): IntersectionObserver | undefined {
  const Ctor = globalThis.IntersectionObserver;
  if (typeof Ctor !== 'function') return undefined;
  if (!observer || observerCtor !== Ctor) {
    observer?.disconnect();
    observerCtor = Ctor;
    observer = new Ctor((entries) => {
      for (const entry of entries) listeners.get(entry.target)?.(entry);
    }, { threshold: THRESHOLDS });
    for (const el of listeners.keys()) observer.observe(el);
  }
  return observer;
}

/**
 * Calls `listener` whenever `el` crosses 0% or 99% visibility. Without IntersectionObserver
 * (very old browsers; the embed brings its own) the element is reported in view once, so media
 * still loads, and never seen.
 * Returns a function that stops observing.
 */
export function observeVisibility(el: Element, listener: VisibilityListener): () => void {
  const io = sharedObserver();
  if (!io) {
    // In view, so its media loads, but at ratio 0: nothing is counted as seen without a measure.
    // The tile, its one listener, reads no more of an entry than this.
    listener({ isIntersecting: true, intersectionRatio: 0, boundingClientRect: el.getBoundingClientRect() } as IntersectionObserverEntry);
    return () => {};
  }
  listeners.set(el, listener);
  io.observe(el);
  return () => {
    listeners.delete(el);
    io.unobserve(el);
    // The last tile gone (a grid unmounted): let the observer go too, a new one comes with the next tile.
    if (!listeners.size && observer === io) {
      io.disconnect();
      observer = undefined;
    }
  };
}
