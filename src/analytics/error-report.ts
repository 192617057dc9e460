/**
 * Error reporting (spec §7, §9): errors the embed and the SDK catch themselves (a render that
 * failed, a plugin that threw, an API answer of an unexpected shape) go to an error-reporting
 * service in Sentry's envelope format, which Sentry, GlitchTip and Bugsink ingest. Off unless a
 * DSN is configured (`data-error-dsn` on the script, `configure({ errorDsn })`); then only on
 * pages whose address has no port, and only for about 1% of sessions, decided once per session.
 * Never throws, never reports the same error twice, at most ERROR_REPORT_LIMIT per page.
 */
import { getConfig } from '../config';
import { debugLog } from '../debug';
import { getEnv } from '../env';
import type { sendReport } from './error-send';

/** What sends a report: ./error-send.ts's sendReport, or the player file's (src/embed/error-send.ts). */
export type ReportSender = typeof sendReport;

let sender: ReportSender | undefined;

/**
 * Gives reporting its sender, chosen where the DSN is given: the package's and sdk.js's
 * `configure` give ./error-send.ts's, the player file's settings its own, which fetches that code
 * as the report plugin at the first report. Until one is given, nothing is sent.
 */
export function setReportSender(next: ReportSender) {
  sender = next;
}

/**
 * True for an answer the client could not read, the service's fault and worth a report: a 2xx
 * whose body was not what the API promises (not JSON, a failure envelope, a GIF without an id).
 * A network failure, a refused key or an abort is not.
 */
export function unreadableAnswer(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status >= 200 && status < 300 : error instanceof Error && error.name === 'Error';
}

/**
 * Reports `error`, caught at `where`, when reporting is configured and the page's address has no
 * port (the sender then samples, limits and sends). Fire and forget: nothing here can fail
 * the caller.
 */
export function reportError(error: unknown, where: string): void {
  try {
    debugLog(`${where} failed`, error);
    const { errorDsn } = getConfig();
    if (errorDsn && getEnv().port() === '') sender?.(error, where, errorDsn);
  } catch {
    // Reporting must never become the error.
  }
}

/** Runs `fn` and gives what it returns; what it throws is reported as caught at `where`, and goes no further (the host page never sees it). */
export function guarded<T>(fn: () => T, where: string): T | undefined {
  try {
    return fn();
  } catch (error) {
    reportError(error, where);
  }
}
