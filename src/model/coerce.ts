/**
 * Tolerant readers for loosely typed service JSON: the real service sends widths as text,
 * flags as 0/1/"0"/"1"/"true"/"false", and nulls where fields are unknown. The API layer's
 * envelope readers use the same functions, so each bundle carries them once.
 */

/** Flag spellings the service uses: the first two mean true, the rest false. */
const FLAG_WORDS = ['1', 'true', '0', 'false', ''];
/** How many of FLAG_WORDS mean true. */
const TRUE_WORD_COUNT = 2;

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
  const index = typeof value === 'string' ? FLAG_WORDS.indexOf(value.trim().toLowerCase()) : -1;
  return index < 0 ? fallback : index < TRUE_WORD_COUNT;
}

/**
 * Reads text; finite numbers become their decimal text.
 * Returns undefined for null, objects and other non-text values.
 */
export function asText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
}

/**
 * Reads a number given as a number or numeric text.
 * Returns undefined for blank text, non-finite numbers and anything else.
 */
export function asNumber(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/**
 * Coerces a size to a finite number.
 * `value`: number or numeric text; anything else gives 0.
 */
export function toNumber(value: unknown): number {
  return asNumber(value) ?? 0;
}

/** Like `toNumber` but undefined when the value is absent (null or undefined). */
export function optionalNumber(value: unknown): number | undefined {
  return value == null ? undefined : toNumber(value);
}

/**
 * Reads text like `asText`.
 * Returns `fallback` for null, objects and other non-text values.
 */
export function toText(value: unknown, fallback = ''): string {
  return asText(value) ?? fallback;
}

/** Like `toText` but undefined when the value is absent or empty. */
export function optionalText(value: unknown): string | undefined {
  return asText(value) || undefined;
}

/**
 * Sets `target[name] = read(raw[name])` for each of `names`, leaving out what reads as undefined.
 * Returns `target`; one loop stands in for a line per field.
 */
export function readFields<T extends object>(
  target: T,
  raw: object,
  names: readonly string[],
  read: (value: unknown) => unknown,
): T {
  for (const name of names) {
    const value = read((raw as Record<string, unknown>)[name]);
    if (value !== undefined) (target as Record<string, unknown>)[name] = value;
  }
  return target;
}
