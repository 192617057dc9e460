/**
 * Tolerant readers for loosely typed service JSON: the real service sends widths as text,
 * flags as 0/1/"0"/"1"/"true"/"false", and nulls where fields are unknown.
 */

/** Truthy spellings the service uses for flags. */
const TRUE_WORDS = new Set(['1', 'true']);
/** Falsy spellings the service uses for flags. */
const FALSE_WORDS = new Set(['0', 'false', '']);

/** True when `value` is a non-null, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Coerces a service flag to a boolean.
 * `value`: boolean, number, or text; anything unrecognised (null, missing, 'maybe') gives `fallback`.
 */
export function toBool(value: unknown, fallback = false): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isNaN(value) ? fallback : value !== 0;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  return fallback;
}

/**
 * Coerces a size to a finite number.
 * `value`: number or numeric text; anything else gives 0.
 */
export function toNumber(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(n) ? n : 0;
}

/**
 * Reads text; numbers become their decimal text.
 * Returns `fallback` for null, objects and other non-text values.
 */
export function toText(value: unknown, fallback = ''): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return fallback;
}

/** Like `toText` but undefined when the value is absent or empty. */
export function optionalText(value: unknown): string | undefined {
  const text = toText(value);
  return text ? text : undefined;
}
