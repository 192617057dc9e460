/**
 * Which part of a long grid is live: tiles far off screen give up their nodes and media, so a
 * grid scrolled through a thousand GIFs holds about two screens of tiles. The grid's height is
 * cut into bands a quarter of the scroller's height tall; one IntersectionObserver, its root the
 * box the grid scrolls in and its margin a quarter of that box above and below, reports the
 * bands that come near the screen or leave it. Scrolling runs no code of ours between crossings.
 */
import { createElement, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { Gif } from '../model';
import { scrollParent } from './scroll-parent';

/** A band's height as a share of the scroller's (or window's) height. */
export const BAND_SHARE = 0.25;
/** Kept live beyond the visible box, above and below, as a share of its height. */
export const LIVE_MARGIN = '25%';
/** The smallest band, px (a tiny scroller would otherwise make thousands). */
const MIN_BAND_PX = 100;

/** What a grid needs from its live window. */
export interface LiveWindow {
  /** Whether a tile spanning `top`..`bottom` (px from the grid's top) is live. */
  isLive: (top: number, bottom: number) => boolean;
  /** The index of the GIF whose tile is `target` (focus and keys land on tiles), or -1. */
  indexOf: (target: EventTarget) => number;
  /** Focuses the tile of GIF `index`, at once or as soon as it is rendered. */
  focus: (index: number) => void;
  /** The invisible bands to render beside the grid's tiles. */
  bands?: ReactNode;
  /** GIFs seen in this grid: a tile rendered again is not counted twice. */
  seen?: Set<string>;
}

/** The hook a grid takes its live window from: its tiles' box, its height, its GIFs. */
export type UseLiveWindow = (list: RefObject<HTMLElement | null>, height: number, gifs: readonly Gif[]) => LiveWindow;

/**
 * The live window of a grid whose positioned box is `box` and whose height is `height` px.
 * Until the observer has reported (and on a server, where there is none) every tile is live.
 */
export const useLiveWindow: UseLiveWindow = (list, height, gifs) => {
  const [band, setBand] = useState(0);
  const [live, setLive] = useState<ReadonlySet<number> | null>(null);
  const holder = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLElement | null>(null);

  const seen = useRef(new Set<string>()).current;
  useEffect(() => {
    const el = list.current;
    if (!el || typeof IntersectionObserver !== 'function') return;
    root.current = scrollParent(el);
    setBand(Math.max(MIN_BAND_PX, Math.round((root.current?.clientHeight || innerHeight) * BAND_SHARE)));
  }, [list]);

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

  const count = band ? Math.ceil(height / band) : 0;
  useEffect(() => {
    const bands = holder.current?.children;
    if (!bands?.length) return undefined;
    const near = new Set<number>();
    const io = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const i = Number((entry.target as HTMLElement).dataset.band);
          if (entry.isIntersecting) near.add(i);
          else near.delete(i);
        }
        setLive(new Set(near));
      },
      { root: root.current, rootMargin: `${LIVE_MARGIN} 0px` },
    );
    for (const b of bands) io.observe(b);
    return () => io.disconnect();
  }, [count, band]);

  const isLive = (top: number, bottom: number) => {
    if (!live) return true;
    for (let i = Math.floor(top / band), last = Math.floor(bottom / band); i <= last; i++) if (live.has(i)) return true;
    return false;
  };
  const bands = count
    ? createElement(
        'div',
        { ref: holder, 'aria-hidden': 'true', style: { position: 'absolute', top: 0, left: 0, width: 1, height, visibility: 'hidden', pointerEvents: 'none' } },
        Array.from({ length: count }, (_, i) =>
          createElement('div', { key: i, 'data-band': i, style: { position: 'absolute', left: 0, width: 1, top: i * band, height: band } }),
        ),
      )
    : null;
  return {
    isLive,
    bands,
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
