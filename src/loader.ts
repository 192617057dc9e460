/**
 * dist/plugins/player.<hash>.js, which dist/embed.js (src/start.ts) brings: how a placeholder
 * becomes a player.
 *
 * 1. On start, embed.js's script tag's settings configure the API, pingback and plugin hosts,
 *    and the calls the page made to GifEmbed before this file ran are made.
 * 2. After the page's first paint (and once the progressive snippet's own images are in, or
 *    PROGRESSIVE_WAIT_MAX_MS passed), `scan` finds every `[data-gif-id]` and `<gif-embed>` (and a
 *    MutationObserver finds those added later); each gets its box reserved (every box read
 *    before any is written, in slices) and state `loading`, and shows its own content.
 * 3. An IntersectionObserver starts the ones near the viewport, each in a shadow root made then
 *    (see attach): ids that start together go out in one `gifs?ids=` request (embed/fetch.ts),
 *    which also carries the GIFs of placeholders a little further down, so scrolling on rarely
 *    needs another request.
 * 4. The GIF arrives and the player renders in the shadow root; it reports `ready` (or the
 *    embed shows its error view and reports `error`), as `data-gif-embed-state` and an event.
 *    This file carries the GIF view, pause/play, the hover state and the whole mobile layout;
 *    the desktop chrome (header, attribution, footer, share) is plugins/chrome.js, fetched at
 *    the first hover or focus or when the page is idle after ready, and never on mobile. It
 *    brings the share and related plugins; video comes only for youtube/vimeo media.
 * 5. A placeholder removed from the page is unmounted: every observer and timer is released.
 */
import { configure } from './config';
import { debug } from './debug';
import { reportError } from './analytics/error-report';
import { arrivedGif, NOT_FOUND_MESSAGE, requestGif } from './embed/fetch';
import { isMobileDevice } from './embed/device';
import {
  attribute, attributeName, boxSize, ELEMENT_NAME, saneBox, gifIdFrom, PLACEHOLDER_SELECTOR, placeholderId, quoted, readPlaceholder, STATE_ATTR, type PlaceholderOptions,
} from './embed/placeholder';
import { whenImagesIn } from './embed/eager-images';
import { pageImageFile } from './embed/page-image';
import { addPluginScript, register, setPluginSource } from './embed/plugins';
import { readScript, setEmbedScript } from './embed/script';
import { ourGlobal, setGlobal, type GifEmbedGlobal, type StartHandOver, type WaitingCall } from './embed/global';
import { createElement, fromDocument, queryAll, whenParsed } from './dom';
import { useScriptSrc } from './embed/script-src';
import { addCss, adoptStyles, setStyleNonce } from './embed/styles';
import { adoptable, hasMedia, NO_MEDIA_MESSAGE, PLAYER_CSS, renderError, renderFallback, renderPlayer, renderRelatedWidget, webpSupported } from './player';
import { runtime } from './runtime';
import { EMBED_BASE_PX, pickRendition, type Gif } from './model';

/** An element that shows the related widget for a GIF (spec §2's alternative widget). */
const RELATED_SELECTOR = '[data-gif-related]';
export const READY_EVENT = 'gif-embed:ready';
export const ERROR_EVENT = 'gif-embed:error';
/** Until the first player is ready, placeholders this close to the viewport start loading. */
export const LAZY_MARGIN_PX = 300;
/**
 * Once a player is ready, placeholders start this far ahead (Chromium's own distance for
 * `loading="lazy"` images): the first screen does not share the network with the next ones,
 * and a visitor scrolling on finds the players there.
 */
export const LAZY_MARGIN_AFTER_READY_PX = 1250;
/**
 * A request a placeholder has to make also carries the GIFs of the placeholders up to this many
 * viewport heights beyond the distance at which placeholders start (at most LOOKAHEAD_MAX_IDS of
 * them): a visitor scrolling on finds them already fetched, and a page of many embeds costs a few
 * requests, not one per screen.
 */
export const LOOKAHEAD_VIEWPORTS = 2;
export const LOOKAHEAD_MAX_IDS = 24;
/** Height given to an error view whose placeholder reserved no box. */
const ERROR_MIN_HEIGHT_PX = 120;

