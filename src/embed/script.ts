import { embedScriptCode, SCRIPT_ATTRIBUTES } from '../model/share';
import { queryAll, runningScript } from '../dom';
import { parseSettings, SETTING_ATTRIBUTES, type PageSettings } from '../settings';

/**
 * What the snippet's `<script>` tag says: the page's settings (src/settings.ts; the API and
 * pingback hosts default to the script's own origin, so a copy of dist/ next to the local service
 * needs no configuration), the CSP nonce, and the folder the plugins are fetched from.
 *
 * Where code comes from is never read from anything the page's markup can forge: the folder is
 * the one of the script element that is running now (read through the DOM's own getter, so an
 * `<img name="currentScript">` cannot stand in for it), and only when its address names our
 * file. Every file fetched under it is named at build time (src/plugin-files.ts).
 */

export interface ScriptSettings extends PageSettings {
  /** CSP nonce copied onto every style and script the embed adds ('' when none). */
  nonce: string;
  /** URL of the folder embed.js was loaded from (plugins live in `plugins/` under it). */
  base: string;
  /** `data-debug` on the tag (present and not "false"): debug logging on from the start. */
  debug: boolean;
  /**
   * The tag itself as another page would include it, for the embed code the share menu hands
   * out: absolute src, the key and the hosts this page set (not its nonce, which is this page's).
   */
  tag: string;
}

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

/**
 * Reads the settings from `script`, the configuring tag (see configuringScript), or null when
 * there is none (then the page origin is used). `base`: where plugins/ is, the folder of the
 * running, verified script (default: the folder of `script`, for pages that only read settings).
 */
export function readScript(script: HTMLScriptElement | null, base?: string): ScriptSettings {
  const src = new URL((script && script.src) || 'embed.js', location.href);
  const attr = (name: string) => (script && script.getAttribute(name)) || '';
  const settings = parseSettings((name) => script && script.getAttribute(SETTING_ATTRIBUTES[name]));
  // A page with an API base and no key is in first-party mode: its proxy puts the key in (docs/proxy.md).
  if (!settings.apiKey && !settings.apiBase) console.warn(`[gif-embed] No API key: add data-api-key="YOUR KEY" to the embed.js tag.`);
  return {
    ...settings,
    apiBase: settings.apiBase || src.origin,
    // One setting moves everything: the pingbacks go where the API calls go unless told otherwise.
    pingbackBase: settings.pingbackBase || settings.apiBase || src.origin,
    nonce: scriptNonce(script),
    base: base ?? new URL('.', src).href,
    // A switch: present and not "false".
    debug: !!script && script.hasAttribute('data-debug') && attr('data-debug') !== 'false',
    // The attributes the embed code repeats.
    // A base written as a path (`data-api-base="/gif-api"`, a first-party proxy) is named in full:
    // the code is pasted on other pages.
    tag: embedScriptCode(src.href, Object.fromEntries(SCRIPT_ATTRIBUTES.map((name) => [name, /base$/.test(name) && attr(name) ? new URL(attr(name), location.href).href.replace(/\/$/, '') : attr(name)]))),
  };
}

/** The CSP nonce of `script` ('' when none). The attribute is hidden from getAttribute once applied; the property keeps it. */
export const scriptNonce = (script: HTMLScriptElement | null) => (script && (script.nonce || script.getAttribute('nonce'))) || '';
