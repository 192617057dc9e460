/**
 * The one URL allow-list. Every URL that comes from data (the API, a placeholder's attributes,
 * an ad snippet) passes here before it can reach an `href`, `src`, `srcset`, iframe,
 * `window.open` or an embed code: only absolute http(s) URLs survive.
 */
import { debugLog } from '../debug';

/** HTML character references an attacker may use to spell a scheme (`&#106;avascript:`). */
const REFERENCE = /&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi;
/** The named references that matter for spelling a scheme or hiding one. */
const NAMED: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', sol: '/', amp: '&', period: '.' };

/** `text` with character references decoded (what an HTML attribute would hand the browser). */
function decodeReferences(text: string): string {
  return text.replace(REFERENCE, (whole, name: string) => {
    const lower = name.toLowerCase();
    const code = lower[0] !== '#' ? -1 : lower[1] === 'x' ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    if (code >= 0) return code <= 0x10ffff ? String.fromCodePoint(code) : '';
    return NAMED[lower] ?? whole;
  });
}

/** The scheme a browser would read from `text` (case folded, controls and spaces removed). */
function schemeOf(text: string): string {
  // Browsers strip C0 controls and spaces around a URL and tabs/newlines inside it.
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(text.replace(/[\u0000-\u0020\u007f-\u009f]/g, ''));
  return match ? match[1].toLowerCase() : '';
}

/**
 * `value` as an absolute http(s) URL, canonical (as `URL.href` writes it), or '' with one debug
 * log when it is anything else: another scheme however spelt (case, tabs, newlines, leading
 * spaces and controls, character references), a relative or protocol-relative path, or not text.
 */
export function safeUrl(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) return '';
  const text = value.trim();
  // A reference that spells another scheme is refused even where the raw text names none.
  const scheme = schemeOf(decodeReferences(text));
  if (scheme === 'http' || scheme === 'https') {
    try {
      const url = new URL(text);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    } catch {
      // Not a URL: refused below.
    }
  }
  debugLog('refused a URL that is not http(s):', JSON.stringify(value.slice(0, 200)));
  return '';
}
