/**
 * The entity model (spec §3, §5): GIF and User normalisation and the pure rules built on them
 * (rendition choice, alt text, attribution, share links and embed codes).
 */
export type { Gif, User, Rendition, NamedRendition, Images, RenditionName, BottleData, ExternalMedia, GifMeta } from './types';
export { normalizeGif, tryNormalizeGif, normalizeTags, videoMp4, GIF_FLAGS } from './gif';
export { normalizeUser } from './user';
export { normalizeImages, normalizeRendition } from './images';
export { toBool, toNumber, toText, asText, asNumber, isRecord } from './coerce';
export { plainMediaHost } from './media-host';
export { proxiedMedia } from './proxied-media';
export {
  pickRendition,
  stillOf,
  stillImage,
  isStillName,
  mediaUrl,
  videoFile,
  embedSrcset,
  SCALE_UP_MAX_PX,
  ANIMATED_RENDITIONS,
  SRCSET_FIXED_WIDTH_W,
  SRCSET_DOWNSIZED_W,
  SRCSET_ORIGINAL_W,
} from './renditions';
export type { PickOptions, MediaOptions } from './renditions';
export { altText, ALT_TAGS_WITH_USERNAME, ALT_TAGS_WITHOUT_USERNAME } from './alt';
export { attributionOf, userHandle } from './attribution';
export { avatarAt80, defaultAvatar, AVATAR_HEIGHT_PX, DEFAULT_AVATAR_COUNT } from './avatar';
export type { Attribution } from './attribution';
export {
  shareUrl,
  sharePopupSize,
  embedUrl,
  embedSize,
  iframeEmbedCode,
  responsiveEmbedCode,
  scriptEmbedCode,
  embedScriptCode,
  SCRIPT_ATTRIBUTES,
  TWITTER_POPUP,
  SHARE_POPUP,
  EMBED_BASE_PX,
  twitterSharePage,
  tweetPath,
  TWITTER_LOGIN_COOKIE,
  TWITTER_LOGIN_PATH,
  TWITTER_FINALIZE_PATH,
  NEXT_PARAM,
} from './share';
export { ampEmbedCode, AMP_IFRAME_SCRIPT } from './amp';
export type { ShareNetwork, EmbedParam, ScriptEmbedOptions, EmbedScriptSettings } from './share';
export { escapeAttr } from './escape';
export { safeUrl } from './safe-url';
