/**
 * The width of a grid's container, kept current by the page's one ResizeObserver. A module of
 * its own: the related plugin bundles it, and the player file, which lends the scroll observer,
 * carries none of it.
 */
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { onResize } from '../shared-observers';

/**
 * A layout effect in the browser, a plain effect where there is no document (server
 * rendering, where React 18 warns about layout effects and none would run anyway).
 */
const useBrowserLayoutEffect: typeof useLayoutEffect = (effect, deps) =>
  (typeof document === 'undefined' ? useEffect : useLayoutEffect)(effect, deps);

/**
 * The content width of `ref`'s element in px, kept current with a ResizeObserver. Returns
 * `fixed` instead when given; 0 until measured.
 */
export function useContainerWidth(ref: RefObject<Element | null>, fixed?: number): number {
  const [measured, setMeasured] = useState(0);
  const responsive = !(typeof fixed === 'number' && fixed > 0);
  useBrowserLayoutEffect(() => {
    const el = ref.current;
    if (!responsive || !el) return undefined;
    setMeasured(Math.floor(el.getBoundingClientRect().width));
    // The new width is rendered in the next frame, not from inside the observer's delivery: a
    // render there changes layout in the same frame (the grid grows, its scroller gains a
    // scrollbar, the width changes again), and the browser reports "ResizeObserver loop
    // completed with undelivered notifications" as an uncaught error on the host's window.
    // (The observer reports once a frame at most; a width set after an unmount is ignored.)
    // The page's one ResizeObserver (src/shared-observers.ts), which every player and grid shares.
    return onResize(el, (entry) => {
      const width = Math.floor(entry.contentRect.width);
      requestAnimationFrame(() => setMeasured(width));
    });
  }, [ref, responsive]);
  return responsive ? measured : (fixed as number);
}
