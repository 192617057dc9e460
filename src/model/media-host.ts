/**
 * The service spreads media over numbered hosts (media0..media4); the product always uses the
 * plain `media.` host so the same file has one URL (one cache entry, one CSP rule).
 */
import { withoutTrailingSlashes } from '../text';

/** `https://media3.giphy.com/...` and `//media2.localhost:8080/...`: scheme (optional) + numbered host. */
const NUMBERED_MEDIA_HOST = /^((?:[a-z][a-z0-9+.-]*:)?\/\/)media\d+\./i;

/**
 * Rewrites a numbered media host to the plain media host.
 * `url`: any URL text; URLs on other hosts come back unchanged.
 */
export function plainMediaHost(url: string): string {
  return url.replace(NUMBERED_MEDIA_HOST, '$1media.');
}

/**
 * `url`'s file through a first-party proxy at `base` (gif-embed/proxy, docs/proxy.md):
 * `{base}/media/{host}{path}{query}`. Not an http(s) address: `url` as it is.
 */
export function proxiedMedia(url: string, base: string): string {
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) return url;
  const { host, pathname, search } = new URL(url);
  return `${withoutTrailingSlashes(base)}/media/${host}${pathname}${search}`;
}
