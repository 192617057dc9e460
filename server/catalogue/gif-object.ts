/**
 * Turns an item into a GIF object in the real API's shape, including the quirks the client must
 * normalise: sizes and pixel dimensions as strings, `is_*` flags as 0/1, tags mixing strings and
 * `{text}` objects, media spread over numbered `mediaN` hosts.
 */
import type { ItemSpec, Tag } from './items';
import type { Manifest } from './media-files';
import { animatedRenditions, HD_FILE, hdSize, renditionFiles } from './renditions';
import { USERS, type CatalogueUser } from './users';

/** The numbered media hosts: media0 .. media4, like the real CDN. */
export const MEDIA_HOST_COUNT = 5;

/** Where links and media point for one response. */
export interface Origins {
  /** Site origin as the caller reached it, e.g. `http://127.0.0.1:8080`. */
  site: string;
  /** Port the service listens on (the media hosts are `mediaN.localhost:{port}`). */
  port: number;
  /**
   * One host for all media instead (`127.0.0.1`): for callers that are not browsers, whose
   * resolvers know no `mediaN.localhost`.
   */
  mediaHost?: string;
}

/** The origin of media host `n`: `http://media{n}.localhost:{port}`, or the one media host. */
export function mediaOrigin(origins: Origins, n: number): string {
  return `http://${origins.mediaHost ?? `media${n}.localhost`}:${origins.port}`;
}

/** Picks the media host for `key` the same way every time (a file always has one URL per host). */
export function mediaHostNumber(key: string): number {
  let sum = 0;
  for (let i = 0; i < key.length; i++) sum = (sum * 31 + key.charCodeAt(i)) >>> 0;
  return sum % MEDIA_HOST_COUNT;
}

/** `http://media{n}.localhost:{port}/media/{folder}/{file}`. */
export function mediaUrl(origins: Origins, folder: string, file: string): string {
  return `${mediaOrigin(origins, mediaHostNumber(folder))}/media/${folder}/${file}`;
}

/**
 * The URL slug of `item`: its slug words, dashed, then the id (`bouncing-dots-gifPlainBounce01`).
 * The id is always the part after the last dash, which is how a GIF page finds its GIF.
 */
export function slugOf(item: ItemSpec): string {
  const words = item.slugText.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return words ? `${words}-${item.id}` : item.id;
}

/** The text of a tag, whichever form it has (`'cat'` or `{ text: 'cat' }`). */
export const tagText = (tag: Tag): string => (typeof tag === 'string' ? tag : tag.text);

function absolute(origins: Origins, pathOrUrl: string): string {
  return pathOrUrl.startsWith('/') ? `${origins.site}${pathOrUrl}` : pathOrUrl;
}

/** A user object as the API sends it (flags kept in whichever style the record uses). */
export function userObject(user: CatalogueUser, origins: Origins) {
  return {
    // On the media hosts at /avatars/, as the real service puts them; '' when the creator has none.
    avatar_url: user.avatar ? `${mediaOrigin(origins, mediaHostNumber('avatars'))}/avatars/${user.avatar}` : '',
    banner_image: '',
    banner_url: '',
    profile_url: absolute(origins, user.profile),
    username: user.username,
    display_name: user.display_name,
    ...(user.attribution_display_name !== undefined ? { attribution_display_name: user.attribution_display_name } : {}),
    description: user.description,
    instagram_url: user.instagram_url,
    website_url: user.website_url,
    is_verified: user.is_verified,
    is_public: user.is_public,
    suppress_chrome: user.suppress_chrome,
  };
}

const flag = (value: boolean | undefined): 0 | 1 => (value ? 1 : 0);

function sourceTld(source: string): string {
  try {
    const url = new URL(source);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname : '';
  } catch {
    return '';
  }
}

/** The pixel snippets of an item with a tracking id; the second campaign also carries markup the client must strip. */
function bottleData(item: ItemSpec, origins: Origins) {
  if (!item.tid) return {};
  const pixel = `${origins.site}/_local/pixel?id=${item.id}&tid=${item.tid}&cb=%%CACHEBUSTER%%`;
  const tags = [`<img src="${pixel}" width="1" height="1" alt="" style="display:none">`];
  if (item.tid.endsWith('02')) tags.push(`<img src="${pixel}&n=2" onerror="alert(1)"><script>alert(1)</script>`);
  return { tid: item.tid, description: 'Local test campaign', tags };
}

