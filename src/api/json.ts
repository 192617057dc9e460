/**
 * Narrowing helpers for untrusted server JSON: everything arrives as `unknown` and is
 * checked here before a typed value leaves the API layer.
 */

import { isRecord } from '../model';

/** Any JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A JSON object whose fields are not trusted yet. */
export type JsonRecord = Record<string, unknown>;

// One copy of the readers serves the model and the API layer.
export { asNumber, asText, isRecord } from '../model';

/** `value` when it is an object, else an empty one (a broken envelope reads as "no fields"). */
export function asRecord(value: unknown): JsonRecord {
  return isRecord(value) ? value : {};
}

/** `value` when it is an array, else an empty list. */
export function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The server's error text from a body: `message`, else GIPHY's `meta.msg`. */
export function readServerMessage(body: unknown): string | undefined {
  const record = asRecord(body);
  // Numbers are not messages: only non-empty text counts.
  const text = (value: unknown) => (typeof value === 'string' && value) || undefined;
  return text(record.message) ?? text(asRecord(record.meta).msg);
}

/** `status` values a body uses to say the call failed (besides an HTTP-like number of 400 or more). */
export const FAILED_STATUSES: readonly string[] = ['error', 'fail', 'failed', 'failure'];

/**
 * Whether a body says it failed, whatever the HTTP status (spec §3 envelope fields): its
 * `status` (or `meta.status`) is a number of 400 or more or a failure word, or its `result`
 * is false or a failure word. A body without these fields has not failed.
 */
export function saysFailed(body: unknown): boolean {
  const { status, result, meta } = asRecord(body);
  const failed = (value: unknown) =>
    typeof value === 'number' ? value >= 400 : typeof value === 'string' && FAILED_STATUSES.includes(value.toLowerCase());
  return result === false || [status, asRecord(meta).status, result].some(failed);
}

/** Parses `text` as JSON; empty text is undefined, broken JSON throws SyntaxError. */
export function parseJson(text: string): unknown {
  return text.trim() === '' ? undefined : JSON.parse(text);
}

/** Parses `text` as JSON, giving the raw text back when it is not JSON (error bodies). */
export function parseLenient(text: string): unknown {
  try {
    return parseJson(text);
  } catch {
    return text;
  }
}

/** A JSON object body (a list or a bare value never reaches callers as a record). */
export type Body = Record<string, unknown>;

/** The body as an object: empty answers are `{}`, bare values are `{ value }`. */
export function toBody(json: unknown): Body {
  if (isRecord(json)) return json;
  return json === undefined || json === null ? {} : { value: json };
}

/** The items of a list answer: the body itself when it is a list, else its `results` or `data`. */
export function toItems(json: unknown): Body[] {
  const list = Array.isArray(json) ? json : asList(asRecord(json).results ?? asRecord(json).data);
  return list.filter(isRecord);
}
