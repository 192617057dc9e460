/**
 * The oEmbed provider (oembed.com): `GET /oembed?url={GIF page URL}&maxwidth=&maxheight=&format=json`
 * answers a `rich` response whose html frames the player page as WordPress's own provider frames
 * a post (./html.ts), so a CMS (WordPress, Ghost, Discourse, Notion, ...) that is given a GIF
 * page's address embeds the player.
 *
 * Written once as a Fetch API handler, `(request: Request) => Promise<Response>`: the local
 * service mounts it, and it runs unchanged wherever a runtime speaks the Fetch API (Cloudflare
 * Workers, Deno, Bun, Vercel and Netlify functions, Next.js route handlers). It reads the GIF
 * from the API through the package's one request path (timeout, errors), with the host and
 * key it is given: it leaves the package's configuration as it is.
 */
import { toGifResult } from '../api/public';
import { gifIdFrom } from '../embed/placeholder';
import { buildUrl, isHttpBase, segment } from '../api/url';
import { fetchPublicJson, PUBLIC_API_VERSION } from '../api/v1';
import { embedSize, proxiedMedia, stillImage, type Gif } from '../model';
import { escapeAttr } from '../model/escape';
import { withoutTrailingSlashes } from '../text';
import { oembedHtml } from './html';

export interface OEmbedOptions {
  /** The site whose GIF pages (`{siteBase}/gifs/{slug}`) and player pages (`{siteBase}/embed/{id}`) are embedded. */
  siteBase: string;
  /** The GIPHY-compatible API the GIFs are read from (without `/v1`). */
  apiBase: string;
  apiKey: string;
  /** Where the iframe player pages are (`{playerBase}/embed/{id}`); the GIF's own `embed_url` when absent. */
  playerBase?: string;
  /** `provider_name` (default 'GIF Embed'). */
  providerName?: string;
  /** Seconds a consumer may keep a response (`cache_age` and `Cache-Control`). */
  cacheAge?: number;
  /** A first-party proxy's address (gif-embed/proxy, docs/proxy.md): the thumbnail comes through it. */
  mediaBase?: string;
}

/** What the provider answers: an oEmbed 1.0 `rich` response. */
export interface OEmbedResponse {
  version: '1.0';
  type: 'rich';
  html: string;
  width: number;
  height: number;
  title?: string;
  author_name?: string;
  author_url?: string;
  provider_name: string;
  provider_url: string;
  cache_age: number;
  thumbnail_url?: string;
  thumbnail_width?: number;
  thumbnail_height?: number;
}

/** Where the provider is mounted on the site (its discovery links name `{siteBase}/oembed`). */
export const OEMBED_PATH = '/oembed';

/** The discovery link a GIF page carries in its head (oEmbed spec 4): `pageUrl` is the page's own address. */
export function oembedDiscoveryLink(pageUrl: string, siteBase: string, title = ''): string {
  const href = `${withoutTrailingSlashes(siteBase)}${OEMBED_PATH}?url=${encodeURIComponent(pageUrl)}&format=json`;
  return `<link rel="alternate" type="application/json+oembed" href="${escapeAttr(href)}"${title ? ` title="${escapeAttr(title)}"` : ''}>`;
}

/** A day: GIF pages do not change their GIF. */
export const OEMBED_CACHE_AGE_S = 86_400;

/**
 * The GIF id a page address names, or undefined when it is not on `siteBase`: what the embed
 * reads from an address pasted into data-gif-id (`gifIdFrom`: a GIF page `/gifs/{slug}`, a
 * player page `/embed/{id}`, a media file), from the part of the path below the site's.
 */
export function gifIdOf(pageUrl: string, siteBase: string): string | undefined {
  let page: URL;
  let site: URL;
  try {
    page = new URL(pageUrl);
    site = new URL(`${withoutTrailingSlashes(siteBase)}/`);
  } catch {
    return undefined;
  }
  if (page.origin !== site.origin || !page.pathname.startsWith(site.pathname)) return undefined;
  return gifIdFrom(`/${page.pathname.slice(site.pathname.length)}`);
}

/** A whole number of px from a query value, or undefined (absent, not a positive number). */
function px(value: string | null): number | undefined {
  const n = Number(value);
  return value && Number.isFinite(n) && n >= 1 ? Math.floor(n) : undefined;
}

/** The GIF's embed box (480-based, its ratio) scaled down, never up, to fit `maxwidth` x `maxheight`. */
export function fitSize(gif: Gif, maxwidth?: number, maxheight?: number): { width: number; height: number } {
  const { width, height } = embedSize(gif);
  const scale = Math.min(1, maxwidth ? maxwidth / width : 1, maxheight ? maxheight / height : 1);
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
}

