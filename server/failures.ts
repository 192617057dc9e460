/**
 * Failure injection, so tests can watch the client survive a broken service. Arm it with
 * `/_local/fail?...` (the next N matching calls fail) or put `_fail=...` on a single request.
 * Modes:
 *   status=<4xx|5xx>  a JSON error with that status
 *   mode=malformed    200 with a JSON content type and a cut-off body
 *   mode=reset        the connection is dropped without a response (a network failure)
 *   mode=trickle      200 with its headers at once, then one byte of body every TRICKLE_EVERY_MS,
 *                     ended after MAX_DELAY_MS (an API that stalls mid-body)
 *   delay=<ms>        the answer comes late (combine with the others, or alone); a delay past
 *                     the client's timeout is a hung server
 *   retry_after=<s>   with a status: the Retry-After header (429 or 503 that asks to come back)
 * `path` may be `/v1/...`, `/pingback` or `/media/...` (a media file that fails to load).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, sendError } from './envelope';
import { BASE_HEADERS } from './cors';

export const MAX_DELAY_MS = 30_000;
const MAX_TIMES = 1000;

export interface Failure {
  /** Applies to request paths starting with this (default `/v1/`). */
  path: string;
  status?: number;
  mode?: 'malformed' | 'reset' | 'trickle';
  delay?: number;
  /** Seconds sent as Retry-After with `status`. */
  retryAfter?: number;
  /** Calls left to fail. */
  times: number;
}

function intParam(query: URLSearchParams, name: string, min: number, max: number): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new ApiError(400, `${name} must be a whole number between ${min} and ${max}`);
  return Number(raw);
}

/**
 * Reads a failure description from `query` (status, mode, delay, times, path).
 * `prefix` is put before the names (`_` for the per-request flags). Undefined when nothing is asked.
 */
export function readFailure(query: URLSearchParams, prefix = ''): Failure | undefined {
  const p = new URLSearchParams();
  for (const name of ['status', 'mode', 'delay', 'times', 'path', 'retry_after']) {
    const value = query.get(prefix + name);
    if (value !== null) p.set(name, value);
  }
  // `_fail=500` / `_fail=malformed` / `_fail=reset` is the one-flag shorthand
  const short = query.get(`${prefix}fail`);
  if (short) (/^\d+$/.test(short) ? p.set('status', short) : p.set('mode', short));
  const status = intParam(p, 'status', 400, 599);
  const mode = p.get('mode') ?? undefined;
  if (mode !== undefined && mode !== 'malformed' && mode !== 'reset' && mode !== 'trickle') throw new ApiError(400, 'mode must be malformed, reset or trickle');
  const delay = intParam(p, 'delay', 0, MAX_DELAY_MS);
  if (status === undefined && mode === undefined && delay === undefined) return undefined;
  const retryAfter = intParam(p, 'retry_after', 0, 60);
  return { path: p.get('path') || '/v1/', status, mode, delay, retryAfter, times: intParam(p, 'times', 1, MAX_TIMES) ?? 1 };
}

/** The armed failures, consumed in order. */
export class FailurePlan {
  private armed: Failure[] = [];
  arm(failure: Failure): void {
    this.armed.push(failure);
  }
  list(): Failure[] {
    return this.armed.map((f) => ({ ...f }));
  }
  clear(): void {
    this.armed = [];
  }
  /** Takes one use of the first failure matching `path`, if any. */
  take(path: string): Failure | undefined {
    const found = this.armed.find((f) => path.startsWith(f.path));
    if (!found) return undefined;
    found.times -= 1;
    if (found.times <= 0) this.armed.splice(this.armed.indexOf(found), 1);
    return { ...found };
  }
}

const MALFORMED_BODY = '{"data":[{"id":"broken","images":{"original":{"url":"';
/** How often a trickling answer sends its next byte. */
export const TRICKLE_EVERY_MS = 1000;

/**
 * Plays `failure` on `res`. Resolves true when the response is finished (the handler must stop),
 * false when it was only a delay and the real answer should follow.
 */
export async function playFailure(failure: Failure, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (failure.delay) await new Promise((resolve) => setTimeout(resolve, failure.delay));
  if (failure.mode === 'reset') {
    req.socket.destroy();
    return true;
  }
  if (failure.mode === 'malformed') {
    res.writeHead(200, { ...BASE_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end(MALFORMED_BODY);
    return true;
  }
  if (failure.mode === 'trickle') {
    res.writeHead(200, { ...BASE_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.write('{');
    const drip = setInterval(() => res.write(' '), TRICKLE_EVERY_MS);
    const end = setTimeout(() => res.end('}'), MAX_DELAY_MS);
    res.on('close', () => {
      clearInterval(drip);
      clearTimeout(end);
    });
    return true;
  }
  if (failure.status) {
    const headers = failure.retryAfter !== undefined ? { 'Retry-After': String(failure.retryAfter) } : undefined;
    sendError(res, failure.status, `Injected failure: status ${failure.status}`, headers);
    return true;
  }
  return false;
}
