/**
 * `window.GifEmbed`, the one global name the embed takes. An element with `id="GifEmbed"`, a
 * frame named GifEmbed (named access on window) or a value the page put there first is not ours:
 * it is replaced, never called, so a page's markup cannot stop the embeds.
 */
import type { askPlatforms } from '../analytics/cmp';
import type { sendReport } from '../analytics/error-send';
import type { firePixels } from '../analytics/pixels';
import type { trackEvent } from '../analytics/track-event';
import type { debug } from '../debug';
import type { LanguageFile, Plugin, Runtime } from '../plugin-types';

/** The calls of GifEmbed that embed.js takes and keeps until the player file runs. */
export const WAITING_CALLS = ['scan', 'mount', 'unmount', 'debug', 'setAutoplay'] as const;
/** A call of GifEmbed that waits for the player, by name, with its arguments. */
export type WaitingCall = [(typeof WAITING_CALLS)[number], unknown[]];

/** What embed.js (src/start.ts) leaves for the player file on `window.GifEmbed.start`. */
export interface StartHandOver {
  /** The tag that configures the page: the first copy of embed.js's tag in document order (src/embed/own-script.ts configuringScript). */
  script: HTMLScriptElement;
  /** The folder of the embed.js that ran, where plugins/ is. */
  base: string;
  /** Calls made before the player ran, in order. */
  calls: WaitingCall[];
  /** Sets a script's src through the Trusted Types policy embed.js made (its name can be made once). */
  setScriptSrc(script: HTMLScriptElement, url: string): void;
  /** embed.js's modules the player file uses, lent (scripts/ships.mjs EMBED_LENT). */
  lent: unknown[];
  /**
   * The first screen's GIFs, asked for beside the player file (none on a page that waits for its
   * own images); false once the player has started: embed.js asks for nothing after that.
   */
  early?: EarlyGifs | false;
}

/** The `gifs?ids=` request embed.js sent for the first screen's GIFs (src/embed/early-gifs.ts). */
export interface EarlyGifs {
  /** The request's address. */
  url: string;
  /** The ids asked for, in the request's order. */
  ids: string[];
  /** Its answer to come. */
  answer: Promise<Response>;
}

/** window.GifEmbed until the player file has run (src/start.ts). */
export interface GifEmbedStarter {
  version: string;
  scan(root?: ParentNode): void;
  mount(el: Element): void;
  unmount(el: Element): void;
  debug(on?: boolean): void;
  setAutoplay(policy: string): void;
  start: StartHandOver;
}

/** window.GifEmbed once the player file has run (src/loader.ts). */
export interface GifEmbedGlobal {
  version: string;
  /** Watches every placeholder under `root` (default: the document). */
  scan(root?: ParentNode): void;
  /** Mounts placeholder `el` now, near the viewport or not (before the task ends: mounts made in one task are set up together). */
  mount(el: Element): void;
  /** Unmounts placeholder `el` and releases everything it held. */
  unmount(el: Element): void;
  /** Turns debug logging on or off (undefined: back to `?debug=true` in the page's query). */
  debug: typeof debug;
  /** Every player on the page follows `policy` from now on ('always', 'hover', 'click' or 'never'), its placeholder's own included. */
  setAutoplay(policy: string): void;
  /** For plugin files only. */
  runtime: Runtime;
  register(name: string, plugin: Plugin | LanguageFile): void;
  /** Set by the report plugin file (plugins/report), which src/embed/error-send.ts fetches. */
  report?: typeof sendReport;
  /** Set by the cmp plugin file (plugins/cmp), which src/embed/cmp.ts fetches. */
  cmp?: typeof askPlatforms;
  /** Set by the pixels plugin file (plugins/pixels), which src/embed/pixels.ts fetches. */
  pixels?: typeof firePixels;
  /** Set by the events plugin file (plugins/events), which src/embed/track-event.ts fetches. */
  events?: typeof trackEvent;
}

declare global {
  interface Window {
    /** The starter's until the player file has run (src/start.ts), then the loader's. */
    GifEmbed?: GifEmbedGlobal | GifEmbedStarter;
  }
}

type Ours = GifEmbedGlobal | GifEmbedStarter;

/**
 * window.GifEmbed when embed.js or the player file set it; undefined for anything else, a frame
 * of another origin named GifEmbed included (reading its properties throws).
 */
export function ourGlobal(): Ours | undefined {
  try {
    const value = (window as { GifEmbed?: unknown }).GifEmbed as Partial<Ours> | undefined;
    if (typeof value?.scan === 'function' && typeof value.version === 'string' && !(value instanceof Node)) return value as Ours;
  } catch {
    // Not ours: replaced by setGlobal.
  }
  return undefined;
}

/**
 * Makes `value` window.GifEmbed, over a page's element or value of that name. Throws only when
 * the page made the name unwritable (then the caller stops: plugins could not find the runtime).
 */
export function setGlobal(value: Ours) {
  const win = window as { GifEmbed?: unknown };
  try {
    win.GifEmbed = value;
  } catch {
    // Made read-only by the page: defined over below.
  }
  if (win.GifEmbed !== value) Object.defineProperty(window, 'GifEmbed', { value, configurable: true, enumerable: true, writable: true });
}
