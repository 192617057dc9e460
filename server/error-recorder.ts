/**
 * Pages that keep their own errors, for the browser suite's engines whose driver reads no
 * console (WebKitGTK's WebDriver): a request carrying ERROR_RECORDER_COOKIE gets every HTML page
 * with a first script that keeps, in `window.__pageErrors`, what a console would show as an
 * error: uncaught errors, unhandled rejections, `console.error` calls and Content Security
 * Policy refusals. Without the cookie, nothing a page is sent changes.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

export const ERROR_RECORDER_COOKIE = 'gif-embed-record-errors';

/** The recorder, run before anything else on the page. */
export const ERROR_RECORDER_SCRIPT = `(function () {
  var kept = (window.__pageErrors = []);
  var keep = function (text) { kept.push(String(text)); };
  addEventListener('error', function (e) { keep('uncaught: ' + (e.error && e.error.stack || e.message)); });
  addEventListener('unhandledrejection', function (e) { keep('unhandled rejection: ' + (e.reason && e.reason.stack || e.reason)); });
  addEventListener('securitypolicyviolation', function (e) { keep('refused by CSP: ' + e.violatedDirective + ' ' + e.blockedURI); });
  var error = console.error;
  console.error = function () { keep('console: ' + [].map.call(arguments, String).join(' ')); return error.apply(console, arguments); };
})();`;

const COOKIE = new RegExp(`(?:^|;\\s*)${ERROR_RECORDER_COOKIE}=1(?:;|$)`);

/** The nonce a response's Content-Security-Policy allows scripts by ('' when none). */
function scriptNonce(headers: OutgoingHttpHeaders): string {
  const policy = String(headers['Content-Security-Policy'] ?? headers['content-security-policy'] ?? '');
  return /script-src[^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1] ?? '';
}

/** Where the service serves the recorder as a file, for a page whose policy allows scripts from its origin only. */
export const ERROR_RECORDER_PATH = '/_local/recorder';

/**
 * `html` with the recorder first (after `<head>` when there is one, else at the very start),
 * under `nonce` if any; `fromFile`: as this service's file (ERROR_RECORDER_PATH), not inline.
 */
export function withErrorRecorder(html: string, nonce: string, fromFile = false): string {
  const tag = fromFile ? `<script src="${ERROR_RECORDER_PATH}"></script>` : `<script${nonce ? ` nonce="${nonce}"` : ''}>${ERROR_RECORDER_SCRIPT}</script>`;
  const head = /<head\b[^>]*>/i.exec(html);
  return head ? html.slice(0, head.index + head[0].length) + tag + html.slice(head.index + head[0].length) : tag + html;
}

/**
 * When `req` asks for it, makes `res` put the recorder into the HTML page it sends: the page goes
 * out whole and uncompressed (no 304, no range), its length counted again.
 */
export function recordErrorsIn(req: IncomingMessage, res: ServerResponse): void {
  // Media is never a page: its ranges (a video's) pass as they are.
  if (!COOKIE.test(req.headers.cookie ?? '') || /\.(?:mp4|gif|webp|png|jpe?g)(?:\?|$)/.test(req.url ?? '')) return;
  delete req.headers['accept-encoding'];
  delete req.headers['if-none-match'];
  delete req.headers.range;
  let nonce: string | undefined;
  let fromFile = false;
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: OutgoingHttpHeaders) => ServerResponse;
  const end = res.end.bind(res) as (body?: unknown) => ServerResponse;
  res.writeHead = ((status: number, headers: OutgoingHttpHeaders = {}) => {
    const type = String(headers['Content-Type'] ?? headers['content-type'] ?? '');
    if (!type.startsWith('text/html')) return writeHead(status, headers);
    nonce = scriptNonce(headers);
    // A policy with neither a nonce nor 'unsafe-inline' for scripts refuses an inline recorder.
    const policy = String(headers['Content-Security-Policy'] ?? headers['content-security-policy'] ?? '');
    fromFile = !!policy && !nonce && !/'unsafe-inline'/.test(policy);
    const { 'Content-Length': _length, 'content-length': _lower, ETag: _etag, ...rest } = headers;
    return writeHead(status, rest);
  }) as ServerResponse['writeHead'];
  res.end = ((body?: unknown) => {
    if (nonce === undefined || body === undefined || typeof body === 'function') return end(body);
    return end(withErrorRecorder(String(body), nonce, fromFile));
  }) as ServerResponse['end'];
}
