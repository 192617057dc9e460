/**
 * `/examples/strict.html`, served with the strictest policy a careful host would use: every
 * script and style by a fresh nonce (no 'unsafe-inline', no 'unsafe-eval'), Trusted Types
 * required for scripts with only the embed's policy allowed, and each other kind of resource
 * limited to where the embed really goes. The page's `{{nonce}}` marks are filled per request.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const STRICT_PAGE_PATH = '/examples/strict.html';
/** The embed's Trusted Types policy name (src/embed/trusted-types.ts). */
const EMBED_POLICY = 'gif-embed';
/** The video providers the video view talks to (spec §7). */
const VIDEO_FRAMES = 'https://www.youtube.com https://player.vimeo.com';
const VIDEO_API = 'https://www.youtube.com https://vimeo.com';

/** The policy for a page on port `port` with script and style `nonce`. */
export function strictPolicy(nonce: string, port: number): string {
  const media = `http://*.localhost:${port}`;
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    `img-src 'self' ${media}`,
    `media-src 'self' ${media}`,
    `connect-src 'self' ${VIDEO_API}`,
    `frame-src 'self' ${VIDEO_FRAMES}`,
    "base-uri 'none'",
    "form-action 'none'",
    "require-trusted-types-for 'script'",
    `trusted-types ${EMBED_POLICY}`,
  ].join('; ');
}

/** Escapes `text` for HTML text and attribute values. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page's HTML with a fresh nonce (`{{nonce}}`), the site origin `site` (`{{site}}`, for the
 * absolute pixel URL a placement carries) and the policy itself (`{{policy}}`, shown on the page);
 * and its headers.
 */
export function strictPage(root: string, port: number, site: string): { html: string; headers: Record<string, string> } {
  const nonce = randomBytes(16).toString('base64');
  const policy = strictPolicy(nonce, port);
  const html = readFileSync(join(root, 'examples/strict.html'), 'utf8')
    .replaceAll('{{nonce}}', nonce)
    .replaceAll('{{site}}', escapeHtml(site))
    .replaceAll('{{policy}}', escapeHtml(policy.replaceAll(`'nonce-${nonce}'`, "'nonce-…'").split('; ').join(';\n')));
  return { html, headers: { 'Content-Security-Policy': policy } };
}
