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
 * The request headers a page may send from another origin, as a real API host lists them: the
 * content type, the token and CSRF headers of the site and stories calls, the site's password
 * header, and the SDK's identity headers under their default names. Any other header is not
 * allowed, so the browser refuses the call after its preflight, as a real host makes it do.
 */
export const ALLOWED_REQUEST_HEADERS = [
  'Content-Type', 'Authorization', 'X-CSRFToken', 'X-Requested-With', 'X-Password',
  'X-Gif-Embed-SDK-Name', 'X-Gif-Embed-SDK-Version', 'X-Gif-Embed-SDK-Platform',
].join(', ');

/** Answers a preflight (`OPTIONS`): 204 allowing the methods we serve and the headers of ALLOWED_REQUEST_HEADERS, no others. */
export function answerPreflight(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(204, {
    ...CORS_HEADERS,
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Allow-Headers': ALLOWED_REQUEST_HEADERS,
    'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_S),
    'Content-Length': '0',
  });
  res.end();
}
