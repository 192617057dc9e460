/**
 * The API's response envelope and its errors. Every JSON the service sends goes through
 * `sendJson`, so every response has the CORS headers and a fresh response id, and no error
 * ever carries a stack trace.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { BASE_HEADERS } from './cors';
import { chooseEncoding } from './static-files';

/** JSON smaller than this goes out as is; larger (lists of GIF objects) is compressed like the real API's. */
const COMPRESS_JSON_MIN_BYTES = 1024;
/** Fast settings: responses are made per request, unlike static files which are compressed once. */
const BROTLI_DYNAMIC_QUALITY = 5;
const GZIP_DYNAMIC_LEVEL = 6;

/** An error the caller caused (or asked for): its status and message go to the client as JSON. */
export class ApiError extends Error {
  /** `headers`: extra response headers (e.g. `Allow` on a 405). */
  constructor(public readonly status: number, message: string, public readonly headers: Record<string, string> = {}) {
    super(message);
  }
}

/** The API's status texts, used as `meta.msg`. */
const STATUS_MSG: Record<number, string> = {
  200: 'OK', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found',
  405: 'Method Not Allowed', 413: 'Payload Too Large', 429: 'Too Many Requests', 500: 'Internal Server Error',
  502: 'Bad Gateway', 503: 'Service Unavailable',
};

/** `meta.msg` for `status` (`404` -> `Not Found`). */
export const statusMsg = (status: number): string => STATUS_MSG[status] ?? 'Error';

/** A fresh response id: 40 hex characters, like the real API's. */
export function responseId(): string {
  return randomBytes(20).toString('hex');
}

export interface Pagination {
  total_count: number;
  count: number;
  offset: number;
}

/**
 * The success envelope: `data`, optional `pagination`, and `meta` with a fresh response id.
 * Returns the body object ready for `sendJson`.
 */
export function envelope(data: unknown, pagination?: Pagination) {
  return {
    data,
    ...(pagination ? { pagination } : {}),
    meta: { status: 200, msg: 'OK', response_id: responseId() },
  };
}

/** A page of `list`: the slice at `offset` of at most `limit`, with its pagination block. */
export function page<T>(list: T[], offset: number, limit: number): { data: T[]; pagination: Pagination } {
  const data = list.slice(offset, offset + limit);
  return { data, pagination: { total_count: list.length, count: data.length, offset } };
}

/**
 * Writes `body` as JSON with `status`. `headers` adds to (or overrides) the defaults.
 * Safe to call on a response whose headers went out already (it then just ends it).
 */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  let bytes: Buffer = Buffer.from(JSON.stringify(body));
  const encoding = bytes.length >= COMPRESS_JSON_MIN_BYTES ? chooseEncoding(res.req?.headers['accept-encoding']) : undefined;
  if (encoding === 'br') bytes = brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_DYNAMIC_QUALITY } });
  else if (encoding === 'gzip') bytes = gzipSync(bytes, { level: GZIP_DYNAMIC_LEVEL });
  res.writeHead(status, {
    ...BASE_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(bytes.length),
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    ...headers,
  });
  res.end(res.req?.method === 'HEAD' ? undefined : bytes);
}

/**
 * The error body every failure gets: `{ message, meta: { status, msg, response_id } }`.
 * `message` is written for a developer reading it, never an internal detail.
 */
export function sendError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  sendJson(res, status, { message, meta: { status, msg: statusMsg(status), response_id: responseId() } }, headers);
}
