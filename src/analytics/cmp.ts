/**
 * Talks to the page's consent platforms (found by ./cmp-frames.ts) and holds what they decide,
 * as the gate ./consent.ts asks: IAB TCF v2.2 through `addEventListener` (decided once GDPR does
 * not apply, or at `tcloaded` / `useractioncomplete`), IAB GPP through `ping` and
 * `addEventListener` (decided at `signalStatus: 'ready'`). The listeners stay, so a changed
 * choice counts for what comes next. In the player file this module is the cmp plugin
 * (src/embed/cmp.ts fetches it only on a page with a platform); the SDK and the API client carry it.
 */
import { debugLog } from '../debug';
import { CMP_API, MACRO, TIMER_MAX_MS, type CmpName, type ConsentGate, type ConsentSettings } from './cmp-frames';

/** IAB macro values a platform knows (`GDPR_CONSENT_n` and `GPP_STRING_n` read `GDPR_CONSENT` and `GPP_STRING`). */
export type MacroName = 'GDPR' | 'GDPR_CONSENT' | 'ADDTL_CONSENT' | 'GPP_STRING' | 'GPP_SID' | 'US_PRIVACY';

/** What one platform said once it decided (again each time the reader changes their choice). */
export interface ConsentSignal {
  /** Our ids may be kept on the device (localStorage, sessionStorage, cookies). */
  store: boolean;
  /** Pingbacks may carry the random id and the user ids. */
  ids: boolean;
  /** The macro values this platform knows. */
  macros?: Partial<Record<MacroName, string>>;
  /** TCF, where GDPR applies: whether vendor `id` has purpose-1 consent. */
  vendor?: (id: number) => boolean;
}

/** Acting as refused: what a platform that never decided counts as. */
const REFUSED: ConsentSignal = { store: false, ids: false };

/** A call of a platform's API: `command` answered (maybe many times) through `callback`. */
type ApiCall = (command: string, callback: (value: unknown, success: boolean) => void) => void;

/** The TCF API version asked for; GPP's is the one its locator protocol names. */
const TCF_VERSION = 2;
const GPP_VERSION = '1.1';
/** A message longer than this is not a platform's answer (a TC string is a few kB at most). */
const MESSAGE_CHARS_MAX = 100_000;

/**
 * How `api` is called in `win`: directly when it is this window's function, else by postMessage
 * to `win` (the locator's window), answers taken from `win` alone and matched to calls by their
 * callId. Messages may come as objects or JSON strings.
 */
function apiCall(api: '__tcfapi' | '__gpp', win: Window): ApiCall {
  const own = win === window && (window as unknown as Record<string, unknown>)[api];
  if (typeof own === 'function') {
    // TCF: (command, version, callback); GPP: (command, callback, parameter, version).
    return (command, callback) => (api === CMP_API.tcf ? own(command, TCF_VERSION, callback) : own(command, callback));
  }
  const answers = new Map<string, Parameters<ApiCall>[1]>();
  const returned = `${api}Return`;
  addEventListener('message', (event) => {
    // Only the platform's window answers: another frame (an ad's) cannot speak for the reader.
    if (event.source !== win) return;
    let data: unknown = event.data;
    if (typeof data === 'string') {
      if (data.length > MESSAGE_CHARS_MAX || !data.includes(returned)) return;
      try {
        data = JSON.parse(data);
      } catch {
        return;
      }
    }
    const answer = data && typeof data === 'object' ? (data as Record<string, { callId?: unknown; returnValue?: unknown; success?: unknown }>)[returned] : undefined;
    const callback = answer && answers.get(String(answer.callId));
    if (callback) callback(answer.returnValue, answer.success !== false);
  });
  let calls = 0;
  return (command, callback) => {
    const callId = `gif-embed-${api}-${++calls}`;
    answers.set(callId, callback);
    win.postMessage({ [`${api}Call`]: { command, version: api === CMP_API.tcf ? TCF_VERSION : GPP_VERSION, callId } }, '*');
  };
}

type Flags = Record<string, boolean | undefined> | undefined;

