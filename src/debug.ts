/**
 * Debug logging (spec §9): on only with the debug flag or `debug=true` in the page query.
 * `debugLog` never throws and prints nothing otherwise.
 */
import { getEnv } from './env';

let flag: boolean | undefined;

/** Forces debug logging on or off (the "debug flag"); undefined goes back to reading the query. */
export function setDebug(on?: boolean) {
  flag = on;
}

/** True when debug logging is on. */
export function isDebug(): boolean {
  if (flag !== undefined) return flag;
  return /(?:^|[?&])debug=true(?:&|$)/.test(getEnv().search());
}

/** Logs `args` with the product prefix when debugging is on. */
export function debugLog(...args: unknown[]) {
  if (isDebug()) console.debug('[gif-embed]', ...args);
}
