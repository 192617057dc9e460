import { SCRIPT_ATTRIBUTES, type EmbedScriptTag } from '../model/share';
import { parseSettings, SETTING_ATTRIBUTES, type PageSettings } from '../settings';
import { scriptNonce } from './own-script';
import { desktopOnly } from '../layout-file';

/**
 * What the snippet's `<script>` tag says: the page's settings (src/settings.ts; the API and
 * pingback hosts default to the script's own origin, so a copy of dist/ next to the local service
 * needs no configuration), the CSP nonce, and the folder the plugins are fetched from. Which tag
 * that is, and which is embed.js's own, is ./own-script.ts's.
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
   * Data: the share menu's plugin writes it out (src/model/share.ts embedScriptCode), so the
   * player file, which shows no menu on a phone, does not carry the writing. Not read in the
   * mobile player's file, which has no share menu at all.
   */
  tag?: EmbedScriptTag;
}

/**
 * Reads the settings from `script`, the configuring tag (./own-script.ts configuringScript), or null when
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
    // The attributes the embed code repeats, as the tag has them (src/model/share.ts scriptTagCode).
    tag: desktopOnly(() => ({ src: src.href, settings: Object.fromEntries(SCRIPT_ATTRIBUTES.map((name) => [name, attr(name)])) })),
  };
}
