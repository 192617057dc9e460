/**
 * Whether the visitor asked the system for less motion, kept current as the setting changes.
 */
import { useEffect, useState } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/** The media query list, or undefined where there is none (old browsers, Node). */
function motionQuery(): MediaQueryList | undefined {
  try {
    return typeof globalThis.matchMedia === 'function' ? globalThis.matchMedia(QUERY) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True while the visitor prefers reduced motion. No arguments; re-renders the caller when the
 * preference changes.
 */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => motionQuery()?.matches === true);
  useEffect(() => {
    const query = motionQuery();
    if (!query?.addEventListener) return undefined;
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return reduced;
}