/** How deep an answer is read: a TC data's flags are three levels down. */
const ANSWER_DEPTH_MAX = 6;

/**
 * `value` as data of its own properties only, in objects without a prototype (lists stay lists),
 * no deeper than ANSWER_DEPTH_MAX: a page whose `Object.prototype` was polluted
 * (`Object.prototype[1] = true`, the usual deep-merge bug) cannot turn a refusal's empty `{}`
 * into consent. Throws on a hostile answer (a Proxy that throws), which the caller ignores.
 */
function ownData(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object') return value;
  if (depth > ANSWER_DEPTH_MAX) return undefined;
  if (Array.isArray(value)) return Array.from(value, (item: unknown) => ownData(item, depth + 1));
  const copy = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value)) copy[key] = ownData((value as Record<string, unknown>)[key], depth + 1);
  return copy;
}

/** What a TCF `tcData` says, or undefined while the platform is still asking the reader. */
export function tcfSignal(tcData: unknown, vendorId: number): ConsentSignal | undefined {
  if (!tcData || typeof tcData !== 'object') return undefined;
  const tc = tcData as {
    gdprApplies?: boolean; eventStatus?: string; cmpStatus?: string; tcString?: string; addtlConsent?: string;
    purpose?: { consents?: Flags }; vendor?: { consents?: Flags };
  };
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (tc.gdprApplies === false) return { store: true, ids: true, macros: { GDPR: '0', GDPR_CONSENT: text(tc.tcString), ADDTL_CONSENT: text(tc.addtlConsent) } };
  // A platform that failed answers nothing more: act as refused.
  if (tc.cmpStatus === 'error') return { store: false, ids: false };
  if (tc.eventStatus !== 'tcloaded' && tc.eventStatus !== 'useractioncomplete') return undefined;
  // Read as ownData made them: a list left out is one without a prototype too.
  const purposes = tc.purpose?.consents || Object.create(null);
  const vendors = tc.vendor?.consents || Object.create(null);
  const vendor = (id: number) => purposes[1] === true && vendors[id] === true;
  const ours = !vendorId || vendors[vendorId] === true;
  return {
    store: purposes[1] === true && ours,
    ids: purposes[1] === true && purposes[7] === true && ours,
    vendor,
    macros: { GDPR: '1', GDPR_CONSENT: text(tc.tcString), ADDTL_CONSENT: text(tc.addtlConsent) },
  };
}

/** A UTF-16 surrogate pair, or a surrogate without its other half (the one that is replaced). */
const SURROGATES = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g;

/** Opt-out values of the US sections: 1 = opted out (2 = did not, 0 = not applicable). */
const OPTED_OUT = 1;

/** What a GPP `pingData` says, or undefined until its signal is ready. */
export function gppSignal(pingData: unknown): ConsentSignal | undefined {
  const ping = pingData as { signalStatus?: string; gppString?: string; applicableSections?: unknown; parsedSections?: Record<string, unknown> } | null;
  if (!ping || typeof ping !== 'object' || ping.signalStatus !== 'ready') return undefined;
  const sections = ping.parsedSections && typeof ping.parsedSections === 'object' ? ping.parsedSections : {};
  let optedOut = false;
  for (const name of Object.keys(sections)) {
    // GPP 1.0 gave a section as a list of segments; 1.1 as one object.
    for (const segment of ([] as unknown[]).concat(sections[name])) {
      const fields = (segment || {}) as Record<string, unknown>;
      if ([fields.SaleOptOut, fields.SharingOptOut, fields.TargetedAdvertisingOptOut].includes(OPTED_OUT) || fields.Gpc === true || fields.Gpc === 1 || fields.OptOutSale === 'Y') optedOut = true;
    }
  }
  const usp = sections.uspv1 as Record<string, unknown> | undefined;
  const sids = Array.isArray(ping.applicableSections) ? ping.applicableSections.filter((sid) => typeof sid === 'number' && sid > 0) : [];
  return {
    store: !optedOut,
    ids: !optedOut,
    macros: {
      GPP_STRING: typeof ping.gppString === 'string' ? ping.gppString : '',
      GPP_SID: sids.join(','),
      US_PRIVACY: usp ? [usp.Version, usp.Notice, usp.OptOutSale, usp.LspaCovered].join('') : '',
    },
  };
}

