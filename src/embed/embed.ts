/**
 * One placeholder's embed: everything the page keeps for it sits on this one object (its
 * element, container, state and paint), and these functions are its life, in order: watch,
 * start, show (or fail), paint, release. The player is handed its embed (player/props.ts).
 */
import type { AutoplayPolicy } from '../ui/motion';
import { isRetryable } from '../api/errors';
import { boxPlan, gifSize, measured, type BoxStyles, type Seen } from './box';
import { isMobileDevice } from './device';
import type { GifBatcher } from './fetch';
import { languageOf, markLanguage, pageLanguage, stringsOf, whenTable } from './lang';
import type { NearWatch } from './near';
import { pageImageFile } from './page-image';
import { attribute, attributeName, boxSize, quoted, readPlaceholder, STATE_ATTR, type PlaceholderOptions } from './placeholder';
import { EARLY_PICTURE } from './placeholder-attribute';
import { report, type EmbedState, type ReadyDetail } from './report';
import { shadowContainer } from './shadow';
import { adoptStyles } from './styles';
import { stringsNow, type Strings } from '../i18n';
import { PLAYER_EN, type EmbedError } from '../i18n/en';
import { adoptable, hasMedia, renderError, renderFallback, renderPlayer } from '../player';
import type { Slices } from '../slices';
import type { Gif } from '../model';
import type { EmbedScriptTag } from '../model/share';

/** What an embed uses of its page (src/embed/page.ts makes it). */
export interface EmbedPage {
  /** Every watched placeholder's embed, in the order they were set up (page order within a scan). */
  embeds: Map<Element, Embed>;
  near: NearWatch;
  gifs: GifBatcher;
  /** Players whose GIF is here, rendered a slice at a time (see page.ts). */
  shows: Slices<() => void>;
  /** The scoped custom element registry its containers are made with (see shadow.ts). */
  registry?: CustomElementRegistry;
  /** The embed.js tag as another page would include it, for the embed code the share menu hands out (none: no script form). */
  tag?: EmbedScriptTag;
  /** The players take the mobile layout: asked at the first player (not while the page loads), then kept. */
  mobile?: boolean;
  /** The policy `GifEmbed.setAutoplay` set for every player of the page ('' or unset until then: src/player/autoplay.ts). */
  autoplay?: AutoplayPolicy | '';
}

/** A watched placeholder. */
export interface Embed {
  el: HTMLElement;
  page: EmbedPage;
  /** The GIF id attribute it was watched with. */
  id: string | null;
  /** The host's `position` the player needs, read at setup and written when the player comes (see box.ts). */
  position?: string;
  /** The load has started (fetch or render). */
  started: boolean;
  /** What its attributes ask for, read as it starts. */
  options?: PlaceholderOptions;
  /**
   * Where Preact renders, inside the shadow root: made when the placeholder starts, so a page of
   * hundreds sets up none for the placeholders far down.
   */
  container?: Element;
  /** Detaches the fallback `<style>` from the shared stylesheet. */
  detach?(): void;
  /** Renders what the container shows now (player or error view) in `strings`: again when the reader's table comes. */
  paint?(strings: Strings): void;
}

/** Height given to an error view whose placeholder reserved no box. */
const ERROR_MIN_HEIGHT_PX = 120;

/**
 * Starts watching placeholder `el` for `page`: box reserved (`plan`, read beforehand), state
 * `loading`, started when near the viewport. Until then the page shows the placeholder's own content.
 */
export function watch(page: EmbedPage, el: Element, plan?: BoxStyles) {
  if (page.embeds.get(el) || !(el instanceof HTMLElement)) return;
  const { position, ...box } = plan ?? boxPlan(el, ...boxSize(el));
  Object.assign(el.style, box);
  page.embeds.set(el, { el, page, id: attribute(el, 'gif-id'), position, started: false });
  el.setAttribute(STATE_ATTR, 'loading');
  page.near.watch(el);
}

/** Whether `embed` is still its placeholder's (not released, nor replaced by a remount). */
const current = (embed: Embed) => embed.page.embeds.get(embed.el) === embed;

/** Sets the state of `embed` and says it (report.ts). */
const state = (embed: Embed, to: EmbedState, detail?: Partial<ReadyDetail>, error?: EmbedError) => report(embed.el, embed.container, to, detail, error);

/** The container of `embed`, made at the first call (`covered`: a player renders over it before the task ends). */
function attach(embed: Embed, covered = false): Element {
  if (embed.container) return embed.container;
  if (embed.position) embed.el.style.position = embed.position;
  const container = (embed.container = shadowContainer(embed.el, embed.page.registry));
  embed.detach = adoptStyles(container.parentNode as ShadowRoot);
  if (!covered) renderFallback(container);
  // Its live region is new: it says the state the placeholder is in (an error or ready comes after).
  state(embed, 'loading');
  return container;
}

/**
 * Gives the container of `embed` its styles again where a move into another document took
 * them (adoptNode, a picture-in-picture window, and back): a document drops the sheets another
 * made. A `<style>` (browsers without adopted sheets) moves with the player.
 */
export function restyle(embed: Embed | undefined) {
  const root = embed?.container?.parentNode as ShadowRoot | undefined;
  if (root?.adoptedStyleSheets?.length === 0) adoptStyles(root);
}

/**
 * Loads the GIF of `embed` and renders its player. `seen`: the box as the IntersectionObserver
 * measured it when it came near, and whether any of it was in the viewport then, so the player
 * is sized without a forced layout. `asked`: the page called `mount` for it in this task.
 */
