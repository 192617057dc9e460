/**
 * Pingbacks (spec §4, §5, §7): CLICK / HOVER / SEEN actions, batched per event type and
 * response id, sent after a 1 s debounce (at once when the GIF has a tid), and flushed when
 * the page is hidden so a closing tab does not lose them. While the page's consent platform has
 * not decided, they wait in memory; without consent for ids they go without any (./consent.ts).
 * Never throws into the caller.
 */
import { fromDocument } from '../dom';
import { getConfig } from '../config';
import { debugLog } from '../debug';
import type { Gif } from '../model';
import { mergeAttributes, type Attribute, type AttributeInput } from './attributes';
import { consentPending, mayIdentify, mayStore, whenConsentDecided } from './consent';
import { cookieUserId, forgetStoredIds, getLoggedInUserId, priorResponseIdThen, randomId } from './session-ids';
import { getTransport } from './transport';

/** Debounce before a batch is sent (spec §9). */
export const PINGBACK_DEBOUNCE_MS = 1000;
/** Event type used when neither the caller nor the GIF's response meta gives one. */
export const DEFAULT_PINGBACK_EVENT_TYPE = 'GIF_EMBED';
/** Attribute key for the GIF's position (spec §3). */
export const POSITION_ATTRIBUTE = 'position';

/** Action types of spec §7. */
export type PingbackActionType = 'CLICK' | 'HOVER' | 'SEEN';

export interface PingbackAction {
  action_type: PingbackActionType;
  ts: number;
  gif_id: string;
  tid?: string;
  attributes: Attribute[];
}

export interface PingbackEvent {
  event_type: string;
  referrer: string;
  response_id: string;
  prior_response_id?: string;
  actions: PingbackAction[];
}

export interface PingbackSession {
  /** Empty where the reader's choices allow no identifier: the actions are counted, no one is named. */
  user: { user_id?: string; logged_in_user_id?: string; random_id?: string };
  events: PingbackEvent[];
}

/** The POST body. */
export interface PingbackBody {
  sessions: PingbackSession[];
}

export interface PingbackInput {
  gif: Pick<Gif, 'id' | 'bottle_data'> & Partial<Pick<Gif, 'response_id' | 'pingback_event_type'>>;
  actionType: PingbackActionType;
  /** Extra attributes; repeated keys are merged. */
  attributes?: AttributeInput;
  /** Where the GIF was (grid index or a rect); sent as the `position` attribute. */
  position?: number | string | Record<string, number>;
  /** Overrides the GIF's response_id / pingback_event_type. */
  responseId?: string;
  eventType?: string;
}

