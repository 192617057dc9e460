/**
 * The hostile API: `/_hostile/v1/...` answers the embed's calls (`gifs?ids=`, `gifs/{id}`,
 * `gifs/related`) with GIFs whose every field holds one attack payload, so a page pointed at it
 * (`data-api-base="{origin}/_hostile"`) shows what an attacker who controls the data could do.
 * Item `hostileNNN` carries payload NNN in every text, link, media, video and pixel field; its
 * `original.url` stays a real file so the player renders, except for every
 * ALL_MEDIA_HOSTILE_EVERY-th item, whose media is hostile too (the player must show its error view).
 * Each payload that would run calls `__pwned(NNN)` on the page, so a test can set a trap.
 */
import { ApiError, envelope, page } from './envelope';
import { gifObject, type Catalogue, type Origins } from './catalogue/index';
import { IDS } from './catalogue/items';

/** Scheme payloads, each calling the trap with `N` (replaced by the payload's number). */
const SCRIPTS = [
  'javascript:__pwned(N)',
  'javascript:top.__pwned(N)//https://ok.example/',
  'vbscript:__pwned(N)',
  'data:text/html,<script>parent.__pwned(N)</script>',
  'data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX19wd25lZCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="parent.__pwned(N)"/>',
  'javascript://%0a__pwned(N)',
  'jAvAsCrIpT:__pwned(N)',
  'blob:https://ok.example/__pwned(N)',
  'file:///etc/passwd#__pwned(N)',
];

/** How a scheme may be disguised; each takes the scheme payload and gives the disguised text. */
const DISGUISES: ((p: string) => string)[] = [
  (p) => p,
  (p) => p.toUpperCase().replace('__PWNED', '__pwned'),
  (p) => ` ${p}`,
  (p) => `\t\n${p}`,
  (p) => `\u0000${p}`,
  (p) => `\u0001\u001f ${p}`,
  (p) => p.replace(/^(\w{2})/, '$1\t'),
  (p) => p.replace(/^(\w{3})/, '$1\n'),
  (p) => p.replace(/^(\w{1})/, '$1\r'),
  (p) => p.replace(/^(\w)/, (c) => `&#${c.charCodeAt(0)};`),
  (p) => p.replace(/^(\w)/, (c) => `&#x${c.charCodeAt(0).toString(16)};`),
  (p) => p.replace(/^(\w)/, (c) => `&#000${c.charCodeAt(0)}`),
  (p) => p.replace(':', '&colon;'),
  (p) => p.replace(':', '&#58;'),
  (p) => `${p}\u2028`,
];

/** Markup and quoting payloads for text fields (and, as URLs, the allow-list must drop them). */
const MARKUP = [
  '"><script>__pwned(N)</script>',
  "'><img src=x onerror=__pwned(N)>",
  '<img src=x onerror="__pwned(N)">',
  '<svg onload=__pwned(N)>',
  '" onmouseover="__pwned(N)" x="',
  '</style><script>__pwned(N)</script>',
  '<iframe src="javascript:__pwned(N)"></iframe>',
  '<a href="javascript:__pwned(N)">x</a>',
  '{{constructor.constructor("__pwned(N)")()}}',
  '${__pwned(N)}',
  '<math><mtext><table><mglyph><style><img src=x onerror=__pwned(N)>',
  '\u202e<script>__pwned(N)</script>',
  '//evil.example/%0a__pwned(N)',
  '/\\evil.example/__pwned(N)',
  '\\\\evil.example\\__pwned(N)',
  'https://ok.example/"onmouseover="__pwned(N)',
  "https://ok.example/'><script>__pwned(N)</script>",
  'https://ok.example/?q=<script>__pwned(N)</script>',
  'http://ok.example/#"><img src=x onerror=__pwned(N)>',
  '%6A%61%76%61%73%63%72%69%70%74:__pwned(N)',
];

/** Every payload, its number already in place. */
export const HOSTILE_PAYLOADS: string[] = [
  ...SCRIPTS.flatMap((script) => DISGUISES.map((disguise) => disguise(script))),
  ...MARKUP,
].map((payload, n) => payload.replace(/N/g, String(n)));

/** Every this-many-th item has hostile media everywhere (no file the player could show). */
export const ALL_MEDIA_HOSTILE_EVERY = 10;

/** The id of hostile item `n` (`hostile007`). */
export const hostileId = (n: number) => `hostile${String(n).padStart(3, '0')}`;

/** Replaces every media URL of `images` with `payload`, keeping `original.url` unless `all`. */
function hostileImages(images: Record<string, Record<string, string>>, payload: string, all: boolean) {
  const out: Record<string, Record<string, string>> = {};
  for (const [name, rendition] of Object.entries(images)) {
    out[name] = { ...rendition };
    for (const field of ['url', 'webp', 'mp4']) {
      if (field in rendition && (all || name !== 'original' || field !== 'url')) out[name][field] = payload;
    }
  }
  return out;
}

/** The GIF object of hostile item `n`, its real files borrowed from the catalogue's plain GIF. */
export function hostileGif(n: number, catalogue: Catalogue, origins: Origins) {
  const payload = HOSTILE_PAYLOADS[n];
  const base = gifObject(catalogue.byId(IDS.plain)!, origins, catalogue.manifest);
  return {
    ...base,
    id: hostileId(n),
    url: payload,
    bitly_url: payload,
    embed_url: payload,
    slug: payload,
    title: payload,
    username: payload,
    source: payload,
    tags: [payload, { text: payload }],
    tags_string: payload,
    images: hostileImages(base.images as Record<string, Record<string, string>>, payload, n % ALL_MEDIA_HOSTILE_EVERY === 0),
    external_media: { url: payload, provider_name: n % 2 ? 'youtube' : 'vimeo', asset_uid: payload, start: 0 },
    bottle_data: { tid: `hostile${n}`, tags: [payload, `<img src="${payload}" onerror="__pwned(${n})">`, JSON.stringify({ url: payload })] },
    user: {
      ...base.user,
      username: payload,
      display_name: payload,
      attribution_display_name: payload,
      profile_url: payload,
      avatar_url: payload,
      website_url: payload,
      instagram_url: payload,
      description: payload,
      is_verified: true,
      is_public: true,
      suppress_chrome: false,
    },
  };
}

/** The item number of hostile id `id`, or -1. */
function numberOf(id: string): number {
  const match = /^hostile(\d{3})$/.exec(id);
  const n = match ? Number(match[1]) : -1;
  return n < HOSTILE_PAYLOADS.length ? n : -1;
}

/** Answers `/_hostile/v1/{rest}`: `gifs?ids=`, `gifs/{id}`, `gifs/related?gif_id=&offset=&limit=`. */
export function answerHostile(rest: string, query: URLSearchParams, catalogue: Catalogue, origins: Origins) {
  const gif = (n: number) => hostileGif(n, catalogue, origins);
  if (rest === 'gifs') {
    const ids = (query.get('ids') || '').split(',').map(numberOf).filter((n) => n >= 0);
    return envelope(ids.map(gif), { total_count: ids.length, count: ids.length, offset: 0 });
  }
  if (rest === 'gifs/related') {
    const all = HOSTILE_PAYLOADS.map((_, n) => n);
    const offset = Number(query.get('offset')) || 0;
    const limit = Number(query.get('limit')) || 25;
    const { data, pagination } = page(all, offset, limit);
    return envelope(data.map(gif), pagination);
  }
  const one = /^gifs\/(\w+)$/.exec(rest);
  const n = one ? numberOf(one[1]) : -1;
  if (n >= 0) return envelope(gif(n));
  throw new ApiError(404, 'Not found in the hostile API');
}