export function start(embed: Embed, seen?: Seen, asked = false) {
  if (embed.started) return;
  const { el, page } = embed;
  embed.started = true;
  page.near.unwatch(el);
  // The reader's table, if not English, comes while the GIF is asked for.
  void whenTable(languageOf(el));
  const options = readPlaceholder(el);
  // The warning quotes what was refused; the error event's detail carries no id, as there is none.
  if (typeof options === 'string') return fail(embed, options, `${attributeName(el, 'gif-id')}=${quoted(attribute(el, 'gif-id') || '')}`);
  embed.options = options;
  // A GIF this page already has renders with no request: in this very task when the page asked
  // for the mount, its player covering the box at once, else in the next slice.
  const arrived = page.gifs.arrived(options.id);
  attach(embed, asked && !!arrived);
  if (arrived) return asked ? show(embed, options, arrived, seen) : page.shows.add([() => show(embed, options, arrived, seen)]);
  page.gifs.request(options.id).then(
    (gif) => page.shows.add([() => show(embed, options, gif, seen)]),
    (error: Error) => current(embed) && fail(embed, error.message as EmbedError, undefined, isRetryable(error.cause)),
  );
}

/** Renders the player of `embed` for `gif` (see start). */
function show(embed: Embed, options: PlaceholderOptions, gif: Gif, seen?: Seen) {
  if (!current(embed)) return;
  const { el, page } = embed;
  if (!hasMedia(gif)) return fail(embed, 'noMedia');
  // The GIF's own size for a box the page gave none (nothing is read here: players that
  // start together force no style calculation).
  const [width, height] = gifSize(gif);
  const sized = boxPlan(el, width, height, false);
  Object.assign(el.style, sized);
  // The box as seen coming near (or measured with the others mounted in its task), unless it
  // was just given its size: a page of many embeds is laid out once per frame, not per player.
  const [box, visible] = seen && !sized.width && !sized.aspectRatio ? seen : measured(el);
  // The progressive snippet's image: the player plays that very file (no second download).
  const image = el.querySelector('img');
  paint(embed, (strings) => renderPlayer(embed.container!, {
    embed,
    gif,
    strings,
    options,
    // The player file's own layout (embed.js chose the file by isMobileDevice); both under tsx.
    mobile: typeof __PLAYER_LAYOUT__ === 'string' ? __PLAYER_LAYOUT__ === 'mobile' : (page.mobile ??= isMobileDevice()),
    width: box.width,
    height: box.height,
    entering: visible,
    adopted: image ? adoptable(gif, pageImageFile(image)) : '',
    // The author's words for the GIF, in the page's language, before the API's.
    alt: attribute(el, 'alt') || (image?.hasAttribute(EARLY_PICTURE) ? '' : image?.alt),
    // Read with the page's voice, not the table's (a page in a language we have no table for).
    altLang: pageLanguage(el),
    onReady: () => {
      // What a host page sizes and names its frame by (the iframe player page does).
      state(embed, 'ready', { id: gif.id, title: gif.title, width, height });
      page.near.widen();
    },
    // Rendering the error view from inside a render is not allowed: it waits for the next task.
    onFail: (error) => setTimeout(() => current(embed) && fail(embed, error)),
  }));
}

/**
 * Shows the error view of `embed` and reports it; `refused`: the attribute value to quote in the
 * warning (an id that is none); `retry`: the failure may pass, so the view offers to load the
 * GIF again.
 */
export function fail(embed: Embed, error: EmbedError, refused?: string, retry?: boolean) {
  const { options } = embed;
  const id = options?.id;
  console.warn(`[gif-embed] ${PLAYER_EN[error]}${id ? ` (${id})` : refused ? ` (${refused})` : ''}`);
  const style = embed.el.style;
  // A box with no reserved size still needs room for the message.
  if (!style.aspectRatio && !style.height) style.minHeight = `${ERROR_MIN_HEIGHT_PX}px`;
  const container = attach(embed);
  paint(embed, (strings) => renderError(container, strings.m[error], strings, options?.theme, retry ? () => again(embed) : undefined));
  state(embed, 'error', { id }, error);
}

/** The visitor asked for the GIF again: the placeholder loads from the start, fallback shown. */
function again(embed: Embed) {
  if (!current(embed)) return;
  embed.started = false;
  renderFallback(attach(embed));
  state(embed, 'loading');
  start(embed);
}

/**
 * Renders into the container of `embed` with `render`, in the reader's language: at once in the
 * strings that are here, and again when the reader's table comes.
 */
function paint(embed: Embed, render: (strings: Strings) => void) {
  const container = attach(embed);
  embed.paint = (strings) => {
    markLanguage(strings, container);
    render(strings);
  };
  repaint(embed);
}

/** Paints `embed` (once it has painted) in the reader's language as it is now; again when its table comes. */
export function repaint(embed: Embed) {
  const name = languageOf(embed.el);
  embed.paint?.(stringsOf(embed.el));
  if (!stringsNow(name)) void whenTable(name).then(() => current(embed) && stringsNow(name) && repaint(embed));
}

/** Stops everything `embed` started and shows its placeholder's own content again. */
export function release(embed: Embed) {
  const { el, page } = embed;
  page.near.drop(el);
  page.embeds.delete(el);
  // Rendering the fallback unmounts the player: its effects release their observers and timers.
  if (embed.container) renderFallback(embed.container);
  embed.detach?.();
  el.removeAttribute(STATE_ATTR);
}
