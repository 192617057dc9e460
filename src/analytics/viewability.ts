/**
 * When a GIF counts as seen (spec §4, §9: 99% of it visible): the one place that decides it,
 * since a sponsored GIF's SEEN and its pixels are what an advertiser pays for.
 *
 * Seen means, all at once:
 * - at least SEEN_THRESHOLD of the box inside the viewport, after the clipping of every
 *   scrolling or `overflow:hidden` ancestor (and, inside an iframe, of the iframe itself);
 * - a rendered box of at least MIN_SEEN_SIDE_PX on each side, transforms included (a
 *   `scale(0.005)`, a 2x2 box, a box squeezed into a 1-px container are not an impression);
 * - actually visible: where the browser has IntersectionObserver v2 (Chromium), its
 *   `isVisible`, which is false under any opacity below 1, a filter, a mask, a transform other
 *   than a move or an even enlargement, or another element painted over the box, on the page
 *   and in every frame around it; and, in every browser, no opacity below 1, filter or mask on
 *   the box or any element around it in its own page, `visibility:hidden` or
 *   `content-visibility` (where v2 is missing, what another element paints over the box, and
 *   how the frames around an iframe show it, are not seen).
 * And once: per GIF per placeholder per page view (a placeholder taken out and put back is not
 * a new view), and a sponsored GIF's billed SEEN (its `tid`) once per page view.
 */

/** Spec §4/§9: a GIF counts as seen once at least 99% is visible. */
export const SEEN_THRESHOLD = 0.99;
/** The smallest rendered box, per side in CSS pixels, that can be seen. */
export const MIN_SEEN_SIDE_PX = 50;
/** IntersectionObserver v2's shortest allowed delay between visibility reports. */
export const VISIBILITY_DELAY_MS = 100;
/** How often a box in view but too small or hidden is looked at again. */
export const SEEN_RECHECK_MS = 500;

/** GIF ids seen per placeholder (a remount keeps its placeholder element). */
let seenIn = new WeakMap<object, Set<string>>();
/** The billed ids (`tid`) already seen on this page. */
const billed = new Set<string>();

/**
 * Whether a SEEN for GIF `id` (billed under `tid`, if any) in placeholder `placeholder` is a new
 * view, and if so, records it: true once, false for every later call about the same view.
 */
export function firstView(placeholder: object, id: string, tid?: string): boolean {
  let ids = seenIn.get(placeholder);
  if (ids?.has(id) || (tid && billed.has(tid))) return false;
  if (!ids) seenIn.set(placeholder, (ids = new Set()));
  ids.add(id);
  if (tid) billed.add(tid);
  return true;
}

/** Forgets every view (a test's new page view). */
export function resetViews() {
  seenIn = new WeakMap();
  billed.clear();
}

/**
 * True when `el` shows on screen big enough, as far as its own page's CSS tells: laid out, not
 * hidden, and neither it nor any element around it (through shadow roots) faded, filtered or
 * masked, which is what v2 refuses too (v2 does not look at masks; this does, everywhere).
 */
function shown(el: Element): boolean {
  const box = el.getBoundingClientRect();
  if (!(box.width >= MIN_SEEN_SIDE_PX && box.height >= MIN_SEEN_SIDE_PX)) return false;
  const check = (el as Element & { checkVisibility?(o: object): boolean }).checkVisibility;
  if (check && !check.call(el, { visibilityProperty: true, opacityProperty: true, contentVisibilityAuto: true })) return false;
  for (let node: Element | null = el; node; node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host || null)) {
    const style = getComputedStyle(node);
    if (parseFloat(style.opacity) < 1 || (style.filter && style.filter !== 'none') || (style.maskImage && style.maskImage !== 'none')) return false;
  }
  return true;
}

export interface SeenWatch {
  /** Looks again now (the box changed size). */
  check(): void;
  /** Stops watching. */
  stop(): void;
}

/**
 * Calls `onSeen` once, when `el` is first seen (see the file's comment). Without an
 * IntersectionObserver nothing is ever counted.
 */
export function watchSeen(el: Element, onSeen: () => void): SeenWatch {
  let inView = false;
  let recheck: ReturnType<typeof setTimeout> | undefined;
  let observer: IntersectionObserver | undefined;
  const stop = () => {
    clearTimeout(recheck);
    observer?.disconnect();
    observer = undefined;
  };
  const check = () => {
    clearTimeout(recheck);
    if (!inView || !observer) return;
    if (shown(el)) {
      stop();
      onSeen();
    } else recheck = setTimeout(check, SEEN_RECHECK_MS);
  };
  if (typeof IntersectionObserver === 'function') {
    observer = new IntersectionObserver(
      ([entry]) => {
        // v2 reports each change of isVisible; a browser without it leaves isVisible undefined.
        const visible = (entry as IntersectionObserverEntry & { isVisible?: boolean }).isVisible;
        inView = entry.intersectionRatio >= SEEN_THRESHOLD && visible !== false;
        check();
      },
      { threshold: SEEN_THRESHOLD, trackVisibility: true, delay: VISIBILITY_DELAY_MS } as IntersectionObserverInit,
    );
    observer.observe(el);
  }
  return { check, stop };
}
