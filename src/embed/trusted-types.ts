/**
 * Trusted Types (the hostile-ground issue): on a page that enforces
 * `require-trusted-types-for 'script'`, a `<script>.src` takes only a TrustedScriptURL. The embed
 * sets exactly two kinds of script URL, its own files in `plugins/` (the player and the plugins)
 * and the YouTube iframe API, and makes them through one named policy that refuses every other
 * URL. A page lists the policy's name in its `trusted-types` directive. Without Trusted Types the
 * URL is passed as the string it is.
 * embed.js (src/start.ts) makes the policy and hands its setter to the player (./script-src.ts).
 */
import { debugLog } from '../debug';
import { YOUTUBE_IFRAME_API } from './script-src';

/** The policy's name, for the page's `trusted-types` directive. */
export const TRUSTED_TYPES_POLICY = 'gif-embed';

interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown;
}
interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScriptURL(url: string): string }): ScriptUrlPolicy;
}

let pluginFolder = '';
/** undefined: not made yet; null: the page has no Trusted Types, or refused our policy's name. */
let policy: ScriptUrlPolicy | null | undefined;

/** The folder the plugin files are served from: script URLs under it pass the policy. */
export function allowPluginFolder(folder: string) {
  pluginFolder = folder;
}

/** Whether `url` is a script the embed may load: a plugin file of this build's folder, or the YouTube API. */
function allowed(url: string): boolean {
  if (url === YOUTUBE_IFRAME_API) return true;
  return !!pluginFolder && url.startsWith(`${pluginFolder}plugins/`) && /^[\w.-]+\.js$/.test(url.slice(pluginFolder.length + 8));
}

function makePolicy(): ScriptUrlPolicy | null {
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (!factory?.createPolicy) return null;
  try {
    return factory.createPolicy(TRUSTED_TYPES_POLICY, {
      createScriptURL(url) {
        if (allowed(url)) return url;
        throw new TypeError(`[gif-embed] refused script URL ${JSON.stringify(url)}`);
      },
    });
  } catch (error) {
    // The page's trusted-types directive does not name the policy: scripts stay plain strings
    // (refused by the page if it enforces Trusted Types; the features they carry are then missing).
    debugLog(`Trusted Types policy "${TRUSTED_TYPES_POLICY}" refused by the page`, error);
    return null;
  }
}

/**
 * Sets `script.src` to `url`: through the policy where the page has Trusted Types, else as is.
 * Throws when the policy refuses `url` or the page refuses the string (the caller's load fails).
 */
export function setScriptSrc(script: HTMLScriptElement, url: string) {
  if (policy === undefined) policy = makePolicy();
  script.src = (policy ? policy.createScriptURL(url) : url) as string;
}
