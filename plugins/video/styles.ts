/**
 * Video plugin styles (goober classes, created at render so they land in the embed's shadow root).
 */
import { css } from 'goober';
import { FOCUS_OUTLINE, LIGHT_TEXT } from '../../src/ui/colors';

/** Back control height on desktop, and the larger touch target of the mobile variant, px. */
const BACK_PX = 28;
const BACK_MOBILE_PX = 44;
const EDGE_PX = 8;

const focusRing = `&:focus-visible { ${FOCUS_OUTLINE} }`;

/** The class names of the video plugin. */
export function videoStyles() {
  return {
    root: css`
      position: absolute;
      inset: 0;
      z-index: 2;
      overflow: hidden;
      background: #000;
      color: ${LIGHT_TEXT};
      font: 13px/1.3 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
      ${focusRing}
    `,
    still: css`
      position: absolute;
      inset: 0;
      width: 100%;
      height: 100%;
      object-fit: contain;
      border: 0;
    `,
    frame: css`
      position: absolute;
      inset: 0;
      width: 100%;
      height: 100%;
      border: 0;
      & > iframe, & > div { width: 100%; height: 100%; border: 0; }
    `,
    message: css`
      position: absolute;
      inset: 0;
      display: flex;
      align-items: center;
      justify-content: center;
      padding: 48px 16px 16px;
      text-align: center;
      font-size: 15px;
      font-weight: 600;
      background: rgba(0, 0, 0, 0.7);
    `,
    back: css`
      position: absolute;
      inset-inline-start: ${EDGE_PX}px;
      top: ${EDGE_PX}px;
      z-index: 1;
      height: ${BACK_PX}px;
      display: inline-flex;
      align-items: center;
      gap: 4px;
      padding: 0 10px 0 6px;
      border: 0;
      border-radius: ${BACK_PX / 2}px;
      background: rgba(0, 0, 0, 0.7);
      color: ${LIGHT_TEXT};
      font: 700 12px/1 system-ui, sans-serif;
      cursor: pointer;
      ${focusRing}
      /* Back points to where the reader came from: the start of the line. */
      & svg:dir(rtl) { transform: scaleX(-1); }
    `,
    pause: css`
      position: absolute;
      inset-inline-end: ${EDGE_PX}px;
      top: ${EDGE_PX}px;
      z-index: 1;
      border-radius: 4px;
      background: rgba(0, 0, 0, 0.7);
      color: ${LIGHT_TEXT};
    `,
    pauseMobile: css`
      & .ic { width: ${BACK_MOBILE_PX}px; height: ${BACK_MOBILE_PX}px; }
    `,
    backMobile: css`
      top: auto;
      bottom: ${EDGE_PX * 2}px;
      inset-inline-start: auto;
      left: 50%;
      transform: translateX(-50%);
      height: ${BACK_MOBILE_PX}px;
      padding: 0 18px 0 12px;
      border-radius: ${BACK_MOBILE_PX / 2}px;
      font-size: 15px;
    `,
  };
}
