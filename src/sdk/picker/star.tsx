/**
 * The favourite star a picker draws over each of its tiles (the tile's `overlay`): shown while
 * the tile is pointed at or focused, always on a favourite, and always on a touch screen, where
 * it is a visible button; a long press anywhere on the tile toggles it too. The key `f` on a
 * focused tile is the picker's (picker.tsx). The star is for pointers: it is out of the Tab
 * order and hidden from assistive technology, which hears the tile's state (`describe`) and
 * toggles with `f`, so the tile stays one control.
 */
import { createContext, useContext, useRef, type MouseEvent } from 'react';
import type { Gif } from '../../model';
import type { Messages } from '../../i18n';
import type { GifOverlayProps } from '../tile';

/** A touch held this long on a tile toggles its star, ms (the platforms' long press). */
export const LONG_PRESS_MS = 500;

/** What the stars read and do: a picker provides it to its tiles. */
export interface Stars {
  has(id: string): boolean;
  toggle(gif: Gif): void;
  m: Messages;
}

export const StarContext = createContext<Stars | undefined>(undefined);

/** A five-pointed star, filled with the current colour. */
export const StarIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d="M12 2.5l2.9 6.2 6.6.7-5 4.5 1.4 6.6L12 17.2l-5.9 3.3 1.4-6.6-5-4.5 6.6-.7z" />
  </svg>
);

/** The overlay: a layer over the tile for the long press, and the star. */
export function StarOverlay({ gif, isHovered }: GifOverlayProps) {
  const stars = useContext(StarContext);
  const press = useRef<{ timer?: ReturnType<typeof setTimeout>; fired?: boolean }>({});
  if (!stars) return null;
  const on = stars.has(gif.id);
  const end = () => clearTimeout(press.current.timer);
  const stop = (e: MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
  };
  return (
    <span
      data-press=""
      onPointerDown={(e) => {
        end();
        press.current.fired = false;
        if (e.pointerType != 'mouse') {
          press.current.timer = setTimeout(() => {
            press.current.fired = true;
            stars.toggle(gif);
          }, LONG_PRESS_MS);
        }
      }}
      onPointerUp={end}
      onPointerCancel={end}
      onPointerLeave={end}
      // The click that ends a long press is not a pick.
      onClick={(e) => press.current.fired && stop(e)}
      onContextMenu={(e) => e.preventDefault()}
    >
      <span
        data-star={on ? 'on' : 'off'}
        data-shown={isHovered || on ? '' : undefined}
        title={on ? stars.m.inFavorites : stars.m.addFavorite}
        aria-hidden="true"
        onClick={(e) => {
          stop(e);
          if (!press.current.fired) stars.toggle(gif);
        }}
      >
        <StarIcon />
      </span>
    </span>
  );
}
