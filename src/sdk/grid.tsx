/**
 * The Grid (spec §2, §4, §9): a masonry of GIFs from a caller-supplied fetch function, paged
 * by the §4 state machine as its end loader comes on screen, optionally filling its container.
 */
import { css } from 'goober';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { AttributeInput } from '../analytics';
import type { Gif as GifData } from '../model';
import { Loader } from '../ui';
import { FetchErrorView } from './fetch-error-view';
import { Gif, type TileOptions } from './gif';
import { gifNaturalSize } from './gif-size';
import { DEFAULT_GUTTER, masonryLayout, pickBreakpoint, type Breakpoint } from './masonry';
import { GRID_FETCH_DEBOUNCE_MS } from './paging';
import { usePaging, type FetchGifs } from './use-paging';
import { useContainerWidth, useOnScreen } from './use-observers';

/** Columns when neither `columns` nor a matching breakpoint says otherwise. */
export const DEFAULT_GRID_COLUMNS = 3;
/** Class on the Grid's root element. */
export const GRID_CLASS = 'gif-embed-grid';
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
  /** Every time the list grows, with the whole list. */
  onGifsFetched?: (gifs: GifData[]) => void;
  /** A fetch failed; the error view shows. */
  onGifsFetchError?: (error: unknown) => void;
  /** Shown when the first fetch returns no GIFs. */
  noResultsMessage?: ReactNode;
  className?: string;
}

const gridClass = () => css`
  position: relative;
  box-sizing: border-box;
  & > [data-grid-loader] {
    min-height: 1px;
  }
`;

/**
 * The Grid component. Props: see GridProps; renders a `<div>` with absolutely placed tiles,
 * the error view when a fetch fails, and the end loader.
 */
export function Grid(props: GridProps) {
  const {
    fetchGifs,
    width: fixedWidth,
    columns = DEFAULT_GRID_COLUMNS,
    gutter = DEFAULT_GUTTER,
    breakpoints,
    searchKey,
    onGifsFetched,
    onGifsFetchError,
    noResultsMessage,
    className,
    ...tile
  } = props;
  const root = useRef<HTMLDivElement>(null);
  const loader = useRef<HTMLDivElement>(null);
  const width = useContainerWidth(root, fixedWidth);
  const { state, dispatch } = usePaging({
    fetchGifs,
    mode: 'grid',
    debounceMs: GRID_FETCH_DEBOUNCE_MS,
    searchKey,
    onGifsFetched,
    onGifsFetchError,
  });
  useOnScreen(loader, (visible) => dispatch({ type: 'loaderVisibility', visible }));

  const breakpoint = breakpoints ? pickBreakpoint(breakpoints, width) : undefined;
  const cols = breakpoint?.columns ?? columns;
  const gap = breakpoint?.gutter ?? gutter;
  const layout = useMemo(
    () => masonryLayout(state.gifs.map(gifNaturalSize), { width, columns: cols, gutter: gap }),
    [state.gifs, width, cols, gap],
  );
  useEffect(() => dispatch({ type: 'gifWidth', width: layout.columnWidth }), [layout.columnWidth, dispatch]);

  const showTiles = layout.columnWidth > 0;
  return (
    <div
      ref={root}
      className={[GRID_CLASS, gridClass(), className].filter(Boolean).join(' ')}
      style={fixedWidth ? { width: fixedWidth } : { width: '100%' }}
      aria-busy={state.isFetching}
    >
      <div style={{ position: 'relative', height: showTiles ? layout.height : 0 }}>
        {showTiles
          ? state.gifs.map((gif, i) => {
              const p = layout.placements[i];
              return (
                <Gif
                  {...tile}
                  key={gif.id}
                  gif={gif}
                  width={p.width}
                  height={p.height}
                  style={{ position: 'absolute', left: p.x, top: p.y }}
                  pingbackAttributes={GRID_PINGBACK_ATTRIBUTES}
                />
              );
            })
          : null}
      </div>
      {state.isError ? <FetchErrorView onRetry={() => dispatch({ type: 'retry' })} /> : null}
      {state.isDoneFetching && state.numberOfGifs === 0 && noResultsMessage ? <div data-no-results="">{noResultsMessage}</div> : null}
      <div ref={loader} data-grid-loader="">
        {!state.isDoneFetching && !state.isError ? <Loader /> : null}
      </div>
    </div>
  );
}
