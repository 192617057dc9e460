/**
 * Sharing (spec §7 share URLs, §5 embed URL params, §9 embed and popup sizes): the links the
 * share menu opens and the embed codes it hands out.
 */
import { withoutTrailingSlashes } from '../text';
import { altText } from './alt';
import { escapeAttr } from './escape';
import { plainMediaHost } from './media-host';
import { proxiedMedia } from './proxied-media';
import { mediaUrl, pickRendition, videoFile } from './renditions';
import { safeUrl } from './safe-url';
import type { Gif, Rendition } from './types';

/** Networks the share menu knows. */
export type ShareNetwork = 'facebook' | 'twitter' | 'tumblr' | 'pinterest' | 'reddit';

/** Share popup sizes (spec §9): twitter 750x350, every other network 480x480. */
export const TWITTER_POPUP = { width: 750, height: 350 } as const;
export const SHARE_POPUP = { width: 480, height: 480 } as const;

/** Embed iframe base size (spec §9): the GIF is fitted into 480x480 keeping its ratio. */
export const EMBED_BASE_PX = 480;

/** The responsive ratio is written as a percentage with at most 2 decimals (56.25%). */
const PERCENT_PRECISION = 100;

/** Share endpoints of each network. */
const SHARE_ENDPOINTS: Record<ShareNetwork, string> = {
  facebook: 'https://www.facebook.com/sharer/sharer.php',
  twitter: 'https://twitter.com/intent/tweet',
  tumblr: 'https://www.tumblr.com/widgets/share/tool',
  pinterest: 'https://pinterest.com/pin/create/button/',
  reddit: 'https://www.reddit.com/submit',
};

/** Query parameters of a share URL for `gif` on `network`. */
function shareParams(network: ShareNetwork, gif: Gif): Record<string, string> {
  switch (network) {
    case 'facebook':
      return { u: gif.url };
    case 'twitter':
      // Twitter gets the short link; tc=1 marks the share as coming from the embed card.
      return { url: gif.bitly_url || gif.url, tc: '1' };
    case 'tumblr':
      return { canonicalUrl: gif.url, posttype: 'link', title: gif.title };
    case 'pinterest':
      return { url: gif.url, media: gif.images.original?.url || '', description: gif.title };
    case 'reddit':
      return { url: gif.url, title: gif.title };
  }
}

/**
 * The URL that shares `gif` on `network` (spec §7): the GIF url, except twitter which shares
 * bitly_url with tc=1. Empty parameters are left out.
 */
export function shareUrl(network: ShareNetwork, gif: Gif): string {
  return embedUrl(SHARE_ENDPOINTS[network], shareParams(network, gif));
}

/**
 * Cookie the main site sets when a visitor has logged in for twitter uploads (spec §6): with it
 * the twitter button goes straight to the GIF's tweet page.
 */
export const TWITTER_LOGIN_COOKIE = 'twitter_upload_login';
/** Main-site routes of the twitter share (spec §2): the login, where it comes back, the tweet page. */
export const TWITTER_LOGIN_PATH = '/login/twitter';
export const TWITTER_FINALIZE_PATH = '/login/twitter/finalize';
/** Query parameter of the login naming the site path to come back to. */
export const NEXT_PARAM = 'next';

/** The main site's tweet page of GIF `id` (a site path). */
export const tweetPath = (id: string) => `/gifs/${encodeURIComponent(id)}/tweet`;

/**
 * Where the twitter button takes the visitor (spec §2, §6): on the main site (`siteBase`, else the
 * origin of the GIF's page) the GIF's tweet page when `loggedIn` (the TWITTER_LOGIN_COOKIE is
 * there), else the twitter login, which comes back to that page through its finalize route.
 * Without a main site to go to, the plain tweet intent of `shareUrl`.
 */
export function twitterSharePage(gif: Gif, siteBase: string, loggedIn: boolean): string {
  let site = withoutTrailingSlashes(siteBase);
  try {
    site ||= new URL(gif.url).origin;
  } catch {
    return shareUrl('twitter', gif);
  }
  const tweet = tweetPath(gif.id);
  return loggedIn ? site + tweet : embedUrl(site + TWITTER_LOGIN_PATH, { [NEXT_PARAM]: tweet });
}

/** The popup size for `network` (spec §9). */
export function sharePopupSize(network: ShareNetwork): { width: number; height: number } {
  return network === 'twitter' ? TWITTER_POPUP : SHARE_POPUP;
}

