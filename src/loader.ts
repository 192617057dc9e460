/**
 * dist/plugins/player.<hash>.js, which dist/embed.js (src/start.ts) brings: how a placeholder
 * becomes a player, step by step; what each step keeps lives in the module named beside it.
 *
 * 1. init: embed.js's tag configures the page (embed/settings.ts), and the calls the page made
 *    to GifEmbed before this file ran are made.
 * 2. scan, after the page's first paint and its progressive snippets' images
 *    (embed/eager-images.ts), and follow, for what the page adds later: each placeholder gets
 *    its box reserved, every box read before any is written, in slices (embed/setup-queue.ts),
 *    and state `loading` (embed/report.ts); the registry keeps it (embed/registry.ts).
 * 3. start, when it comes near the viewport (embed/near.ts): its shadow root is made
 *    (embed/shadow.ts) and its GIF asked for in one `gifs?ids=` request with those starting
 *    beside it and a few further down (embed/fetch.ts). `mount` starts one at once
 *    (embed/mount-queue.ts).
 * 4. The player renders (player/) and reports `ready`, or the error view `error`. The desktop
 *    chrome, share, related and video come as plugin files when wanted (embed/plugins.ts).
 * 5. release: a placeholder taken out of the page lets go of every observer and timer.
 */
import { debug } from './debug';
import { isRetryable } from './api/errors';
import { guarded, reportError } from './analytics/error-report';
import { boxPlan, gifSize, measured, type BoxStyles, type Seen } from './embed/box';
import { attach, restyle } from './embed/container';
import { playersAreMobile } from './embed/device';
import { whenImagesIn } from './embed/eager-images';
import { arrivedGif, requestGif } from './embed/fetch';
import { ourGlobal, setGlobal, type GifEmbedGlobal, type StartHandOver, type WaitingCall } from './embed/global';
import { queueMount, mountQueued, unqueueMount } from './embed/mount-queue';
import { dropNear, startWhenNear, unwatchNear, upcoming, watchNear, widen } from './embed/near';
import { pageImageFile } from './embed/page-image';
import {
  attribute, attributeName, boxSize, defineElement, PLACEHOLDER_SELECTOR, placeholdersIn, quoted, readPlaceholder, STATE_ATTR, type PlaceholderOptions,
} from './embed/placeholder';
import { addPluginScript, register } from './embed/plugins';
import { embeds, type Embed } from './embed/registry';
import { languageOf, markLanguage, pageLanguage, stringsOf, translated, whenTable } from './embed/lang';
import { addEnglish, stringsNow, type Strings } from './i18n';
import { PLAYER_EN } from './i18n/en';
import { relatedIn } from './embed/related';
import { report } from './embed/report';
import { applySettings } from './embed/settings';
import { setupQueue } from './embed/setup-queue';
import { slices } from './slices';
import { afterPaint, whenParsed } from './dom';
import { adoptable, hasMedia, NO_MEDIA_MESSAGE, renderError, renderFallback, renderPlayer } from './player';
import { runtime } from './runtime';
import type { Gif } from './model';

// The player's words join the English table (the kit's are there; each plugin adds its own).
addEnglish(PLAYER_EN);

/** Height given to an error view whose placeholder reserved no box. */
const ERROR_MIN_HEIGHT_PX = 120;

/**
 * Starts watching placeholder `el`: box reserved (`plan`, read beforehand), state `loading`,
 * started when near the viewport. Until then the page shows the placeholder's own content.
 */
function watch(el: Element, plan?: BoxStyles) {
  if (embeds.get(el) || !(el instanceof HTMLElement)) return;
  const { position, ...box } = plan ?? boxPlan(el, ...boxSize(el));
  Object.assign(el.style, box);
  embeds.set(el, { id: attribute(el, 'gif-id'), position });
  report(el, 'loading');
  watchNear(el);
}

/**
 * Renders into the container of `embed` (placeholder `el`) with `render`, in the reader's
 * language: at once in the strings that are here, and again when the reader's table comes.
 */
function paint(el: Element, embed: Embed, render: (strings: Strings) => void) {
  const container = attach(el, embed);
  embed.paint = (strings) => {
    markLanguage(strings, container);
    render(strings);
  };
  repaint(el, embed);
}

/** Paints `embed` (placeholder `el`, once it has painted) in the reader's language as it is now; again when its table comes. */
function repaint(el: Element, embed: Embed) {
  const name = languageOf(el);
  embed.paint?.(stringsOf(el));
  if (!stringsNow(name)) void whenTable(name).then(() => embeds.get(el) === embed && stringsNow(name) && repaint(el, embed));
}

/**
 * Shows the error view in `el` and reports it; `refused`: the attribute value to quote in the
 * warning; `retry`: the failure may pass, so the view offers to load the GIF again.
 */
