/**
 * The hook that runs the paging state machine for a component: debounced fetch triggers, the
 * paginator over the caller's fetch function, callbacks, and a clean restart when the source
 * changes. The rules themselves live in paging.ts.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPaginator, type Page, type Paginator } from '../api/paginator';
import { reportError } from '../analytics/error-report';
import { normalizeGif, type Gif } from '../model';
import { initialPagingState, pagingTransition, type PagingEffect, type PagingEvent, type PagingMode, type PagingState } from './paging';

/** The caller-supplied page fetch (spec §7: its path is the caller's business). */
export type FetchGifs = (offset: number) => Promise<Page<Gif | Record<string, unknown>>>;

export interface PagingOptions {
  fetchGifs: FetchGifs;
  mode: PagingMode;
  debounceMs: number;
  /** When given, only a change of this restarts; otherwise a new fetchGifs function does. */
  searchKey?: string | number;
  /** GIFs shown from the first render (a server's): paging goes on after them. */
  initialGifs?: readonly (Gif | Record<string, unknown>)[];
  onGifsFetched?: (gifs: Gif[]) => void;
  onGifsFetchError?: (error: unknown) => void;
}

export interface Paging {
  state: PagingState<Gif>;
  dispatch: (event: PagingEvent<Gif>) => void;
}

/**
 * Runs the machine for `options`; returns the current state and `dispatch` for loader
 * visibility, retry and width events.
 */
export function usePaging(options: PagingOptions): Paging {
  // GIFs a server rendered: the list starts with them, and the loader, measured on screen, asks
  // for the page after them.
  const [state, setState] = useState(() => initialPagingState<Gif>(0, options.initialGifs && normalizePage({ data: [...options.initialGifs] }).data));
  const current = useRef(state);
  const opts = useRef(options);
  opts.current = options;
  // Everything the effects need between renders; `generation` makes answers from an old source stale.
  const run = useRef({
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
    generation: 0,
    paginator: undefined as Paginator<Gif> | undefined,
    mounted: false,
  });

  const dispatch = useCallback((event: PagingEvent<Gif>) => {
    const { state: next, effects } = pagingTransition(current.current, event, opts.current.mode);
    if (next !== current.current) {
      current.current = next;
      if (run.current.mounted) setState(next);
    }
    for (const effect of effects) carryOut(effect);
  }, []);

  const source = (): Paginator<Gif> => {
    const r = run.current;
    // A restart forgets the initial GIFs with the rest of the list (the state starts empty).
    r.paginator ??= createPaginator<Gif>(async (offset) => normalizePage(await opts.current.fetchGifs(offset)), current.current.gifs);
    return r.paginator;
  };

  function carryOut(effect: PagingEffect<Gif>) {
    const r = run.current;
    switch (effect.type) {
      case 'scheduleFetch':
        clearTimeout(r.timer);
        r.timer = setTimeout(() => dispatch({ type: 'fetchStart' }), opts.current.debounceMs);
        break;
      case 'runFetch': {
        const generation = r.generation;
        let request: Promise<Gif[]>;
        try {
          request = source().next();
        } catch (error) {
          request = Promise.reject(error);
        }
        request.then(
          (gifs) => {
            if (generation === r.generation && r.mounted) dispatch({ type: 'fetchSuccess', gifs });
          },
          (error: unknown) => {
            if (generation === r.generation && r.mounted) dispatch({ type: 'fetchFailure', error });
          },
        );
        break;
      }
      case 'gifsFetched':
        callSafely(opts.current.onGifsFetched, effect.gifs);
        break;
      case 'fetchError':
        callSafely(opts.current.onGifsFetchError, effect.error);
        break;
      case 'resetSource':
        clearTimeout(r.timer);
        r.generation++;
        r.paginator = undefined;
        break;
    }
  }

  useEffect(() => {
    const r = run.current;
    r.mounted = true;
    carryOut({ type: 'scheduleFetch' });
    return () => {
      r.mounted = false;
      r.generation++;
      clearTimeout(r.timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new search (key) or, without a key, a new fetch function: start over.
  const sourceId = options.searchKey !== undefined ? options.searchKey : options.fetchGifs;
  const firstSource = useRef(sourceId);
  useEffect(() => {
    if (firstSource.current === sourceId) return;
    firstSource.current = sourceId;
    dispatch({ type: 'restart' });
  }, [sourceId, dispatch]);

  return { state, dispatch };
}

/**
 * A page whose GIFs are all normalised: a fetch function may hand back raw service JSON (string
 * sizes, 0/1 flags). GIFs that cannot be read (no id) are left out rather than break the list.
 * `page`: what the fetch function resolved to; throws only when it is not a page at all.
 */
export function normalizePage(page: Page<unknown> & { meta?: { response_id?: unknown } }): Page<Gif> {
  if (!page || !Array.isArray(page.data)) throw new TypeError('fetchGifs must resolve to a page: { data: [...], pagination }');
  const responseId = typeof page.meta?.response_id === 'string' ? page.meta.response_id : undefined;
  const data: Gif[] = [];
  for (const raw of page.data) {
    try {
      const hasOwnId = !!(raw as { response_id?: unknown } | null)?.response_id;
      data.push(normalizeGif(raw, hasOwnId || !responseId ? undefined : { response_id: responseId }));
    } catch (error) {
      // Left out of the list; a GIF the service sent without an id is its fault: reported.
      reportError(error, 'api');
    }
  }
  return { data, pagination: page.pagination };
}

/** Calls a host callback so that a throw in it cannot break paging. */
function callSafely<A>(fn: ((arg: A) => void) | undefined, arg: A) {
  try {
    fn?.(arg);
  } catch (error) {
    // Reported asynchronously so the host still sees its own error in the console.
    setTimeout(() => {
      throw error;
    });
  }
}
