/**
 * The video view's open state, shared by the desktop and mobile players: leaving it (Back,
 * Escape) puts focus back on the Watch control that opened it, in the same commit, so a key
 * pressed at once lands on Watch and not on the page.
 */
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

export interface MediaView {
  open: boolean;
  show(): void;
  /** Closes the view and focuses `watchSelector` inside `root`. */
  leave(): void;
}

/** The video view's state for the player at `root`, whose Watch control matches `watchSelector`. */
export function useMediaView(root: RefObject<HTMLElement | null>, watchSelector: string): MediaView {
  const [open, setOpen] = useState(false);
  const backToWatch = useRef(false);
  useLayoutEffect(() => {
    if (open || !backToWatch.current) return;
    backToWatch.current = false;
    root.current?.querySelector<HTMLElement>(watchSelector)?.focus({ preventScroll: true });
  }, [open]);
  return {
    open,
    show: () => setOpen(true),
    leave: () => {
      backToWatch.current = true;
      setOpen(false);
    },
  };
}
