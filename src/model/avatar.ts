/**
 * Avatars (spec §9): taken at 80 px height, the media host's `/80h` rendition of the file the
 * API names; a creator without one gets one of five default avatars, picked at random once per
 * creator and kept for the page's life, so every GIF of theirs shows the same face.
 */
import type { Images, User } from './types';

/** The height avatars are taken at (spec §9). */
export const AVATAR_HEIGHT_PX = 80;
/** Default avatars are numbered 1 to this (spec §9). */
export const DEFAULT_AVATAR_COUNT = 5;

/** An avatar file on the media host: `/avatars/{path}.{ext}`, not already a rendition. */
const AVATAR_FILE = /^(\/avatars\/.+?)(?<!\/\d+h)\.(\w+)$/;

/** The default avatar picked for each creator (by id, else username, else display name). */
const picked = new Map<string, number>();

/**
 * The 80 px rendition of avatar `url` (`…/avatars/name/abc.gif` -> `…/avatars/name/abc/80h.gif`).
 * An address that is not a media host's avatar file comes back as it is.
 */
export function avatarAt80(url: string): string {
  try {
    const parsed = new URL(url);
    const file = AVATAR_FILE.exec(parsed.pathname);
    if (file) parsed.pathname = `${file[1]}/${AVATAR_HEIGHT_PX}h.${file[2]}`;
    return file ? parsed.href : url;
  } catch {
    return url;
  }
}

/**
 * The default avatar of `user`, on the media host `images` come from (`{host}/avatars/default{n}.gif`,
 * n from 1 to 5, the same n every time for the same creator). '' when no image names a host.
 */
export function defaultAvatar(user: User, images: Images): string {
  const media = Object.values(images).find((rendition) => rendition?.url)?.url;
  if (!media) return '';
  const key = user.id || user.username || user.display_name;
  let n = picked.get(key);
  if (n === undefined) picked.set(key, (n = 1 + Math.floor(Math.random() * DEFAULT_AVATAR_COUNT)));
  return `${new URL(media).origin}/avatars/default${n}.gif`;
}
