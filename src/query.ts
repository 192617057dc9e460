/**
 * The one query-string reader (spec §9): the debug flag, page-view paths, addresses pasted into
 * a placeholder and the iframe page's parameters are all read through it, and none reads more
 * than QUERY_KEY_LIMIT keys, however long the string a page or a link hands it.
 */

/** Most keys read from one query string (spec §9 "query parse key limit"); later ones are ignored. */
export const QUERY_KEY_LIMIT = 1000;

/**
 * The parameters of `query` (a `?a=1&b=2` search, with or without its `?`): the first
 * QUERY_KEY_LIMIT non-empty pairs, decoded as URLSearchParams decodes them.
 */
export function parseQuery(query: string): URLSearchParams {
  const pairs = query.replace(/^\?/, '').split('&').filter(Boolean);
  return new URLSearchParams(pairs.slice(0, QUERY_KEY_LIMIT).join('&'));
}
