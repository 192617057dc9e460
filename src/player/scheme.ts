/**
 * A placeholder's theme as the player shows it: `light`, `dark`, or `auto`, the reader's
 * `prefers-color-scheme` (light unless dark is asked for, as the SDK's `auto`). The loader paints
 * every embed again when the reader's setting changes (src/loader.ts), so `auto` follows it live.
 */

/** The reader's dark preference as a media query. */
export const DARK_QUERY = '(prefers-color-scheme: dark)';

/** `theme` ('light', 'dark' or 'auto') as shown now: 'light' or 'dark'. */
export function schemeOf(theme: string): 'light' | 'dark' {
  return theme == 'light' || (theme == 'auto' && !matchMedia(DARK_QUERY).matches) ? 'light' : 'dark';
}