function fail(el: Element, message: string, id?: string, theme?: PlaceholderOptions['theme'], refused?: string, retry?: boolean) {
  const embed = embeds.get(el);
  if (!embed) return;
  console.warn(`[gif-embed] ${message}${id ? ` (${id})` : refused ? ` (${refused})` : ''}`);
  const style = (el as HTMLElement).style;
  // A box with no reserved size still needs room for the message.
  if (!style.aspectRatio && !style.height) style.minHeight = `${ERROR_MIN_HEIGHT_PX}px`;
  paint(el, embed, (strings) => renderError(embed.container!, translated(strings, message), strings, theme, retry ? () => again(el, embed) : undefined));
  report(el, 'error', { id, message });
}

/** The visitor asked for the GIF again: the placeholder loads from the start, fallback shown. */
function again(el: Element, embed: Embed) {
  if (embeds.get(el) !== embed) return;
  embed.started = false;
  renderFallback(attach(el, embed));
  report(el, 'loading');
  start(el);
}

/**
 * Loads the GIF for `el` and renders its player. `seen`: the box as the IntersectionObserver
 * measured it when it came near, and whether any of it was in the viewport then, so the player
 * is sized without a forced layout. `asked`: the page called `mount` for it in this task.
 */
function start(el: Element, seen?: Seen, asked = false) {
  const embed = embeds.get(el);
  if (!embed || embed.started) return;
  embed.started = true;
  unwatchNear(el);
  // The reader's table, if not English, comes while the GIF is asked for.
  void whenTable(languageOf(el));
  const options = readPlaceholder(el);
  // The warning quotes what was refused; the error event's detail carries no id, as there is none.
  if (typeof options === 'string') return fail(el, options, undefined, undefined, `${attributeName(el, 'gif-id')}=${quoted(attribute(el, 'gif-id') || '')}`);
  // A GIF this page already has renders with no request: in this very task when the page asked
  // for the mount, its player covering the box at once, else in the next slice.
  const arrived = arrivedGif(options.id);
  const container = attach(el, embed, asked && !!arrived);
  const show = (gif: Gif) => {
    if (embeds.get(el) !== embed) return;
    if (!hasMedia(gif)) return fail(el, NO_MEDIA_MESSAGE, options.id, options.theme);
    // The GIF's own size for a box the page gave none (nothing is read here: players that
    // start together force no style calculation).
    const [width, height] = gifSize(gif);
    const sized = boxPlan(el as HTMLElement, width, height, false);
    Object.assign((el as HTMLElement).style, sized);
    // The box as seen coming near (or measured with the others mounted in its task), unless it
    // was just given its size: a page of many embeds is laid out once per frame, not per player.
    const [box, visible] = seen && !sized.width && !sized.aspectRatio ? seen : measured(el);
    // The progressive snippet's image: the player plays that very file (no second download).
    const image = el.querySelector('img');
    paint(el, embed, (strings) => renderPlayer(container, {
      gif,
      strings,
      options,
      mobile: playersAreMobile(),
      width: box.width,
      height: box.height,
      entering: visible,
      adopted: image ? adoptable(gif, pageImageFile(image)) : '',
      // The author's words for the GIF, in the page's language, before the API's.
      alt: attribute(el, 'alt') || image?.alt,
      // Read with the page's voice, not the table's (a page in a language we have no table for).
      altLang: pageLanguage(el),
      onReady: () => {
        // What a host page sizes and names its frame by (the iframe player page does).
        report(el, 'ready', { id: gif.id, title: gif.title, width, height });
        widen();
      },
      // Rendering the error view from inside a render is not allowed: it waits for the next task.
      onFail: (message) => setTimeout(() => embeds.get(el) === embed && fail(el, message, options.id, options.theme)),
    }));
  };
  if (arrived) return asked ? show(arrived) : shows.add([() => show(arrived)]);
  // The placeholders the page will soon show ride along, those still waiting for their setup too.
  requestGif(options.id, () => upcoming(setups.waiting())).then(
    (gif) => shows.add([() => show(gif)]),
    (error: Error) => embeds.get(el) === embed && fail(el, error.message, options.id, options.theme, undefined, isRetryable(error.cause)),
  );
}

/**
 * Players whose GIF is here, rendered a slice at a time (src/slices.ts): one answer brings the
 * GIFs of many players, and a player's start (its shadow root) and its render are separate
 * pieces of work, each within a slice.
 */
const shows = slices<() => void>((show) => show());

/** Placeholders found, waiting for their setup (watch): every box read, then written, sliced over tasks. */
const setups = setupQueue(watch);

/** Sets up the placeholders of `found` not watched yet. */
function watchAll(found: Element[]) {
  setups.add(found.filter((el): el is HTMLElement => el instanceof HTMLElement && !embeds.get(el)));
}

/** See GifEmbedGlobal.scan. */
function scan(root: ParentNode = document) {
  watchAll(placeholdersIn(root));
  relatedIn(root);
}

