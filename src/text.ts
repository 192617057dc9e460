/**
 * String helpers for untrusted text that a regex would read in quadratic time: `/\/+$/` retries
 * from every slash of a long run (200,000 slashes and a letter: seconds). A loop instead.
 * (`/^\/+/`, anchored at the start, is tried once and stays linear.)
 */

/** `text` without the slashes it ends with. */
export function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '/') end--;
  return text.slice(0, end);
}
