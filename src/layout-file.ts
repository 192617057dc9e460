/**
 * What a player file built for one layout carries (build.mjs defines __PLAYER_LAYOUT__ for each
 * player file; under tsx, the tests and the ESM package carry both layouts).
 */

/** `text` where the mobile player ships (its own file, or both layouts); '' in the desktop player file. */
export const MOBILE_ONLY = (text: string) => (typeof __PLAYER_LAYOUT__ == 'string' && __PLAYER_LAYOUT__ == 'desktop' ? '' : text);
/** `text` where the desktop player ships; '' in the mobile player file. */
export const DESKTOP_ONLY = (text: string) => (typeof __PLAYER_LAYOUT__ == 'string' && __PLAYER_LAYOUT__ == 'mobile' ? '' : text);
/** `value()` where the desktop player ships; undefined in the mobile player file, which leaves out the code of `value`. */
export const desktopOnly = <T>(value: () => T) => (typeof __PLAYER_LAYOUT__ == 'string' && __PLAYER_LAYOUT__ == 'mobile' ? undefined : value());
