/**
 * The SDK's themes: `light`, `dark`, or `auto` (the reader's `prefers-color-scheme`, followed
 * live by the stylesheet itself). A theme is a set of CSS custom properties on the component's
 * root; each reads the app's `--gif-picker-*` property first, so an app brands the picker, Grid,
 * Carousel and Gif with its own values (from any ancestor: a `<gif-picker>` takes its page's)
 * without touching our class names. docs/sdk.md has the table.
 */
import { css } from 'goober';

/** 'light', 'dark', or 'auto': the reader's system setting, followed as it changes. */
export type ColorScheme = 'light' | 'dark' | 'auto';

/**
 * Each property's light and dark value: the app's `--gif-picker-<name>`, else these. Contrast
 * holds in both (text 4.5:1 on the surface and the field; lines, the accent and the star 3:1).
 */
const PALETTE: Record<string, [string, string]> = {
  /** The picker's surface. */
  bg: ['#fff', '#121212'],
  text: ['#121212', '#fff'],
  /** Secondary words: hints, the field's placeholder. */
  muted: ['#5c5c5c', '#b3b3b3'],
  /** The search field's background. */
  field: ['#fff', '#1f1f1f'],
  /** The field's and the chips' borders. */
  line: ['#767676', '#8a8a8a'],
  /** Chips, and the suggestion pointed at. */
  chip: ['#f4f4f4', '#2a2a2a'],
  /** The chosen tab's mark and a favourite's star. */
  accent: ['#9933ff', '#b77dff'],
  /** The two tones behind a sticker's transparency. */
  'checker-a': ['#e6e6e6', '#2a2a2a'],
  'checker-b': ['#fff', '#1f1f1f'],
};

/** `var(--gp-<name>)`: a palette value inside a themed root. */
export const themed = (name: string) => `var(--gp-${name})`;

const declarations = (dark: 0 | 1) =>
  Object.keys(PALETTE).map((name) => `--gp-${name}:var(--gif-picker-${name},${PALETTE[name][dark]});`).join('') + `color-scheme:${dark ? 'dark' : 'light'};`;

/** `className` with `scheme`'s class before it, when a scheme is given (the Grid's and Gif's root). */
export const withTheme = (scheme: ColorScheme | undefined, className?: string) => (scheme ? `${themeClass(scheme)} ${className ?? ''}` : className);

/** The class setting `scheme`'s properties (and its text colour) on a root. */
export const themeClass = (scheme: ColorScheme) => css`
  ${scheme == 'auto' ? `${declarations(0)}@media (prefers-color-scheme: dark){${declarations(1)}}` : declarations(scheme == 'dark' ? 1 : 0)}
  color: var(--gp-text);
`;
