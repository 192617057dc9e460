/**
 * Narrowing helpers for untrusted server JSON: everything arrives as `unknown` and is
 * checked here before a typed value leaves the API layer.
 */

/** Any JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A JSON object whose fields are not trusted yet. */
export type JsonRecord = Record<string, unknown>;

/** True for a plain object (not null, not an array). */
export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` when it is an object, else an empty one (a broken envelope reads as "no fields"). */
export function asRecord(value: unknown): JsonRecord {
  return isRecord(value) ? value : {};
}

/** `value` when it is an array, else an empty list. */
export function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** `value` as text when it is a string or a finite number, else undefined. */
export function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** `value` as a number when it is one or numeric text, else undefined. */
export function asNumber(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** The server's error text from a body: `message`, else GIPHY's `meta.msg`. */
export function readServerMessage(body: unknown): string | undefined {
  const record = asRecord(body);
  if (typeof record.message === 'string' && record.message) return record.message;
  const meta = asRecord(record.meta);
  return typeof meta.msg === 'string' && meta.msg ? meta.msg : undefined;
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
