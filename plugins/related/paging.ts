/**
 * Related-GIF paging (spec §7, §9): 6 GIFs first, then 12 a page, until the service has no
 * more. Pure transitions, so the grid stays a thin view over them.
 */
import { relatedPageSize } from '../../src/api';
import type { Gif } from '../../src/model';

export interface RelatedState {
  /** Every related GIF so far, in order, each id once. */
  gifs: Gif[];
  /** Offset of the next page: how many results the service has handed out so far. */
  offset: number;
  /** A page request is running. */
  fetching: boolean;
  /** The last request failed: the error view shows until 'Try again?'. */
  error: boolean;
  /** The service has nothing more. */
  done: boolean;
}

/** What the next request asks for. */
export interface RelatedRequest {
  offset: number;
  limit: number;
}

/** Nothing fetched yet. */
export function initialRelated(): RelatedState {
  return { gifs: [], offset: 0, fetching: false, error: false, done: false };
}

/** Whether a page may be requested now: not while one runs, after an error, or at the end. */
export function canFetch(state: RelatedState): boolean {
  return !state.fetching && !state.error && !state.done;
}

/** The request for the page after `state`: offset so far, limit 6 at offset 0 and 12 after. */
export function nextRequest(state: RelatedState): RelatedRequest {
  return { offset: state.offset, limit: relatedPageSize(state.offset) };
}

/** `state` with a request running. */
export function started(state: RelatedState): RelatedState {
  return { ...state, fetching: true, error: false };
}

/**
 * `state` after the page asked for by `request` came back with `page` (and the service's
 * `totalCount`, 0 when unknown). GIFs already shown, and the GIF the grid is about
 * (`exceptId`), are skipped. Done when the page was short, the total is reached, or nothing new came.
 */
export function received(state: RelatedState, request: RelatedRequest, page: readonly Gif[], totalCount = 0, exceptId?: string): RelatedState {
  const seen = new Set(state.gifs.map((g) => g.id));
  if (exceptId) seen.add(exceptId);
  const fresh = page.filter((g) => !seen.has(g.id) && seen.add(g.id));
  const offset = request.offset + page.length;
  const done = page.length < request.limit || (totalCount > 0 && offset >= totalCount) || fresh.length === 0;
  return { gifs: fresh.length ? [...state.gifs, ...fresh] : state.gifs, offset, fetching: false, error: false, done };
}

/** `state` after a request failed: the GIFs stay, the error view shows. */
export function failed(state: RelatedState): RelatedState {
  return { ...state, fetching: false, error: true };
}

/** `state` after 'Try again?': the error is cleared so the same page is asked for again. */
export function retried(state: RelatedState): RelatedState {
  return { ...state, error: false };
}
