/**
 * The reader's privacy choices, one gate for the embed, the SDK and the API client: whether our
 * ids may be kept on the device, whether pingbacks may carry them, when pixels may fire and what
 * their IAB macros read.
 *
 * - A consent platform (IAB TCF v2.2, IAB GPP; ./cmp-frames.ts finds it, ./cmp.ts asks it and
 *   holds its decisions): until it has decided, nothing is read from or written to the device,
 *   pingbacks and pixels wait in memory; past `consentTimeoutMs` with no decision it counts as
 *   refused. Its later changes count for what comes next.
 * - Global Privacy Control (`navigator.globalPrivacyControl`) and the publisher's `dnt`: no id
 *   kept, pingbacks without one.
 * - None of these: as if this module were not here, pixel macros emptied.
 *
 * Nothing on the media path asks here: the GIF never waits for consent.
 */
import { getConfig } from '../config';
import { askPlatforms } from './cmp';
import { CMP_API, locate, MACRO, type CmpName, type ConsentGate } from './cmp-frames';

/** The platforms' gate, on a page that has one. */
let gate: ConsentGate | undefined;
let started = false;

/**
 * Looks for the page's consent platforms and asks them (once; later calls do nothing). The
 * embed calls it as it starts, so a platform has the most time; the SDK and the API client at
 * their first need. Never throws.
 */
export function startConsent() {
  if (started) return;
  started = true;
  const found: Partial<Record<CmpName, Window>> = {};
  let any = false;
  for (const name in CMP_API) {
    const win = locate(CMP_API[name as CmpName]);
    if (win) any = !!(found[name as CmpName] = win);
  }
  if (any) gate = askPlatforms(found, getConfig());
}

/** True while a platform found has not decided (nor timed out): analytics wait. */
export function consentPending(): boolean {
  startConsent();
  return !!gate && gate.pending();
}

/** Runs `fn` once no platform is still asking (now, when none is). */
export function whenConsentDecided(fn: () => void) {
  if (consentPending()) gate!.when(fn);
  else fn();
}

/** True when the publisher, the browser and the platforms all allow `what`, and none is still asking. */
function allowed(what: 'store' | 'ids'): boolean {
  startConsent();
  return !getConfig().dnt && (globalThis.navigator as { globalPrivacyControl?: unknown } | undefined)?.globalPrivacyControl !== true && (!gate || gate.allows(what));
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
  startConsent();
  return gate ? gate.fill(url) : url.replace(MACRO, '');
}

/** Forgets the platforms and starts over at the next need (tests). */
export function resetConsent() {
  gate = undefined;
  started = false;
}
