/**
 * Small hooks over the browser observers: whether an element is on screen (the end loader) and
 * how wide a container is (the responsive Grid).
 */
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Calls `onChange(visible)` when `ref`'s element comes on or goes off screen.
 * `rootMargin` widens the viewport (e.g. to start loading a little early); returns nothing.
 */
export function useOnScreen(ref: RefObject<Element | null>, onChange: (visible: boolean) => void, rootMargin = '0px') {
  useEffect(() => {
    const el = ref.current;
    const Ctor = globalThis.IntersectionObserver;
    if (!el || typeof Ctor !== 'function') return undefined;
    const io = new Ctor((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) onChange(entry.isIntersecting);
    }, { rootMargin });
    io.observe(el);
    return () => io.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref, rootMargin]);
}

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
    // Every browser the SDK supports has ResizeObserver; a server render never gets here.
    const ro = new ResizeObserver((entries) => setMeasured(Math.floor(entries[entries.length - 1].contentRect.width)));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref, responsive]);
  return responsive ? measured : (fixed as number);
}
