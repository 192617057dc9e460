/**
 * Reading and checking query parameters. Anything malformed is a 400 with a message naming the
 * parameter, before a handler ever sees it.
 */
import { ApiError } from './envelope';

/** Page size when none is given, and the cap (documented in server/README.md). */
export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;
/** The real API refuses offsets beyond this. */
export const MAX_OFFSET = 4999;
/** Ids are letters and digits, like the real API's; the cap keeps logs and errors short. */
export const ID_PATTERN = /^[A-Za-z0-9]{1,64}$/;
export const MAX_IDS = 100;
export const MAX_QUERY_LENGTH = 200;

const DIGITS = /^\d{1,9}$/;

function integer(query: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!DIGITS.test(raw)) throw new ApiError(400, `${name} must be a whole number between ${min} and ${max}`);
  const value = Number(raw);
  if (value < min || value > max) throw new ApiError(400, `${name} must be a whole number between ${min} and ${max}`);
  return value;
}

/**
 * `offset` (0..4999, default 0) and `limit` (1..100, default 25) from `query`.
 * Throws ApiError 400 for anything else (negative, non-numeric, too large).
 */
export function readPaging(query: URLSearchParams): { offset: number; limit: number } {
  return { offset: integer(query, 'offset', 0, 0, MAX_OFFSET), limit: integer(query, 'limit', DEFAULT_LIMIT, 1, MAX_LIMIT) };
}

/** Checks one id; `what` names it in the error. Returns the id. */
export function checkId(id: string, what = 'id'): string {
  if (!ID_PATTERN.test(id)) throw new ApiError(400, `${what} is malformed: ids are 1 to 64 letters and digits`);
  return id;
}

/** A required parameter, trimmed; 400 when missing, empty or too long. */
export function requireParam(query: URLSearchParams, name: string, maxLength = MAX_QUERY_LENGTH): string {
  const value = (query.get(name) ?? '').trim();
  if (!value) throw new ApiError(400, `${name} is required`);
  if (value.length > maxLength) throw new ApiError(400, `${name} is longer than ${maxLength} characters`);
  return value;
}

/** The `ids` list: comma separated, blanks skipped, each checked, duplicates dropped, order kept. */
export function readIds(query: URLSearchParams): string[] {
  const raw = requireParam(query, 'ids', MAX_IDS * 65);
  const ids = [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
  if (!ids.length) throw new ApiError(400, 'ids is required');
  if (ids.length > MAX_IDS) throw new ApiError(400, `ids takes at most ${MAX_IDS} ids`);
  for (const id of ids) checkId(id, `ids entry "${id.slice(0, 64)}"`);
  return ids;
}

const RATINGS = ['y', 'g', 'pg', 'pg-13', 'r'];

/** Optional `rating` ceiling: returns the allowed ratings, or undefined when not given. */
export function readRating(query: URLSearchParams): string[] | undefined {
  const raw = query.get('rating');
  if (raw === null || raw === '') return undefined;
  const at = RATINGS.indexOf(raw.toLowerCase());
  if (at < 0) throw new ApiError(400, `rating must be one of ${RATINGS.join(', ')}`);
  return RATINGS.slice(0, at + 1);
}
