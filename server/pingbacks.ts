/**
 * The analytics sinks: `POST /pingback` (spec §7: `?apikey=` and a JSON `{sessions:[...]}` body)
 * and the tracking pixel that bottle_data snippets point at. Both record what arrived so tests
 * and the examples can read it back from `/_local/pingbacks` and `/_local/pixels`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BASE_HEADERS } from './cors';
import { ApiError, envelope, sendJson } from './envelope';
import { MAX_JSON_DEPTH, parseBoundedJson, queryObject, type Records } from './records';

/** A pingback batch is a few KB; anything past this is refused rather than buffered. */
export const MAX_PINGBACK_BYTES = 1024 * 1024;

/** The smallest transparent 1x1 GIF. */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Reads the request body up to `limit` bytes; ApiError 413 past it. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new ApiError(413, `Body is larger than ${limit} bytes`));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
    // a client that hangs up mid-body must not leave this waiting forever
    req.on('close', () => {
      if (!req.complete) reject(new ApiError(400, 'The request body was cut off'));
    });
  });
}

/**
 * POST /pingback?apikey=: 400 without apikey, for a body that is not JSON or has no `sessions`
 * list; otherwise records it. Any content type is read as JSON, because sendBeacon posts text/plain.
 */
export async function receivePingback(req: IncomingMessage, res: ServerResponse, query: URLSearchParams, records: Records): Promise<void> {
  const apikey = (query.get('apikey') ?? '').trim();
  if (!apikey) throw new ApiError(400, 'apikey is required');
  const raw = await readBody(req, MAX_PINGBACK_BYTES);
  const parsed = parseBoundedJson(raw.toString('utf8'));
  if (!parsed) throw new ApiError(400, `Body is not valid JSON (or nests deeper than ${MAX_JSON_DEPTH})`);
  const body = parsed.value;
  const sessions = (body as { sessions?: unknown } | null)?.sessions;
  if (!body || typeof body !== 'object' || !Array.isArray(sessions)) throw new ApiError(400, 'Body must be {"sessions": [...]}');
  records.pingbacks.add({ received_at: new Date().toISOString(), apikey, body });
  sendJson(res, 200, envelope({ sessions: sessions.length }));
}

/** GET /_local/pixel: records the hit and answers a 1x1 GIF that is never cached (every hit counts). */
export function servePixel(req: IncomingMessage, res: ServerResponse, query: URLSearchParams, records: Records): void {
  records.pixels.add({ received_at: new Date().toISOString(), query: queryObject(query), referer: String(req.headers.referer ?? '') });
  res.writeHead(200, {
    ...BASE_HEADERS,
    'Content-Type': 'image/gif',
    'Content-Length': String(PIXEL_GIF.length),
    'Cache-Control': 'no-store',
  });
  res.end(req.method === 'HEAD' ? undefined : PIXEL_GIF);
}
