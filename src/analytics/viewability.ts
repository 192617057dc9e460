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
 *   `content-visibility`; where v2 is missing (Firefox, Safari), nothing else on top of the box at
 *   nine points across it, hit-tested through shadow roots when the box is first fully in view and
 *   again VISIBILITY_DELAY_MS later, before counting (there, an element that lets the pointer
 *   through, `pointer-events:none`, is not seen as a cover, nor are the frames around an iframe).
 * And once: per GIF per placeholder per page view (a placeholder taken out and put back is not
 * a new view), and a sponsored GIF's billed SEEN (its `tid`) once per page view.
 */

import { createElement } from '../dom';
import { onIntersection } from '../shared-observers';

/** Spec §4/§9: a GIF counts as seen once at least 99% is visible. */
export const SEEN_THRESHOLD = 0.99;
/**
 * The ratios the shared observer reports for a GIF's box: coming on screen (a tile's media
 * loads then) and fully seen. Players and tiles watch with these very options, so one
 * IntersectionObserver serves them all.
 */
export const VIEW_THRESHOLDS = [0, SEEN_THRESHOLD];
/** The smallest rendered box, per side in CSS pixels, that can be seen. */
export const MIN_SEEN_SIDE_PX = 50;
/** IntersectionObserver v2's shortest allowed delay between visibility reports. */
export const VISIBILITY_DELAY_MS = 100;
/** How often a box in view but hidden by CSS is looked at again. */
export const SEEN_RECHECK_MS = 500;

/** GIF ids seen per placeholder (a remount keeps its placeholder element). */
const seenIn = new WeakMap<object, Set<string>>();
/** The billed ids (`tid`) already seen on this page. */
const billed = new Set<string>();

/** A view new to nothing: the GIF was seen in this placement before. */
export const OLD_VIEW = 0;
/** A new impression of the placement, its billed `tid` already seen in another: its `data-pixel` fires, no SEEN. */
export const PLACEMENT_VIEW = 1;
/** A new view: the SEEN pingback and the GIF's own pixels too. */
export const NEW_VIEW = 2;

/**
 * What a view of GIF `id` (billed under `tid`, if any) in `placeholder` is new to (OLD_VIEW,
 * PLACEMENT_VIEW or NEW_VIEW), and records it: a later call about the same view is OLD_VIEW.
 */
export function firstView(placeholder: object, id: string, tid?: string): number {
  let ids = seenIn.get(placeholder);
  if (ids?.has(id)) return OLD_VIEW;
  if (!ids) seenIn.set(placeholder, (ids = new Set()));
  ids.add(id);
  if (tid && billed.has(tid)) return PLACEMENT_VIEW;
  if (tid) billed.add(tid);
  return NEW_VIEW;
}

/** Whether `box` is big enough to be seen. */
const bigEnough = (box: { width: number; height: number }) => box.width >= MIN_SEEN_SIDE_PX && box.height >= MIN_SEEN_SIDE_PX;

/**
 * True when `el` shows as far as its own page's CSS tells: not hidden, and neither it nor any
 * element around it (through shadow roots) faded, filtered or masked, which is what v2 refuses
 * too (v2 does not look at masks; this does, in every browser).
 */
function unhidden(el: Element): boolean {
  const check = (el as Element & { checkVisibility?(o: object): boolean }).checkVisibility;
  if (check && !check.call(el, { visibilityProperty: true, opacityProperty: true, contentVisibilityAuto: true })) return false;
  for (let node: Element | null = el; node; node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host || null)) {
    const style = getComputedStyle(node);
    if (parseFloat(style.opacity) < 1 || (style.filter && style.filter !== 'none') || (style.maskImage && style.maskImage !== 'none')) return false;
  }
  return true;
}

/**
 * How far inside the box's edges the hit-test points sit: a neighbour that only touches the box
 * (edges snapped to whole pixels at fractional offsets) is not a cover.
 */
export const HIT_INSET_PX = 2;

/** The element on top at (x, y) in the viewport, looked for inside every open shadow root. */
function topAt(x: number, y: number): Element | null {
  let root: Document | ShadowRoot = document;
  let hit: Element | null = null;
  for (;;) {
    const next: Element | null = root.elementFromPoint(x, y);
    if (!next || next === hit) return hit;
    hit = next;
    if (!next.shadowRoot) return hit;
    root = next.shadowRoot;
  }
}

/** Whether `outer` is `el` or holds it in the composed tree (through shadow roots). */
function around(outer: Element, el: Element): boolean {
  for (let node: Node | null = el; node; node = node.parentNode ?? (node as ShadowRoot).host ?? null) if (node === outer) return true;
  return false;
}

/**
 * True when, at nine points across `el` (corners and edges HIT_INSET_PX inside, and the middle),
 * what is on top is `el`, something inside it, or something around it (a closed shadow root's
 * host, which hides where inside it the point falls): no other element is painted over it.
 * A point outside the viewport tells nothing (the observer has judged how much is in view).
 */
