/**
 * How the player and its plugins set a script's URL (a plugin file, the YouTube iframe API):
 * through the setter embed.js hands over, which goes through its Trusted Types policy
 * (src/embed/trusted-types.ts; a page's `trusted-types` directive lets the policy's name be made
 * once, and embed.js made it). Without one (the player file run on its own), the URL is set as
 * the string it is.
 */

/** The YouTube iframe API (spec §7), the one script the embed loads from another site. */
export const YOUTUBE_IFRAME_API = 'https://www.youtube.com/iframe_api';

type ScriptSrcSetter = (script: HTMLScriptElement, url: string) => void;

let set: ScriptSrcSetter = (script, url) => {
  script.src = url;
};

/** Sets `script.src` to `url`; throws when the policy or the page refuses it (the caller's load fails). */
export function setScriptSrc(script: HTMLScriptElement, url: string) {
  set(script, url);
}

/** Makes setScriptSrc go through embed.js's setter (the player does this first thing). */
export function installScriptSrcSetter(setter: ScriptSrcSetter) {
  set = setter;
}
