/**
 * A radio option (spec §2): a labelled native radio whose dot pops in when it is selected.
 */
import { css, keyframes } from 'goober';
import type { ChangeEvent, ReactNode } from 'react';
import { BRAND_COLORS, FOCUS_OUTLINE } from './colors';
import { STILL_UNDER_REDUCED_MOTION } from './motion';

/** The selected animation: the dot grows past its size and settles. */
export const RADIO_SELECT_MS = 250;
const RING_PX = 18;
const DOT_PX = 8;
const SELECTED = BRAND_COLORS[2];

/** Keyframes are made on first use, so importing this module has no side effect. */
const pop = () => keyframes`
  0% { transform: scale(0); }
  60% { transform: scale(1.4); }
  100% { transform: scale(1); }
`;

const optionClass = () => css`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  cursor: pointer;
  font: 15px/1.3 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  & input {
    appearance: none;
    -webkit-appearance: none;
    margin: 0;
    width: ${RING_PX}px;
    height: ${RING_PX}px;
    border-radius: 50%;
    border: 2px solid currentColor;
    display: grid;
    place-items: center;
    cursor: pointer;
  }
  & input::after {
    content: '';
    width: ${DOT_PX}px;
    height: ${DOT_PX}px;
    border-radius: 50%;
    background: ${SELECTED};
    transform: scale(0);
  }
  & input:checked {
    border-color: ${SELECTED};
  }
  & input:checked::after {
    transform: scale(1);
    animation: ${pop()} ${RADIO_SELECT_MS}ms ease-out;
  }
  & input:focus-visible {
    ${FOCUS_OUTLINE}
  }
  ${STILL_UNDER_REDUCED_MOTION}
`;

export interface RadioOptionProps {
  name: string;
  value: string;
  checked: boolean;
  /** Called with the option's value when it is chosen. */
  onSelect: (value: string, e: ChangeEvent<HTMLInputElement>) => void;
  children: ReactNode;
  disabled?: boolean;
  className?: string;
}

/**
 * One option of a radio group (keyboard arrows work: it is a native radio).
 * Props: name, value, checked, onSelect, children (the label); renders a `<label>`.
 */
export function RadioOption({ name, value, checked, onSelect, children, disabled, className }: RadioOptionProps) {
  return (
    <label className={[optionClass(), className].filter(Boolean).join(' ')}>
      <input type="radio" name={name} value={value} checked={checked} disabled={disabled} onChange={(e) => onSelect(value, e)} />
      <span>{children}</span>
    </label>
  );
}
