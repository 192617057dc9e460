/**
 * Spec numbers the player runs on (spec §9 unless noted), named once.
 */

/** Hover: show the chrome this long after the pointer enters. */
export const HOVER_SHOW_DELAY_MS = 150;
/** Hover-out: hide after this long... */
export const HOVER_HIDE_DELAY_MS = 70;
/** ...or this long while the visitor is using the related grid. */
export const HOVER_HIDE_GRID_ACTIVE_MS = 1000;
/** The hidden footer sits this far below its own measured height. */
export const FOOTER_OFFSET_EXTRA_PX = 72;
/** Ready when the 0.4 s entry animation ends, or after this long if it never does. */
export const READY_FALLBACK_MS = 700;
/** Below either size the share menu, header, footer and cutout are hidden. */
export const MIN_CHROME_HEIGHT_PX = 200;
export const MIN_CHROME_WIDTH_PX = 250;
/** A hover is reported after this long on the GIF (spec §4). */
export const HOVER_REPORT_DELAY_MS = 200;
/** A GIF counts as seen once this much of it is visible (spec §4); decided in analytics/viewability.ts. */
export { SEEN_THRESHOLD } from '../analytics/viewability';
/** Padding around the desktop footer's content (the related grid gets the rest of the width). */
export const FOOTER_PADDING_PX = 8;
/** Share of the player's height the related grid may take in the footer. */
export const RELATED_HEIGHT_SHARE = 0.45;
/**
 * The footer covers at most this share of the player where it can, so the GIF stays in sight and
 * can be clicked while the chrome shows: the related grid gives way first (the rest of the
 * footer, the 'Continue Watching on' bar with its padding, is FOOTER_BAR_PX). Hover reveals the
 * grid at every size the chrome shows at (spec §2), so it never gets less than
 * RELATED_MIN_HEIGHT_PX, its header and a row of tiles to scroll: on players under about 243 px
 * tall the footer takes more than that share.
 */
export const FOOTER_MAX_SHARE = 0.6;
export const FOOTER_BAR_PX = 86;
export const RELATED_MIN_HEIGHT_PX = 60;

/** Height of the related grid in the footer of a player `height` px tall. */
export function relatedHeight(height: number): number {
  return Math.max(RELATED_MIN_HEIGHT_PX, Math.round(Math.min(height * RELATED_HEIGHT_SHARE, height * FOOTER_MAX_SHARE - FOOTER_BAR_PX)));
}
/** Desktop plugins load at the first hover, or this long after ready when the browser is idle. */
export const PLUGIN_IDLE_DELAY_MS = 3000;
/** Providers whose media the video plugin plays (spec §2, §5). */
export const VIDEO_PROVIDERS = ['youtube', 'vimeo'];
/** How the providers spell their names, for what the player says ("Watch on YouTube"). */
export const PROVIDER_NAMES: Record<string, string> = { youtube: 'YouTube', vimeo: 'Vimeo' };
