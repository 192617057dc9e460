/**
 * The one URL allow-list. Every URL that comes from data (the API, a placeholder's attributes,
 * an ad snippet) passes here before it can reach an `href`, `src`, `srcset`, iframe,
 * `window.open` or an embed code: only absolute http(s) URLs survive.
 *
 * The check is the URL parser browsers use for `href` itself, so it normalises exactly as they
 * do: leading and trailing spaces and control characters are dropped, tabs and newlines inside
 * are removed, the scheme is case-folded. Character references (`&#106;avascript:`) are not
 * decoded by it, and such text has no http(s) scheme, so it is refused; embed codes escape `&`.
 */
import { debugLog } from '../debug';

/**
 * `value` as an absolute http(s) URL, canonical (as `URL.href` writes it, quotes and spaces
 * percent-encoded), or '' with one debug log when it is anything else: another scheme however
 * spelt, a relative or protocol-relative path, or not text.
 */
export function safeUrl(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) return '';
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // Not an absolute URL: refused below.
  }
  debugLog('refused a URL that is not http(s):', JSON.stringify(value.slice(0, 200)));
  return '';
}
