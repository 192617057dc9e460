/**
 * The loading indicator of spec §2: five squares in the brand colours, pulsing one after another.
 */
import { css, keyframes } from 'goober';
import { BRAND_COLORS } from './colors';
import { STILL_UNDER_REDUCED_MOTION } from './motion';
import { UI_EN } from '../i18n/en';

/** Side of one square, px, and the gap between squares. */
export const LOADER_SQUARE_PX = 10;
const LOADER_GAP_PX = 6;
/** One pulse cycle, and the stagger between neighbouring squares. */
const PULSE_MS = 900;
const STAGGER_MS = 120;
/** Accessible name of the loader, in English (the reader's own language: src/i18n). */
export const LOADING_LABEL = UI_EN.loading;

/** Keyframes are made on first use, so importing this module has no side effect. */
const pulse = () => keyframes`
  0%, 100% { transform: scale(0.6); opacity: 0.35; }
  50% { transform: scale(1); opacity: 1; }
`;

const loaderClass = () => css`
  display: flex;
  justify-content: center;
  align-items: center;
  gap: ${LOADER_GAP_PX}px;
  padding: ${LOADER_SQUARE_PX}px 0;
  & > span {
    width: ${LOADER_SQUARE_PX}px;
    height: ${LOADER_SQUARE_PX}px;
    animation: ${pulse()} ${PULSE_MS}ms ease-in-out infinite;
  }
  ${STILL_UNDER_REDUCED_MOTION}
`;

export interface LoaderProps {
  className?: string;
  /** Its accessible name, in the reader's language (default 'Loading'). */
  label?: string;
}

/**
 * Five coloured pulsing squares with role="status" and the label 'Loading'.
 * Props: className (added to the wrapper), label; renders a `<div>`.
 */
export function Loader({ className, label = LOADING_LABEL }: LoaderProps) {
  return (
    <div className={className ? `${loaderClass()} ${className}` : loaderClass()} role="status" aria-label={label}>
      {BRAND_COLORS.map((color, i) => (
        <span key={color} style={{ background: color, animationDelay: `${i * STAGGER_MS}ms` }} />
      ))}
    </div>
  );
}
