/**
 * The entities of spec §3 after normalisation: every field has the type its name promises,
 * so the player, SDK and analytics never re-check what the service sent.
 */

/** One rendition of a GIF: a still or animated file at one size. */
export interface Rendition {
  /** GIF (or still) url; '' when the service only sent video/WebP for this rendition. */
  url: string;
  webp?: string;
  mp4?: string;
  width: number;
  height: number;
  /** Byte sizes and frame count, when the service sends them. */
  size?: number;
  webp_size?: number;
  mp4_size?: number;
  frames?: number;
}

/** A rendition together with the name it had in `images` (the picker returns these). */
export interface NamedRendition extends Rendition {
  name: string;
}

/** Rendition names the product relies on (spec §3); renditions with other names are kept too. */
export type RenditionName =
  | 'original'
  | 'original_still'
  | 'fixed_width'
  | 'fixed_width_still'
  | 'fixed_height'
  | 'fixed_height_still'
  | 'fixed_width_small'
  | 'fixed_width_small_still'
  | 'fixed_height_small'
  | 'fixed_height_small_still'
  | 'downsized'
  | 'downsized_still'
  | 'downsized_large'
  | 'hd';

/** Renditions keyed by name. */
export type Images = { [name in RenditionName]?: Rendition } & { [name: string]: Rendition | undefined };

/** Tracking data attached by the service: `tid` makes pingbacks go out at once; `tags` are pixel snippets. */
export interface BottleData {
  tid?: string;
  tags?: string[];
  [key: string]: unknown;
}

/** Media hosted on a video provider (only youtube and vimeo are played). */
export interface ExternalMedia {
  provider_name: 'youtube' | 'vimeo' | (string & {});
  asset_uid: string;
  /** Start offset in seconds. */
  start?: number;
}

/** The creator of a GIF (spec §3 User). */
export interface User {
  id?: string;
  username: string;
  display_name: string;
  attribution_display_name?: string;
  profile_url: string;
  avatar_url: string;
  description?: string;
  website_url?: string;
  instagram_url?: string;
  is_verified: boolean;
  is_public: boolean;
  suppress_chrome: boolean;
}

/** A GIF or sticker (spec §3 GIF). */
export interface Gif {
  id: string;
  url: string;
  bitly_url: string;
  embed_url: string;
  title: string;
  slug: string;
  /** 'gif' or 'sticker' (other values passed through). */
  type: string;
  rating?: string;
  /** Top-level username of the uploader ('' when anonymous). */
  username: string;
  source?: string;
  import_datetime?: string;
  trending_datetime?: string;
  is_anonymous: boolean;
  is_community: boolean;
  is_featured: boolean;
  is_hidden: boolean;
  is_indexable: boolean;
  is_preserve_size: boolean;
  is_realtime: boolean;
  is_removed: boolean;
  is_sticker: boolean;
  tags: string[];
  tags_string: string;
  bottle_data: BottleData;
  external_media?: ExternalMedia;
  user?: User;
  images: Images;
  /** From the response meta: identifies the search/listing this GIF came from (pingbacks need it). */
  response_id?: string;
  pingback_event_type?: string;
  /** mp4 url for video playback: hd when it is an .mp4, else original. */
  video?: string;
}

/** The response meta fields the normaliser attaches to each GIF. */
export interface GifMeta {
  response_id?: string;
  pingback_event_type?: string;
}
