/**
 * The related pages of a GIF as component state: `loadMore()` asks for the next page when
 * none is running, `retry()` clears the error and asks again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RelatedPluginProps } from '../../src/plugin-types';
import { trackPageView } from '../../src/analytics/page-view';
import { debugLog } from '../../src/debug';
import { canFetch, failed, initialRelated, nextRequest, received, retried, started, type RelatedState } from './paging';

/**
 * Fetches one related page: the player passes its API's `related`, so the plugin file carries
 * no second copy of the API client, its config or its request cache.
 */
export type FetchRelated = NonNullable<RelatedPluginProps['fetchRelated']>;

/** Message logged when no fetch function was given: the related grid then stays empty. */
export const NO_FETCH_MESSAGE = 'related plugin: no fetchRelated prop, related GIFs are off';

export interface Related {
  state: RelatedState;
  loadMore(): void;
  retry(): void;
}

/**
 * Reports a page of related GIFs as a page view (spec §2): the API request's URL, which the
 * analytics layer rewrites to `/gifs/{slug}/related/page/{page}`.
 */
function reportPage(gifId: string, slug: string | undefined, request: { offset: number; limit: number }) {
  const query = new URLSearchParams({ gif_id: gifId, offset: String(request.offset), limit: String(request.limit) });
  trackPageView(`/v1/gifs/related?${query}`, { slug: slug || undefined });
}

/**
 * Paging state for the GIFs related to `gifId` fetched with `fetchPage`; starts over when
 * `gifId` changes. Without `fetchPage` nothing is fetched (the state says done). Each page
 * that arrives counts as a page view of the GIF's related page (`slug` names it).
 */
export function useRelated(gifId: string, fetchPage: FetchRelated | undefined, slug?: string): Related {
  const [state, setState] = useState(initialRelated);
  // The state async answers build on, current even between renders.
  const live = useRef(state);
  // Bumped per GIF so answers for an earlier GIF are ignored.
  const generation = useRef(0);
  const set = (next: RelatedState) => {
    live.current = next;
    setState(next);
  };

  useEffect(() => {
    generation.current++;
    if (live.current.offset || live.current.fetching) set(initialRelated());
  }, [gifId]);

  const loadMore = useCallback(() => {
    if (!canFetch(live.current)) return;
    if (!fetchPage) {
      debugLog(NO_FETCH_MESSAGE);
      set({ ...live.current, done: true });
      return;
    }
    const request = nextRequest(live.current);
    const mine = generation.current;
    set(started(live.current));
    fetchPage(gifId, request).then(
      (page) => {
        if (mine !== generation.current) return;
        set(received(live.current, request, page.data, page.pagination?.total_count, gifId));
        reportPage(gifId, slug, request);
      },
      (error) => {
        if (mine !== generation.current) return;
        debugLog('related GIFs failed', error);
        set(failed(live.current));
      },
    );
  }, [gifId, fetchPage, slug]);

  const retry = useCallback(() => {
    set(retried(live.current));
    loadMore();
  }, [loadMore]);

  return { state, loadMore, retry };
}
