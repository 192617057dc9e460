/**
 * When placeholders start: an IntersectionObserver starts the ones that come near the viewport
 * (a slice at a time, src/slices.ts, so a screenful adds no long task), and a second one, reaching
 * further, says which are near enough to ride along another's request (see upcoming). Both
 * reach further once the first player is ready (widen).
 */
import { embeds } from './registry';
import { hasBox, inViewport, type Seen } from './box';
import { placeholderId } from './placeholder';
import { slices } from '../slices';

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

/** Starts a placeholder that came near, with its box as the observer measured it. */
type Start = (el: Element, seen?: Seen) => void;
/** A placeholder that came near, with its box as the observer measured it. */
type Near = [Element, Seen];

let start: Start;
let nearViewport: IntersectionObserver | undefined;
/** Watches for placeholders within the lookahead's reach; none without an IntersectionObserver. */
let lookahead: IntersectionObserver | undefined;
/** The placeholders within that reach, as the lookahead observer last reported them. */
const ahead = new Set<Element>();
/** Placeholders watched that the lookahead observer has not reported on yet. */
const unseen = new Set<Element>();
let widened = false;

/**
 * The viewport's height, read once as placeholders start to be watched and then as the near
 * observer reports it (its root's bounds less its margin): reading `innerHeight` forces a style
 * and layout update in Chromium, which a request made among a screenful of starts would pay for.
 */
let viewportHeight = 0;
/** Placeholders that came near and wait for their start, in the order they came: started a slice at a time. */
const nearQueue = slices<Near>((near) => start(...near));
/**
 * Placeholders watched again by the wider observers (see widen), a slice at a time: a page of
 * thousands re-observes them in no long task. One that started or went meanwhile is skipped.
 */
const rewatch = slices<Element>((el) => embeds.has(el) && !embeds.get(el)!.started && watchNear(el));

/** From now on, placeholders that come near are started by `onNear`. */
export function startWhenNear(onNear: Start) {
  start = onNear;
  viewportHeight = innerHeight;
  lookahead = lookaheadObserver(LAZY_MARGIN_PX);
  nearViewport = nearObserver(LAZY_MARGIN_PX);
}

/**
 * Watches `el` for coming near (it starts) and for coming within the lookahead's reach. Without
 * an IntersectionObserver (its plugin file did not come) it starts at once.
 */
export function watchNear(el: Element) {
  if (!nearViewport) return void setTimeout(() => start(el));
  unseen.add(el);
  lookahead!.observe(el);
  nearViewport.observe(el);
}

/** Stops watching `el`: it started. */
export function unwatchNear(el: Element) {
  nearViewport?.unobserve(el);
  lookahead?.unobserve(el);
  ahead.delete(el);
  unseen.delete(el);
}

/** Forgets `el`: it is gone (a start it was queued for is called off). */
export function dropNear(el: Element) {
  nearQueue.drop(([near]) => near === el);
  unwatchNear(el);
}

/** Watches for placeholders within `margin` px of the viewport, and starts them; none without an IntersectionObserver. */
function nearObserver(margin: number): IntersectionObserver | undefined {
  if (typeof IntersectionObserver !== 'function') return undefined;
  // The viewport is the observer's root less its margin; a frame of another site is not told
  // its root's bounds (null), and counts its boxes as in view.
  const visible = (box: DOMRectReadOnly, root: DOMRectReadOnly | null) =>
    !root || inViewport(box, root.left + margin, root.top + margin, root.right - margin, root.bottom - margin);
  return new IntersectionObserver(
    (entries) => {
      const root = entries[0]?.rootBounds;
      if (root) viewportHeight = root.height - 2 * margin;
      nearQueue.add(entries.filter((entry) => entry.isIntersecting).map(({ target, boundingClientRect: box, rootBounds }): Near => [target, [box, visible(box, rootBounds)]]));
    },
    { rootMargin: `${margin}px` },
  );
}

/**
 * How far beyond the viewport the lookahead reaches (px) while placeholders start `margin` px
 * ahead: beyond that distance, or every start would open a request.
 */
const lookaheadReach = (margin: number) => Math.round(viewportHeight * LOOKAHEAD_VIEWPORTS) + margin;

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
export function widen() {
  if (widened) return;
  widened = true;
  lookahead?.disconnect();
  nearViewport?.disconnect();
  nearViewport = nearObserver(LAZY_MARGIN_AFTER_READY_PX);
  lookahead = lookaheadObserver(LAZY_MARGIN_AFTER_READY_PX);
  rewatch.add([...embeds.keys()]);
}

/**
 * Ids of placeholders not started yet, within LOOKAHEAD_VIEWPORTS beyond the start margin, in page
 * order: those set up, then `waiting` (placeholders found and still waiting for their setup,
 * in page order; on a slow device the first request goes out while the rest of the first screen
 * is being set up). The lookahead observer says which of those set up; only a placeholder it has
 * not reported on yet (set up since the last frame) or not watching yet is measured, so a request
 * on a settled page forces no layout. Those are measured in page order until one lies beyond the
 * reach below: the ones after it are further down (a page of hundreds still being set up is not
 * measured box by box).
 */
export function upcoming(waiting: Element[] = []): string[] {
  const reach = lookaheadReach(widened ? LAZY_MARGIN_AFTER_READY_PX : LAZY_MARGIN_PX);
  const ids: string[] = [];
  let beyond = false;
  const consider = (el: Element, watched: boolean) => {
    const id = ids.length < LOOKAHEAD_MAX_IDS && placeholderId(el);
    if (!id) return;
    if (ahead.has(el)) return void ids.push(id);
    if (beyond || (watched && !unseen.has(el))) return;
    const box = el.getBoundingClientRect();
    beyond = box.top >= viewportHeight + reach;
    if (!beyond && hasBox(box) && box.bottom > -reach) ids.push(id);
  };
  embeds.forEach((embed, el) => !embed.started && consider(el, true));
  // Those waiting are all measured: the walk ends at the first one beyond the reach.
  waiting.some((el) => (consider(el, false), beyond));
  return ids;
}