/** What the loader keeps for a placeholder it watches. */
interface Embed {
  /**
   * Where Preact renders, inside the shadow root: made when the placeholder starts (see
   * attach), so a page of hundreds sets up none for the placeholders far down.
   */
  container?: Element;
  /** Detaches the fallback `<style>` from the shared stylesheet. */
  detach?(): void;
  /** The GIF id attribute it was mounted with. */
  id: string | null;
  /** The host's `position` the player needs, read at setup and written by attach (see boxPlan). */
  position?: string;
  /** The load has started (fetch or render). */
  started?: boolean;
}

const embeds = new Map<Element, Embed>();
/** Shadow containers survive unmount, because a shadow root cannot be removed. */
const containers = new WeakMap<Element, Element>();
let nearViewport: IntersectionObserver;
/** Watches for placeholders within the lookahead's reach (see upcoming); none without an IntersectionObserver. */
let lookahead: IntersectionObserver | undefined;
/** The placeholders within that reach, as the lookahead observer last reported them. */
const ahead = new Set<Element>();
/** Placeholders watched that the lookahead observer has not reported on yet. */
const unseen = new Set<Element>();
let widened = false;
/** Which layout players take, asked at the first player (not while the page is still loading). */
let mobile: boolean | undefined;

/** Each embed's polite live region (in its shadow root, beside the player). */
const announcers = new WeakMap<Element, HTMLElement>();
/** What the live region says for each state (an error says its message). */
export const LOADING_ANNOUNCEMENT = 'Loading GIF';
export const READY_ANNOUNCEMENT = 'GIF loaded';

/** The detail of the ready event: the GIF's id, title and own size in px. */
export interface ReadyDetail {
  id: string;
  title: string;
  width: number;
  height: number;
}

/**
 * Sets the state attribute, says the state once (politely) to screen readers and, for
 * ready/error, dispatches the matching event on `el`.
 */
function report(el: Element, state: 'loading' | 'ready' | 'error', detail?: Partial<ReadyDetail> & { message?: string }) {
  el.setAttribute(STATE_ATTR, state);
  const live = announcers.get(el);
  const text = state === 'loading' ? LOADING_ANNOUNCEMENT : state === 'ready' ? READY_ANNOUNCEMENT : detail?.message || '';
  if (live && live.textContent !== text) live.textContent = text;
  if (state !== 'loading') el.dispatchEvent(new CustomEvent(state === 'ready' ? READY_EVENT : ERROR_EVENT, { bubbles: true, detail }));
}

/** The element that holds the embed's shadow root: the placeholder, or a child when it cannot host one. */
function shadowContainer(el: HTMLElement): Element {
  let container = containers.get(el);
  if (!container) {
    let shadow: ShadowRoot;
    try {
      shadow = el.attachShadow({ mode: 'open' });
    } catch {
      // Elements like <a> or an existing custom element cannot host our shadow root.
      const host = el.appendChild(createElement('span'));
      host.style.cssText = 'position:absolute;inset:0;display:block';
      shadow = host.attachShadow({ mode: 'open' });
    }
    container = shadow.appendChild(createElement('div'));
    containers.set(el, container);
    const live = shadow.appendChild(createElement('span'));
    live.className = 'sr';
    live.setAttribute('role', 'status');
    announcers.set(el, live);
  }
  return container;
}

/**
 * The inline styles a placeholder's box needs: watch writes them all but `position`, which
 * attach writes when the player comes.
 */
type BoxStyles = Partial<Record<'position' | 'display' | 'width' | 'maxWidth' | 'aspectRatio', string>>;

/**
 * What reserving the box of `el` for a `width` x `height` GIF takes, read without writing
 * anything: the page's own styles stay as they are. Reading (getComputedStyle) after another
 * box was written forces a style calculation, so a scan reads every box before writing any.
 */