function externalMedia(item: ItemSpec) {
  const ext = item.external;
  if (!ext) return undefined;
  const url = ext.provider_name === 'youtube' ? `https://www.youtube.com/watch?v=${ext.asset_uid}` : `https://vimeo.com/${ext.asset_uid}`;
  return { url, provider_name: ext.provider_name, asset_uid: ext.asset_uid, start: ext.start };
}

/**
 * Builds the images object of `item` from the manifest's facts about its files.
 * Small GIFs share files between renditions the way the real service does (downsized = original).
 */
function images(item: ItemSpec, origins: Origins, manifest: Manifest) {
  const folder = item.mediaOf ?? item.id;
  const fact = (file: string) => {
    const entry = manifest[`${folder}/${file}`];
    if (!entry) throw new Error(`catalogue media missing: ${folder}/${file} (run node --import tsx server/catalogue/generate.ts)`);
    return entry;
  };
  const url = (file: string) => mediaUrl(origins, folder, file);
  const out: Record<string, Record<string, string>> = {};
  for (const r of animatedRenditions(item.width, item.height)) {
    const f = renditionFiles(r.stem);
    const mp4 = { mp4_size: String(fact(f.mp4).bytes), mp4: url(f.mp4) };
    // A clip moves only as video: its renditions name an mp4 and no GIF or WebP.
    const animated: Record<string, string> = item.clip
      ? { height: String(r.height), width: String(r.width), ...mp4, frames: String(fact(f.mp4).frames) }
      : {
        height: String(r.height), width: String(r.width), size: String(fact(f.gif).bytes), url: url(f.gif),
        ...mp4, webp_size: String(fact(f.webp).bytes), webp: url(f.webp), frames: String(fact(f.gif).frames),
      };
    const still = {
      height: String(r.height), width: String(r.width), size: String(fact(f.stillGif).bytes), url: url(f.stillGif),
      webp_size: String(fact(f.stillWebp).bytes), webp: url(f.stillWebp),
    };
    out[r.key] = animated;
    out[`${r.key}_still`] = still;
    if (r.key === 'original') {
      out.downsized = { ...animated };
      out.downsized_large = { ...animated };
      out.downsized_still = { ...still };
    }
  }
  if (item.hd) {
    const size = hdSize(item.width, item.height);
    out.hd = { height: String(size.height), width: String(size.width), mp4_size: String(fact(HD_FILE).bytes), mp4: url(HD_FILE) };
  }
  return out;
}

/**
 * The full GIF object of `item`, with links on `origins`.
 * `manifest`: facts about the generated files (sizes in bytes, frame counts).
 */
export function gifObject(item: ItemSpec, origins: Origins, manifest: Manifest) {
  const user = item.user ? USERS[item.user] : null;
  const slug = slugOf(item);
  const external = externalMedia(item);
  return {
    type: item.clip ? 'video' : item.sticker ? 'sticker' : 'gif',
    id: item.id,
    url: `${origins.site}/gifs/${slug}`,
    slug,
    bitly_gif_url: `${origins.site}/g/${item.id}`,
    bitly_url: `${origins.site}/g/${item.id}`,
    embed_url: `${origins.site}/embed/${item.id}`,
    username: user ? user.username : '',
    source: item.source,
    title: item.title,
    rating: item.rating,
    content_url: '',
    tags: item.tags,
    tags_string: item.tags.map(tagText).join(', '),
    source_tld: sourceTld(item.source),
    source_post_url: item.source,
    is_hidden: 0,
    is_removed: 0,
    is_community: flag(!user),
    is_anonymous: flag(!user),
    is_featured: flag(item.featured),
    is_realtime: 0,
    is_indexable: flag(item.rating === 'g' || item.rating === 'y'),
    is_sticker: flag(item.sticker),
    is_preserve_size: 0,
    import_datetime: item.imported,
    trending_datetime: item.featured ? item.imported : '0000-00-00 00:00:00',
    images: images(item, origins, manifest),
    ...(user ? { user: userObject(user, origins) } : {}),
    bottle_data: bottleData(item, origins),
    ...(external ? { external_media: external } : {}),
    analytics_response_payload: '',
  };
}

export type GifObject = ReturnType<typeof gifObject>;
