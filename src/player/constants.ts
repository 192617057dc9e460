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
/** A GIF counts as seen once this much of it is visible (spec §4). */
export const SEEN_THRESHOLD = 0.99;
/** How often a box in view but empty or hidden is looked at again for SEEN. */
export const SEEN_RECHECK_MS = 500;
/** Padding around the desktop footer's content (the related grid gets the rest of the width). */
export const FOOTER_PADDING_PX = 8;
/** Share of the player's height the related grid may take in the footer. */
export const RELATED_HEIGHT_SHARE = 0.45;
/** Desktop plugins load at the first hover, or this long after ready when the browser is idle. */
export const PLUGIN_IDLE_DELAY_MS = 3000;
/** Providers whose media the video plugin plays (spec §2, §5). */
export const VIDEO_PROVIDERS = ['youtube', 'vimeo'];
