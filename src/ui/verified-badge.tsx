/**
 * The verified-creator badge (spec §2, §5): a small inline SVG shown only for verified users.
 * Styled by attributes alone so it renders the same in any shadow root, with or without goober.
 */
import { VERIFIED_BLUE } from './colors';
import { UI_EN } from '../i18n/en';

/** Default badge side, px. */
export const VERIFIED_BADGE_SIZE_PX = 14;
/** Accessible name of the badge, in English (the reader's own language: src/i18n). */
export const VERIFIED_LABEL = UI_EN.verified;

export interface VerifiedBadgeProps {
  /** Side in px (default 14). */
  size?: number;
  /** Fill of the rosette (default brand blue). */
  color?: string;
  className?: string;
  /** Its accessible name, in the reader's language (default 'Verified'). */
  label?: string;
}

/**
 * The badge: a rosette with a check mark, labelled 'Verified' for assistive technology.
 * Props: size, color, className; renders an `<svg role="img">`.
 */
export function VerifiedBadge({ size = VERIFIED_BADGE_SIZE_PX, color = VERIFIED_BLUE, className, label = VERIFIED_LABEL }: VerifiedBadgeProps) {
  return (
    <svg
      className={className}
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      style={{ display: 'inline-block', verticalAlign: 'middle', flex: 'none' }}
    >
      <title>{label}</title>
      <path
        fill={color}
        d="M12 1l2.6 2.2 3.4-.4.9 3.3 3 1.6-1.1 3.3 1.1 3.3-3 1.6-.9 3.3-3.4-.4L12 23l-2.6-2.2-3.4.4-.9-3.3-3-1.6L3.2 13 2.1 9.7l3-1.6.9-3.3 3.4.4z"
      />
      <path fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" d="M7.5 12.3l3 3 6-6.3" />
    </svg>
  );
}
