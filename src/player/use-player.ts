/**
 * What both layouts of the player share (spec §2, §4, §9): the box size (followed as it
 * changes), the ready signal (the 0.4 s entry animation's end, or 700 ms), the SEEN report
 * (99% of a non-empty, visible box) and pause/play.
 */
import { useEffect, useRef, useState, type AnimationEvent, type RefObject } from 'react';
import type { PlaceholderOptions } from '../embed/placeholder';
import type { Gif } from '../model';
import { MIN_CHROME_HEIGHT_PX, MIN_CHROME_WIDTH_PX, READY_FALLBACK_MS, SEEN_RECHECK_MS, SEEN_THRESHOLD } from './constants';
import { startsPaused, webpSupported } from './media';
import { REDUCED_MOTION_QUERY } from '../ui/motion';
import { seen, track } from './tracking';
import { PAUSE_LABEL } from './PauseButton';

export interface PlayerBase {
  root: RefObject<HTMLDivElement | null>;
  size: { width: number; height: number };
  /** Below 200 px tall or 250 px wide: chrome hidden. */
  small: boolean;
  /** The entry animation ended (or 700 ms passed). */
  ready: boolean;
  paused: boolean;
  togglePause(): void;
  /** Put on the root: its entry animation's end is the ready signal. */
  onAnimationEnd(event: AnimationEvent): void;
}

/** True when `el` shows on screen: laid out with a non-empty box, not hidden by CSS. */
function visible(el: Element, box: DOMRectReadOnly): boolean {
  if (!(box.width > 0 && box.height > 0)) return false;
  const check = (el as Element & { checkVisibility?(o: object): boolean }).checkVisibility;
  return check ? check.call(el, { visibilityProperty: true, opacityProperty: true }) : true;
}

/** The shared state of the player for `gif` in a `width` x `height` box; `onReady` once. */
export function usePlayer(gif: Gif, options: PlaceholderOptions, width: number, height: number, onReady: () => void): PlayerBase {
  const root = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width, height });
  const [ready, setReady] = useState(false);
  const [paused, setPaused] = useState(() =>
    startsPaused(gif, options.autoplay, matchMedia(REDUCED_MOTION_QUERY).matches, webpSupported()),
  );

  useEffect(() => {
    if (ready) onReady();
  }, [ready]);

  useEffect(() => {
    const el = root.current!;
    const fallback = setTimeout(() => setReady(true), READY_FALLBACK_MS);
    // A new size is also a new chance to be seen: an empty box that gets its size is looked at now.
    const sizes = new ResizeObserver(() => {
      setSize({ width: el.clientWidth, height: el.clientHeight });
      check();
    });
    sizes.observe(el);
    // SEEN (and the pixels that go with it) needs 99% of a box a visitor can see. An empty or
    // hidden box that later shows raises no new intersection, so it is looked at again while
    // the observer says it is in view.
    let inView = false;
    let recheck: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(recheck);
      if (!inView) return;
      if (visible(el, el.getBoundingClientRect())) {
        visibility.disconnect();
        seen(gif, options.pixel);
      } else recheck = setTimeout(check, SEEN_RECHECK_MS);
    };
    // Without any observer (its plugin file blocked in a browser that has none) SEEN is not counted.
    if (typeof IntersectionObserver !== 'function') {
      return () => {
        clearTimeout(fallback);
        sizes.disconnect();
      };
    }
    const visibility = new IntersectionObserver(
      ([entry]) => {
        inView = entry.intersectionRatio >= SEEN_THRESHOLD;
        check();
      },
      { threshold: SEEN_THRESHOLD },
    );
    visibility.observe(el);
    return () => {
      clearTimeout(fallback);
      clearTimeout(recheck);
      sizes.disconnect();
      visibility.disconnect();
    };
  }, []);

  return {
    root,
    size,
    small: size.height < MIN_CHROME_HEIGHT_PX || size.width < MIN_CHROME_WIDTH_PX,
    ready,
    paused,
    togglePause() {
      setPaused(!paused);
      track('Click', PAUSE_LABEL);
    },
    onAnimationEnd(event) {
      if (event.target === root.current) setReady(true);
    },
  };
}
