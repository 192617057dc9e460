/**
 * Hover intent for the desktop player (spec §4, §9): the chrome shows 150 ms after the pointer
 * enters (at once for keyboard focus), hides 70 ms after it leaves, or 1000 ms while the visitor
 * is using the related grid; a hover is reported after 200 ms on the GIF. `intent` fires at the
 * first enter or focus (the player then fetches its chrome).
 */
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { HOVER_HIDE_DELAY_MS, HOVER_HIDE_GRID_ACTIVE_MS, HOVER_REPORT_DELAY_MS, HOVER_SHOW_DELAY_MS } from './constants';

export interface HoverIntent {
  /** The chrome is shown. */
  hovered: boolean;
  /** The visitor is using the related grid: hiding waits HOVER_HIDE_GRID_ACTIVE_MS. */
  gridActive: boolean;
  /** Focus came in from the page after the player (Shift+Tab) and has not left it since. */
  enteredBackward: boolean;
  setGridActive(active: boolean): void;
  /** Spread onto the player's root element. */
  handlers: {
    onMouseEnter(): void;
    onMouseLeave(): void;
    onFocus(event: FocusEvent): void;
    onBlur(event: FocusEvent): void;
  };
}

type Timer = ReturnType<typeof setTimeout> | undefined;

/** `onIntent`: first enter or focus; `onHoverReport`: 200 ms of hover. */
export function useHoverIntent(onIntent: () => void, onHoverReport: () => void): HoverIntent {
  const [hovered, setHovered] = useState(false);
  const [gridActive, setGridActive] = useState(false);
  const [enteredBackward, setEnteredBackward] = useState(false);
  // Pending timers (show, hide, report), cleared on unmount; and where the pointer and the
  // focus are: the chrome hides only when neither is in the player (a control that takes focus
  // and then leaves the page, like 'Try again?', must not hide it under the pointer).
  const timers = useRef<{ show?: Timer; hide?: Timer; report?: Timer }>({}).current;
  const inside = useRef({ pointer: false, focus: false }).current;
  useEffect(() => () => Object.values(timers).forEach(clearTimeout), []);

  const hide = () => {
    setHovered(false);
    setGridActive(false);
  };
  const scheduleHide = (ms: number) => {
    clearTimeout(timers.hide);
    timers.hide = setTimeout(hide, ms);
  };

  return {
    hovered,
    gridActive,
    enteredBackward,
    setGridActive,
    handlers: {
      onMouseEnter() {
        inside.pointer = true;
        clearTimeout(timers.hide);
        onIntent();
        clearTimeout(timers.show);
        timers.show = setTimeout(() => setHovered(true), HOVER_SHOW_DELAY_MS);
        clearTimeout(timers.report);
        timers.report = setTimeout(onHoverReport, HOVER_REPORT_DELAY_MS);
      },
      onMouseLeave() {
        inside.pointer = false;
        clearTimeout(timers.show);
        clearTimeout(timers.report);
        if (!inside.focus) scheduleHide(gridActive ? HOVER_HIDE_GRID_ACTIVE_MS : HOVER_HIDE_DELAY_MS);
      },
      onFocus(event) {
        if (!inside.focus) {
          // Where focus came from: an element after the embed (its host, seen from here) means Shift+Tab.
          const from = event.relatedTarget as Node | null;
          const host = (event.currentTarget.getRootNode() as ShadowRoot).host ?? event.currentTarget;
          setEnteredBackward(!!from && !host.contains(from) && !!(host.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING));
        }
        inside.focus = true;
        clearTimeout(timers.hide);
        onIntent();
        setHovered(true);
      },
      onBlur(event) {
        // Focus moving between the player's own controls is not leaving it.
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        inside.focus = false;
        setEnteredBackward(false);
        if (!inside.pointer) scheduleHide(HOVER_HIDE_DELAY_MS);
      },
    },
  };
}
