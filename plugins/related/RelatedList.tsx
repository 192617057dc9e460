/**
 * The scrolling masonry of related GIFs both related views share: 3 columns, 6 px gutter,
 * pages loaded as the end of the list nears, the error view with 'Try again?', and the
 * grid-active report while the visitor scrolls it.
 */
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { CLICK_ACTION, EVENT_CATEGORY, POSITION_ATTRIBUTE } from '../../src/analytics';
import type { Gif } from '../../src/model';
import type { PluginContext } from '../../src/plugin-types';
import { FetchError } from '../../src/sdk/fetch-error';
import { gifNaturalSize } from '../../src/sdk/gif-size';
import { masonryLayout } from '../../src/sdk/masonry';
import { Loader } from '../../src/ui';
import { RELATED_COLUMNS, RELATED_GUTTER_PX, widgetHeight } from './layout';
import { canFetch } from './paging';
import { relatedStyles } from './styles';
import { Tile } from './Tile';
import { useRelated, type FetchRelated } from './useRelated';

/** The header over the grid (spec §2). */
export const RELATED_HEADER = 'Related Gifs';
/** How far below the visible part of the grid the next page starts loading, px. */
export const LOAD_AHEAD_PX = 200;

/** True when the top of `end` is within LOAD_AHEAD_PX below the visible part of `scroller`. */
export function endIsNear(scroller: Element | null, end: Element | null): boolean {
  if (!scroller || !end) return false;
  return end.getBoundingClientRect().top - scroller.getBoundingClientRect().bottom <= LOAD_AHEAD_PX;
}

export interface RelatedListProps extends PluginContext {
  /** Width of the tiles area, px. */
  width: number;
  /** The widget's rule: the scroller is as tall as the tallest of the first 3 GIFs. */
  sizeToFirstRow?: boolean;
  /** Scroll back to the top whenever this changes. */
  scrollResetKey?: number;
  /** Reports the grid-active flag: true once the visitor scrolls, false after a reset. */
  onActiveChange?(active: boolean): void;
  /** Label of the Click/Image trackEvent, naming which related view was clicked. */
  clickLabel: string;
  /** Fetches a page (the player's API `related`); without it the grid stays empty. */
  fetchRelated?: FetchRelated;
  /** False while the list is hidden and has never been shown: no page is fetched yet. */
  shown?: boolean;
}

/** The header, the scrolling tiles, the loader or error view. */
export function RelatedList(props: RelatedListProps) {
  const { gif, theme, width, track, pingback, onActiveChange, clickLabel } = props;
  const s = relatedStyles(theme);
  const { state, loadMore, retry } = useRelated(gif.id, props.fetchRelated, gif.slug);
  const scroller = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const [endVisible, setEndVisible] = useState(false);
  const active = useRef(false);
  // Our own scrollTop reset fires a scroll event that is not the visitor's.
  const resetting = useRef(false);

  useEffect(() => {
    const el = end.current;
    if (!el) return undefined;
    if (typeof IntersectionObserver !== 'function') {
      setEndVisible(true);
      return undefined;
    }
    const io = new IntersectionObserver(
      (entries) => setEndVisible(entries[entries.length - 1].isIntersecting),
      { root: scroller.current, rootMargin: `0px 0px ${LOAD_AHEAD_PX}px 0px` },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [!props.fetchRelated]);

  // Spec §4: a fetch runs only while the end is in view and none is running; re-checked after
  // every page, since the end can stay in view without the observer firing again. The observer's
  // answer is a frame behind a new page's layout, so the end's position is measured too.
  useEffect(() => {
    if (props.shown !== false && endVisible && canFetch(state) && endIsNear(scroller.current, end.current)) loadMore();
  }, [props.shown, endVisible, state, loadMore]);

  const firstReset = useRef(true);
  useEffect(() => {
    if (firstReset.current) {
      firstReset.current = false;
      return;
    }
    const el = scroller.current;
    if (el && el.scrollTop !== 0) {
      resetting.current = true;
      el.scrollTop = 0;
    }
    if (active.current) {
      active.current = false;
      onActiveChange?.(false);
    }
  }, [props.scrollResetKey]);

  const onScroll = () => {
    if (resetting.current) {
      resetting.current = false;
      return;
    }
    if (active.current) return;
    active.current = true;
    onActiveChange?.(true);
    track(EVENT_CATEGORY.SCROLL_GRID, RELATED_HEADER, gif.id);
  };

  const onTileClick = (clicked: Gif, index: number, _event: MouseEvent) => {
    // The link itself opens the GIF page in a new tab; this only reports the click.
    pingback('CLICK', clicked, { [POSITION_ATTRIBUTE]: String(index) });
    track(EVENT_CATEGORY.CLICK, CLICK_ACTION.IMAGE, clickLabel);
  };

  const layout = useMemo(
    () => masonryLayout(state.gifs.map(gifNaturalSize), { width, columns: RELATED_COLUMNS, gutter: RELATED_GUTTER_PX }),
    [state.gifs, width],
  );
  const fixedHeight = props.sizeToFirstRow && state.gifs.length ? widgetHeight(state.gifs, width) : undefined;

  // Without the player's fetch there is nothing to show: the feature is off, the embed unharmed.
  if (!props.fetchRelated) return null;
  return (
    <section className={s.root} aria-label={RELATED_HEADER} data-related="">
      <h2 className={s.header}>{RELATED_HEADER}</h2>
      <div
        ref={scroller}
        className={s.scroller}
        style={fixedHeight ? { height: fixedHeight, flex: 'none' } : undefined}
        onScroll={onScroll}
        aria-busy={state.fetching}
        data-related-scroller=""
      >
        <div className={s.tiles} style={{ width, height: layout.height }}>
          {state.gifs.map((item, i) => (
            <Tile key={item.id} gif={item} index={i} box={layout.placements[i]} className={s.tile} onClick={onTileClick} />
          ))}
        </div>
        {state.error && <FetchError onRetry={retry} />}
        <div ref={end} className={s.end} data-related-end="">
          {!state.error && !state.done && <Loader />}
        </div>
      </div>
    </section>
  );
}
