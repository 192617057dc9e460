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
  /** Focus came in from the page after the player (Shift+Tab) and has not left it since. */
  enteredBackward: boolean;
  /** The visitor is using the related grid (or no longer): while so, hiding waits HOVER_HIDE_GRID_ACTIVE_MS. */
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
  const [enteredBackward, setEnteredBackward] = useState(false);
  // None of this renders: the pending timers (show, hide, report), cleared on unmount; where the
  // pointer and the focus are (the chrome hides only when neither is in the player: a control
  // that takes focus and then leaves the page, like 'Try again?', must not hide it under the
  // pointer); and whether the related grid is in use.
  const own = useRef<{ show?: Timer; hide?: Timer; report?: Timer; pointer?: boolean; focus?: boolean; grid?: boolean }>({}).current;
  useEffect(() => () => [own.show, own.hide, own.report].forEach(clearTimeout), []);

  const hide = () => {
    setHovered(false);
    own.grid = false;
  };
  const scheduleHide = (ms: number) => {
    clearTimeout(own.hide);
    own.hide = setTimeout(hide, ms);
  };

  return {
    hovered,
    enteredBackward,
    setGridActive: (active) => void (own.grid = active),
    handlers: {
      onMouseEnter() {
        own.pointer = true;
        clearTimeout(own.hide);
        onIntent();
        clearTimeout(own.show);
        own.show = setTimeout(() => setHovered(true), HOVER_SHOW_DELAY_MS);
        clearTimeout(own.report);
        own.report = setTimeout(onHoverReport, HOVER_REPORT_DELAY_MS);
      },
      onMouseLeave() {
        own.pointer = false;
        clearTimeout(own.show);
        clearTimeout(own.report);
        if (!own.focus) scheduleHide(own.grid ? HOVER_HIDE_GRID_ACTIVE_MS : HOVER_HIDE_DELAY_MS);
      },
      onFocus(event) {
        if (!own.focus) {
          // Where focus came from: an element after the embed (its host, seen from here) means Shift+Tab.
          const from = event.relatedTarget as Node | null;
          const host = (event.currentTarget.getRootNode() as ShadowRoot).host ?? event.currentTarget;
          setEnteredBackward(!!from && !host.contains(from) && !!(host.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING));
        }
        own.focus = true;
        clearTimeout(own.hide);
        onIntent();
        setHovered(true);
      },
      onBlur(event) {
        // Focus moving between the player's own controls is not leaving it.
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        own.focus = false;
        setEnteredBackward(false);
        if (!own.pointer) scheduleHide(HOVER_HIDE_DELAY_MS);
      },
    },
  };
}
