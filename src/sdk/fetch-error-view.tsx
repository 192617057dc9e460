/**
 * The grid's error view (spec §2, §8): 'Error loading GIFs.' and a 'Try again?' link that retries.
 */
import { css } from 'goober';
import type { MouseEvent } from 'react';
import { FOCUS_OUTLINE } from '../ui/colors';

export const FETCH_ERROR_MESSAGE = 'Error loading GIFs.';
export const TRY_AGAIN_LABEL = 'Try again?';

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
}

/**
 * The message and the retry link, announced to assistive technology as an alert.
 * Props: onRetry (called when the link is activated); renders a `<div role="alert">`.
 */
export function FetchErrorView({ onRetry }: FetchErrorViewProps) {
  const retry = (e: MouseEvent) => {
    e.preventDefault();
    onRetry();
  };
  return (
    <div className={errorClass()} role="alert">
      {FETCH_ERROR_MESSAGE}
      <a href="#" onClick={retry}>
        {TRY_AGAIN_LABEL}
      </a>
    </div>
  );
}