function boxPlan(el: HTMLElement, width: number, height: number, layout = true): BoxStyles {
  const style = el.style;
  const plan: BoxStyles = {};
  if (layout) {
    const computed = getComputedStyle(el);
    // The player is positioned against the box; a hostile `* { all: unset }` makes it inline.
    if (computed.position === 'static') plan.position = 'relative';
    if (computed.display === 'inline' || computed.display === 'contents') plan.display = 'block';
  }
  if (!width || style.height) return plan;
  // The GIF's width, as far as the container allows. A fixed width (not a percentage) gives
  // shrink-to-fit hosts (table cells, floats, inline-blocks, flex items) a size to fit: with a
  // percentage they resolve to 0. A max-width the page set (the older snippet's max-width:Wpx)
  // still holds, and so does the container's width.
  if (!style.width) {
    plan.width = `${width}px`;
    plan.maxWidth = style.maxWidth ? `min(${style.maxWidth}, 100%)` : '100%';
  }
  if (!style.aspectRatio) plan.aspectRatio = saneBox(width, height).join('/');
  return plan;
}

/**
 * Starts watching placeholder `el`: box reserved (`plan`, read beforehand), state `loading`,
 * started when near the viewport. Until then the page shows the placeholder's own content.
 */
function watch(el: Element, plan?: BoxStyles) {
  if (embeds.has(el) || !(el instanceof HTMLElement)) return;
  const { position, ...box } = plan ?? boxPlan(el, ...boxSize(el));
  Object.assign(el.style, box);
  embeds.set(el, { id: attribute(el, 'gif-id'), position });
  report(el, 'loading');
  if (lookahead) unseen.add(el);
  observe(el);
}

/**
 * The container of `embed` (placeholder `el`): its shadow root, styles and live region made at
 * the first call, showing the placeholder's own content until a player or error view renders.
 * A shadow root changes how its host is laid out, so it is made only for a placeholder that
 * starts, not for every one a page holds.
 */
function attach(el: Element, embed: Embed, covered = false): Element {
  if (embed.container) return embed.container;
  if (embed.position) (el as HTMLElement).style.position = embed.position;
  const container = (embed.container = shadowContainer(el as HTMLElement));
  embed.detach = adoptStyles(container.parentNode as ShadowRoot);
  // `covered`: a player renders over it before the task ends.
  if (!covered) renderFallback(container);
  // Made for a placeholder that is loading (an error or ready state comes after, through report).
  announcers.get(el)!.textContent = LOADING_ANNOUNCEMENT;
  return container;
}

/** Watches `el` for coming near (it starts) and for coming within the lookahead's reach. */
function observe(el: Element) {
  lookahead?.observe(el);
  nearViewport.observe(el);
}

/**
 * The size a GIF's box takes where the page gave none: its original's, else that of its largest
 * rendition with a known size (pickRendition without a target), else the embed code's
 * EMBED_BASE_PX square (the data said none).
 */
function gifSize(gif: Gif): [number, number] {
  const original = gif.images.original;
  const known = original?.width && original.height ? original : pickRendition(gif.images, 0, 0);
  return known ? [known.width, known.height] : [EMBED_BASE_PX, EMBED_BASE_PX];
}

/** Stops watching `el`: started, or gone. */
function unobserve(el: Element) {
  nearViewport.unobserve(el);
  lookahead?.unobserve(el);
  ahead.delete(el);
  unseen.delete(el);
}

/**
 * Setting up placeholders takes at most this long per task; a page of hundreds goes on in the
 * next tasks (in page order), so the scan adds no long task, and the page stays responsive.
 */
export const SETUP_SLICE_MS = 8;
/**
 * Placeholders waiting for their setup, in page order, each with its box plan once read. Every
 * box is read before any is written (a read after a write forces a style calculation), and both
 * the reads and the writes go in SETUP_SLICE_MS slices, so 500 placeholders add no long task.
 */
let setupQueue: [HTMLElement, BoxStyles?][] = [];
/** How many queued placeholders have their plan (the first ones). */
let planned = 0;

/** Sets up `found`: read first, then written, sliced over tasks. */
function watchAll(found: Element[]) {
  const fresh = found.filter((el): el is HTMLElement => el instanceof HTMLElement && !embeds.has(el));
  if (!fresh.length) return;
  const idle = !setupQueue.length;
  setupQueue.push(...fresh.map((el): [HTMLElement] => [el]));
  if (idle) setUp();
}

