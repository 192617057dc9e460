/**
 * The plugin files of this window: the plugin files in `plugins/` next to embed.js, fetched at most once per
 * page and only when a player asks. A plugin that fails to load resolves to undefined, so only
 * the feature it carries is missing. The file names carry a hash of their content: embed.js names
 * the exact player file it was built with, and the player the exact plugin files, so a cached
 * embed.js never meets another build's player or plugin.
 */
import { addToHead, createElement } from './dom';
import { debugLog } from './debug';
import type { LanguageFile, Plugin, PluginName } from './plugin-types';
import { addEnglish, addTable } from './i18n';
import { addCss } from './embed/styles';
import { ourGlobal, type GifEmbedGlobal } from './embed/global';
import { pluginFile, type PluginFile } from './plugin-names';


export { pluginFile, type PluginFile };


/**
 * How long a plugin or language file is waited for: the deadline of the API's requests
 * (src/api/request.ts REQUEST_TIMEOUT_MS; a unit test holds the two equal).
 */
export const PLUGIN_FILE_TIMEOUT_MS = 10_000;

/** The YouTube iframe API (spec §7), the one script the embed loads from another site. */
export const YOUTUBE_IFRAME_API = 'https://www.youtube.com/iframe_api';

type ScriptSrcSetter = (script: HTMLScriptElement, url: string) => void;

// A plugin file runs once per window and registers on its one global, whichever document the
// page it serves is: what has loaded, and where from, is the window's (the embed's players,
// its iframe player page and sdk.js's language files share it).
const loading = new Map<PluginFile, Promise<unknown>>();
const registered = new Map<string, Plugin>();
let base = '';
let nonce = '';
/**
 * How a script's URL is set: through the setter embed.js hands over, which goes through its
 * Trusted Types policy (src/embed/trusted-types.ts; a page's `trusted-types` directive lets the
 * policy's name be made once, and embed.js made it). Without one (sdk.js, the player file run on
 * its own), the URL is set as the string it is.
 */
let set: ScriptSrcSetter = (script, url) => {
  script.src = url;
};


/**
 * Where plugins come from (`base`: the loader's folder URL), the CSP nonce for their tags and
 * (embed.js's) the setter of their URLs.
 */
export function setPluginSource(folder: string, scriptNonce: string, setter?: ScriptSrcSetter) {
  base = folder;
  nonce = scriptNonce;
  if (setter) set = setter;
}

/** Sets `script.src` to `url`; throws when the policy or the page refuses it (the caller's load fails). */
export function setScriptSrc(script: HTMLScriptElement, url: string) {
  set(script, url);
}

/** The CSP nonce plugins put on scripts they add (the YouTube API). */
export function pluginNonce(): string {
  return nonce;
}

/**
 * Called by a plugin file: makes `plugin` available under `name` and adds its static CSS and its
 * English words; or by a language file: keeps its tables.
 */
export function register(name: string, plugin: Plugin | LanguageFile) {
  if (plugin && 'tables' in plugin) for (const table in plugin.tables) addTable(table, plugin.tables[table]);
  else if (plugin && typeof plugin.Component === 'function') {
    registered.set(name, plugin);
    if (plugin.css) addCss(plugin.css);
    if (plugin.en) addEnglish(plugin.en);
  } else debugLog(`plugin ${name}: nothing to register`);
}

/** The plugin already registered under `name`, if any (synchronous, for rendering). */
export function pluginNow<N extends PluginName>(name: N): Plugin<N> | undefined {
  return registered.get(name) as Plugin<N> | undefined;
}

/**
 * Loads plugin `name` (once per page).
 * Resolves to the plugin, or undefined when the file is missing, broken or registers nothing;
 * a failed load is forgotten, so the next call (the visitor's next intent) tries again.
 */
export function loadPlugin<N extends PluginName>(name: N): Promise<Plugin<N> | undefined> {
  return loadOnce(name, () => registered.has(name), () => pluginNow(name), true);
}

/**
 * What plugin file `name` ('report', 'cmp', 'pixels', 'events') sets on the global under its own name,
 * once its file has run (loaded at the first call); undefined when it did not come.
 */
export const fromPluginFile = <K extends 'report' | 'cmp' | 'pixels' | 'events'>(name: K): Promise<GifEmbedGlobal[K]> => {
  const found = () => (ourGlobal() as GifEmbedGlobal | undefined)?.[name];
  return loadOnce(name, () => !!found(), found);
};

/**
 * Resolves once plugin file `name` ran (`ran` says it did what it is for) or failed, to `value()`.
 * Loaded once per window; with `retry`, a file that did not run is forgotten, so the next call
 * (the visitor's next intent) tries again.
 */
function loadOnce<T>(name: PluginFile, ran: () => boolean, value: () => T, retry?: boolean): Promise<T> {
  let promise = loading.get(name) as Promise<T> | undefined;
  if (!promise) {
    promise = ran()
      ? Promise.resolve(value())
      : addPluginScript(name, ran).then(() => {
          if (retry && !ran()) loading.delete(name);
          return value();
        });
    loading.set(name, promise);
  }
  return promise;
}

/**
 * Adds the script of plugin file `name` and resolves once it ran, failed or is still not in at
 * the request deadline; `ran` says whether it did what it is for (a script that did not is
 * removed, so a later call may add it again; one that comes late still registers).
 */
export function addPluginScript(name: PluginFile, ran: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const script = createElement('script');
    // A script's load event fires after it ran, so registration has happened by then.
    const done = () => {
      if (!ran()) {
        debugLog(`plugin ${name} did not load`);
        script.remove();
      }
      resolve();
    };
    try {
      setScriptSrc(script, `${base}plugins/${pluginFile(name)}`);
    } catch (error) {
      // The page's Trusted Types refused the URL: the feature is missing, the player goes on.
      debugLog(`plugin ${name}: script URL refused`, error);
      return done();
    }
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onload = script.onerror = done;
    addToHead(script);
    // A file whose server hangs fails at the deadline: what waits for it goes on without.
    setTimeout(done, PLUGIN_FILE_TIMEOUT_MS);
  });
}
