/**
 * Alt text for a GIF image (spec §5).
 */
import type { Gif } from './types';

/** Tags taken with a username, and without one (spec §5). */
export const ALT_TAGS_WITH_USERNAME = 4;
export const ALT_TAGS_WITHOUT_USERNAME = 5;
/** A tag that describes the file format, not the content: never read out. */
const FORMAT_TAG = 'transparent';

/**
 * The alt text of `gif`: its title if present; otherwise the username, up to 4 tags (5 without
 * a username, 'transparent' left out) and 'Sticker' or 'GIF'.
 */
export function altText(gif: Pick<Gif, 'title' | 'tags' | 'is_sticker'> & Partial<Pick<Gif, 'user' | 'username'>>): string {
  const title = gif.title?.trim();
  if (title) return title;
  const username = (gif.user?.username || gif.username || '').trim();
  const limit = username ? ALT_TAGS_WITH_USERNAME : ALT_TAGS_WITHOUT_USERNAME;
  const tags = (gif.tags || [])
    .map((tag) => tag.trim())
    .filter((tag) => tag && tag.toLowerCase() !== FORMAT_TAG)
    .slice(0, limit);
  return [username, ...tags, gif.is_sticker ? 'Sticker' : 'GIF'].filter(Boolean).join(' ');
}