/** Timer seam so tests can drive the debounce without waiting. */
export interface PingbackClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: PingbackClock = {
  // Arrows, not references: a property read like `Date.now` would keep this object in bundles
  // that never queue a pingback, and the browser's timers throw when called as another object's methods.
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Queued events keyed by `${event_type}\n${response_id}`; Map keeps first-queued order. */
const pingbackQueue = new Map<string, PingbackEvent>();
let clock: PingbackClock = realClock;
let timer: unknown;
/** Sends that failed in a row; while above 0 the queue waits for its backoff, not the debounce. */
let failures = 0;
/** Settles once every send started so far has settled, so `flushPingbacks` can await them. */
let inFlight: Promise<unknown> | undefined;
/** A flush waits for the consent platform's decision. */
let awaitingConsent = false;

/** Replaces the clock (tests); no argument restores the real one. */
export function setPingbackClock(next?: PingbackClock) {
  clock = next ?? realClock;
}

/** Stops the debounce timer, if one is running. */
function stopTimer() {
  if (timer !== undefined) clock.clearTimeout(timer);
  timer = undefined;
}

/** The page's referrer ('' outside a browser). */
function referrer(): string {
  try {
    return fromDocument('referrer') || '';
  } catch {
    return '';
  }
}

/**
 * Queues one pingback action for `input.gif` (spec §7). Dropped with a debug log when there is
 * no response id; sent at once when the GIF has a tid, else after `PINGBACK_DEBOUNCE_MS`.
 */
export function pingback(input: PingbackInput): void {
  try {
    const { gif, actionType, position } = input;
    const response_id = input.responseId || gif.response_id;
    if (!response_id) {
      debugLog(`pingback: no response id for GIF ${gif.id}, ${actionType} dropped`);
      return;
    }
    const event_type = input.eventType || gif.pingback_event_type || DEFAULT_PINGBACK_EVENT_TYPE;
    const tid = gif.bottle_data?.tid || undefined;
    const attributes = mergeAttributes(
      input.attributes,
      position === undefined ? undefined : { [POSITION_ATTRIBUTE]: typeof position === 'object' ? JSON.stringify(position) : position },
    );
    // Fields left undefined here are absent from the JSON body.
    const action: PingbackAction = { action_type: actionType, ts: clock.now(), gif_id: gif.id, attributes, tid };
    const key = `${event_type}\n${response_id}`;
    let event = pingbackQueue.get(key);
    if (!event) {
      const prior = priorResponseIdThen();
      // Read as the event is sent (JSON takes a getter's value), not as the page loads.
      event = {
        event_type,
        referrer: referrer(),
        response_id,
        actions: [],
        get prior_response_id() {
          const id = prior();
          return (id != response_id && id) || undefined;
        },
      };
      pingbackQueue.set(key, event);
    }
    event.actions.push(action);
    listenPageHide(true);
    // After a failed send the queue goes at its retry time: a blocked collector is not asked more often.
    if (failures && timer !== undefined) return;
    stopTimer();
    // Sponsored GIFs (tid) are billed per action: send now rather than risk the debounce.
    if (tid) void flushPingbacks();
    else timer = clock.setTimeout(() => void flushPingbacks(), PINGBACK_DEBOUNCE_MS);
  } catch (error) {
    debugLog('pingback: could not queue', error);
  }
}

/**
 * The pingback endpoint: `{pingbackBase}/pingback?apikey={apiKey}`; the API's base when no
 * pingback base is set, and no key in first-party mode (the proxy puts it in, docs/proxy.md).
 */
export function pingbackUrl(): string {
  const { pingbackBase, apiBase, apiKey } = getConfig();
  return `${pingbackBase || apiBase}/pingback${apiKey ? `?apikey=${encodeURIComponent(apiKey)}` : ''}`;
}

/** A send that failed is tried again after this long, doubled for each failure in a row... */
export const PINGBACK_RETRY_BASE_MS = 1000;
/** ...up to this long between tries... */
export const PINGBACK_RETRY_MAX_MS = 30_000;
/** ...and this many failures in a row, after which what is queued is dropped (debug-logged). */
export const PINGBACK_RETRY_LIMIT = 8;

/** Puts the events of a failed send back in the queue, ahead of actions queued since. */
function requeue(events: PingbackEvent[]) {
  for (const event of events) {
    const key = `${event.event_type}\n${event.response_id}`;
    const queued = pingbackQueue.get(key);
    if (queued) queued.actions.unshift(...event.actions);
    else pingbackQueue.set(key, event);
  }
}

/** After a failed send: the actions wait for the next try (bounded backoff), or are dropped at the limit. */
function retryLater(events: PingbackEvent[]) {
  failures++;
  if (failures > PINGBACK_RETRY_LIMIT) {
    debugLog(`pingback: ${failures - 1} tries failed, ${events.length} event(s) dropped`);
    failures = 0;
    return;
  }
  requeue(events);
  stopTimer();
  timer = clock.setTimeout(() => void flushPingbacks(), Math.min(PINGBACK_RETRY_BASE_MS * 2 ** (failures - 1), PINGBACK_RETRY_MAX_MS));
}

/**
 * Sends everything queued now. `unloading`: the page is being hidden (use a request that
 * outlives it). Resolves when the send settles; failures are debug-logged, never thrown, and
 * the actions of a failed send are kept and tried again (see PINGBACK_RETRY_*).
 */
export function flushPingbacks(unloading = false): Promise<void> {
  stopTimer();
  // Until the consent platform decides, the queue waits in memory; a page going away sends it
  // without ids (mayIdentify is false while undecided), so nothing is lost.
  if (pingbackQueue.size && !unloading && consentPending()) {
    if (!awaitingConsent) {
      awaitingConsent = true;
      whenConsentDecided(() => {
        awaitingConsent = false;
        void flushPingbacks();
      });
    }
  } else if (pingbackQueue.size) {
    // Ids left undefined are absent from the JSON body.
    const user = mayIdentify() ? { random_id: randomId(), user_id: cookieUserId(), logged_in_user_id: getLoggedInUserId() } : {};
    const events = [...pingbackQueue.values()];
    pingbackQueue.clear();
    // Decided against keeping ids: those kept before (an earlier visit, a withdrawn grant) go too.
    if (!consentPending() && !mayStore()) forgetStoredIds();
    const body: PingbackBody = { sessions: [{ user, events }] };
    // A throw (JSON, transport) turns into a rejection like a failed send. Unless the page is
    // going away, the send has a task of its own: the ids above are often the page's first reads
    // of its storage and cookie, each a wait for the browser's answer, and the events' prior ids
    // are read as the body is written (session-ids.ts priorResponseIdThen).
    const send = () => getTransport()(pingbackUrl(), JSON.stringify(body), unloading);
    const settled = (unloading ? new Promise<void>((resolve) => resolve(send())) : new Promise((next) => setTimeout(next)).then(send)).then(
      () => void (failures = 0),
      (error) => {
        debugLog('pingback: send failed, kept for a retry', error);
        // While the page is going away the beacon was the last chance: nothing would retry.
        if (!unloading) retryLater(events);
      },
    );
    inFlight = Promise.all([inFlight, settled]);
  }
  return Promise.resolve(inFlight).then(() => undefined);
}

/** Number of queued (unsent) actions. */
export function queuedPingbackCount(): number {
  let count = 0;
  for (const event of pingbackQueue.values()) count += event.actions.length;
  return count;
}

/** Flushes when the page goes away: pagehide, or the tab becoming hidden (mobile never fires unload). */
function onPageHide(event: Event) {
  if (event.type === 'visibilitychange' && fromDocument('visibilityState') !== 'hidden') return;
  if (pingbackQueue.size) void flushPingbacks(true);
}

/**
 * Installs (`on`) or removes the page-hide listeners. Installed with each queued action: a
 * listener added twice is added once, and a page rewritten with `document.open()` has lost
 * every listener of its window and document, so the next action puts them back.
 */
function listenPageHide(on: boolean) {
  const win = globalThis.window as Window | undefined;
  if (!win?.addEventListener || typeof Document !== 'function') return;
  const method = on ? 'addEventListener' : 'removeEventListener';
  win[method]('pagehide', onPageHide);
  fromDocument(method).call(document, 'visibilitychange', onPageHide);
}

/** Drops the queue, the timer and the page-hide listeners (tests, or an embed torn down). */
export function resetPingbacks() {
  stopTimer();
  failures = 0;
  pingbackQueue.clear();
  inFlight = undefined;
  awaitingConsent = false;
  listenPageHide(false);
}
