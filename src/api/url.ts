/**
 * URL building shared by every family: a host from config, a path, and a query where
 * undefined/null values are left out and lists are comma-joined.
 */
import { withoutTrailingSlashes } from '../text';

/** A query value; undefined and null are dropped, lists are joined with commas. */
export type QueryValue = string | number | boolean | undefined | null | readonly (string | number)[];
/** Query parameters by name. */
export type Query = Record<string, QueryValue>;

/** An absolute http(s) address, as a handler's bases must be (a setting from an environment may be anything). */
export const isHttpBase = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\/[^/]/.test(value) && URL.canParse(value);

/** Encodes one path segment (ids, slugs, tags) so hostile input cannot change the path. */
export function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}

/** `base` + `path` + `?query` (paths carry no query of their own); `path` joins with exactly one slash. */
export function buildUrl(base: string, path: string, query: Query = {}): string {
  const joined = path ? `${withoutTrailingSlashes(base)}/${path.replace(/^\/+/, '')}` : base;
  const search = toSearchParams(query).toString();
  return search ? `${joined}?${search}` : joined;
}

/** The query as URLSearchParams (also used for form-encoded bodies). */
export function toSearchParams(query: Query): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value != null) params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params;
}

/** Form fields from an untyped body: scalars as text, lists comma-joined, objects as JSON. */
export function formFields(body: Record<string, unknown>): Query {
  const fields: Query = {};
  for (const key of Object.keys(body)) {
    const value = body[key];
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) fields[key] = value as (string | number)[];
    else fields[key] = JSON.stringify(value);
  }
  return fields;
}