/** Reads the boxes not read yet, then sets up read ones, until the slice is used; then yields to the page. */
function setUp() {
  const until = performance.now() + SETUP_SLICE_MS;
  while (planned < setupQueue.length && performance.now() < until) {
    const entry = setupQueue[planned++];
    entry[1] = boxPlan(entry[0], ...boxSize(entry[0]));
  }
  let done = 0;
  if (planned === setupQueue.length) {
    while (done < setupQueue.length && performance.now() < until) {
      const [el, plan] = setupQueue[done++];
      // Taken out of the page while it waited: nothing to set up.
      if (el.isConnected) watch(el, plan);
    }
  }
  setupQueue = setupQueue.slice(done);
  planned -= done;
  if (setupQueue.length) setTimeout(setUp);
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
  renderError(attach(el, embed), message, theme, retry ? () => again(el, embed) : undefined);
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
 * Ids of placeholders not started yet, within LOOKAHEAD_VIEWPORTS beyond the start margin, in page
 * order. The lookahead observer says which; only a placeholder it has not reported on yet (set up
 * since the last frame) is measured, so a request on a settled page forces no layout. Those are
 * measured in page order until one lies beyond the reach below: the ones after it are further
 * down (a page of hundreds still being set up is not measured box by box).
 */
function upcoming(): string[] {
  const reach = lookaheadReach(widened ? LAZY_MARGIN_AFTER_READY_PX : LAZY_MARGIN_PX);
  const ids: string[] = [];
  let beyond = false;
  embeds.forEach((embed, el) => {
    const id = !embed.started && ids.length < LOOKAHEAD_MAX_IDS && placeholderId(el);
    if (!id) return;
    if (ahead.has(el)) return void ids.push(id);
    if (beyond || !unseen.has(el)) return;
    const box = el.getBoundingClientRect();
    beyond = box.top >= innerHeight + reach;
    if (!beyond && hasBox(box) && box.bottom > -reach) ids.push(id);
  });
  return ids;
}

/**
 * Loads the GIF for `el` and renders its player. `seen`: the box as the IntersectionObserver
 * measured it when it came near, and whether any of it was in the viewport then, so the player
 * is sized without a forced layout.
 */
function start(el: Element, seen?: Seen) {
  const embed = embeds.get(el);
  if (!embed || embed.started) return;
  embed.started = true;
  unobserve(el);
  const options = readPlaceholder(el);
  // The warning quotes what was refused; the error event's detail carries no id, as there is none.
  if (typeof options === 'string') return fail(el, options, undefined, undefined, `${attributeName(el, 'gif-id')}=${quoted(attribute(el, 'gif-id') || '')}`);
  // A GIF this page already has (shown before, or brought along by another request) renders in
  // this very task: mount(el) shows it in the next frame. Its player covers the box at once, so
  // the placeholder's own content is not rendered in between.
  const arrived = arrivedGif(options.id);
  const container = attach(el, embed, !!arrived);
  const show = (gif: Gif) => {
    if (embeds.get(el) !== embed) return;
    if (!hasMedia(gif)) return fail(el, NO_MEDIA_MESSAGE, options.id, options.theme);
    // The GIF's own size for a box the page gave none (its position and display were set at
    // watch: nothing is read here, so players that start together force no style calculation).
    const [width, height] = gifSize(gif);
    const sized = boxPlan(el as HTMLElement, width, height, false);
    Object.assign((el as HTMLElement).style, sized);
    // The box as it was seen coming near (or measured with the others mounted in its task),
    // unless it was just given its size: a page of many embeds is laid out once per frame, not
    // once per player.
    const [box, visible] = seen && !sized.width && !sized.aspectRatio ? seen : measured(el);
    // The progressive snippet's image: the player plays that very file (no second download).
    const image = el.querySelector('img');
    renderPlayer(container, {
      gif,
      options,
      mobile: (mobile ??= isMobileDevice()),
      width: box.width,
      height: box.height,
      entering: visible,
      adopted: image ? adoptable(gif, pageImageFile(image)) : '',
      onReady: () => {
        // What a host page sizes and names its frame by (the iframe player page does).
        report(el, 'ready', { id: gif.id, title: gif.title, width, height });
        widen();
      },
      // Rendering the error view from inside a render is not allowed: it waits for the next task.
      onFail: (message) => setTimeout(() => embeds.get(el) === embed && fail(el, message, options.id, options.theme)),
    });
  };
  if (arrived) return show(arrived);
  requestGif(options.id, upcoming).then(
    // One answer brings the GIFs of many players: each renders in a task of its own, so together
    // they add no long task, and the page can paint between them.
    (gif) => setTimeout(() => show(gif)),
    (error: Error) => embeds.get(el) === embed && fail(el, error.message, options.id, options.theme, undefined, error.message !== NOT_FOUND_MESSAGE),
  );
}

/** A box as an IntersectionObserver saw it (or as measured), and whether any of it was in the viewport then. */
type Seen = [box: DOMRectReadOnly, visible: boolean];

/** The box of `el` measured now (a layout, if anything changed since the last), and whether any of it is in the viewport. */
function measured(el: Element): Seen {
  const box = el.getBoundingClientRect();
  return [box, inViewport(box, 0, 0, innerWidth, innerHeight)];
}

/** Whether any of `box` lies within the rectangle from (left, top) to (right, bottom). */
const inViewport = (box: DOMRectReadOnly, left: number, top: number, right: number, bottom: number) =>
  box.bottom > top && box.top < bottom && box.right > left && box.left < right;

/** Watches for placeholders within `margin` px of the viewport, and starts them. */
function nearObserver(margin: number): IntersectionObserver {
  if (typeof IntersectionObserver !== 'function') {
    return { observe: (el: Element) => setTimeout(() => start(el)), unobserve() {}, disconnect() {} } as unknown as IntersectionObserver;
  }
  // The viewport is the observer's root less its margin; a frame of another site is not told
  // its root's bounds (null), and counts its boxes as in view.
  const visible = (box: DOMRectReadOnly, root: DOMRectReadOnly | null) =>
    !root || inViewport(box, root.left + margin, root.top + margin, root.right - margin, root.bottom - margin);
  return new IntersectionObserver(
    (entries) => startNear(entries.filter((entry) => entry.isIntersecting).map(({ target, boundingClientRect: box, rootBounds }): Near => [target, [box, visible(box, rootBounds)]])),
    { rootMargin: `${margin}px` },
  );
}

/** A placeholder that came near, with its box as the observer measured it. */
type Near = [Element, Seen];
/**
 * Placeholders that came near and wait for their start, in the order they came. Starting one
 * makes its shadow root and renders its fallback: the ones that come near together start in
 * SETUP_SLICE_MS slices (at least one per task), so a screenful adds no long task.
 */
let nearQueue: Near[] = [];

/** Starts `found` now, as far as a slice allows; the rest in the next tasks. */
function startNear(found: Near[]) {
  if (!found.length) return;
  const idle = !nearQueue.length;
  nearQueue.push(...found);
  if (idle) startQueued();
}

function startQueued() {
  const until = performance.now() + SETUP_SLICE_MS;
  let done = 0;
  while (done < nearQueue.length && (!done || performance.now() < until)) start(...nearQueue[done++]);
  nearQueue = nearQueue.slice(done);
  if (nearQueue.length) setTimeout(startQueued);
}

/**
 * How far beyond the viewport the lookahead reaches (px) while placeholders start `margin` px
 * ahead: beyond that distance, or every start would open a request.
 */
const lookaheadReach = (margin: number) => Math.round(innerHeight * LOOKAHEAD_VIEWPORTS) + margin;
/** A hidden placeholder (no box) may never show: it waits for its own turn, and rides along no request. */
const hasBox = (box: DOMRectReadOnly) => !!(box.width || box.height);

/** Watches for placeholders within the lookahead's reach beyond `margin`, keeping `ahead` up to date. */
function lookaheadObserver(margin: number): IntersectionObserver | undefined {
  if (typeof IntersectionObserver !== 'function') return undefined;
  return new IntersectionObserver(
    (entries) => entries.forEach(({ target, isIntersecting, boundingClientRect: box }) => {
      unseen.delete(target);
      if (isIntersecting && hasBox(box)) ahead.add(target);
      else ahead.delete(target);
    }),
    { rootMargin: `${lookaheadReach(margin)}px` },
  );
}

/** The first player is ready: from now on placeholders start LAZY_MARGIN_AFTER_READY_PX ahead. */
function widen() {
  if (widened) return;
  widened = true;
  const first = [nearViewport, lookahead];
  lookahead = lookaheadObserver(LAZY_MARGIN_AFTER_READY_PX);
  nearViewport = nearObserver(LAZY_MARGIN_AFTER_READY_PX);
  embeds.forEach((embed, el) => embed.started || observe(el));
  first.forEach((observer) => observer?.disconnect());
}

/** Elements showing a related widget, so each is started once. */
const widgets = new WeakSet<Element>();

/** Shows the related widget for the GIF `el` names (`data-gif-related`), in its own shadow root. */
function showRelated(el: Element) {
  if (widgets.has(el) || !(el instanceof HTMLElement)) return;
  widgets.add(el);
  const raw = el.getAttribute('data-gif-related') || '';
  const id = gifIdFrom(raw);
  if (!id) return void console.warn(`[gif-embed] No GIF id in data-gif-related=${quoted(raw)}`);
  const container = shadowContainer(el);
  adoptStyles(container.parentNode as ShadowRoot);
  const theme = el.getAttribute('data-theme') === 'light' ? 'light' : 'dark';
  requestGif(id).then(
    (gif) => renderRelatedWidget(container, gif, theme),
    (error: Error) => console.warn(`[gif-embed] ${error.message} (data-gif-related=${quoted(raw)})`),
  );
}

/** The placeholders in `root` (itself included), in page order. */
function placeholdersIn(root: ParentNode): Element[] {
  const found = [...queryAll(root, PLACEHOLDER_SELECTOR)];
  if (root instanceof Element && root.matches(PLACEHOLDER_SELECTOR)) found.unshift(root);
  return found;
}

/** Starts the related widgets in `root` (itself included). */
function relatedIn(root: ParentNode) {
  if (root instanceof Element && root.matches(RELATED_SELECTOR)) showRelated(root);
  queryAll(root, RELATED_SELECTOR).forEach(showRelated);
}

/** See GifEmbedGlobal.scan. */
function scan(root: ParentNode = document) {
  watchAll(placeholdersIn(root));
  relatedIn(root);
}

/** Placeholders `mount` was given in this task, mounted together before it ends (see mountQueued). */
let mounting: Element[] = [];

/** See GifEmbedGlobal.mount. */
function mount(el: Element) {
  if (!mounting.length) queueMicrotask(mountQueued);
  mounting.push(el);
}

/**
 * Mounts the placeholders `mount` was given in this task, before it ends (nothing is painted in
 * between): every box read, then every box written, then the players measured and rendered
 * together. A page that mounts ten in a loop forces one style calculation and one layout for
 * the ten, not two for each.
 */
function mountQueued() {
  // A placeholder taken out of the page before the task ended is not mounted (the page's
  // MutationObserver record of its removal has already gone by).
  const found = [...new Set(mounting)].filter((el) => el.isConnected);
  mounting = [];
  const plans = found.map((el) => (el instanceof HTMLElement && !embeds.has(el) ? boxPlan(el, ...boxSize(el)) : undefined));
  found.forEach((el, i) => watch(el, plans[i]));
  const boxes = found.map(measured);
  found.forEach((el, i) => start(el, boxes[i]));
}

/** See GifEmbedGlobal.unmount: a mount asked for earlier in the task is called off too. */
function unmount(el: Element) {
  mounting = mounting.filter((waiting) => waiting !== el);
  release(el);
}

/** Stops everything `el` started and shows its own content again. */
function release(el: Element) {
  const queued = setupQueue.findIndex(([waiting]) => waiting === el);
  if (queued >= 0) {
    setupQueue.splice(queued, 1);
    if (queued < planned) planned--;
  }
  nearQueue = nearQueue.filter(([near]) => near !== el);
  const embed = embeds.get(el);
  if (!embed) return;
  embeds.delete(el);
  unobserve(el);
  // Rendering the fallback unmounts the player: its effects release their observers and timers.
  if (embed.container) renderFallback(embed.container);
  embed.detach?.();
  el.removeAttribute(STATE_ATTR);
}

/** Follows the page: placeholders added later mount, removed ones unmount, a changed id remounts. */
function follow(records: MutationRecord[]) {
  const added: Element[] = [];
  for (const record of records) {
    if (record.type === 'attributes') {
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
        for (const el of placeholdersIn(node)) added.push(el);
        relatedIn(node);
      });
      if (record.removedNodes.length) embeds.forEach((_, el) => el.isConnected || release(el));
    }
  }
  // Everything added at once is read before any of it is written, as in a scan; what the page
  // mounts in this task is set up with its mount (reading it here would force a style pass).
  watchAll(added.filter((el) => !mounting.includes(el)));
}

