/**
 * A file's address through a first-party proxy (gif-embed/proxy, docs/proxy.md): the snippets and
 * the oEmbed answer a publisher's proxy serves name its media at the page's own origin.
 */
import { withoutTrailingSlashes } from '../text';

/**
 * `url`'s file through a first-party proxy at `base` (gif-embed/proxy, docs/proxy.md):
 * `{base}/media/{host}{path}{query}`. Not an http(s) address: `url` as it is.
 */
export function proxiedMedia(url: string, base: string): string {
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) return url;
  const { host, pathname, search } = new URL(url);
  return `${withoutTrailingSlashes(base)}/media/${host}${pathname}${search}`;
}
