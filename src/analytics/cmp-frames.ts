/**
 * Where the page's consent platform answers, found the way ad tech finds it: the API function in
 * this window (`__tcfapi`, `__gpp`), else the window up the frame chain, to `top`, that holds the
 * API's locator frame (`__tcfapiLocator`, `__gppLocator`), which is spoken to by postMessage. So a
 * placement in a cross-origin ad frame, or the iframe player page, reads the top page's platform.
 */

/** The consent platforms read: IAB TCF v2.2 and IAB GPP. */
export type CmpName = 'tcf' | 'gpp';

/** The page API of each platform; its locator frame is named the same plus `Locator`. */
export const CMP_API: Record<CmpName, '__tcfapi' | '__gpp'> = { tcf: '__tcfapi', gpp: '__gpp' };

/**
 * An IAB macro in a pixel URL, `${NAME}` or URL-encoded `$%7BNAME%7D`: `GDPR`, `GDPR_CONSENT_n`
 * (n: a vendor id of any length, captured), `ADDTL_CONSENT`, `GPP_STRING`, `GPP_STRING_n`, `GPP_SID`, `US_PRIVACY`.
 */
export const MACRO = /\$(?:\{|%7B)(GDPR|GDPR_CONSENT_(\d+)|ADDTL_CONSENT|GPP_STRING(?:_\d+)?|GPP_SID|US_PRIVACY)(?:\}|%7D)/gi;

/** What the page's consent platforms allow, for ./consent.ts (held by ./cmp.ts). */
export interface ConsentGate {
  /** True while a platform has not decided, nor timed out. */
  pending(): boolean;
  /** Runs `fn` once none is pending. */
  when(fn: () => void): void;
  /** Whether every platform allows keeping our ids on the device (`store`) or sending them (`ids`). */
  allows(what: 'store' | 'ids'): boolean;
  /** `url` with the macros filled, or undefined when a vendor it names lacks consent. */
  fill(url: string): string | undefined;
}

/** What the gate is asked with: the configuration's consent settings. */
export interface ConsentSettings {
  /** The service's TCF vendor id (0: none). */
  tcfVendorId: number;
  /** How long a platform is waited for before it counts as refused (`Infinity`: as long as a timer can, TIMER_MAX_MS). */
  consentTimeoutMs: number;
}

/**
 * The longest wait set on a timer, 2e9 ms (about 23 days): within the 2^31 - 1 ms a timer keeps
 * (given a longer one, it fires at once). `Infinity` waits this long.
 */
export const TIMER_MAX_MS = 2e9;

/** The frame chain is walked at most this far (an ad frame is rarely more than a few deep). */
const FRAME_HOPS_MAX = 10;

/**
 * The window to ask `api` of: this one when it has the function, else the nearest up to `top`
 * holding the locator frame; undefined when the page has no such platform. Never throws.
 */
export function locate(api: string): Window | undefined {
  try {
    if (typeof (window as unknown as Record<string, unknown>)[api] === 'function') return window;
    let win: Window = window;
    for (let hop = 0; hop < FRAME_HOPS_MAX; hop++) {
      try {
        // Named access to a child frame is allowed across origins.
        if ((win.frames as unknown as Record<string, unknown>)[`${api}Locator`]) return win;
      } catch {
        // A window we may not look into: go on up.
      }
      if (win === win.top) break;
      win = win.parent;
    }
  } catch {
    // No window (Node), or one we may not walk.
  }
  return undefined;
}