function uncovered(el: Element): boolean {
  const box = el.getBoundingClientRect();
  const xs = [box.left + HIT_INSET_PX, box.left + box.width / 2, box.right - HIT_INSET_PX];
  const ys = [box.top + HIT_INSET_PX, box.top + box.height / 2, box.bottom - HIT_INSET_PX];
  for (const x of xs) {
    for (const y of ys) {
      const hit = topAt(x, y);
      if (hit && !around(el, hit) && !around(hit, el)) return false;
    }
  }
  return true;
}

/**
 * What the v2 observer watches: a transparent box HIT_INSET_PX inside `el`, painted over all of
 * `el`'s content (in `el`'s own stacking context) and letting the pointer through. v2 tests
 * occlusion on pixel-snapped rectangles, so a neighbour that only touches `el` (at fractional
 * offsets) covers its edge pixel row and `el` itself would never be visible; nothing but a real
 * cover reaches a box inside its edges. `el` is positioned and a stacking context (the player's
 * root: positioned, with paint containment).
 */
function insetProbe(el: Element): HTMLElement {
  // Made through the document's own prototype: a page's <img name="createElement"> shadows the method.
  const probe = createElement('i');
  probe.style.cssText = `position:absolute;inset:${HIT_INSET_PX}px;pointer-events:none;z-index:2147483647`;
  probe.setAttribute('aria-hidden', 'true');
  el.appendChild(probe);
  return probe;
}

/** The browser has IntersectionObserver v2 (`isVisible` on its entries). */
const hasV2 = () => typeof IntersectionObserverEntry === 'function' && 'isVisible' in IntersectionObserverEntry.prototype;

export interface SeenWatch {
  /**
   * Looks again now: the box changed to `size` (its layout size, as a ResizeObserver gives it: a
   * box too small for it is not measured again, which would force a layout).
   */
  check(size?: { width: number; height: number }): void;
  /** Stops watching. */
  stop(): void;
}

/**
 * Calls `onSeen` once, when `el` is first seen (see the file's comment). Without an
 * IntersectionObserver nothing is ever counted.
 *
 * Cheap while nothing can be seen: a plain observer says when 99% of the box is in view; only
 * then, and only for a box big enough, is the rest looked at, and a v2 observer (which tests
 * occlusion every frame it runs, so a page of a thousand players must not have one each) asked
 * to confirm; where there is no v2, hit-testing confirms, now and again a moment later. A box too
 * small waits for its next size; one hidden by CSS or covered is looked at again every
 * SEEN_RECHECK_MS while in view.
 */
export function watchSeen(el: Element, onSeen: () => void): SeenWatch {
  let inView = false;
  let recheck: ReturnType<typeof setTimeout> | undefined;
  let stopView: (() => void) | undefined;
  let stopVisibility: (() => void) | undefined;
  let probe: HTMLElement | undefined;
  const confirmEnd = () => {
    stopVisibility?.();
    probe?.remove();
    stopVisibility = probe = undefined;
  };
  const stop = () => {
    clearTimeout(recheck);
    confirmEnd();
    stopView?.();
    stopView = undefined;
  };
  const seen = () => {
    stop();
    onSeen();
  };
  /** `box`: the rendered box when the caller has it (an observer's entry), else it is measured. */
  const check = (box?: { width: number; height: number }) => {
    clearTimeout(recheck);
    if (!inView || !stopView) return confirmEnd();
    if (!bigEnough(box ?? el.getBoundingClientRect())) return confirmEnd();
    const hidden = () => {
      confirmEnd();
      recheck = setTimeout(() => check(), SEEN_RECHECK_MS);
    };
    // Without v2, looked at now and again before counting: a cover the page puts up a moment later counts too.
    if (!hasV2()) {
      if (!unhidden(el) || !uncovered(el)) return hidden();
      return void (recheck = setTimeout(() => (unhidden(el) && uncovered(el) ? seen() : check()), VISIBILITY_DELAY_MS));
    }
    if (probe) return;
    // v2 reports each change of isVisible: occlusion, opacity, filters, transforms, frames. (The
    // probe is inside the box: the plain observer has judged how much of it is in view.) One
    // v2 observer serves every box being confirmed. The page's CSS is read once v2 says visible,
    // in the task that follows the frame it was judged in: the styles that frame computed are
    // still clean there, where the plain observer's task comes after the renders of the players
    // that entered with it and would compute the page's styles again.
    probe = insetProbe(el);
    stopVisibility = onIntersection(
      probe,
      (entry) => inView && (entry as IntersectionObserverEntry & { isVisible?: boolean }).isVisible && (unhidden(el) ? seen() : hidden()),
      { threshold: SEEN_THRESHOLD, trackVisibility: true, delay: VISIBILITY_DELAY_MS },
    );
  };
  stopView = onIntersection(el, (entry) => {
    inView = entry.intersectionRatio >= SEEN_THRESHOLD;
    check(entry.boundingClientRect);
  }, { threshold: VIEW_THRESHOLDS });
  return {
    check: (size) => (size && !bigEnough(size) ? confirmEnd() : check()),
    stop,
  };
}
