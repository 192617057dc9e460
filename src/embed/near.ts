/**
 * When a page's placeholders start: an IntersectionObserver starts the ones that come near the
 * viewport (a slice at a time, src/slices.ts, so a screenful adds no long task), and a second
 * one, reaching further, says which are near enough to ride along another's request (see
 * upcoming). Both reach further once the first player is ready (widen).
 */
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

/** A placeholder that came near, with its box as the observer measured it. */
type Near = [Element, Seen];

/** A page's watch on its placeholders coming near (see nearWatch). */
export interface NearWatch {
  /**
   * Watches `el` for coming near (it starts) and for coming within the lookahead's reach.
   * Without an IntersectionObserver (its plugin file did not come) it starts at once.
   */
  watch(el: Element): void;
  /** Stops watching `el`: it started. */
  unwatch(el: Element): void;
  /** Forgets `el`: it is gone (a start it was queued for is called off). */
  drop(el: Element): void;
  /** The first player is ready: from now on placeholders start LAZY_MARGIN_AFTER_READY_PX ahead. */
  widen(): void;
  /**
   * Ids of placeholders not started yet, within LOOKAHEAD_VIEWPORTS beyond the start margin, in
   * page order: those watched, then `waiting` (placeholders found and still waiting for their
   * setup, in page order; on a slow device the first request goes out while the rest of the
   * first screen is being set up). The lookahead observer says which of those watched; only a
   * placeholder it has not reported on yet (watched since the last frame) or not watched yet is
   * measured, so a request on a settled page forces no layout. Those are measured in page order
   * until one lies beyond the reach below: the ones after it are further down (a page of
   * hundreds still being set up is not measured box by box).
   */
  upcoming(waiting: Element[]): string[];
  /** Stops watching anything (the page is disposed). */
  disconnect(): void;
}

/**
 * The near watch of a page whose watched placeholders are `embeds` (in page order; `started`
 * once they have): `start` is called with each that comes near, and its box as seen then.
 */
export function nearWatch(embeds: ReadonlyMap<Element, { started?: boolean }>, start: (el: Element, seen?: Seen) => void): NearWatch {
  let nearViewport: IntersectionObserver | undefined;
  /** Watches for placeholders within the lookahead's reach; none without an IntersectionObserver. */
  let lookahead: IntersectionObserver | undefined;
  /** The placeholders within that reach, as the lookahead observer last reported them. */
  const ahead = new Set<Element>();
  /** Placeholders watched that the lookahead observer has not reported on yet. */
  const unseen = new Set<Element>();
  let margin = LAZY_MARGIN_PX;
  let watching = false;
  /**
   * The viewport's height, read as the first placeholder is watched and then as the near
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
  const rewatch = slices<Element>((el) => embeds.get(el)?.started === false && watch(el));

  /**
   * How far beyond the viewport the lookahead reaches (px) while placeholders start `margin` px
   * ahead: beyond that distance, or every start would open a request.
   */
  const reach = () => Math.round(viewportHeight * LOOKAHEAD_VIEWPORTS) + margin;

  /** Makes the observers for the current margin; none without an IntersectionObserver. */
  const observe = () => {
    if (typeof IntersectionObserver !== 'function') return;
    // The viewport is the observer's root less its margin; a frame of another site is not told
    // its root's bounds (null), and counts its boxes as in view.
    const visible = (box: DOMRectReadOnly, root: DOMRectReadOnly | null) =>
      !root || inViewport(box, root.left + margin, root.top + margin, root.right - margin, root.bottom - margin);
    nearViewport = new IntersectionObserver(
      (entries) => {
        const root = entries[0]?.rootBounds;
        if (root) viewportHeight = root.height - 2 * margin;
        nearQueue.add(entries.filter((entry) => entry.isIntersecting).map(({ target, boundingClientRect: box, rootBounds }): Near => [target, [box, visible(box, rootBounds)]]));
      },
      { rootMargin: `${margin}px` },
    );
    lookahead = new IntersectionObserver(
      (entries) => entries.forEach(({ target, isIntersecting, boundingClientRect: box }) => {
        unseen.delete(target);
        if (isIntersecting && hasBox(box)) ahead.add(target);
        else ahead.delete(target);
      }),
      { rootMargin: `${reach()}px` },
    );
  };

  const watch = (el: Element) => {
    // The observers are made at the first watch (a frame not laid out yet has a viewport 0 high).
    if (!watching) {
      watching = true;
      viewportHeight = innerHeight;
      observe();
    }
    if (!nearViewport) return void setTimeout(() => start(el));
    unseen.add(el);
    lookahead!.observe(el);
    nearViewport.observe(el);
  };

  const unwatch = (el: Element) => {
    nearViewport?.unobserve(el);
    lookahead?.unobserve(el);
    ahead.delete(el);
    unseen.delete(el);
  };

  const disconnect = () => {
    nearViewport?.disconnect();
    lookahead?.disconnect();
  };

  return {
    watch,
    unwatch,
    drop(el) {
      nearQueue.drop(([near]) => near === el);
      unwatch(el);
    },
    widen() {
      if (margin === LAZY_MARGIN_AFTER_READY_PX) return;
      disconnect();
      margin = LAZY_MARGIN_AFTER_READY_PX;
      observe();
      rewatch.add([...embeds.keys()]);
    },
    upcoming(waiting) {
      const far = reach();
      const ids: string[] = [];
      let beyond = false;
      const consider = (el: Element, watched: boolean) => {
        const id = ids.length < LOOKAHEAD_MAX_IDS && placeholderId(el);
        if (!id) return;
        if (ahead.has(el)) return void ids.push(id);
        if (beyond || (watched && !unseen.has(el))) return;
        const box = el.getBoundingClientRect();
        beyond = box.top >= viewportHeight + far;
        if (!beyond && hasBox(box) && box.bottom > -far) ids.push(id);
      };
      embeds.forEach((embed, el) => !embed.started && consider(el, true));
      // Those waiting are all measured: the walk ends at the first one beyond the reach.
      waiting.some((el) => (consider(el, false), beyond));
      return ids;
    },
    disconnect,
  };
}
