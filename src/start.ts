/**
 * dist/embed.js: the script tag a page includes. It is small on purpose: it reads where it was
 * loaded from and brings the player file of the reader's layout (`plugins/player-mobile.<hash>.js`
 * or `player-desktop`, built from loader.ts: the loader, the player, preact/compat and goober),
 * which does the rest.
 *
 * A page whose snippets already show their GIF (the progressive snippet's `<img>`) gets the
 * player file only once those images are in, decoded and painted (at most
 * PROGRESSIVE_WAIT_MAX_MS after the page is parsed, or PARSE_WAIT_MAX_MS has passed on a page
 * still parsing): on a slow network the picture a visitor is
 * waiting for does not share the bandwidth, nor its first paint the main thread, with a script
 * that only adds the player to it.
 * Any other page gets the request for its first screen's GIFs first (src/embed/early-gifs.ts),
 * which the player takes over; from its answer embed.js puts the progressive snippet's pictures
 * into the plain snippets (src/embed/early-picture.ts), and asks for the player file once they are
 * in and painted, as above (at most PROGRESSIVE_WAIT_MAX_MS after the request). A page with no
 * placeholder yet waits for its first one (an ad network's placement) and starts the same way then;
 * a call to `window.GifEmbed` brings the player file at once.
 *
 * Until the player file runs, `window.GifEmbed` takes the same calls and keeps them: the player
 * makes them, in order, as soon as it runs, and any call asks for the player file at once.
 *
 * What embed.js carries and the player file needs too (scripts/ships.mjs EMBED_LENT) is lent to
 * it on `window.GifEmbed.start.lent` (build.mjs makes `gif-embed:embed-lent`): a page downloads it once.
 */
import { addToHead, afterPaint, createElement, fromDocument, whenParsed } from './dom';
import { EAGER_IMAGES, PROGRESSIVE_WAIT_MAX_MS, whenImagesIn } from './embed/eager-images';
import { showPictures } from './embed/early-picture';
import { earlyGifs } from './embed/early-gifs';
import { isMobileDevice } from './embed/device';
import { ourGlobal, setGlobal, WAITING_CALLS, type GifEmbedStarter, type StartHandOver, type WaitingCall } from './embed/global';
import { PLACEHOLDER_SELECTOR } from './embed/placeholder-attribute';
import { preconnectNamed } from './embed/preconnect';
import { pluginFile } from './plugin-names';
import { configuringScript, ownScript, scriptNonce } from './embed/own-script';
import { allowBuildFiles, setScriptSrc, TRUSTED_TYPES_POLICY } from './embed/trusted-types';
import { lent } from 'gif-embed:embed-lent';

function start() {
  const own = ownScript();
  if (!own) {
    console.warn('[gif-embed] embed.js runs only from its own <script src=".../embed.js">');
    return;
  }
  // In a task of its own: the script's first run is the longest task it makes.
  setTimeout(preconnectNamed, 0, own.src);
  const base = new URL('.', own.src).href;
  const nonce = scriptNonce(own);
  allowBuildFiles(base);
  const calls: WaitingCall[] = [];
  let asked = false;
  const load = () => {
    if (asked) return;
    asked = true;
    const tag = createElement('script');
    try {
      // The reader's layout's player file (spec §2): a page runs one of the two.
      setScriptSrc(tag, `${base}plugins/${pluginFile(isMobileDevice() ? 'player-mobile' : 'player-desktop')}`);
    } catch (error) {
      // Under Trusted Types, a page whose trusted-types directive does not name the policy.
      console.warn(`[gif-embed] The page refused the player file: add "${TRUSTED_TYPES_POLICY}" to its trusted-types directive.`, error);
      return;
    }
    tag.async = true;
    if (nonce) tag.nonce = nonce;
    tag.onerror = () => {
      tag.remove();
      // A later call to GifEmbed asks again (a network that was down may be back).
      asked = false;
      console.warn('[gif-embed] The player file did not load.');
    };
    addToHead(tag);
  };
  const waiting = (name: WaitingCall[0]) => (...args: unknown[]) => {
    calls.push([name, args]);
    load();
  };
  const handOver: StartHandOver = { script: configuringScript(own), base, calls, setScriptSrc, lent };
  const starter = { version: __SDK_VERSION__, start: handOver } as GifEmbedStarter;
  for (const name of WAITING_CALLS) starter[name] = waiting(name);
  setGlobal(starter);
  const found = (selector: string) => fromDocument('querySelector').call(document, selector);
  if (!found(EAGER_IMAGES)) {
    // The first screen's GIFs go out before the player file: once the page is painted (its layout
    // is then read for free), unless the player has run by then. Their pictures go in as the
    // answer comes (./embed/early-picture.ts), and the player file is asked for once they are in
    // and painted, as for the progressive snippet's, or PROGRESSIVE_WAIT_MAX_MS after the request
    // (a player that has run by the time the answer comes, its global in place of ours, gets none).
    const first = () => {
      const early = (handOver.early ??= earlyGifs(handOver.script));
      if (!early) return load();
      setTimeout(load, PROGRESSIVE_WAIT_MAX_MS);
      const next = () => whenImagesIn(() => afterPaint(load));
      showPictures(early, handOver.script, () => ourGlobal() != starter || calls.some(([name]) => name == 'setAutoplay')).then(next);
    };
    afterPaint(() => {
      if (found(PLACEHOLDER_SELECTOR)) return first();
      // A page with no placeholder yet (an ad network adds its placements once the page has
      // loaded): the first to come starts the same way, unless a call to GifEmbed brought the
      // player file first; it then finds the placeholders itself.
      const watch = new MutationObserver(() => {
        if (asked || found(PLACEHOLDER_SELECTOR)) {
          watch.disconnect();
          if (!asked) afterPaint(first);
        }
      });
      watch.observe(document, { childList: true, subtree: true });
    });
    return;
  }
  // Once they are in, after the frame that paints them (also when they were in before this
  // script ran: that frame may still be to come, and the player file must not delay it).
  whenParsed(() => whenImagesIn(() => afterPaint(load)));
}

// A second copy of the script finds the first one's global and leaves the page to it.
const existing = ourGlobal();
if (existing) existing.scan();
else {
  try {
    start();
  } catch (error) {
    console.warn('[gif-embed] could not start', error);
  }
}
