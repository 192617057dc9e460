/**
 * The service spreads media over numbered hosts (media0..media4); the product always uses the
 * plain `media.` host so the same file has one URL (one cache entry, one CSP rule).
 */

/** `https://media3.giphy.com/...` and `//media2.localhost:8080/...`: scheme (optional) + numbered host. */
const NUMBERED_MEDIA_HOST = /^((?:[a-z][a-z0-9+.-]*:)?\/\/)media\d+\./i;

/**
 * Rewrites a numbered media host to the plain media host.
 * `url`: any URL text; URLs on other hosts come back unchanged.
 */
export function plainMediaHost(url: string): string {
  return url.replace(NUMBERED_MEDIA_HOST, '$1media.');
}
