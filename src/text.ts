/**
 * String helpers for untrusted text that a regex would read in quadratic time: `/\/+$/` retries
 * from every slash of a long run (200,000 slashes and a letter: seconds). Linear loops instead.
 */

/** `text` without the slashes it ends with. */
export function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '/') end--;
  return text.slice(0, end);
}

/** `text` without the slashes it starts with. */
export function withoutLeadingSlashes(text: string): string {
  let start = 0;
  while (start < text.length && text[start] === '/') start++;
  return text.slice(start);
}