/** `handOver`: what embed.js left (none when a page includes the player file itself, which is refused). */
function init(handOver?: StartHandOver) {
  // Only embed.js brings the player: it verified its own address, which every file comes from.
  if (!handOver) return console.warn('[gif-embed] include embed.js, not the player file');
  const settings = readScript(handOver.script, handOver.base);
  useScriptSrc(handOver.setScriptSrc);
  const { apiKey, apiBase, pingbackBase, siteBase, errorDsn } = settings;
  if (settings.debug) debug(true);
  if (!apiKey) console.warn(`[gif-embed] No API key: add data-api-key="YOUR KEY" to the embed.js tag.`);
  configure({ apiKey, apiBase, pingbackBase, siteBase, errorDsn });
  setPluginSource(settings.base, settings.nonce);
  setStyleNonce(settings.nonce);
  setEmbedScript(settings.tag);
  addCss(PLAYER_CSS);
  // WebP decodes now, while the page is still being scanned: the first player reads the answer.
  webpSupported();
  // A browser without an IntersectionObserver fetches the scroll-driven one first: a plugin file
  // no other browser asks for. Should it not come, players start at once and count no SEEN.
  const go = () => run(handOver ? handOver.calls : []);
  if (typeof window.IntersectionObserver === 'function') go();
  else void addPluginScript('intersection', () => typeof window.IntersectionObserver === 'function').then(go).catch((error) => reportError(error, 'loader'));
}

