/**
 * The reader's privacy choices, one gate for the embed, the SDK and the API client: whether our
 * ids may be kept on the device, whether pingbacks may carry them, when pixels may fire and what
 * their IAB macros read.
 *
 * - A consent platform (IAB TCF v2.2, IAB GPP; ./cmp-frames.ts finds it, ./cmp.ts asks it and
 *   holds its decisions): until it has decided, nothing is read from or written to the device,
 *   pingbacks and pixels wait in memory; past `consentTimeoutMs` with no decision it counts as
 *   refused. Its later changes count for what comes next.
 * - A platform that comes late (a tag manager, an async tag) is obeyed from the moment it is
 *   found: the platforms are looked for again at each need. Where the page names our TCF vendor
 *   (`tcfVendorId`), one not there yet is waited for until `consentTimeoutMs` (what waits looks
 *   again every LOOK_AGAIN_MS), and nothing is stored or sent with an id meanwhile; where it
 *   names none, what comes before it is as on a page without one; if it refuses, the ids kept
 *   before go with the next send (./pingback.ts).
 * - Global Privacy Control (`navigator.globalPrivacyControl`) and the publisher's `dnt`: no id
 *   kept, pingbacks without one. A GPC getter that throws counts as the signal sent.
 * - None of these: as if this module were not here, pixel macros emptied.
 *
 * Nothing on the media path asks here: the GIF never waits for consent. Nothing here throws.
 */
import { getConfig } from '../config';
import { askPlatforms } from './cmp';
import { CMP_API, locate, MACRO, type CmpName, type ConsentGate } from './cmp-frames';

/** While a platform is waited for and not on the page yet, it is looked for again this often (ms). */
export const LOOK_AGAIN_MS = 100;

/** The platforms' gate, once one is found. */
let gate: ConsentGate | undefined;
/** The page names our vendor: until this time, a platform not found yet is waited for (undefined: not started). */
let lookUntil: number | undefined;
/** Finds the page's platforms, if not found yet, and asks them: the gate, or undefined while there is none. */
function look(): ConsentGate | undefined {
  if (!gate) {
    const found: Partial<Record<CmpName, Window>> = {};
    for (const name in CMP_API) {
      const win = locate(CMP_API[name as CmpName]);
      if (win) found[name as CmpName] = win;
    }
    if (found.tcf || found.gpp) gate = askPlatforms(found, getConfig());
  }
  return gate;
}

/**
 * Looks for the page's consent platforms and asks them (once; later calls do nothing). The
 * embed calls it as it starts, so a platform has the most time; the SDK and the API client at
 * their first need.
 */
export function startConsent() {
  lookUntil ??= !look() && getConfig().tcfVendorId ? Date.now() + getConfig().consentTimeoutMs : 0;
}

/** True while a platform is waited for, or found and not decided (nor timed out): analytics wait. */
export function consentPending(): boolean {
  startConsent();
  return look() ? gate!.pending() : Date.now() < lookUntil!;
}

/** Runs `fn` once no platform is still asking (now, when none is). */
export function whenConsentDecided(fn: () => void) {
  if (!consentPending()) fn();
  else if (gate) gate.when(fn);
  // Not on the page yet: looked for again until it comes or the wait ends.
  else setTimeout(() => whenConsentDecided(fn), LOOK_AGAIN_MS);
}

/** True when the publisher, the browser and the platforms all allow `what`, and none is still asking. */
function allowed(what: 'store' | 'ids'): boolean {
  try {
    if (getConfig().dnt || (globalThis.navigator as { globalPrivacyControl?: unknown } | undefined)?.globalPrivacyControl === true) return false;
  } catch {
    // A GPC getter that throws: the reader's signal cannot be read, so it is taken as sent.
    return false;
  }
  return !consentPending() && (!gate || gate.allows(what));
}

/** Whether our ids may be read from and kept on the device (storage, cookies). */
export const mayStore = () => allowed('store');

/** Whether pingbacks may carry the random id and the user ids. */
export const mayIdentify = () => allowed('ids');

/**
 * `url` with its IAB macros filled (a macro nothing knows becomes empty, never literal), or
 * undefined when it must not fire: it names a TCF vendor that lacks consent where GDPR applies.
 */
export function withConsentMacros(url: string): string | undefined {
  // While the platform is waited for, nothing fires.
  return consentPending() && !gate ? undefined : gate ? gate.fill(url) : url.replace(MACRO, '');
}

/** Forgets the platforms and starts over at the next need (tests). */
export function resetConsent() {
  gate = lookUntil = undefined;
}
