/**
 * The grid's error view (spec §2, §8): 'Error loading GIFs.' and a 'Try again?' link that retries.
 */
import { css } from 'goober';
import type { MouseEvent } from 'react';
import { UI_EN } from '../i18n/en';
import { FOCUS_OUTLINE } from '../ui/colors';

/** The view's words in English (a Grid shows them in its reader's language). */
export const FETCH_ERROR_MESSAGE = UI_EN.loadError;
export const TRY_AGAIN_LABEL = UI_EN.tryAgain;

const errorClass = () => css`
  padding: 16px 8px;
  text-align: center;
  font: 14px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  color: inherit;
  & a {
    margin-inline-start: 6px;
    color: inherit;
    font-weight: 700;
    text-decoration: underline;
    cursor: pointer;
  }
  & a:focus-visible {
    ${FOCUS_OUTLINE}
  }
`;

export interface FetchErrorViewProps {
  onRetry: () => void;
  /** The message and the link's words, in the reader's language (default English). */
  m?: { loadError: string; tryAgain: string };
}

/**
 * The message and the retry link, announced to assistive technology as an alert.
 * Props: onRetry (called when the link is activated), m; renders a `<div role="alert">`.
 */
export function FetchErrorView({ onRetry, m = UI_EN }: FetchErrorViewProps) {
  const retry = (e: MouseEvent) => {
    e.preventDefault();
    onRetry();
  };
  return (
    <div className={errorClass()} role="alert">
      {m.loadError}
      <a href="#" onClick={retry}>
        {m.tryAgain}
      </a>
    </div>
  );
}
