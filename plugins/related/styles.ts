/**
 * Related grid styles (goober classes, created at render so they land in the embed's shadow root).
 */
import { css } from 'goober';
import { DARK_TEXT, LIGHT_TEXT } from '../../src/ui/colors';

/** The class names of the related grid for `theme`. */
export function relatedStyles(theme: 'light' | 'dark') {
  return {
    root: css`
      display: flex;
      flex-direction: column;
      box-sizing: border-box;
      height: 100%;
      min-height: 0;
      color: ${theme === 'dark' ? LIGHT_TEXT : DARK_TEXT};
      font: 13px/1.3 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    `,
    header: css`
      margin: 0 0 6px;
      font-size: 14px;
      font-weight: 700;
    `,
    scroller: css`
      flex: 1 1 auto;
      min-height: 0;
      overflow-x: hidden;
      overflow-y: auto;
      overscroll-behavior: contain;
    `,
    /** The grid's top edge: a 1 px line that takes no room. */
    edge: css`
      height: 1px;
      margin-bottom: -1px;
    `,
  };
}
