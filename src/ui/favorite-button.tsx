/**
 * Favorite and unfavorite buttons (spec §2, §4): a heart with three states, default, active
 * (favorited, with a burst as it fills) and the unfavorite animation (it shrinks and empties).
 * With `href` the control is a link (favoriting then happens on that page, where the visitor is
 * logged in: the share menu's favorite link); without, a toggle button.
 */
import { css, keyframes } from 'goober';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { BRAND_COLORS, FOCUS_OUTLINE } from './colors';
import { STILL_UNDER_REDUCED_MOTION } from './motion';

/** Length of the favorite and unfavorite animations. */
export const FAVORITE_ANIMATION_MS = 400;
export const FAVORITE_LABEL = 'Favorite';
export const UNFAVORITE_LABEL = 'Unfavorite';
const HEART_PX = 22;
const ACTIVE = BRAND_COLORS[3];

/** The state the button shows (spec §4). */
export type FavoriteState = 'default' | 'active' | 'unfavorite';

/** Keyframes are made on first use, so importing this module has no side effect. */
const fill = () => keyframes`
  0% { transform: scale(0.6); }
  50% { transform: scale(1.3); }
  100% { transform: scale(1); }
`;
const empty = () => keyframes`
  0% { transform: scale(1); opacity: 1; }
  50% { transform: scale(0.7); opacity: 0.6; }
  100% { transform: scale(1); opacity: 1; }
`;

const buttonClass = () => css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  box-sizing: border-box;
  min-width: ${HEART_PX + 14}px;
  height: ${HEART_PX + 14}px;
  padding: 0 7px;
  border: 0;
  border-radius: ${(HEART_PX + 14) / 2}px;
  background: transparent;
  color: inherit;
  font: inherit;
  text-decoration: none;
  cursor: pointer;
  & svg {
    flex: none;
    width: ${HEART_PX}px;
    height: ${HEART_PX}px;
  }
  &[data-state='active'] svg {
    color: ${ACTIVE};
    animation: ${fill()} ${FAVORITE_ANIMATION_MS}ms ease-out;
  }
  &[data-state='unfavorite'] svg {
    animation: ${empty()} ${FAVORITE_ANIMATION_MS}ms ease-in-out;
  }
  &:focus-visible {
    ${FOCUS_OUTLINE}
  }
  ${STILL_UNDER_REDUCED_MOTION}
`;

export interface FavoriteButtonProps {
  /** Whether the GIF is a favorite now. */
  favorited: boolean;
  /** Called with the new value when pressed (a link: called with true, and the page opens). */
  onToggle: (favorited: boolean) => void;
  /** The page where favoriting happens: the control becomes a link opening it in a new window. */
  href?: string;
  /** A visible label beside the heart (otherwise the accessible name is Favorite / Unfavorite). */
  children?: ReactNode;
  className?: string;
}

/**
 * The heart button: aria-pressed follows `favorited`; leaving the favorite plays the
 * unfavorite animation for 400 ms, then shows the default state. With `href`, a link whose
 * heart fills once pressed.
 */
export function FavoriteButton({ favorited, onToggle, href, children, className }: FavoriteButtonProps) {
  const [state, setState] = useState<FavoriteState>(favorited ? 'active' : 'default');
  const was = useRef(favorited);
  useEffect(() => {
    if (was.current === favorited) return undefined;
    was.current = favorited;
    if (favorited) {
      setState('active');
      return undefined;
    }
    setState('unfavorite');
    const timer = setTimeout(() => setState('default'), FAVORITE_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [favorited]);
  const common = {
    className: [buttonClass(), className].filter(Boolean).join(' '),
    'data-state': state,
    'aria-label': children ? undefined : favorited ? UNFAVORITE_LABEL : FAVORITE_LABEL,
  };
  const content = (
    <>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.1 5.2 3 1.6-1.9 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z"
          fill={state === 'active' ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      {children}
    </>
  );
  if (href !== undefined) {
    return (
      <a {...common} href={href || undefined} target="_blank" rel="noopener" onClick={() => onToggle(true)}>
        {content}
      </a>
    );
  }
  return (
    <button {...common} type="button" aria-pressed={favorited} onClick={() => onToggle(!favorited)}>
      {content}
    </button>
  );
}
