/**
 * The media hosts the proxy fetches from, and the one form a media address takes through it:
 * `{base}/media/{host}{path}` (`/media/media2.giphy.com/media/abc/giphy.gif`). An API answer's
 * media addresses are rewritten to that form, and only that form is fetched back: a host that is
 * not listed, a path that could leave the host, or a file that is not media is refused before
 * anything is asked.
 */
import { proxiedMedia } from '../model/proxied-media';

/** GIPHY's media hosts: the default list. */
export const GIPHY_MEDIA_HOSTS = ['https://media.giphy.com', 'https://media0.giphy.com', 'https://media1.giphy.com', 'https://media2.giphy.com', 'https://media3.giphy.com', 'https://media4.giphy.com', 'https://i.giphy.com'];

/** The media types passed on, by file ending and by the type the host answers with. */
export const MEDIA_TYPES: Record<string, string> = { gif: 'image/gif', webp: 'image/webp', mp4: 'video/mp4', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };
const ALLOWED_TYPES = new Set(Object.values(MEDIA_TYPES));

/** The proxy's media path segment. */
export const MEDIA_PATH = '/media/';

/** A host as listed (an origin): its scheme and `host[:port]`. */
interface MediaHost {
  protocol: string;
  host: string;
}

/** The listed origins, checked: each an http(s) origin with no path, no user, no query. */
export function mediaHostsOf(list: readonly string[]): Map<string, MediaHost> {
  const hosts = new Map<string, MediaHost>();
  for (const entry of list) {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      // named below
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '') || entry.replace(/\/$/, '') !== url.origin) {
      throw new TypeError(`gif-embed/proxy: mediaHosts must list origins like "https://media.giphy.com", not ${JSON.stringify(entry)}`);
    }
    hosts.set(url.host, { protocol: url.protocol, host: url.host });
  }
  return hosts;
}

/** What a listed media address becomes through the proxy at `base` (src/model proxiedMedia), or undefined for any other address. */
export function proxiedMediaUrl(value: string, hosts: Map<string, MediaHost>, base: string): string | undefined {
  if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  const listed = hosts.get(url.host);
  if (!listed || listed.protocol !== url.protocol || url.username || url.password) return undefined;
  return proxiedMedia(value, base);
}

/**
 * Every listed media address in `json` (an API answer) rewritten to the proxy's, in place; a
 * nested object is walked once (depth is bounded by the answer's size cap).
 */
export function rewriteMedia(json: unknown, hosts: Map<string, MediaHost>, base: string): unknown {
  if (typeof json === 'string') return proxiedMediaUrl(json, hosts, base) ?? json;
  if (Array.isArray(json)) {
    for (let i = 0; i < json.length; i++) json[i] = rewriteMedia(json[i], hosts, base);
  } else if (json && typeof json === 'object') {
    const record = json as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = rewriteMedia(record[key], hosts, base);
  }
  return json;
}

/** Characters and sequences a media path never needs and a traversal or smuggling would: dot-segments, encoded slashes, backslashes and percents, `@`, controls. */
const UNSAFE_PATH = /\.\.|%2e|%2f|%5c|%00|%25|%40|\\|@|\/\/|[\u0000-\u001f\u007f]/i;
const FILE_ENDING = /\.([a-z0-9]{2,4})$/i;

/**
 * The upstream address of the proxy's media path `rest` (after `/media/`, as the request wrote
 * it) and `search`, or why it is refused: the host must be listed, the path safe, the file media.
 */
export function mediaTarget(rest: string, search: string, hosts: Map<string, MediaHost>): { url: string; type: string } | { refused: string; status: number } {
  const slash = rest.indexOf('/');
  const host = slash < 0 ? rest : rest.slice(0, slash);
  const path = slash < 0 ? '' : rest.slice(slash);
  if (!host) return { refused: 'No media host is named', status: 400 };
  const listed = hosts.get(host.toLowerCase());
  if (!listed) return { refused: 'That media host is not one this proxy serves', status: 403 };
  if (!path || path === '/' || UNSAFE_PATH.test(path) || UNSAFE_PATH.test(search)) return { refused: 'The media path is not one this proxy serves', status: 400 };
  const type = MEDIA_TYPES[FILE_ENDING.exec(path)?.[1].toLowerCase() ?? ''];
  if (!type) return { refused: 'Only GIF, WebP, MP4, JPEG and PNG files are served', status: 404 };
  const url = new URL(`${listed.protocol}//${listed.host}${path}${search}`);
  // The parsed address must still be on the listed host (nothing above lets it move, this makes sure).
  if (url.host !== listed.host || url.protocol !== listed.protocol) return { refused: 'The media path is not one this proxy serves', status: 400 };
  return { url: url.href, type };
}

/** Whether a redirect's `location` stays on a listed host (and its file is still media). */
export function listedLocation(location: string, from: string, hosts: Map<string, MediaHost>): string | undefined {
  let url: URL;
  try {
    url = new URL(location, from);
  } catch {
    return undefined;
  }
  const listed = hosts.get(url.host);
  return listed && listed.protocol === url.protocol && !url.username && !url.password ? url.href : undefined;
}

/** Whether the media host's `Content-Type` is one passed on. */
export function isMediaType(contentType: string | null): boolean {
  return ALLOWED_TYPES.has((contentType ?? '').split(';')[0].trim().toLowerCase());
}
