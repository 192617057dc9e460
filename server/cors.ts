/**
 * CORS for everything the service serves: the script, the plugins and the API are meant to be
 * used from pages on other origins, and none of it relies on cookies, so `*` is right.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, Content-Length, Content-Encoding',
  // lets benchmark pages read resource timings of our files
  'Timing-Allow-Origin': '*',
};

/** What every response carries: CORS, and no content sniffing (a JSON error is never run as a page). */
export const BASE_HEADERS: Record<string, string> = { ...CORS_HEADERS, 'X-Content-Type-Options': 'nosniff' };

const PREFLIGHT_MAX_AGE_S = 600;
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/**
 * Answers a preflight (`OPTIONS`): 204 allowing the methods we serve and whatever headers the
 * page asked to send (the SDK's name/version headers, CSRF and auth headers...).
 */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  const asked = req.headers['access-control-request-headers'];
  res.writeHead(204, {
    ...CORS_HEADERS,
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Allow-Headers': typeof asked === 'string' && asked ? asked : 'Content-Type, Authorization',
    'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_S),
    Vary: 'Access-Control-Request-Headers',
    'Content-Length': '0',
  });
  res.end();
}
