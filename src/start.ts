/**
 * dist/embed.js: the script tag a page includes. It is small on purpose: it reads where it was
 * loaded from and brings the player file (`plugins/player.<hash>.js`, built from loader.ts: the
 * loader, the player, preact/compat and goober), which does the rest.
 *
 * A page whose snippets already show their GIF (the progressive snippet's `<img>`) gets the
 * player file only once those images are in, decoded and painted (at most
 * PROGRESSIVE_WAIT_MAX_MS after the page is parsed): on a slow network the picture a visitor is
 * waiting for does not share the bandwidth, nor its first paint the main thread, with a script
 * that only adds the player to it.
 * Any other page gets the player file at once.
 *
 * Until the player file runs, `window.GifEmbed` takes the same calls and keeps them: the player
 * makes them, in order, as soon as it runs, and any call asks for the player file at once.
 */
import { EAGER_IMAGES, whenImagesIn } from './embed/eager-images';
import { pluginFile } from './embed/plugins';
import { scriptFolder, scriptNonce } from './embed/script';
import { allowPluginFolder, setScriptSrc, TRUSTED_TYPES_POLICY } from './embed/trusted-types';

/** The calls of GifEmbed that wait for the player, by name, with their arguments. */
export type WaitingCall = ['scan' | 'mount' | 'unmount' | 'debug', unknown[]];

/** What embed.js leaves for the player file on `window.GifEmbed.start`. */
export interface StartHandOver {
  /** embed.js's own tag: the settings are read from it (document.currentScript is the player's by then). */
  script: HTMLScriptElement | null;
  /** Calls made before the player ran, in order. */
  calls: WaitingCall[];
  /** Sets a script's src through the Trusted Types policy embed.js made (its name can be made once). */
  setScriptSrc: typeof setScriptSrc;
}

/** window.GifEmbed until the player file has run. */
export interface GifEmbedStarter {
  version: string;
  scan(root?: ParentNode): void;
  mount(el: Element): void;
  unmount(el: Element): void;
  debug(on?: boolean): void;
  start: StartHandOver;
}

function start() {
  const script = document.currentScript as HTMLScriptElement | null;
  const base = scriptFolder(script);
  const nonce = scriptNonce(script);
  allowPluginFolder(base);
  const calls: WaitingCall[] = [];
  let asked = false;
  const load = () => {
    if (asked) return;
    asked = true;
    const tag = document.createElement('script');
    try {
      setScriptSrc(tag, `${base}plugins/${pluginFile('player')}`);
    } catch (error) {
      // Under Trusted Types, a page whose trusted-types directive does not name the policy.
      console.warn(`[gif-embed] The page refused the player file's script URL; under Trusted Types, name "${TRUSTED_TYPES_POLICY}" in its trusted-types directive. The placeholders keep their own content.`, error);
      return;
    }
    tag.async = true;
    if (nonce) tag.nonce = nonce;
    tag.onerror = () => {
      tag.remove();
      // A later call to GifEmbed asks again (a network that was down may be back).
      asked = false;
      console.warn('[gif-embed] The player file did not load: the placeholders keep their own content.');
    };
    document.head.appendChild(tag);
  };
  const waiting = (name: WaitingCall[0]) => (...args: unknown[]) => {
    calls.push([name, args]);
    load();
  };
  const starter: GifEmbedStarter = {
    version: __SDK_VERSION__,
    scan: waiting('scan'),
    mount: waiting('mount'),
    unmount: waiting('unmount'),
    debug: waiting('debug'),
    start: { script, calls, setScriptSrc },
  };
  window.GifEmbed = starter;
  if (!document.querySelector(EAGER_IMAGES)) return load();
  // Once they are in, after the frame that paints them (also when they were in before this
  // script ran: that frame may still be to come, and the player file must not delay it).
  const parsed = () => whenImagesIn(() => requestAnimationFrame(() => setTimeout(load)));
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', parsed);
  else parsed();
}

// A second copy of the script finds the first one's global and leaves the page to it.
const existing = window.GifEmbed;
if (existing) existing.scan();
else {
  try {
    start();
  } catch (error) {
    console.warn('[gif-embed] could not start', error);
  }
}