/** Values an embed URL parameter may take; false, '', null and undefined are dropped. */
export type EmbedParam = string | number | boolean | null | undefined;

/**
 * `base` with `params` added to its query (spec §5): parameters that are false or empty are
 * dropped; true becomes 'true'. An existing query on `base` is kept.
 */
export function embedUrl(base: string, params: Record<string, EmbedParam> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === false || value === '' || value === null || value === undefined) continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    query.append(key, String(value));
  }
  const text = query.toString();
  if (!text) return base;
  const [path, hash] = splitHash(base);
  return `${path}${path.includes('?') ? (/[?&]$/.test(path) ? '' : '&') : '?'}${text}${hash}`;
}

function splitHash(url: string): [string, string] {
  const at = url.indexOf('#');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}

/** The GIF's width and height (original, else fixed_width; square when unknown). */
function gifSize(gif: Gif): { width: number; height: number } {
  for (const r of [gif.images.original, gif.images.fixed_width, gif.images.downsized]) {
    if (r && r.width > 0 && r.height > 0) return { width: r.width, height: r.height };
  }
  return { width: EMBED_BASE_PX, height: EMBED_BASE_PX };
}

/**
 * The iframe size for `gif` (spec §9): 480x480 base scaled to the GIF's ratio, so the longer
 * side is 480 px.
 */
export function embedSize(gif: Gif): { width: number; height: number } {
  const { width, height } = gifSize(gif);
  return width >= height
    ? { width: EMBED_BASE_PX, height: Math.round((EMBED_BASE_PX * height) / width) }
    : { width: Math.round((EMBED_BASE_PX * width) / height), height: EMBED_BASE_PX };
}

/**
 * The fixed-size iframe embed code for `gif`.
 * `src`: the player page url (default gif.embed_url); `size`: the iframe's size (default
 * embedSize). Attribute values are escaped; '' when `src` is not an http(s) URL.
 */
export function iframeEmbedCode(gif: Gif, src: string = gif.embed_url, size: { width: number; height: number } = embedSize(gif)): string {
  const { width, height } = size;
  src = safeUrl(src);
  if (!src) return '';
  return (
    `<iframe src="${escapeAttr(src)}" width="${width}" height="${height}" title="${escapeAttr(gif.title)}"` +
    ` frameborder="0" class="gif-embed" allowfullscreen></iframe>`
  );
}

/**
 * The responsive embed code for `gif`: a 100%-wide box whose padding-bottom holds the ratio,
 * with the iframe filling it. `src`: the player page url (default gif.embed_url); '' when it
 * is not an http(s) URL.
 */
export function responsiveEmbedCode(gif: Gif, src: string = gif.embed_url): string {
  const { width, height } = gifSize(gif);
  src = safeUrl(src);
  if (!src) return '';
  const ratio = Math.round((height / width) * 100 * PERCENT_PRECISION) / PERCENT_PRECISION;
  return (
    `<div style="width:100%;height:0;padding-bottom:${ratio}%;position:relative;">` +
    `<iframe src="${escapeAttr(src)}" width="100%" height="100%" title="${escapeAttr(gif.title)}"` +
    ` style="position:absolute" frameborder="0" class="gif-embed" allowfullscreen></iframe></div>`
  );
}

/** What the embed's script tag carries: the key, and the hosts when they are not the script's own origin. */
export interface EmbedScriptSettings {
  'data-api-key'?: string;
  'data-api-base'?: string;
  'data-pingback-base'?: string;
  'data-site-base'?: string;
  /** The service's IAB TCF vendor id: the same on every page the code is pasted into. */
  'data-tcf-vendor-id'?: string;
}

/** The attributes of EmbedScriptSettings, in the order the tag carries them. */
export const SCRIPT_ATTRIBUTES = ['data-api-key', 'data-api-base', 'data-pingback-base', 'data-site-base', 'data-tcf-vendor-id'] as const;

/** The embed's script tag as data: its address and the settings it carries. */
export interface EmbedScriptTag {
  src: string;
  settings: EmbedScriptSettings;
}

/**
 * The embed's script tag as a page includes it: `<script async src="{src}" data-api-key=...>`,
 * each value escaped, empty settings left out. What ScriptEmbedOptions.script takes, for a
 * server that writes snippets.
 */
export function embedScriptCode(src: string, settings: EmbedScriptSettings): string {
  return `<script async src="${escapeAttr(src)}"${SCRIPT_ATTRIBUTES.map((name) => (settings[name] ? ` ${name}="${escapeAttr(settings[name]!)}"` : '')).join('')}></script>`;
}

