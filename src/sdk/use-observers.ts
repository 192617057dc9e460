/**
 * Small hooks over the browser observers: the scroll observer (spec §9: what scrolling changes,
 * the header-hidden flag, the grid-active flag, the load-more marker) and how wide a container is
 * (the responsive Grid).
 */
import { useEffect, type RefObject } from 'react';

/** Threshold steps of the scroll observer (spec §9): 5 by default... */
export const SCROLL_OBSERVER_STEPS = 5;
/** ...and 10 for the button marker, the end loader that asks for more GIFs. */
export const MARKER_OBSERVER_STEPS = 10;

/** `steps` thresholds spread evenly from 0 to 1 (5 steps: 0, 0.25, 0.5, 0.75, 1). */
export function observerThresholds(steps: number): number[] {
  return Array.from({ length: steps }, (_, i) => i / (steps - 1));
}

export interface ScrollObserverOptions {
  /** Visibility steps reported (SCROLL_OBSERVER_STEPS unless given). */
  steps?: number;
  /** The scrolling element to measure against; the viewport when absent. */
  root?: RefObject<Element | null>;
  /**
   * When this changes, the element is observed afresh, which reports its visibility once more on
   * the new layout even when no step was crossed (the end loader after a page of GIFs came).
   */
  remeasure?: unknown;
  /**
   * Where there is no IntersectionObserver to measure with, report the element as fully in view
   * (once per observation): an end loader then pages on as if always on screen.
   */
  visibleWithoutObserver?: boolean;
}

/**
 * The scroll observer: calls `onEntry` with the observer's entry each time `ref`'s element
 * crosses one of `steps` visibility steps as the page or `root` scrolls (and once at the start).
 * Scrolling itself runs no code of ours; the browser reports the crossings.
 */
export function useScrollObserver(ref: RefObject<Element | null>, onEntry: (entry: IntersectionObserverEntry) => void, options: ScrollObserverOptions = {}) {
  const { steps = SCROLL_OBSERVER_STEPS, root, remeasure, visibleWithoutObserver } = options;
  useEffect(() => {
    const el = ref.current;
    const Ctor = globalThis.IntersectionObserver;
    if (el && typeof Ctor !== 'function' && visibleWithoutObserver) {
      onEntry({ target: el, isIntersecting: true, intersectionRatio: 1 } as unknown as IntersectionObserverEntry);
    }
    if (!el || typeof Ctor !== 'function') return undefined;
    const io = new Ctor((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) onEntry(entry);
    }, { root: root?.current, threshold: observerThresholds(steps) });
    io.observe(el);
    return () => io.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref, root, steps, remeasure]);
}
