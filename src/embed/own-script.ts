/**
 * embed.js's own tag, and the tag that configures the page. embed.js finds them as it starts and
 * lends this module to the player file (scripts/ships.mjs EMBED_LENT), which reads the settings
 * from that tag (./script.ts).
 *
 * Where code comes from is never read from anything the page's markup can forge: the folder is
 * the one of the script element that is running now (read through the DOM's own getter, so an
 * `<img name="currentScript">` cannot stand in for it), and only when its address names our
 * file. Every file fetched under it is named at build time (src/plugin-names.ts).
 */
import { queryAll, runningScript } from '../dom';

/** The address of embed.js ends so; its folder holds `plugins/`. */
const EMBED_FILE = /\/embed\.js$/;

/**
 * embed.js's own script element: the one running now, when its address's path ends in
 * `/embed.js`; null otherwise (no script, an element of the page's posing as one, or a copy of
 * our code under another name or inline), and then nothing is fetched.
 */
export function ownScript(): HTMLScriptElement | null {
  const script = runningScript();
  return script && script.src && EMBED_FILE.test(new URL(script.src).pathname) ? script : null;
}

/**
 * The tag whose settings configure the page: the first, in document order, of the script tags
 * that load the same file as `own` (same origin and path; a cache-busting query may differ). A
 * page with two copies of the snippet (two keys) gets the first one's settings, whichever copy
 * runs first: every tag before `own` is parsed by then.
 */
export function configuringScript(own: HTMLScriptElement): HTMLScriptElement {
  const file = (el: HTMLScriptElement) => el.src.replace(/[?#].*/, '');
  for (const el of queryAll(document, 'script[src]')) {
    if (el instanceof HTMLScriptElement && file(el) === file(own)) return el;
  }
  return own;
}

/** The CSP nonce of `script` ('' when none). The attribute is hidden from getAttribute once applied; the property keeps it. */
export const scriptNonce = (script: HTMLScriptElement | null) => (script && (script.nonce || script.getAttribute('nonce'))) || '';
