/**
 * One IntersectionObserver per set of options and one ResizeObserver for the page, shared by
 * every player and tile, each handing its entries to the listeners of their element. A page of
 * a thousand players costs a few observers, and the browser reports every change of a frame in
 * one callback, not one per player.
 */

import { guarded } from './analytics/error-report';

type Listener<E> = (entry: E) => void;
type Observer = { observe(el: Element): void; unobserve(el: Element): void };

/** A shared observer and the listeners of each element it watches. */
type Shared<E> = [Observer, Map<Element, Set<Listener<E>>>];

/** The shared observers by kind and options. */
const observers = new Map<string, Shared<never>>();

/** Adds `listener` for `el` to the shared observer `key` (made by `make` the first time); returns what removes it. */
function listen<E extends { target: Element }>(key: string, make: (deliver: (entries: E[]) => void) => Observer, el: Element, listener: Listener<E>): () => void {
  let found = observers.get(key) as Shared<E> | undefined;
  if (!found) {
    const listeners = new Map<Element, Set<Listener<E>>>();
    // A listener that throws is reported and stops nothing: the other players' entries still come.
    found = [make((entries) => entries.forEach((entry) => listeners.get(entry.target)?.forEach((call) => guarded(() => call(entry), 'observer')))), listeners];
    observers.set(key, found as Shared<never>);
  }
  const [observer, listeners] = found;
  const own = listeners.get(el) ?? new Set<Listener<E>>();
  // Observed again, so its state now is reported once more: to the new listener too.
  if (own.size) observer.unobserve(el);
  listeners.set(el, own.add(listener));
  observer.observe(el);
  return () => {
    if (own.delete(listener) && !own.size) {
      listeners.delete(el);
      observer.unobserve(el);
    }
  };
}

/**
 * Calls `listener` with each entry the shared IntersectionObserver for `options` reports for `el`
 * (once at the start, then at each threshold crossed). Returns what stops it; undefined where
 * the browser has no IntersectionObserver.
 */
export const onIntersection = (
  el: Element,
  listener: Listener<IntersectionObserverEntry>,
  options: IntersectionObserverInit & { trackVisibility?: boolean; delay?: number },
): (() => void) | undefined =>
  typeof IntersectionObserver == 'function'
    ? listen(JSON.stringify(options), (deliver) => new IntersectionObserver(deliver, options), el, listener)
    : undefined;

/**
 * Calls `listener` with each entry the page's ResizeObserver reports for `el` (once at the start,
 * then at each change of its size). Returns what stops it; undefined where there is none.
 */
export const onResize = (el: Element, listener: Listener<ResizeObserverEntry>): (() => void) | undefined =>
  typeof ResizeObserver == 'function' ? listen('', (deliver) => new ResizeObserver(deliver), el, listener) : undefined;

/** Forgets the shared observers, so the next listener makes new ones (unit tests put new stand-ins for the browser's between cases). */
export function forgetObservers(): void {
  observers.clear();
}