/** See GifEmbedGlobal.mount: those of one task are read, written, measured and rendered together. */
function mount(el: Element) {
  queueMount(el, (found) => {
    const plans = found.map((el) => (el instanceof HTMLElement && !embeds.get(el) ? boxPlan(el, ...boxSize(el)) : undefined));
    found.forEach((el, i) => watch(el, plans[i]));
    const boxes = found.map(measured);
    found.forEach((el, i) => start(el, boxes[i], true));
  });
}

/** See GifEmbedGlobal.unmount: a mount asked for earlier in the task is called off too. */
function unmount(el: Element) {
  unqueueMount(el);
  release(el);
}

/** Stops everything `el` started and shows its own content again. */
function release(el: Element) {
  setups.remove(el);
  dropNear(el);
  const embed = embeds.get(el);
  if (!embed) return;
  embeds.delete(el);
  // Rendering the fallback unmounts the player: its effects release their observers and timers.
  if (embed.container) renderFallback(embed.container);
  embed.detach?.();
  el.removeAttribute(STATE_ATTR);
}

/** Releases every watched placeholder the page took out; one moved into another document keeps its styles there. */
const releaseDisconnected = () => embeds.forEach((embed, el) => (el.isConnected ? restyle(embed) : release(el)));

/** Follows the page: placeholders added later mount, removed ones unmount, a changed id remounts. */
function follow(records: MutationRecord[]) {
  const added: Element[] = [];
  let removed = 0;
  for (const record of records) {
    // A page's language switch (a single-page app's): every painted player follows it.
    if (record.attributeName === 'lang') embeds.forEach((embed, el) => repaint(el, embed));
    else if (record.type === 'attributes') {
      const el = record.target as Element;
      const embed = embeds.get(el);
      // mount() may already have picked up the new id; otherwise swap the GIF in place.
      if (embed && embed.id === attribute(el, 'gif-id')) continue;
      // (A mount the page asked for in the same task still comes: it reads the new id.)
      release(el);
      if (attribute(el, 'gif-id') === null || !el.matches(PLACEHOLDER_SELECTOR)) continue;
      watch(el);
      if (embed && embed.started) start(el);
    } else {
      record.addedNodes.forEach((node) => {
        if (!(node instanceof Element)) return;
        added.push(...placeholdersIn(node));
        relatedIn(node);
      });
      removed ||= record.removedNodes.length;
    }
  }
  // Once per callback, however many records took nodes out.
  if (removed) releaseDisconnected();
  // A player moved back from another document takes this one's styles again.
  added.forEach((el) => restyle(embeds.get(el)));
  // Everything added at once is read before any of it is written, as in a scan; what the page
  // mounts in this task is set up with its mount (reading it here would force a style pass).
  watchAll(added.filter((el) => !mountQueued(el)));
}

/** `handOver`: what embed.js left (none when a page includes the player file itself, which is refused). */
function init(handOver?: StartHandOver) {
  // Only embed.js brings the player: it verified its own address, which every file comes from.
  if (!handOver) return console.warn('[gif-embed] include embed.js, not the player file');
  applySettings(handOver);
  // A browser without an IntersectionObserver fetches the scroll-driven one first: a plugin file
  // no other browser asks for. Should it not come, players start at once and count no SEEN.
  const go = () => run(handOver.calls);
  // The page's settings in this task, the rest in the next: with a phone's CPU, the file's first
  // run is two pieces of work within a slice each, not one long task.
  if (typeof window.IntersectionObserver === 'function') setTimeout(() => guarded(go, 'loader'));
  else void addPluginScript('intersection', () => typeof window.IntersectionObserver === 'function').then(go).catch((error) => reportError(error, 'loader'));
}

/**
 * The loader's work once the page can be observed: find the placeholders and follow the page.
 * `calls`: what the page asked of GifEmbed before this file ran, made now in order.
 */
function run(calls: WaitingCall[]) {
  startWhenNear(start);
  const api: GifEmbedGlobal = { version: __SDK_VERSION__, scan, mount, unmount, debug, runtime, register };
  setGlobal(api);
  for (const [name, args] of calls) guarded(() => (api[name] as (...a: unknown[]) => void)(...args), 'loader');
  guarded(defineElement, 'loader');
  const begin = () => {
    scan();
    // The document itself, not its root element: `document.open()` replaces the root element,
    // and what the rewrite writes (and adds later) is followed all the same.
    new MutationObserver(follow).observe(document, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-gif-id', 'gif-id', 'lang'],
    });
  };
  // The page paints first: text and the progressive snippet's images reach the screen before the
  // scan's style reads and shadow roots take the main thread (one frame later). A document that
  // is never done parsing or never painted (a frame written and not closed, one off screen) is
  // scanned all the same, and followed as it grows.
  whenParsed(() => whenImagesIn(() => afterPaint(begin)));
}

// Started by embed.js (its hand-over on the global); a second copy of the player finds the
// first one's global and leaves the page to it.
const found = ourGlobal();
if (found && !('start' in found)) found.scan();
else guarded(() => init(found?.start), 'loader');
