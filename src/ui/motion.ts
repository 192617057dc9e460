/**
 * Motion rules every animated UI piece shares: people who ask their system for less motion
 * get the end state at once instead of the animation.
 */

/** The reduced-motion preference as a media query (for matchMedia and `<source media>`). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
/** The same as a CSS at-rule. */
export const REDUCED_MOTION = `@media ${REDUCED_MOTION_QUERY}`;

/** CSS (goober nesting) that switches animations and transitions off under reduced motion. */
export const STILL_UNDER_REDUCED_MOTION = `${REDUCED_MOTION} { &, & * { animation: none !important; transition: none !important; } }`;

/** The reduced-data preference as a media query (Data Saver where the browser has it). */
export const REDUCED_DATA_QUERY = '(prefers-reduced-data: reduce)';

/**
 * When a GIF plays, as a publisher or an app asks (docs/embed.md, "Autoplay"): `always` as soon
 * as it is near the screen; `hover` while pointed at or focused (a tap plays it on touch);
 * `click` still until the reader plays it (a click on the GIF does); `never` still, the play
 * control alone plays it. The reader's own settings come first (readerPolicy).
 */
export type AutoplayPolicy = 'always' | 'hover' | 'click' | 'never';

/** The policies, in the order of their table (docs/embed.md), then the words of the flag `data-autoplay` was before them. */
export const AUTOPLAY_WORDS = ['always', 'hover', 'click', 'never', '', 'true', 'false'];

/**
 * The policy `value` names: one of AutoplayPolicy, or a flag as `data-autoplay` was before there
 * were policies (`''` and `true` are `always`, `false` is `never`); undefined for anything else.
 */
export function autoplayPolicy(value: unknown): AutoplayPolicy | undefined {
  const i = AUTOPLAY_WORDS.indexOf(value as string);
  return i < 0 ? undefined : (AUTOPLAY_WORDS[i < 4 ? i : i < 6 ? 0 : 3] as AutoplayPolicy);
}

/** The reader asked for less data: the browser's Data Saver (`navigator.connection.saveData`) or `prefers-reduced-data`. */
export function savesData(): boolean {
  return !!(navigator as { connection?: { saveData?: boolean } }).connection?.saveData || matchMedia(REDUCED_DATA_QUERY).matches;
}

/** The reader asked for less: less motion, or less data (savesData) unless `paid` (the moving file is on the page already). */
export function asksLess(paid?: boolean): boolean {
  return matchMedia(REDUCED_MOTION_QUERY).matches || (!paid && savesData());
}
