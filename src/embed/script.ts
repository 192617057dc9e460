import { escapeAttr } from '../model/escape';

/**
 * What the snippet's `<script>` tag says: the API key, the API and pingback hosts (default: the
 * script's own origin, so a copy of dist/ next to the local service needs no configuration),
 * the CSP nonce, and the folder the plugins are fetched from.
 */

export interface ScriptSettings {
  apiKey: string;
  apiBase: string;
  pingbackBase: string;
  /** Main site (logo links); '' keeps the GIF's own page as the target. */
  siteBase: string;
  /** CSP nonce copied onto every style and script the embed adds ('' when none). */
  nonce: string;
  /** URL of the folder embed.js was loaded from (plugins live in `plugins/` under it). */
  base: string;
  /** `data-debug` on the tag (present and not "false"): debug logging on from the start. */
  debug: boolean;
  /** `data-error-dsn`: where caught errors are reported ('' reports nothing). */
  errorDsn: string;
  /**
   * The tag itself as another page would include it, for the embed code the share menu hands
   * out: absolute src, the key and the hosts this page set (not its nonce, which is this page's).
   */
  tag: string;
}

/** Attributes of the script tag that the embed code repeats. */
const CARRIED = ['data-api-key', 'data-api-base', 'data-pingback-base', 'data-site-base'];

let current = '';

/** Remembers the loader's script tag (see ScriptSettings.tag) for embedScriptTag. */
export function setEmbedScript(tag: string) {
  current = tag;
}

/** The loader's script tag as another page would include it ('' before the loader started). */
export const embedScriptTag = () => current;

/**
 * Reads the settings from `script` (document.currentScript while the loader runs).
 * `script`: the loader's own tag, or null when it cannot be known (then the page origin is used).
 */
export function readScript(script: HTMLScriptElement | null): ScriptSettings {
  const src = scriptUrl(script);
  const attr = (name: string) => (script && script.getAttribute(name)) || '';
  return {
    apiKey: attr('data-api-key'),
    apiBase: attr('data-api-base') || src.origin,
    pingbackBase: attr('data-pingback-base') || src.origin,
    siteBase: attr('data-site-base'),
    nonce: scriptNonce(script),
    base: scriptFolder(script),
    debug: !!script && script.hasAttribute('data-debug') && attr('data-debug') !== 'false',
    errorDsn: attr('data-error-dsn'),
    tag: `<script async src="${escapeAttr(src.href)}"${CARRIED.map((name) => (attr(name) ? ` ${name}="${escapeAttr(attr(name))}"` : '')).join('')}></script>`,
  };
}

/** The script's own URL (the page's folder's embed.js when it cannot be known). */
const scriptUrl = (script: HTMLScriptElement | null) => new URL((script && script.src) || 'embed.js', location.href);

/** The folder `script` was loaded from: where `plugins/` is. */
export const scriptFolder = (script: HTMLScriptElement | null) => new URL('.', scriptUrl(script)).href;

/** The CSP nonce of `script` ('' when none). The attribute is hidden from getAttribute once applied; the property keeps it. */
export const scriptNonce = (script: HTMLScriptElement | null) => (script && (script.nonce || script.getAttribute('nonce'))) || '';
