/**
 * The Carousel (spec §2, §4, §9): a horizontally scrolling row of GIFs of one height that loads
 * more as its end loader comes into view; a failed fetch simply ends fetching.
 */
import { css } from 'goober';
import { useRef, type ReactNode } from 'react';
import type { AttributeInput } from '../analytics';
import type { Gif as GifData } from '../model';
import { Loader } from '../ui/loader';
import { Gif, type TileOptions } from './gif';
import { themeClass } from './theme';
import { gifWidthFor } from './gif-size';
import { DEFAULT_GUTTER } from './masonry';
import { CAROUSEL_FETCH_DEBOUNCE_MS } from './paging';
import { usePaging, type FetchGifs, type PagingOptions } from './use-paging';
import { useScrollObserver, MARKER_OBSERVER_STEPS } from './use-observers';
import { SDK_ROOT } from './sdk-root';
import { useStrings } from './use-strings';

/** Row height when none is given, px. */
export const DEFAULT_CAROUSEL_HEIGHT = 120;
/** Width reserved for the end loader, px. */
const END_LOADER_WIDTH_PX = 60;
/** Class on the Carousel's root element. */
export const CAROUSEL_CLASS = 'gif-embed-carousel';
const CAROUSEL_PINGBACK_ATTRIBUTES: AttributeInput = { layout_type: 'CAROUSEL' };

export interface CarouselProps extends TileOptions {
  /** Fetches the page at `offset`. Keep it stable, or pass `searchKey`. */
  fetchGifs: FetchGifs;
  /** Height of every GIF in px (default 120); widths follow each GIF's ratio. */
  gifHeight?: number;
  /** Gap between GIFs in px (default 6). */
  gutter?: number;
  /** Restart when this changes; without it a new `fetchGifs` restarts. */
  searchKey?: string | number;
  /** GIFs shown from the first render (a page the server rendered); paging goes on after them. */
  initialGifs?: PagingOptions['initialGifs'];
  onGifsFetched?: (gifs: GifData[]) => void;
  /** Shown in place of the row when there are no GIFs at all (the caller supplies the text). */
  noResultsMessage?: ReactNode;
  className?: string;
}

const carouselClass = () => css`
  display: flex;
  align-items: center;
  min-width: 0;
  max-width: 100%;
  overflow-x: auto;
  overflow-y: hidden;
  -webkit-overflow-scrolling: touch;
  overscroll-behavior-x: contain;
  scroll-snap-type: x proximity;
  padding: 4px 0;
  & > a,
  & > [role='button'] {
    flex: none;
    scroll-snap-align: start;
  }
  & > [data-carousel-loader] {
    flex: none;
    display: flex;
    align-items: center;
    justify-content: center;
  }
`;

/**
 * The Carousel component. Props: see CarouselProps; renders a scrolling `<div>` of tiles with
 * the end loader last, or the no-results slot when empty.
 */
export function Carousel(props: CarouselProps) {
  const { fetchGifs, gifHeight = DEFAULT_CAROUSEL_HEIGHT, gutter = DEFAULT_GUTTER, searchKey, initialGifs, onGifsFetched, noResultsMessage, className, theme, ...tile } = props;
  const loader = useRef<HTMLDivElement>(null);
  const { lang, dir, m } = useStrings(tile.locale);
  const { state, dispatch } = usePaging({
    fetchGifs,
    mode: 'carousel',
    debounceMs: CAROUSEL_FETCH_DEBOUNCE_MS,
    searchKey,
    initialGifs,
    onGifsFetched,
  });
  // Measured afresh after each page: whether to fetch again is decided on the new layout.
  useScrollObserver(loader, (entry) => dispatch({ type: 'loaderVisibility', visible: entry.isIntersecting }), { steps: MARKER_OBSERVER_STEPS, remeasure: state.numberOfGifs, visibleWithoutObserver: true });
  const empty = state.isDoneFetching && state.numberOfGifs === 0;
  return (
    <div
      {...SDK_ROOT}
      className={[CAROUSEL_CLASS, carouselClass(), theme && themeClass(theme), className].filter(Boolean).join(' ')}
      style={{ gap: gutter, minHeight: gifHeight }}
      aria-busy={state.isFetching}
      lang={lang}
      dir={dir}
    >
      {state.gifs.map((gif) => (
        <Gif
          {...tile}
          key={gif.id}
          gif={gif}
          width={gifWidthFor(gif, gifHeight)}
          height={gifHeight}
          pingbackAttributes={CAROUSEL_PINGBACK_ATTRIBUTES}
        />
      ))}
      {empty && noResultsMessage ? <div data-no-results="">{noResultsMessage}</div> : null}
      <div ref={loader} data-carousel-loader="" style={{ width: state.isDoneFetching ? 1 : END_LOADER_WIDTH_PX, height: gifHeight }}>
        {state.isDoneFetching ? null : <Loader label={m.loading} />}
      </div>
    </div>
  );
}
