/**
 * The Grid (spec §2, §4, §9): a masonry of GIFs from a caller-supplied fetch function, paged
 * by the §4 state machine as its end loader comes on screen, optionally filling its container.
 */
import { css } from 'goober';
import { useEffect, useMemo, useRef, useState, type ComponentType, type FocusEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { AttributeInput } from '../analytics';
import type { Messages } from '../i18n';
import type { Gif as GifData } from '../model';
import { Loader } from '../ui/loader';
import { FetchErrorView } from './fetch-error-view';
import type { GifProps, TileOptions } from './tile';
import { BROWSER_ONLY } from '../browser-only';
import { gifHeightFor, gifNaturalSize } from './gif-size';
import { gridMove, inlineKey, isGridKey } from './grid-keys';
import { DEFAULT_GUTTER, masonryLayout, pickBreakpoint, type Breakpoint } from './masonry';
import { GRID_FETCH_DEBOUNCE_MS } from './paging';
import type { LiveWindow, UseLiveWindow } from './live-window';
import { scrollParent } from './scroll-parent';
import { usePaging, type FetchGifs, type PagingOptions } from './use-paging';
import { useScrollObserver, MARKER_OBSERVER_STEPS } from './use-observers';
import { useContainerWidth } from './use-container-width';
import { SDK_ROOT } from './sdk-root';

/** Columns when neither `columns` nor a matching breakpoint says otherwise. */
export const DEFAULT_GRID_COLUMNS = 3;
/** Class on the Grid's root element. */
export const GRID_CLASS = 'gif-embed-grid';
/** A tile's width (for its rendition) before the grid's own is measured: the fixed_width rendition's. */
const UNMEASURED_TILE_PX = 200;
/** Pingback attributes of tiles in a grid. */
const GRID_PINGBACK_ATTRIBUTES: AttributeInput = { layout_type: 'GRID' };

export interface GridProps extends TileOptions {
  /** Fetches the page at `offset` (e.g. `(offset) => search('cats', { offset })`). Keep it stable, or pass `searchKey`. */
  fetchGifs: FetchGifs;
  /** Fixed width in px; leave it out to fill the container (responsive). */
  width?: number;
  /** Number of columns (default 3); a matching breakpoint overrides it. */
  columns?: number;
  /** Gap between GIFs in px (default 6). */
  gutter?: number;
  /** Columns and gutter by container width, picked by minimum width. */
  breakpoints?: readonly Breakpoint[];
  /** Restart when this changes (a new search term); without it a new `fetchGifs` restarts. */
  searchKey?: string | number;
  /**
   * GIFs shown from the first render, e.g. a page the server fetched and rendered (raw service
   * JSON is fine); the Grid pages on after them, at offset `initialGifs.length`.
   */
  initialGifs?: PagingOptions['initialGifs'];
  /** Every time the list grows, with the whole list. */
  onGifsFetched?: (gifs: GifData[]) => void;
  /** A fetch failed; the error view shows. */
  onGifsFetchError?: (error: unknown) => void;
  /** Shown when the first fetch returns no GIFs. */
  noResultsMessage?: ReactNode;
  /**
   * A list shown as it is, in its order, instead of pages: `fetchGifs` is not called. A new
   * list re-lays the tiles and keeps the rest (a picker's favourites, reordered).
   */
  gifs?: readonly GifData[];
  className?: string;
}

/** What a TileGrid's caller gives besides GridProps. */
export interface TileGridOptions {
  /** The tile component: the SDK's Gif, or the embed's bare tile. */
  Tile: ComponentType<GifProps>;
  useWindow?: UseLiveWindow;
  /** The loader's and the error view's words, in the reader's language. */
  m: Pick<Messages, 'loading' | 'loadError' | 'tryAgain'>;
  /** The language and direction the root carries (the SDK's Grid; an embed marks its own box). */
  lang?: string;
  dir?: 'ltr' | 'rtl';
}

const gridClass = () => css`
  position: relative;
  box-sizing: border-box;
  & > [data-grid-loader] {
    min-height: 1px;
  }
`;

/** Every tile live, list order the GIFs' order: the related grid's (a few pages in a small box). */
const useAllLive = (list: RefObject<HTMLElement | null>): LiveWindow => ({
  isLive: () => true,
  indexOf: (target) => (list.current ? [...list.current.children].indexOf(target as Element) : -1),
  focus: (index) => (list.current?.children[index] as HTMLElement | undefined)?.focus(),
});

/** The fetch of a Grid given its `gifs`: nothing more. */
const noMore: FetchGifs = async () => ({ data: [], pagination: { total_count: 0, count: 0, offset: 0 } });

/** How far Page Up/Down move: the height of the box the grid scrolls in (its scroller, or the window). */
const pageHeight = (el: Element): number => scrollParent(el)?.clientHeight ?? innerHeight;

/**
 * The Grid with the tile component `Tile` (the SDK's Grid passes its Gif; the embed's related
 * grid the bare tile). Props: GridProps and Tile; renders a `<div>` with absolutely placed
 * tiles, the error view when a fetch fails, and the end loader.
 */
export function TileGrid(props: GridProps & TileGridOptions) {
  const {
    fetchGifs,
    width: fixedWidth,
    columns = DEFAULT_GRID_COLUMNS,
    gutter = DEFAULT_GUTTER,
    breakpoints,
    searchKey,
    initialGifs,
    onGifsFetched,
    onGifsFetchError,
    noResultsMessage,
    gifs,
    className,
    // The SDK's Grid sets its theme on its root (./grid.tsx); the tiles take it from there.
    theme: _theme,
    Tile,
    useWindow = useAllLive,
    m,
    lang,
    dir,
    ...tile
  } = props;
  const root = useRef<HTMLDivElement>(null);
  const loader = useRef<HTMLDivElement>(null);
  /** The box holding the tiles, in list order. */
  const list = useRef<HTMLDivElement>(null);
  const width = useContainerWidth(root, fixedWidth);
  const paging = usePaging({
    fetchGifs: gifs ? noMore : fetchGifs,
    mode: 'grid',
    debounceMs: GRID_FETCH_DEBOUNCE_MS,
    searchKey,
    initialGifs,
    onGifsFetched,
    onGifsFetchError,
  });
  const { dispatch } = paging;
  const state = gifs ? { ...paging.state, gifs: gifs as GifData[], numberOfGifs: gifs.length, isDoneFetching: true, isError: false, isFetching: false } : paging.state;
  // Measured afresh after each page: whether to fetch again is decided on the new layout.
  useScrollObserver(loader, (entry) => dispatch({ type: 'loaderVisibility', visible: entry.isIntersecting }), { steps: MARKER_OBSERVER_STEPS, remeasure: state.numberOfGifs, visibleWithoutObserver: true });

  const breakpoint = breakpoints ? pickBreakpoint(breakpoints, width) : undefined;
  const cols = breakpoint?.columns ?? columns;
  const gap = breakpoint?.gutter ?? gutter;
  const layout = useMemo(
    () => masonryLayout(state.gifs.map(gifNaturalSize), { width, columns: cols, gutter: gap }),
    [state.gifs, width, cols, gap],
  );
  useEffect(() => dispatch({ type: 'gifWidth', width: layout.columnWidth }), [layout.columnWidth, dispatch]);
  const live = useWindow(list, layout.height, state.gifs);

  // One Tab stop: the tile last focused (the first at start) is in the tab order, the arrow
  // keys, Home/End and Page Up/Down move between tiles, Tab leaves the grid.
  const [active, setActive] = useState(0);
  const current = Math.min(active, state.gifs.length - 1);
  const roving = tile.tabIndex === undefined || tile.tabIndex >= 0;
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const from = live.indexOf(e.target);
    const key = inlineKey(e.key, list.current);
    if (!roving || from < 0 || !layout.columnWidth || e.altKey || e.ctrlKey || e.metaKey || !isGridKey(key)) return;
    e.preventDefault();
    const to = gridMove(layout.placements, from, key, pageHeight(list.current!));
    setActive(to);
    live.focus(to);
  };
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const i = live.indexOf(e.target);
    if (i >= 0) setActive(i);
  };

  // Until the width is measured (on the server, and in the browser's first render, which must
  // match it) a responsive grid has no masonry: GIFs it already has flow into CSS columns.
  // Only a server render and its hydration need that (BROWSER_ONLY: a browser measures before
  // it paints, and shows no tile until then).
  const measured = layout.columnWidth > 0;
  const masonry = BROWSER_ONLY || measured;
  return (
    <div
      ref={root}
      {...SDK_ROOT}
      className={[GRID_CLASS, gridClass(), className].filter(Boolean).join(' ')}
      style={fixedWidth ? { width: fixedWidth } : { width: '100%' }}
      aria-busy={state.isFetching}
      lang={lang}
      dir={dir}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
    >
      <div ref={list} style={masonry ? { position: 'relative', height: layout.height } : { columns: String(cols), columnGap: gap }}>
        {(measured || !BROWSER_ONLY) && state.gifs.map((gif, i) => {
          const p = masonry ? layout.placements[i] : { x: 0, y: 0, width: UNMEASURED_TILE_PX, height: gifHeightFor(gif, UNMEASURED_TILE_PX) };
          // Far off screen a tile is not rendered, except the grid's Tab stop.
          if (masonry && i !== current && !live.isLive(p.y, p.y + p.height)) return null;
          return (
            <Tile
              {...tile}
              tabIndex={roving ? (i === current ? 0 : -1) : tile.tabIndex}
              key={gif.id}
              gif={gif}
              width={p.width}
              height={p.height}
              style={masonry ? { position: 'absolute', insetInlineStart: p.x, top: p.y } : { width: '100%', height: 'auto', aspectRatio: `${p.width}/${p.height}`, marginBottom: gap, breakInside: 'avoid' }}
              pingbackAttributes={GRID_PINGBACK_ATTRIBUTES}
              seenIds={live.seen}
            />
          );
        })}
      </div>
      {live.guards}
      {state.isError ? <FetchErrorView m={m} onRetry={() => dispatch({ type: 'retry' })} /> : null}
      {state.isDoneFetching && state.numberOfGifs === 0 && noResultsMessage ? <div data-no-results="">{noResultsMessage}</div> : null}
      {/* A new marker with each page: the tiles that push it down never shift a loader on screen. */}
      <div key={state.numberOfGifs} ref={loader} data-grid-loader="">
        {!state.isDoneFetching && !state.isError ? <Loader label={m.loading} /> : null}
      </div>
    </div>
  );
}
