/**
 * Form inputs and buttons of spec §2, in a light and a dark theme.
 */
import { css } from 'goober';
import type { ButtonHTMLAttributes, InputHTMLAttributes } from 'react';
import { BRAND_COLORS, DARK_SURFACE, DARK_TEXT, FOCUS_OUTLINE, LIGHT_SURFACE, LIGHT_TEXT } from './colors';
import { STILL_UNDER_REDUCED_MOTION } from './motion';

/** Light controls sit on light pages, dark ones on dark pages. */
export type Theme = 'light' | 'dark';

/** Height of inputs and buttons, px (a comfortable touch target). */
export const CONTROL_HEIGHT_PX = 40;
const RADIUS_PX = 4;
const FONT = `16px/1.25 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`;
const BORDER_LIGHT = '#d0d0d0';
const BORDER_DARK = '#3a3a3a';
const PLACEHOLDER_LIGHT = '#767676';
const PLACEHOLDER_DARK = '#a6a6a6';
const PRIMARY = BRAND_COLORS[2];

const inputClass = (theme: Theme) => css`
  box-sizing: border-box;
  height: ${CONTROL_HEIGHT_PX}px;
  padding: 0 12px;
  font: ${FONT};
  border-radius: ${RADIUS_PX}px;
  border: 1px solid ${theme === 'dark' ? BORDER_DARK : BORDER_LIGHT};
  background: ${theme === 'dark' ? DARK_SURFACE : LIGHT_SURFACE};
  color: ${theme === 'dark' ? LIGHT_TEXT : DARK_TEXT};
  transition: border-color 150ms ease;
  &::placeholder {
    color: ${theme === 'dark' ? PLACEHOLDER_DARK : PLACEHOLDER_LIGHT};
  }
  &:focus-visible {
    ${FOCUS_OUTLINE}
    border-color: transparent;
  }
  &:disabled {
    opacity: 0.5;
  }
  ${STILL_UNDER_REDUCED_MOTION}
`;

export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** 'light' (default) or 'dark'. */
  theme?: Theme;
}

/**
 * A text input in the light or dark style; every other prop goes to the `<input>`.
 * Props: theme plus input attributes; renders an `<input>` with `data-theme`.
 */
export function TextInput({ theme = 'light', className, ...rest }: TextInputProps) {
  return <input {...rest} data-theme={theme} className={[inputClass(theme), className].filter(Boolean).join(' ')} />;
}

/** Primary buttons carry the main action; secondary ones the rest. */
export type ButtonVariant = 'primary' | 'secondary';

const buttonClass = (theme: Theme, variant: ButtonVariant) => css`
  box-sizing: border-box;
  height: ${CONTROL_HEIGHT_PX}px;
  padding: 0 16px;
  font: ${FONT};
  font-weight: 700;
  border-radius: ${RADIUS_PX}px;
  cursor: pointer;
  border: 1px solid ${variant === 'primary' ? PRIMARY : theme === 'dark' ? BORDER_DARK : BORDER_LIGHT};
  background: ${variant === 'primary' ? PRIMARY : theme === 'dark' ? DARK_SURFACE : LIGHT_SURFACE};
  color: ${variant === 'primary' || theme === 'dark' ? LIGHT_TEXT : DARK_TEXT};
  transition: filter 150ms ease, transform 150ms ease;
  &:hover {
    filter: brightness(1.1);
  }
  &:active {
    transform: scale(0.97);
  }
  &:focus-visible {
    ${FOCUS_OUTLINE}
  }
  &:disabled {
    opacity: 0.5;
    cursor: default;
  }
  ${STILL_UNDER_REDUCED_MOTION}
`;

export interface FormButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  theme?: Theme;
  /** 'primary' (default) or 'secondary'. */
  variant?: ButtonVariant;
}

/**
 * A form button; `type` defaults to "button" so it never submits a host's form by surprise.
 * Props: theme, variant plus button attributes; renders a `<button>`.
 */
export function FormButton({ theme = 'light', variant = 'primary', className, type = 'button', ...rest }: FormButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      data-theme={theme}
      data-variant={variant}
      className={[buttonClass(theme, variant), className].filter(Boolean).join(' ')}
    />
  );
}