/**
 * The loader's work once the page can be observed: find the placeholders and follow the page.
 * `calls`: what the page asked of GifEmbed before this file ran, made now in order.
 */
function run(calls: WaitingCall[]) {
  lookahead = lookaheadObserver(LAZY_MARGIN_PX);
  nearViewport = nearObserver(LAZY_MARGIN_PX);
  const api: GifEmbedGlobal = { version: __SDK_VERSION__, scan, mount, unmount, debug, runtime, register };
  setGlobal(api);
  for (const [name, args] of calls) {
    try {
      (api[name] as (...a: unknown[]) => void)(...args);
    } catch (error) {
      reportError(error, 'loader');
    }
  }
  // <gif-embed> is a defined element (`:defined` styles it, whenDefined waits for it); the
  // loader drives it as it drives placeholders. A page that defined the name keeps its own.
  try {
    if (!customElements.get(ELEMENT_NAME)) customElements.define(ELEMENT_NAME, class extends HTMLElement {});
  } catch (error) {
    // A page whose registry throws: <gif-embed> elements still play, unstyled by `:defined`.
    reportError(error, 'loader');
  }
  const begin = () => {
    scan();
    new MutationObserver(follow).observe(fromDocument('documentElement'), {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-gif-id', 'gif-id'],
    });
  };
  // The page paints first: text and the progressive snippet's images reach the screen before the
  // scan's style reads and shadow roots take the main thread (one frame later; a hidden tab, which
  // paints nothing, starts its embeds when it is shown).
  whenParsed(() => whenImagesIn(() => requestAnimationFrame(() => setTimeout(begin))));
}

// Started by embed.js (its hand-over on the global); a second copy of the player finds the
// first one's global and leaves the page to it.
const found = ourGlobal();
if (found && !('start' in found)) found.scan();
else {
  try {
    init(found?.start);
  } catch (error) {
    reportError(error, 'loader');
  }
}
