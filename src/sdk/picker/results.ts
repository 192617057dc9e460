/**
 * What the results pane fetches and says for a search: the page fetch the Grid pages with
 * (search or trending, GIFs or stickers, with a channel, rating and language), the page view of
 * each page that arrives (spec §2's virtual paths), and the polite announcement of a count.
 */
import { search, searchQuery, trending, type GifsResult, type Rating } from '../../api/public';
import { trackPageView } from '../../analytics';
import { fill, isolate, plural, type Strings } from '../../i18n';
import type { SearchQuery, PickerMediaType } from './state';

/** GIFs asked for per page (the public API's default page). */
export const PICKER_PAGE_SIZE = 25;

export interface ResultsOptions {
  query: SearchQuery;
  type: PickerMediaType;
  rating?: Rating;
  lang?: string;
  /**
   * The search's abort signal, asked for at each page: the effect that owns the search makes it
   * (a remount, as StrictMode does, makes a new one), and aborts it when the search is replaced.
   */
  signal?: () => AbortSignal | undefined;
}

/** The API-style address of a page, as page views are reported (rewritten to the site's paths). */
function pageAddress({ query, type }: ResultsOptions, offset: number): string | undefined {
  const paging = `offset=${offset}&limit=${PICKER_PAGE_SIZE}`;
  if (query.term) {
    return `/v1/${type}/search?q=${encodeURIComponent(searchQuery(query.term, query.channel))}&${paging}`;
  }
  // Trending stickers have a row of their own; trending GIFs have none, and a raw API address
  // would be no page of the host's worth counting.
  return type === 'stickers' ? `/v1/stickers/trending?${paging}` : undefined;
}

/**
 * The Grid's fetch for `options`: each page that arrives is reported as a page view, and
 * `onFirstPage` hears the first page's total (the count announced) unless the search was
 * aborted meanwhile.
 */
export function resultsFetcher(options: ResultsOptions, onFirstPage: (total: number) => void) {
  const { query, type, rating, lang } = options;
  return async (offset: number): Promise<GifsResult> => {
    const signal = options.signal?.();
    const list = { offset, limit: PICKER_PAGE_SIZE, rating, lang, signal, type };
    const page = query.term ? await search(query.term, { ...list, channel: query.channel }) : await trending(list);
    const address = pageAddress(options, offset);
    if (address) trackPageView(address);
    if (offset === 0 && !signal?.aborted) onFirstPage(page.pagination.total_count);
    return page;
  };
}

/** What the pane shows (and a screen reader hears) when a search for `term` found nothing; the term set apart (isolate). */
export const noResultsFor = (m: Strings['m'], term: string, stickers: boolean) => fill(stickers ? m.noStickersFor : m.noGifsFor, isolate(term));

/**
 * What a screen reader hears when a search's results come, in the reader's words: "24 GIFs for
 * cats", "1 sticker for dots from @pixelsmith", "No GIFs found for “xyz”." (what the pane shows).
 */
export function countAnnouncement(strings: Strings, total: number, query: SearchQuery, type: PickerMediaType): string {
  const { m } = strings;
  const stickers = type === 'stickers';
  // Trending (an empty field) is what the picker opens on: nothing to announce.
  if (!query.term) return '';
  if (!total) return noResultsFor(m, query.term, stickers);
  const what = query.channel ? fill(m.fromChannel, isolate(query.term), isolate(query.channel)) : isolate(query.term);
  return plural(strings, stickers ? m.stickersFor : m.gifsFor, total, what);
}
