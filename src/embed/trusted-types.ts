/**
 * Trusted Types (the hostile-ground issue): on a page that enforces
 * `require-trusted-types-for 'script'`, a `<script>.src` takes only a TrustedScriptURL. The embed
 * sets exactly two kinds of script URL, its own files in `plugins/` (the player and the plugins,
 * each named with its content hash at build time) and the YouTube iframe API, and makes them
 * through one named policy that lets exactly those addresses through and refuses every other.
 * A page lists the policy's name in its `trusted-types` directive. Without Trusted Types the
 * URL is passed as the string it is.
 * embed.js (src/start.ts) makes the policy and hands its setter to the player (src/plugin-files.ts).
 */
import { YOUTUBE_IFRAME_API, type PluginFile } from '../plugin-files';
import { pluginFile } from '../plugin-names';

/** The policy's name, for the page's `trusted-types` directive. */
export const TRUSTED_TYPES_POLICY = 'gif-embed';

interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown;
}
interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScriptURL(url: string): string }): ScriptUrlPolicy;
}

// The window's: a page's `trusted-types` directive lets a policy's name be made once per window.
/** The script URLs the policy lets through: this build's files under the verified folder, and the YouTube API. */
const allowed = new Set([YOUTUBE_IFRAME_API]);
/** undefined: not made yet; null: the page has no Trusted Types, or refused our policy's name. */
let policy: ScriptUrlPolicy | null | undefined;

/**
 * Allows this build's files in `plugins/` under `folder` (the folder of the embed.js that runs):
 * the names embed.js was built with, and no other; the language files share one hash, the build's `lang`.
 */
export function allowBuildFiles(folder: string) {
  if (typeof __PLUGIN_FILES__ === 'object') for (const name in __PLUGIN_FILES__) allowed.add(`${folder}plugins/${pluginFile(name as PluginFile)}`);
}

/**
 * A language or player file's address (`lang-de.<hash>.js`, `player-mobile.<hash>.js`) as the one
 * name all of its family are allowed by (`lang.<hash>.js`, `player.<hash>.js`).
 */
const asAllowed = (url: string) => url.replace(/\/(lang|player)-\w+\./, '/$1.');

function makePolicy(): ScriptUrlPolicy | null {
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (!factory?.createPolicy) return null;
  try {
    return factory.createPolicy(TRUSTED_TYPES_POLICY, {
      createScriptURL(url) {
        if (allowed.has(asAllowed(url))) return url;
        throw new TypeError(`[gif-embed] refused script URL ${url}`);
      },
    });
  } catch {
    // The page's trusted-types directive does not name the policy: scripts stay plain strings,
    // which such a page refuses (embed.js then says which name to add).
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
