/**
 * dist/plugins/player-<layout>.<hash>.js, which dist/embed.js (src/start.ts) brings: how a placeholder
 * becomes a player, step by step.
 *
 * 1. init: embed.js's tag configures the window (embed/page.ts applySettings: the hosts, the
 *    consent gate, the plugin files, the styles), the document gets its page (embed/page.ts),
 *    and the calls the page made to GifEmbed before this file ran are made on it.
 * 2. scan, after the page's first paint and its progressive snippets' images
 *    (embed/eager-images.ts), and follow, for what the page adds later: each placeholder gets
 *    its box reserved, every box read before any is written, in slices (embed/setup-queue.ts);
 *    then its embed object is made and watched, state `loading` (embed/embed.ts watch).
 * 3. start, when it comes near the viewport (embed/near.ts): its shadow root is made
 *    (embed/shadow.ts) and its GIF asked for in one `gifs?ids=` request with those starting
 *    beside it and a few further down (embed/fetch.ts). `mount` starts one at once
 *    (embed/mount-queue.ts).
 * 4. show: the player renders (player/), handed its embed, and reports `ready`; or fail: the
 *    error view, `error`. Either paints again in the reader's language when its table comes.
 *    The desktop chrome, share, related and video come as plugin files when wanted
 *    (src/plugin-files.ts).
 * 5. release: a placeholder taken out of the page lets go of every observer and timer; the
 *    page's `dispose` releases them all.
 */
import { debug } from './debug';
import { guarded, reportError } from './analytics/error-report';
import { whenImagesIn } from './embed/eager-images';
import { ourGlobal, setGlobal, type GifEmbedGlobal, type StartHandOver, type WaitingCall } from './embed/global';
import { defineElement } from './embed/placeholder';
import { addPluginScript, register } from './plugin-files';
import { applySettings, createPage, type Page } from './embed/page';
import { readScript } from './embed/script';
import { addEnglish } from './i18n';
import { PLAYER_EN } from './i18n/en';
import { afterPaint, whenParsed } from './dom';
import { ownPreact } from './runtime';
import { lent } from 'gif-embed:lent';

// The page's Preact is the embed's; the player's words join the English table (the kit's are
// there; each plugin adds its own).
ownPreact();
addEnglish(PLAYER_EN);

/** `handOver`: what embed.js left (none when a page includes the player file itself, which is refused). */
function init(handOver?: StartHandOver) {
  // Only embed.js brings the player: it verified its own address, which every file comes from.
  if (!handOver) return console.warn('[gif-embed] include embed.js, not the player file');
  // The page's settings: on the first copy of embed.js's tag, which embed.js found.
  const settings = readScript(handOver.script, handOver.base);
  applySettings(settings, handOver.setScriptSrc);
  // A page per document: `document.open()` keeps the document (its page follows the rewrite), and
  // a player moved into another document stays its page's, restyled there (embed/embed.ts).
  // The first screen's GIFs embed.js asked for, if it has by now (it asks for nothing after this).
  const page = createPage(settings, document, (handOver.early ||= false));
  // A browser without an IntersectionObserver fetches the scroll-driven one first: a plugin file
  // no other browser asks for. Should it not come, players start at once and count no SEEN.
  const go = () => run(page, handOver.calls);
  // The page's settings in this task, the rest in the next: with a phone's CPU, the file's first
  // run is two pieces of work within a slice each, not one long task.
  if (typeof window.IntersectionObserver === 'function') setTimeout(() => guarded(go, 'loader'));
  else void addPluginScript('intersection', () => typeof window.IntersectionObserver === 'function').then(go).catch((error) => reportError(error, 'loader'));
}

/**
 * The loader's work once the page can be observed: lend the page's calls as GifEmbed's, make
 * `calls` (what the page asked of GifEmbed before this file ran) in order, find the placeholders
 * and follow the page.
 */
function run(page: Page, calls: WaitingCall[]) {
  const api: GifEmbedGlobal = {
    version: __SDK_VERSION__,
    scan: page.scan,
    mount: page.mount,
    unmount: page.unmount,
    debug,
    setAutoplay: page.setAutoplay,
    runtime: lent,
    register,
  };
  setGlobal(api);
  for (const [name, args] of calls) guarded(() => (api[name] as (...a: unknown[]) => void)(...args), 'loader');
  guarded(defineElement, 'loader');
  // The page paints first: text and the progressive snippet's images reach the screen before the
  // scan's style reads and shadow roots take the main thread (one frame later). A document that
  // is never done parsing or never painted (a frame written and not closed, one off screen) is
  // scanned all the same, and followed as it grows.
  whenParsed(() => whenImagesIn(() => afterPaint(page.follow)));
}

// Started by embed.js (its hand-over on the global); a second copy of the player finds the
// first one's global and leaves the page to it.
// Without embed.js there is no hand-over, and nothing it lends (ourGlobal included) is here.
const found = ourGlobal?.();
if (found && !('start' in found)) found.scan();
else guarded(() => init(found?.start), 'loader');
