/**
 * Debug logging (spec §9): on with the debug flag, or with `debug=true` in the page query. A page
 * sets the flag with `data-debug` on the embed's script tag, `GifEmbed.debug(true)`, or `debug(true)`
 * from the SDK. `debugLog` never throws and prints nothing otherwise.
 */
import { getEnv } from './env';
import { parseQuery } from './query';

let flag: boolean | undefined;

/** Sets the debug flag: true or false forces logging on or off, undefined goes back to the page query. */
export function debug(on?: boolean) {
  flag = on;
}

/** True when debug logging is on. */
export function isDebug(): boolean {
  return flag ?? parseQuery(getEnv().search()).get('debug') === 'true';
}

/** Logs `args` with the product prefix when debugging is on. */
export function debugLog(...args: unknown[]) {
  if (isDebug()) console.debug('[gif-embed]', ...args);
}