/**
 * `url` with its macros filled from `decided` (a macro no platform knows becomes empty), or
 * undefined when it names vendor n in `${GDPR_CONSENT_n}`, a TCF platform is on the page, GDPR
 * is not known not to apply, and vendor n lacks purpose-1 consent (a platform that never decided
 * consents to nothing).
 */
export function fillMacros(url: string, decided: Map<CmpName, ConsentSignal>): string | undefined {
  const value = (name: MacroName) => {
    for (const signal of decided.values()) if (signal.macros?.[name]) return signal.macros[name]!;
    return '';
  };
  const tcf = decided.get('tcf');
  let withheld = false;
  const filled = url.replace(MACRO, (_whole, name: string, vendor?: string) => {
    const key = name.toUpperCase();
    if (vendor && tcf && value('GDPR') !== '0' && !tcf.vendor?.(Number(vendor))) withheld = true;
    // A lone surrogate (a broken string) would make encodeURIComponent throw: it becomes U+FFFD.
    return encodeURIComponent(value(key.startsWith('GDPR_CONSENT') ? 'GDPR_CONSENT' : key.startsWith('GPP_STRING') ? 'GPP_STRING' : (key as MacroName)).replace(SURROGATES, (found) => (found.length > 1 ? found : '\uFFFD')));
  });
  return withheld ? undefined : filled;
}

/**
 * Asks each platform of `found` (name -> the window to ask) and gives the gate that holds what
 * they decide: pending until each has decided or `settings.consentTimeoutMs` passed (then it
 * counts as refused until it does decide). Never throws.
 */
export function askPlatforms(found: Partial<Record<CmpName, Window>>, settings: ConsentSettings): ConsentGate {
  const decided = new Map<CmpName, ConsentSignal>();
  const asking = new Set(Object.keys(found) as CmpName[]);
  let waiting: (() => void)[] = [];
  const take = (name: CmpName, signal: ConsentSignal) => {
    decided.set(name, signal);
    asking.delete(name);
    if (asking.size) return;
    clearTimeout(timer);
    const ready = waiting;
    waiting = [];
    for (const fn of ready) {
      try {
        fn();
      } catch (error) {
        debugLog('consent: a waiting task failed', error);
      }
    }
  };
  const timer = setTimeout(() => {
    debugLog(`consent: no decision in ${settings.consentTimeoutMs} ms, acting as refused`);
    asking.forEach((name) => take(name, REFUSED));
  }, Math.min(settings.consentTimeoutMs, TIMER_MAX_MS));
  const listen = (name: CmpName, signal: (value: unknown) => ConsentSignal | undefined) => {
    const win = found[name];
    if (!win) return;
    try {
      const call = apiCall(CMP_API[name], win);
      const answer = (value: unknown, success: boolean) => {
        // Answers come at any time, also after this call returned: a hostile one (garbage, a
        // Proxy that throws on every read) is ignored here, never thrown into the platform's code.
        try {
          const said = success ? signal(ownData(value)) : undefined;
          if (said) take(name, said);
        } catch (error) {
          debugLog(`consent: an answer of the ${name} platform could not be read`, error);
        }
      };
      call('addEventListener', answer);
      // GPP's listener is answered only at its next event: a platform ready already says so to a ping.
      if (name === 'gpp') call('ping', answer);
    } catch (error) {
      debugLog(`consent: the ${name} platform could not be asked`, error);
    }
  };
  listen('tcf', (tcData) => tcfSignal(tcData, settings.tcfVendorId));
  // A GPP event carries the platform's state as its pingData; a ping answers with it.
  listen('gpp', (value) => gppSignal((value as { pingData?: unknown } | null)?.pingData ?? value));
  return {
    pending: () => asking.size > 0,
    when: (fn) => (asking.size ? waiting.push(fn) : fn()),
    allows: (what) => !asking.size && [...decided.values()].every((signal) => signal[what]),
    fill: (url) => fillMacros(url, decided),
  };
}
