/**
 * The video provider clients (spec §5, §7): which ids and urls youtube and vimeo accept, the
 * exact validation messages, the oembed endpoint, and the player URLs.
 */
import { ValidationError } from '../../src/api/errors';
import { parseQuery } from '../../src/query';
import { embedUrl } from '../../src/model/share';

/** The only providers the embed plays (spec §2). */
export type Provider = 'youtube' | 'vimeo';

interface ProviderSpec {
  /** The host named in "is not a {host} url". */
  host: string;
  /** The provider's name as visitors read it ('Play YouTube'). */
  name: string;
  /** What a bare video id looks like. */
  id: RegExp;
  /** Hostnames of urls that belong to the provider. */
  hosts: RegExp;
  /** Reads the video id out of a provider url's path and query. */
  idFromUrl(url: URL): string | undefined;
  /** The canonical page url of video `id` (what oembed is asked about). */
  pageUrl(id: string): string;
  /** The oembed endpoint. */
  oembed: string;
}

export const PROVIDERS: Record<Provider, ProviderSpec> = {
  youtube: {
    host: 'youtube.com',
    name: 'YouTube',
    // YouTube ids are 11 characters of the url-safe base64 alphabet.
    id: /^[\w-]{11}$/,
    hosts: /^(?:(?:www|m|music)\.)?(?:youtube\.com|youtube-nocookie\.com|youtu\.be)$/i,
    idFromUrl(url) {
      if (/youtu\.be$/i.test(url.hostname)) return url.pathname.split('/')[1];
      return parseQuery(url.search).get('v') ?? /^\/(?:embed|shorts|v|live)\/([^/?#]+)/.exec(url.pathname)?.[1];
    },
    pageUrl: (id) => `https://www.youtube.com/watch?v=${id}`,
    oembed: 'https://www.youtube.com/oembed',
  },
  vimeo: {
    host: 'vimeo.com',
    name: 'Vimeo',
    id: /^\d+$/,
    hosts: /^(?:(?:www|player)\.)?vimeo\.com$/i,
    // vimeo.com/123, vimeo.com/channels/staffpicks/123, player.vimeo.com/video/123: the numeric segment.
    idFromUrl: (url) => url.pathname.split('/').find((part) => /^\d+$/.test(part)),
    pageUrl: (id) => `https://vimeo.com/${id}`,
    oembed: 'https://vimeo.com/api/oembed.json',
  },
};

/** The message when neither an id nor a url is given (spec §5, verbatim). */
export const MISSING_ID_MESSAGE = 'An id or url must be passed...';

/** Quotes a caller's value in a message the way the provider SDKs do: “value”. */
const quoted = (value: string) => `\u201c${value}\u201d`;

/** Spec §5 messages with the offending id or url quoted in front. */
export const invalidIdMessage = (id: string) => `${quoted(id)} is not a valid video id.`;
export const notProviderUrlMessage = (url: string, provider: Provider) => `${quoted(url)} is not a ${PROVIDERS[provider].host} url.`;
export const notEmbeddableMessage = (url: string) => `${quoted(url)} is not embeddable.`;
export const notFoundMessage = (url: string) => `${quoted(url)} was not found.`;

/** True when `provider` is one the embed plays. */
export function isProvider(provider: unknown): provider is Provider {
  return provider === 'youtube' || provider === 'vimeo';
}

/** A video the provider client accepted: its id and canonical page url. */
export interface VideoRef {
  id: string;
  url: string;
}

/** Parses `text` as an http(s) url, also when the scheme was left off ('youtu.be/abc'). */
function parseUrl(text: string): URL | undefined {
  const withScheme = /^https?:\/\//i.test(text) ? text : /^[\w-]+(\.[\w-]+)+\//.test(text) ? `https://${text}` : '';
  if (!withScheme) return undefined;
  try {
    return new URL(withScheme);
  } catch {
    return undefined;
  }
}

/**
 * Validates a video for `provider`: `id` (numeric for vimeo, 11 characters for youtube) or a
 * provider `url`. `id` wins when both are given. Returns the id and canonical url; throws a
 * ValidationError with the exact spec §5 message otherwise.
 */
export function resolveVideo(provider: Provider, { id, url }: { id?: string | number; url?: string }): VideoRef {
  const spec = PROVIDERS[provider];
  const idText = id === undefined || id === null ? '' : String(id).trim();
  const value = idText || (url ?? '').trim();
  if (!value) throw new ValidationError(MISSING_ID_MESSAGE);
  if (spec.id.test(value)) return { id: value, url: spec.pageUrl(value) };
  const parsed = parseUrl(value);
  if (parsed && spec.hosts.test(parsed.hostname)) {
    const found = spec.idFromUrl(parsed);
    if (found && spec.id.test(found)) return { id: found, url: spec.pageUrl(found) };
    throw new ValidationError(invalidIdMessage(value));
  }
  // An id that is neither a valid id nor a url is a bad id; anything else is a foreign url.
  if (idText && !parsed) throw new ValidationError(invalidIdMessage(value));
  throw new ValidationError(notProviderUrlMessage(value, provider));
}

/**
 * The oembed lookup URL (spec §7): the provider's endpoint with `url` and `options`
 * (e.g. { maxwidth: 480 }); empty options are dropped. Returns a full https URL.
 */
export function oembedUrl(provider: Provider, url: string, options: Record<string, string | number | boolean | undefined> = {}): string {
  return embedUrl(PROVIDERS[provider].oembed, { url, format: 'json', ...options });
}

/** The YouTube iframe API script (spec §7: loaded on demand). */
export { YOUTUBE_IFRAME_API } from '../../src/plugin-files';
/** Spec §5: the YouTube embed starts this many seconds before `start`. */
export const YOUTUBE_START_LEAD_S = 1;

/** Where a YouTube video starts: one second before `start`, never below 0 (spec §5). Seconds in, whole seconds out. */
export function youtubeStart(start: number | undefined): number {
  const value = Number(start);
  return Number.isFinite(value) ? Math.max(0, Math.floor(value - YOUTUBE_START_LEAD_S)) : 0;
}

/** The player variables of a muted, autoplaying YouTube player for `start` (seconds). */
export function youtubePlayerVars(start: number | undefined): Record<string, number> {
  return { autoplay: 1, mute: 1, playsinline: 1, rel: 0, start: youtubeStart(start) };
}

/** The colour of the Vimeo player's controls: the brand blue, without '#'. */
export const VIMEO_COLOR = '00ccff';
const VIMEO_PLAYER = 'https://player.vimeo.com/video/';

/**
 * The Vimeo player URL of spec §7: /video/{asset_uid} with autoplay=true, byline=false,
 * loop=false, title=false and a color (default the brand blue). `assetUid` must be valid.
 */
export function vimeoPlayerUrl(assetUid: string, color: string = VIMEO_COLOR): string {
  return embedUrl(`${VIMEO_PLAYER}${encodeURIComponent(assetUid)}`, {
    autoplay: 'true',
    byline: 'false',
    loop: 'false',
    title: 'false',
    color,
  });
}
