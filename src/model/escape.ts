/**
 * HTML attribute escaping for the embed codes we hand out: a title or url from the service
 * must never break out of the attribute it is written into.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes `value` for use inside a double- or single-quoted HTML attribute (or as text). */
export function escapeAttr(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
