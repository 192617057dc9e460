/**
 * The attribution line (spec §5): whether a creator is shown, under which name and handle,
 * and with or without the verified badge.
 */
import { avatarAt80, defaultAvatar } from './avatar';
import type { Images, User } from './types';

/** What the attribution line shows. */
export interface Attribution {
  /** attribution_display_name, else display_name, else username. */
  name: string;
  /** '@' + lowercase sanitized username; '' when the username has nothing left after sanitizing. */
  handle: string;
  /** Show the verified badge. */
  verified: boolean;
  /** The avatar's 80 px rendition ('' without an avatar). */
  avatarUrl: string;
  profileUrl: string;
}

/** Characters a handle may keep; anything else (spaces, markup, emoji) is stripped. */
const NOT_HANDLE_CHAR = /[^a-z0-9_.-]/g;

/**
 * The handle shown for `username`: '@' + lowercase with only [a-z0-9_.-] kept.
 * Returns '' when nothing is left.
 */
export function userHandle(username: string | undefined): string {
  const clean = (username || '').toLowerCase().replace(NOT_HANDLE_CHAR, '');
  return clean ? `@${clean}` : '';
}

/**
 * The attribution for `user`, or undefined when none is shown: no user, neither username nor
 * display_name, not public, or chrome suppressed. `images`, the files of the GIF it is shown on,
 * name the media host a creator without an avatar takes a default avatar from.
 */
export function attributionOf(user: User | undefined, images: Images = {}): Attribution | undefined {
  if (!user || (!user.username && !user.display_name)) return undefined;
  if (user.is_public !== true || user.suppress_chrome === true) return undefined;
  return {
    name: user.attribution_display_name || user.display_name || user.username,
    handle: userHandle(user.username),
    verified: user.is_verified === true,
    avatarUrl: avatarAt80(user.avatar_url || defaultAvatar(user, images)),
    profileUrl: user.profile_url,
  };
}
