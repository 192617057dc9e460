/**
 * Which part of a long grid is live: tiles far off screen give up their nodes and media, so a
 * grid scrolled through a thousand GIFs holds about two screens of tiles. The live range is the
 * visible part of the grid (in the box it scrolls in, or the window) and half a screen above and
 * below it. Two invisible guards cover the rest of the grid, above and below, from a quarter
 * screen beyond the visible part; one IntersectionObserver reports when either comes into view
 * (a scroll of a quarter screen or more, or a jump), and only then is the range measured again.
 * Scrolling runs no code of ours in between, and the guards are two elements however long the
 * grid grows.
 */
import { createElement, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { Gif } from '../model';
import { scrollParent } from './scroll-parent';

/** Kept live beyond the visible part, above and below, as a share of a screen. */
export const LIVE_MARGIN_SHARE = 0.5;
/** How far the visible part may move before the range is measured again, as a share of a screen. */
export const GUARD_SHARE = 0.25;

/** What a grid needs from its live window. */
export interface LiveWindow {
  /** Whether a tile spanning `top`..`bottom` (px from the grid's top) is live. */
  isLive: (top: number, bottom: number) => boolean;
  /** The index of the GIF whose tile is `target` (focus and keys land on tiles), or -1. */
  indexOf: (target: EventTarget) => number;
  /** Focuses the tile of GIF `index`, at once or as soon as it is rendered. */
  focus: (index: number) => void;
  /** The guards to render beside the grid's tiles. */
  guards?: ReactNode;
  /** GIFs seen in this grid: a tile rendered again is not counted twice. */
  seen?: Set<string>;
}

/** The hook a grid takes its live window from: its tiles' box, its height, its GIFs. */
export type UseLiveWindow = (list: RefObject<HTMLElement | null>, height: number, gifs: readonly Gif[]) => LiveWindow;

/** The visible part of the grid: [top, bottom] px from its top, and a screen's height. */
interface View { top: number; bottom: number; screen: number }

/**
 * The live window of a grid whose positioned box is `list` and whose height is `height` px.
 * Until it has measured (and on a server, where nothing is measured) every tile is live.
 */
export const useLiveWindow: UseLiveWindow = (list, height, gifs) => {
  const [view, setView] = useState<View | null>(null);
  const root = useRef<HTMLElement | null>(null);
  const above = useRef<HTMLDivElement>(null);
  const below = useRef<HTMLDivElement>(null);
  const seen = useRef(new Set<string>()).current;

  /** Where the lower guard starts in the grid, as last rendered (the upper one starts at 0). */
  const belowTop = useRef(0);
  const show = (top: number, screen: number) => setView({ top, bottom: top + screen, screen });

  useEffect(() => {
    const el = list.current;
    if (!el || typeof IntersectionObserver !== 'function') return undefined;
    root.current = scrollParent(el);
    // At mount: the one layout read.
    const box = root.current?.getBoundingClientRect() ?? { top: 0, height: innerHeight };
    show(box.top - el.getBoundingClientRect().top, box.height);
    // A guard coming into view: the visible part has moved a quarter screen or more. Where it is
    // now comes from the observer's own rectangles, not from reading layout: the guard's top in
    // the grid is known, so its rectangle places the grid, and the root's the visible part.
    const io = new IntersectionObserver((entries) => {
      const entry = entries.find((e) => e.isIntersecting);
      if (!entry?.rootBounds) return;
      const gridTop = entry.boundingClientRect.top - (entry.target === below.current ? belowTop.current : 0);
      show(entry.rootBounds.top - gridTop, entry.rootBounds.height);
    }, { root: root.current });
    for (const guard of [above.current, below.current]) if (guard) io.observe(guard);
    return () => io.disconnect();
    // The guards stay the same two elements; only their place changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list, !!view]);

  /** The rendered tile of GIF `index`, if any. */
  const tileAt = (index: number) => {
    const id = gifs[index]?.id;
    return [...(list.current?.children ?? [])].find((el) => el.getAttribute('data-gif-id') === id) as HTMLElement | undefined;
  };
  // A key moved to a tile that was not rendered (far off screen): focused once it is.
  const pending = useRef(-1);
  useEffect(() => {
    const tile = pending.current >= 0 && tileAt(pending.current);
    if (!tile) return;
    pending.current = -1;
    tile.focus();
  });

  const margin = view ? view.screen * LIVE_MARGIN_SHARE : 0;
  const guard = view ? view.screen * GUARD_SHARE : 0;
  if (view) belowTop.current = Math.min(height, view.bottom + guard);
  // A guard with no height (the grid's start or end is near) is not displayed: never in view.
  const guardStyle = (top: number, bottom: number) => ({
    position: 'absolute', left: 0, width: 1, top, height: bottom - top, display: bottom > top ? 'block' : 'none', visibility: 'hidden', pointerEvents: 'none',
  } as const);
  return {
    isLive: (top, bottom) => !view || (bottom >= view.top - margin && top <= view.bottom + margin),
    guards: view
      ? createElement(
          'div',
          { 'aria-hidden': 'true' },
          createElement('div', { ref: above, style: guardStyle(0, Math.max(0, view.top - guard)) }),
          createElement('div', { ref: below, style: guardStyle(belowTop.current, height) }),
        )
      : null,
    seen,
    indexOf: (target) => {
      const id = (target as Element).parentElement === list.current && (target as Element).getAttribute('data-gif-id');
      return id ? gifs.findIndex((g) => g.id === id) : -1;
    },
    focus: (index) => {
      const tile = tileAt(index);
      pending.current = tile ? -1 : index;
      tile?.focus();
    },
  };
};
