/**
 * Analytics attributes (spec §3): key/value pairs where a key appears once; values given for
 * the same key are merged into one comma-joined value.
 */

/** One analytics attribute. */
export interface Attribute {
  key: string;
  value: string;
}

/** Attributes as a caller may give them: a list of pairs or a plain record. */
export type AttributeInput = Attribute[] | Record<string, string | number | boolean | null | undefined>;

/**
 * Merges `input` into a list where each key appears once (first-seen order); values of a
 * repeated key are comma-joined. Null/undefined values and empty keys are left out.
 */
export function mergeAttributes(...inputs: (AttributeInput | undefined)[]): Attribute[] {
  const merged = new Map<string, string[]>();
  for (const input of inputs) {
    if (!input) continue;
    const pairs = Array.isArray(input) ? input.map((a) => [a?.key, a?.value] as const) : Object.entries(input);
    for (const [key, value] of pairs) {
      if (typeof key !== 'string' || !key || value == null) continue;
      // Map keeps a key where it was first set, so the first-seen order holds.
      merged.set(key, [...(merged.get(key) ?? []), String(value)]);
    }
  }
  return [...merged].map(([key, values]) => ({ key, value: values.join(',') }));
}
