/**
 * The brand palette shared by tiles, the loader and form controls.
 */

/** Spec §9: the five brand colours tile backgrounds are picked from (also the loader's squares). */
export const BRAND_COLORS = ['#00ff99', '#00ccff', '#9933ff', '#ff6666', '#fff35c'] as const;

/** Dark surfaces and text used by the dark input/button variants. */
export const DARK_SURFACE = '#121212';
export const LIGHT_SURFACE = '#ffffff';
export const DARK_TEXT = '#121212';
export const LIGHT_TEXT = '#ffffff';
/** Focus ring colour: the brand blue. */
export const FOCUS_RING = '#00ccff';
/**
 * The focus indicator (CSS declarations): the brand ring between two dark bands, so it keeps
 * more than 3:1 against what touches it on light and dark surfaces alike (the blue alone is
 * 1.7:1 on white).
 */
export const FOCUS_OUTLINE = `outline: 3px solid ${FOCUS_RING}; outline-offset: 1px; box-shadow: 0 0 0 5px ${DARK_SURFACE};`;
/** Verified badge fill. */
export const VERIFIED_BLUE = '#15cdff';

/** Two tones of the checkered background drawn behind transparent stickers. */
export const CHECKER_LIGHT = '#ffffff';
export const CHECKER_DARK = '#e6e6e6';
/** Side of one checker square, px. */
export const CHECKER_SIZE_PX = 8;

/**
 * The brand colour of tile `id` (spec §9: tile backgrounds are picked at random from the five).
 * Picked by a hash of the id rather than Math.random: spread as evenly, and the same on the
 * server and in the browser, so server-rendered tiles hydrate without a mismatch.
 */
export function brandColorFor(id: string): string {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (hash * 31 + id.charCodeAt(i)) >>> 0;
  return BRAND_COLORS[hash % BRAND_COLORS.length];
}

/** CSS background for a sticker tile: a checkerboard so transparency reads as transparency (in a themed SDK root, the theme's two tones: src/sdk/theme.ts). */
export const CHECKERED_BACKGROUND =
  `repeating-conic-gradient(var(--gp-checker-a, ${CHECKER_DARK}) 0% 25%, var(--gp-checker-b, ${CHECKER_LIGHT}) 0% 50%) 0 0 / ${CHECKER_SIZE_PX * 2}px ${CHECKER_SIZE_PX * 2}px`;