/**
 * `tag`, a page's embed.js tag (src/embed/script.ts), as another page would include it: a base
 * written as a path (`data-api-base="/gif-api"`, a first-party proxy) is named in full, against
 * `page`, the address of the page that has it, since the code is pasted on other pages.
 */
export function scriptTagCode({ src, settings }: EmbedScriptTag, page = location.href): string {
  const inFull = (name: (typeof SCRIPT_ATTRIBUTES)[number], value = settings[name]) => (value && /base$/.test(name) ? new URL(value, page).href.replace(/\/$/, '') : value);
  return embedScriptCode(src, Object.fromEntries(SCRIPT_ATTRIBUTES.map((name) => [name, inFull(name)])));
}

/** What the script form of the embed code says besides the GIF. */
export interface ScriptEmbedOptions {
  /** The embed's script tag, as a page includes it (`<script async src=".../embed.js" data-api-key="...">`). */
  script: string;
  /** The box fills the width of its column instead of the GIF's 480-based width. */
  responsive?: boolean;
  /** The player's theme ('dark' is the default and is left out). */
  theme?: 'light' | 'dark';
  /** The GIF's alt text in the author's words (the player keeps it); default: made from its title and tags. */
  alt?: string;
  /** A first-party proxy's address (docs/proxy.md): the snippet's image comes through it, from the page's own origin. */
  mediaBase?: string;
}

/**
 * The script form of the embed code for `gif`: the placeholder (its box reserved by size and
 * aspect ratio) holding a link to the GIF's page around a plain `<img>` of the rendition the
 * player shows in that box, so the GIF shows before (and without) any script, then the script
 * tag. The box is the iframe's 480-based size, or the column's width when `responsive`. '' when
 * the GIF has no http(s) page to link to.
 *
 * Where the player would show the rendition's WebP (spec §5: a GIF, not a sticker, in a browser
 * that decodes WebP), the `<img>` sits in a `<picture>` whose WebP `<source>` the browser takes:
 * the page fetches the file the player plays (fewer bytes than the GIF, as a rule), and the player
 * adopts it. Other browsers fetch the GIF.
 */
export function scriptEmbedCode(gif: Gif, { script, responsive = false, theme = 'dark', alt = '', mediaBase = '' }: ScriptEmbedOptions): string {
  const { width, height } = embedSize(gif);
  const page = safeUrl(gif.url);
  if (!page) return '';
  const moving = pickRendition(gif.images, width, height);
  // A clip moves only as video: its snippet shows the still until the player plays the mp4.
  const rendition = moving && videoFile(gif, moving) ? pickRendition(gif.images, width, height, { stills: true }) : moving;
  const words = alt.trim();
  const image = rendition ? pictureOf(gif, rendition, width, height, words || altText(gif), mediaBase) : escapeAttr(words || gif.title || altText(gif));
  const box = responsive ? 'width:100%' : `width:${width}px;max-width:100%`;
  return (
    `<div data-gif-id="${escapeAttr(gif.id)}" data-width="${width}" data-height="${height}"${theme === 'light' ? ' data-theme="light"' : ''}` +
    ` style="aspect-ratio:${width}/${height};${box}"><a href="${escapeAttr(page)}">${image}</a></div>\n${script}`
  );
}

/**
 * The progressive snippet's image of `rendition` in a `width` x `height` box: the `<img>`, in a
 * `<picture>` when a WebP is to be preferred. On the plain media host, as the player plays it,
 * whatever host the GIF object names (one straight from the API's JSON names media0..media4):
 * the page's download is the one the player adopts. Through `mediaBase`, a first-party proxy, when given.
 */
function pictureOf(gif: Gif, rendition: Rendition, width: number, height: number, alt: string, mediaBase: string): string {
  const at = (webp: boolean) => {
    const url = plainMediaHost(mediaUrl(gif, rendition, { webp }));
    return mediaBase ? proxiedMedia(url, mediaBase) : url;
  };
  const src = at(false);
  const webp = at(true);
  const img = `<img src="${escapeAttr(src)}" width="${width}" height="${height}" alt="${escapeAttr(alt)}" decoding="async" style="display:block;width:100%;height:auto">`;
  return webp === src ? img : `<picture><source type="image/webp" srcset="${escapeAttr(webp)}">${img}</picture>`;
}
