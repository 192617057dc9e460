/**
 * Error reports on their way (spec §7, §9): the Sentry envelope an error becomes, the 1% of
 * sessions that send, and the sending itself, at most ERROR_REPORT_LIMIT per page and never the
 * same error twice. ./error-report.ts decides whether there is anything to send; in the player
 * file this module is the report plugin, fetched the first time a page has something to report
 * (src/embed/error-send.ts), so a page that never reports never downloads it.
 */
import { sdkVersion } from '../api/sdk-headers';
import { debugLog } from '../debug';
import { getEnv } from '../env';
import { readStored, writeStored } from './session-ids';

/** Share of sessions that report (spec §9: about 1%). */
export const ERROR_SAMPLE_RATE = 0.01;
/** sessionStorage key of this session's decision ('1' reports, '0' does not). */
export const ERROR_SAMPLED_KEY = 'gif-embed:error-sampled';
/** Most reports one page sends, so a failure in a loop cannot flood the service. */
export const ERROR_REPORT_LIMIT = 10;
/** The envelope protocol version the endpoint is asked to speak. */
const SENTRY_VERSION = '7';

/**
 * Where a DSN (`https://KEY@host[/path]/PROJECT`) sends envelopes:
 * `https://host/path/api/PROJECT/envelope/` with the key and version in the query; undefined
 * when it is not a DSN.
 */
export function envelopeUrl(dsn: string): string | undefined {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return undefined;
  }
  const project = /^(.*)\/(\w+)$/.exec(url.pathname);
  if (!/^https?:$/.test(url.protocol) || !url.username || !project) return undefined;
  const query = new URLSearchParams({ sentry_key: url.username, sentry_version: SENTRY_VERSION, sentry_client: `gif-embed/${sdkVersion()}` });
  return `${url.protocol}//${url.host}${project[1]}/api/${project[2]}/envelope/?${query}`;
}

/** The longest message and stack a report carries (which also bounds the work below). */
const MESSAGE_MAX_CHARS = 4000;

/**
 * `text` (cut to MESSAGE_MAX_CHARS) with the query and fragment of every address in it cut off
 * (`?reset_token=…`, `#access_token=…`, an API call's `api_key=`): a report carries no secret a
 * URL held. The regex retries only from each `://` of a run without spaces: bounded by the cut.
 */
export const withoutSecrets = (text: string) => text.slice(0, MESSAGE_MAX_CHARS).replace(/(:\/\/[^\s?#]*)[?#][^\s)]*/g, '$1');

/**
 * The envelope for `error` caught at `where` (render, plugin, handler, api, loader), as
 * `dsn` expects it: a header line, the item header, the event (its exception's type and message,
 * the stack as the browser wrote it, the page's origin and path), with no address's query or
 * fragment anywhere in it.
 */
export function errorEnvelope(error: unknown, where: string, dsn: string, now = Date.now()): string {
  const e = error instanceof Error ? error : new Error(String(error));
  // A 32-digit hex event id; crypto's, since ids must not collide across visitors.
  const id = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (b) => (b + 256).toString(16).slice(1)).join('');
  const event = {
    event_id: id,
    timestamp: now / 1000,
    platform: 'javascript',
    level: 'error',
    release: `gif-embed@${sdkVersion()}`,
    tags: { where },
    // The page's origin and path: its query and fragment may hold tokens.
    request: { url: globalThis.location && location.origin + location.pathname },
    exception: { values: [{ type: e.name, value: withoutSecrets(String(e.message)) }] },
    extra: { stack: e.stack && withoutSecrets(e.stack) },
  };
  return [{ event_id: id, sent_at: new Date(now).toISOString(), dsn }, { type: 'event' }, event].map((line) => JSON.stringify(line)).join('\n');
}

let sampled: boolean | undefined;
let sent = 0;
const reported = new Set<string>();

/**
 * Whether this session reports: decided at its first error and kept in sessionStorage, so every
 * page of the session follows it (where storage is blocked, the decision lasts for the page).
 */
function sessionSampled(): boolean {
  if (sampled === undefined) {
    const store = getEnv().session();
    const kept = readStored(store, ERROR_SAMPLED_KEY);
    sampled = kept ? kept === '1' : Math.random() < ERROR_SAMPLE_RATE;
    writeStored(store, ERROR_SAMPLED_KEY, sampled ? '1' : '0');
  }
  return sampled;
}

/**
 * Sends the report of `error`, caught at `where`, to `dsn` when this session is sampled, the
 * error is new to the page and the page's limit is not reached. Fire and forget: nothing here
 * can fail the caller.
 */
export function sendReport(error: unknown, where: string, dsn: string): void {
  try {
    const url = envelopeUrl(dsn);
    if (!url || sent >= ERROR_REPORT_LIMIT || !sessionSampled()) return;
    const key = `${where}\n${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
    if (reported.has(key)) return;
    reported.add(key);
    sent++;
    // text/plain (no preflight), no cookies: what a browser may send any collector.
    void globalThis
      .fetch(url, { method: 'POST', body: errorEnvelope(error, where, dsn), keepalive: true, credentials: 'omit' })
      .catch((failure) => debugLog('error report not sent', failure));
  } catch {
    // Reporting must never become the error.
  }
}

/** Forgets the session decision and what was sent (tests). */
export function resetErrorReports() {
  sampled = undefined;
  sent = 0;
  reported.clear();
}
