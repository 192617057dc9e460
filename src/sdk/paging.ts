/**
 * The paging state machine of spec §4 shared by the Grid and the Carousel, as a pure transition
 * function: components dispatch events and carry out the effects it returns.
 */

/** Spec §9: how long the Grid waits before fetching, so bursts of triggers make one request. */
export const GRID_FETCH_DEBOUNCE_MS = 250;
/** Spec §9: the Carousel's load-more debounce. */
export const CAROUSEL_FETCH_DEBOUNCE_MS = 100;

/** Grid and Carousel differ only in what a failed fetch does (spec §4). */
export type PagingMode = 'grid' | 'carousel';

/** The state of spec §4, named as the spec names it. */
export interface PagingState<T> {
  /** A fetch is running. */
  isFetching: boolean;
  /** The last fetch failed (grid only); the retry control shows. */
  isError: boolean;
  /** A fetch returned nothing new: no more fetches. */
  isDoneFetching: boolean;
  /** The end loader is on screen. */
  isLoaderVisible: boolean;
  /** Every GIF so far, in order. */
  gifs: T[];
  /** gifs.length, kept so renders and callbacks need not recount. */
  numberOfGifs: number;
  /** Width of one GIF column in px (0 until measured). */
  gifWidth: number;
}

/** What can happen to a paging list. */
export type PagingEvent<T> =
  /** The end loader came on or went off screen. */
  | { type: 'loaderVisibility'; visible: boolean }
  /** The debounced fetch trigger fired; a fetch starts if `canFetch` allows. */
  | { type: 'fetchStart' }
  /** The fetch function answered with the whole list so far. */
  | { type: 'fetchSuccess'; gifs: T[] }
  | { type: 'fetchFailure'; error: unknown }
  /** The person pressed 'Try again?'. */
  | { type: 'retry' }
  /** The layout measured a new column width. */
  | { type: 'gifWidth'; width: number }
  /** The fetch function or search key changed: start over. */
  | { type: 'restart' };

/** Side effects the component carries out after a transition. */
export type PagingEffect<T> =
  /** Schedule a (debounced) fetch trigger. */
  | { type: 'scheduleFetch' }
  /** Call the fetch function now (the state already says isFetching). */
  | { type: 'runFetch' }
  /** Fire onGifsFetched with the new list. */
  | { type: 'gifsFetched'; gifs: T[] }
  /** Fire onGifsFetchError. */
  | { type: 'fetchError'; error: unknown }
  /** Forget the running fetch and the paginator's progress. */
  | { type: 'resetSource' };

export interface PagingTransition<T> {
  state: PagingState<T>;
  effects: PagingEffect<T>[];
}

/**
 * The starting state: nothing fetched, loader assumed visible so the first page loads at once.
 * `gifWidth` is the measured column width (0 when unknown); `gifs`, GIFs the list starts with
 * (a server's), make the loader wait for its first measurement instead. Returns a fresh state.
 */
export function initialPagingState<T>(gifWidth = 0, gifs: T[] = []): PagingState<T> {
  return {
    isFetching: false,
    isError: false,
    isDoneFetching: false,
    isLoaderVisible: !gifs.length,
    gifs,
    numberOfGifs: gifs.length,
    gifWidth,
  };
}

/**
 * Whether a fetch may start now (spec §4): the loader is visible and none is running, and the
 * list is neither finished nor showing its error view (which waits for 'Try again?').
 */
export function canFetch<T>(state: PagingState<T>): boolean {
  return state.isLoaderVisible && !state.isFetching && !state.isDoneFetching && !state.isError;
}

const none: never[] = [];

/**
 * Applies `event` to `state` for a `mode` list. Pure: returns the next state (the same object
 * when nothing changed) and the effects to carry out, in order.
 */
export function pagingTransition<T>(state: PagingState<T>, event: PagingEvent<T>, mode: PagingMode): PagingTransition<T> {
  switch (event.type) {
    case 'loaderVisibility': {
      if (state.isLoaderVisible === event.visible) return { state, effects: none };
      const next = { ...state, isLoaderVisible: event.visible };
      return { state: next, effects: canFetch(next) ? [{ type: 'scheduleFetch' }] : none };
    }
    case 'fetchStart':
      if (!canFetch(state)) return { state, effects: none };
      return { state: { ...state, isFetching: true, isError: false }, effects: [{ type: 'runFetch' }] };
    case 'fetchSuccess': {
      if (!state.isFetching) return { state, effects: none }; // a late answer after a restart
      // Same length as before: the source has nothing more (spec §4).
      if (event.gifs.length === state.gifs.length) {
        return { state: { ...state, isFetching: false, isDoneFetching: true }, effects: none };
      }
      // Another fetch follows when the loader is still visible on the new layout: until the
      // component measures it again (a fresh observation, see useScrollObserver's remeasure),
      // the visibility seen before these GIFs were laid out says nothing. On a busy machine that
      // measurement can come after the fetch debounce, which fetched a page nobody had reached.
      const gifs = event.gifs.slice();
      return {
        state: { ...state, isFetching: false, isLoaderVisible: false, gifs, numberOfGifs: gifs.length },
        effects: [{ type: 'gifsFetched', gifs }],
      };
    }
    case 'fetchFailure':
      if (!state.isFetching) return { state, effects: none };
      if (mode === 'carousel') return { state: { ...state, isFetching: false }, effects: none };
      return { state: { ...state, isFetching: false, isError: true }, effects: [{ type: 'fetchError', error: event.error }] };
    case 'retry':
      if (!state.isError) return { state, effects: none };
      // The retry control sits where the loader is, so pressing it means that spot is on screen.
      return { state: { ...state, isError: false, isLoaderVisible: true }, effects: [{ type: 'scheduleFetch' }] };
    case 'gifWidth':
      if (state.gifWidth === event.width) return { state, effects: none };
      return { state: { ...state, gifWidth: event.width }, effects: none };
    case 'restart':
      return { state: initialPagingState<T>(state.gifWidth), effects: [{ type: 'resetSource' }, { type: 'scheduleFetch' }] };
    default:
      return { state, effects: none };
  }
}
