/**
 * Share menu styles (goober classes, created at render so they land in the embed's shadow root).
 */
import { css } from 'goober';
import { DARK_SURFACE, DARK_TEXT, FOCUS_OUTLINE, LIGHT_SURFACE, LIGHT_TEXT } from '../../src/ui/colors';
import { STILL_UNDER_REDUCED_MOTION } from '../../src/ui/motion';

/** Spacing unit of the menu, px. */
const GAP_PX = 8;
/** Round share buttons, px: at least the 44 px touch/pointer target guideline minus the ring. */
const BUTTON_PX = 40;
/** Brand colours of the share networks, so each button is recognisable at a glance. */
export const NETWORK_COLORS = { facebook: '#3b5998', twitter: '#121212', pinterest: '#e60023' } as const;

const focusRing = `
  &:focus-visible { ${FOCUS_OUTLINE} }
`;

/** The class names of the menu for `theme`. */
export function shareStyles(theme: 'light' | 'dark') {
  const dark = theme === 'dark';
  const text = dark ? LIGHT_TEXT : DARK_TEXT;
  return {
    menu: css`
      position: absolute;
      inset: 0;
      z-index: 3;
      box-sizing: border-box;
      display: flex;
      flex-direction: column;
      /* Centred while it fits; taller than the player (the script form's alt field on a small one), it scrolls from its top. */
      justify-content: safe center;
      gap: ${GAP_PX}px;
      padding: ${GAP_PX * 2}px ${GAP_PX * 2}px ${GAP_PX}px;
      overflow: auto;
      background: ${dark ? 'rgba(18,18,18,0.94)' : 'rgba(255,255,255,0.96)'};
      color: ${text};
      font: 13px/1.3 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
      &:focus { outline: none; }
    `,
    title: css`
      margin: 0;
      font-size: 15px;
      font-weight: 700;
    `,
    close: css`
      position: absolute;
      top: ${GAP_PX / 2}px;
      inset-inline-end: ${GAP_PX / 2}px;
      width: 32px;
      height: 32px;
      display: grid;
      place-items: center;
      padding: 0;
      border: 0;
      border-radius: 50%;
      background: transparent;
      color: inherit;
      cursor: pointer;
      &:hover { background: ${dark ? 'rgba(255,255,255,0.12)' : 'rgba(0,0,0,0.08)'}; }
      ${focusRing}
    `,
    row: css`
      display: flex;
      align-items: center;
      flex-wrap: wrap;
      gap: ${GAP_PX}px;
    `,
    network: css`
      width: ${BUTTON_PX}px;
      height: ${BUTTON_PX}px;
      display: grid;
      place-items: center;
      padding: 0;
      border: 0;
      border-radius: 50%;
      color: ${LIGHT_TEXT};
      box-shadow: inset 0 0 0 1px rgba(255, 255, 255, 0.28);
      cursor: pointer;
      transition: transform 0.15s;
      &:hover { transform: scale(1.08); }
      ${focusRing}
      ${STILL_UNDER_REDUCED_MOTION}
    `,
    favorite: css`
      margin-inline-start: auto;
      font-weight: 600;
      & a { padding: 0 ${GAP_PX}px; }
      & a:hover { background: ${dark ? 'rgba(255,255,255,0.12)' : 'rgba(0,0,0,0.08)'}; }
    `,
    field: css`
      display: flex;
      flex-direction: column;
      gap: 2px;
      font-weight: 600;
    `,
    fieldHead: css`
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      column-gap: 24px;
      & > label { flex: 1 0 100%; }
    `,
    options: css`
      display: inline-flex;
      gap: 12px;
      white-space: nowrap;
    `,
    option: css`
      font-size: 12px;
      font-weight: 400;
      min-height: 24px;
    `,
    input: css`
      box-sizing: border-box;
      width: 100%;
      min-width: 0;
      padding: 6px ${GAP_PX}px;
      border: 1px solid ${dark ? '#3a3a3a' : '#cfcfcf'};
      border-radius: 4px;
      background: ${dark ? DARK_SURFACE : LIGHT_SURFACE};
      color: ${text};
      font: 12px/1.3 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      &:focus-visible { ${FOCUS_OUTLINE} border-color: transparent; }
    `,
  };
}