/** The oEmbed response for `gif`, asked for by its page `page`, within `maxwidth` x `maxheight`. */
export function oembedFor(gif: Gif, page: string, options: OEmbedOptions, maxwidth?: number, maxheight?: number): OEmbedResponse {
  const size = fitSize(gif, maxwidth, maxheight);
  const player = options.playerBase ? `${withoutTrailingSlashes(options.playerBase)}/embed/${gif.id}` : gif.embed_url;
  const cacheAge = options.cacheAge ?? OEMBED_CACHE_AGE_S;
  const response: OEmbedResponse = {
    version: '1.0',
    type: 'rich',
    html: oembedHtml(gif, page, player, size),
    ...size,
    provider_name: options.providerName ?? 'GIF Embed',
    provider_url: `${withoutTrailingSlashes(options.siteBase)}/`,
    cache_age: cacheAge,
  };
  if (gif.title) response.title = gif.title;
  const user = gif.user;
  // The name the player shows (spec §5): attribution_display_name, else display_name, else the username.
  const author = user?.attribution_display_name || user?.display_name || user?.username;
  if (author) response.author_name = author;
  if (user?.profile_url) response.author_url = user.profile_url;
  const still = stillImage(gif);
  if (still) Object.assign(response, { thumbnail_url: options.mediaBase ? proxiedMedia(still.url, options.mediaBase) : still.url, thumbnail_width: still.width, thumbnail_height: still.height });
  return response;
}

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Access-Control-Allow-Origin': '*', ...headers } });

/** GET {apiBase}/v1/gifs/{id}: the GIF, normalised (no SDK headers: a server's call needs no preflight). */
async function readGif(id: string, options: OEmbedOptions, signal: AbortSignal): Promise<Gif> {
  const url = buildUrl(`${withoutTrailingSlashes(options.apiBase)}/${PUBLIC_API_VERSION}`, `gifs/${segment(id)}`, { api_key: options.apiKey });
  return toGifResult(await fetchPublicJson(url, signal, {})).data;
}

/**
 * Settings usually come from a runtime's environment, where a missing or misspelt variable is
 * `undefined`: say which setting is wrong when the handler is made, not at the first request.
 */
function checkOptions(options: OEmbedOptions): void {
  for (const name of ['siteBase', 'apiBase', 'playerBase', 'mediaBase'] as const) {
    const value = options[name];
    if ((name === 'siteBase' || name === 'apiBase' || value !== undefined) && !isHttpBase(value)) {
      throw new TypeError(`gif-embed/oembed: ${name} must be an http(s) address, not ${JSON.stringify(value) ?? 'undefined'}`);
    }
  }
  if (typeof options.apiKey !== 'string' || !options.apiKey) {
    throw new TypeError(`gif-embed/oembed: apiKey must be the API key, not ${JSON.stringify(options.apiKey) ?? 'undefined'}`);
  }
}

/**
 * The provider as a Fetch API handler. Answers 400 without a `url`, 404 for an address that is not one of the site's GIF pages or a
 * GIF the API does not have, 501 for any format but json, 405 for other methods, 502 when the
 * API fails.
 */
export function createOEmbedHandler(options: OEmbedOptions): (request: Request) => Promise<Response> {
  checkOptions(options);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'Method not allowed', { Allow: 'GET, HEAD' });
    const query = new URL(request.url).searchParams;
    const format = query.get('format');
    if (format && format !== 'json') return text(501, `Format not implemented: ${format.slice(0, 16)}; json is`);
    const url = query.get('url');
    if (!url) return text(400, 'The url parameter is required');
    const id = gifIdOf(url, options.siteBase);
    if (!id) return text(404, 'Not a GIF page of this site');
    let gif: Gif;
    try {
      gif = await readGif(id, options, request.signal);
    } catch (error) {
      const status = (error as { status?: number }).status;
      return status === 404 ? text(404, 'No such GIF') : text(502, 'The GIF could not be read');
    }
    // The player's address is built from the id this handler validated, never from the one the
    // API answers with (an API answering `id: "../../x?y="` would move the frame off the player).
    const body = oembedFor({ ...gif, id }, url, options, px(query.get('maxwidth')), px(query.get('maxheight')));
    return new Response(request.method === 'HEAD' ? null : JSON.stringify(body), {
      status: 200,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Access-Control-Allow-Origin': '*',
        'Cache-Control': `public, max-age=${body.cache_age}`,
      },
    });
  };
}
