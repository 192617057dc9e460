/**
 * What both layouts of the player share (spec §2, §4, §9): the box size (followed as it
 * changes), the ready signal (the 0.4 s entry animation's end, or 700 ms; for a player rendered
 * out of view, which has no entry animation, when the browser is next idle, within 700 ms), the SEEN report
 * (analytics/viewability.ts decides) and pause/play.
 */
import { useEffect, useRef, useState, type AnimationEvent, type RefObject } from 'react';
import type { PlayerProps } from './props';
import { onIntersection, onResize } from '../shared-observers';
import { firstView, VIEW_THRESHOLDS, watchSeen } from '../analytics/viewability';
import { MIN_CHROME_HEIGHT_PX, MIN_CHROME_WIDTH_PX, READY_FALLBACK_MS } from './constants';
import { startsPaused, webpSupported } from './media';
import { policyOf, writtenPolicy } from './autoplay';
import { schemeOf } from './scheme';
import type { AutoplayPolicy } from '../ui/motion';
import { whenIdle } from '../idle';
import { later } from './later';
import { seen, track } from './tracking';
import { PAUSE_LABEL } from './PauseButton';

export interface PlayerBase {
  root: RefObject<HTMLDivElement | null>;
  size: { width: number; height: number };
  /** Below 200 px tall or 250 px wide: chrome hidden. */
  small: boolean;
  /**
   * The entry animation ended (or 700 ms passed); without one, the browser was idle (or 700 ms
   * passed): a player rendered out of view builds its controls then (see DesktopPlayer).
   */
  ready: boolean;
  /** The policy written for it (src/player/autoplay.ts), which its plugins' tiles follow. */
  autoplay: AutoplayPolicy;
  /** The policy it follows, the reader's settings applied. */
  policy: AutoplayPolicy;
  /** Its theme as shown now ('auto' resolved). */
  scheme: 'light' | 'dark';
  paused: boolean;
  /** The reader's play or pause (the play control, or the GIF under `click`): counted as a click. */
  togglePause(): void;
  /** Plays (true) or stills (false) the GIF for the `hover` policy: no click happened. */
  setPaused(paused: boolean): void;
  /** Put on the root: its entry animation's end is the ready signal. */
  onAnimationEnd(event: AnimationEvent): void;
}

/** The shared state of a player (its props: `gif` in a `width` x `height` box; `onReady` once). */
export function usePlayer({ embed, gif, options, width, height, entering, adopted, onReady }: PlayerProps): PlayerBase {
  const root = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: Math.round(width), height: Math.round(height) });
  const [ready, setReady] = useState(false);
  const autoplay = writtenPolicy(embed.page.autoplay, options.autoplay);
  const policy = policyOf(autoplay, !!adopted);
  const starts = () => startsPaused(gif, policy, !!adopted || webpSupported());
  const [paused, setPaused] = useState(starts);
  // A new policy (GifEmbed.setAutoplay) holds from the moment it is set: the player starts over on it.
  const [followed, setFollowed] = useState(policy);
  if (followed != policy) {
    setFollowed(policy);
    setPaused(starts());
  }

  useEffect(() => {
    if (ready) onReady();
  }, [ready]);

  useEffect(() => {
    const el = root.current!;
    const fallback = entering ? setTimeout(() => setReady(true), READY_FALLBACK_MS) : undefined;
    const idle = entering ? undefined : whenIdle(() => setReady(true), READY_FALLBACK_MS);
    // SEEN (and the pixels that go with it): once per GIF per placeholder per page view, when
    // analytics/viewability.ts says a visitor can see it. Its placeholder outlives a remount.
    const watch = watchSeen(el, () => seen(gif, options.pixel, firstView(embed.el, gif.id, gif.bottle_data?.tid)));
    // A new size is also a new chance to be seen: an empty box that gets its size is looked at now.
    // The size as the observer gives it (the root has no padding or border: its client size):
    // reading the layout here would force one, since the players before this one in the same
    // delivery have just rendered.
    // The page's one ResizeObserver, shared by every player (src/shared-observers.ts), watches
    // the root from the first report of the page's IntersectionObserver for it, which comes in
    // the task after the frame that laid the player out. A ResizeObserver reports inside a frame,
    // and its first report would make the player's first frame, its largest layout, a task of ours.
    let stopSizes: (() => void) | undefined;
    const sizes = () => {
      stopFirst?.();
      stopSizes ??= onResize(el, (entry) => {
        const size = { width: Math.round(entry.contentRect.width), height: Math.round(entry.contentRect.height) };
        // The same size again (the observer's first report) renders nothing anew.
        setSize((now) => (now.width === size.width && now.height === size.height ? now : size));
        watch.check(size);
      });
    };
    const stopFirst = onIntersection(el, sizes, { threshold: VIEW_THRESHOLDS });
    if (!stopFirst) sizes();
    return () => {
      clearTimeout(fallback);
      idle?.();
      stopFirst?.();
      stopSizes?.();
      watch.stop();
    };
  }, []);

  return {
    root,
    size,
    small: size.height < MIN_CHROME_HEIGHT_PX || size.width < MIN_CHROME_WIDTH_PX,
    ready,
    autoplay,
    policy,
    scheme: schemeOf(options.theme),
    paused,
    setPaused,
    togglePause() {
      setPaused(!paused);
      track('Click', PAUSE_LABEL);
    },
    onAnimationEnd(event) {
      // Made ready from the queue of players' later renders: on a page of hundreds, the entries
      // that end in one frame re-render their players over the next tasks, not in that frame.
      // (One unmounted meanwhile is not rendered again: Preact renders no unmounted component.)
      if (event.target === root.current) later.add([() => setReady(true)]);
    },
  };
}
