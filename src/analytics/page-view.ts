/**
 * Page views (spec §2 table): API-style request URLs are rewritten to the site's virtual page
 * paths before being reported, so a page of related GIFs counts like a visit to that page.
 *
 * Mapping from API-style URLs (any host; `/v1/...` public API and the site's channel API):
 * - `/v1/gifs/related?gif_id=ID` -> related, slug = the `slug` query param or option, else ID
 * - `/v1/gifs/search?q=TERM` -> search; `q=@channel TERM` -> channel search
 * - `/v1/stickers/trending` -> sticker trending
 * - `/v1/stickers/search?q=TERM` -> sticker search
 * - `/v1/channels/{channel}/gifs`, `/api/v3/channels/{channel}/gifs/` -> channel GIFs
 * Page: the `page` query param when present, else `ceil(offset / limit) + 1` (limit default 25):
 * offsets on page boundaries give the usual numbering, and the embed's related paging (6, then
 * pages of 12 from offset 6) counts 1, 2, 3... instead of repeating page 1.
 * "A page is given" (sticker search, channel GIFs, channel search) means `page` or `offset` is in
 * the query; search, related and sticker trending always have one (page 1 without offset).
 * Terms have spaces turned into '-' (the site's URL style) and are URI-encoded.
 */
import { withoutTrailingSlashes } from '../text';
import { parseQuery } from '../query';
import { callGa, callGtag, pushDataLayer } from './data-layer';

/** Page size the public API uses when a URL names none. */
export const DEFAULT_PAGE_LIMIT = 25;
/** Data-layer event name for virtual page views. */
export const PAGE_VIEW_EVENT = 'VirtualPageview';
/** Base used only to parse relative URLs. */
const PARSE_BASE = 'http://localhost';

export interface PageViewContext {
  /** Slug of the GIF whose related GIFs are shown (the URL only has its id). */
  slug?: string;
}

/** The page number given by `query`, or undefined when it names none. */
function givenPage(query: URLSearchParams): number | undefined {
  const page = Number(query.get('page'));
  if (query.has('page') && Number.isInteger(page) && page > 0) return page;
  if (!query.has('offset')) return undefined;
  const offset = Math.max(0, Number(query.get('offset')) || 0);
  const limit = Number(query.get('limit')) > 0 ? Number(query.get('limit')) : DEFAULT_PAGE_LIMIT;
  return Math.ceil(offset / limit) + 1;
}

/**
 * A search for `@channel rest of the term`: the channel's name and the term, or undefined. Read
 * with one search for the first space (the regex it replaces backtracked: quadratic on a long name).
 */
function channelSearch(q: string): { name: string; term: string } | undefined {
  if (q[0] !== '@') return undefined;
  const space = /\s/.exec(q);
  const end = space ? space.index : q.length;
  return end > 1 ? { name: q.slice(1, end), term: q.slice(end).trimStart() } : undefined;
}

/** A term as it appears in a site path. */
function pathTerm(term: string): string {
  return encodeURIComponent(term.trim().replace(/\s+/g, '-'));
}

/** `/page/{page}` when a page is given, else ''. */
const pageSuffix = (page: number | undefined) => (page === undefined ? '' : `/page/${page}`);

/**
 * The virtual page path for `url` (spec §2): related, search, sticker and channel API URLs are
 * rewritten; any other URL comes back unchanged. An unparseable URL logs a warning and comes
 * back unchanged. Channel GIFs without a page give ''.
 */
export function virtualPath(url: string, context: PageViewContext = {}): string {
  let parsed: URL;
  try {
    parsed = new URL(url, PARSE_BASE);
  } catch {
    console.warn(`Unparseable page view URL: ${url}`);
    return url;
  }
  const path = withoutTrailingSlashes(parsed.pathname);
  const query = parseQuery(parsed.search);
  const page = givenPage(query);
  const q = (query.get('q') || '').trim();
  if (path.endsWith('/v1/gifs/related')) {
    const slug = context.slug || query.get('slug') || query.get('gif_id') || '';
    return `/gifs/${encodeURIComponent(slug)}/related/page/${page ?? 1}`;
  }
  if (path.endsWith('/v1/gifs/search')) {
    const channel = channelSearch(q);
    if (channel) return `/channel/${encodeURIComponent(channel.name)}/search/${pathTerm(channel.term)}${pageSuffix(page)}`;
    return `/search/${pathTerm(q)}/page/${page ?? 1}`;
  }
  if (path.endsWith('/v1/stickers/trending')) return `/create/gifmaker/decorate/stickers/page/${page ?? 1}`;
  if (path.endsWith('/v1/stickers/search')) return `/create/gifmaker/decorate/stickers/search/${pathTerm(q)}${pageSuffix(page)}`;
  const channelGifs = /\/(?:v1|api\/v3)\/channels\/([^/]+)\/gifs$/.exec(path);
  if (channelGifs) return page === undefined ? '' : `/channels/${channelGifs[1]}/page/${page}`;
  return url;
}

/**
 * Reports a page view of `url` (rewritten by `virtualPath`) to the page's data layer, gtag and
 * ga when present. Returns the path sent, or '' when there was nothing to send.
 */
export function trackPageView(url: string, context?: PageViewContext): string {
  const path = virtualPath(url, context);
  if (!path) return '';
  pushDataLayer({ event: PAGE_VIEW_EVENT, virtualPageURL: path });
  callGtag('event', 'page_view', { page_path: path });
  callGa('send', 'pageview', path);
  return path;
}
