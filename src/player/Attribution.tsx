/**
 * The attribution line (spec §1, §5): the creator's avatar, name, verified badge and @handle,
 * linking to their profile in a new window; nothing when the rules of §5 show no creator.
 * The mobile player draws it in its header, the desktop chrome in its own.
 */
import { attributionOf, type Images, type User } from '../model';
import { VerifiedBadge } from '../ui';
import type { PLAYER_EN, UI_EN } from '../i18n/en';
import { NEW_WINDOW } from './links';

/** The reader's words the attribution reads: `verified`, and how the reader's language separates a list (`, `, `、`, `، `). */
export type AttributionWords = Pick<typeof UI_EN & typeof PLAYER_EN, 'verified' | 'listSeparator'>;

/** The link's accessible name, read as a sentence: "Pixel Smith Studio, verified, @pixelsmith" (`m`: the reader's words). */
export function attributionLabel(a: { name: string; verified: boolean; handle?: string }, m: AttributionWords): string {
  return [a.name, a.verified && m.verified.toLowerCase(), a.handle].filter(Boolean).join(m.listSeparator);
}

/** Props: the GIF's `user`, its `images` (the media host of a default avatar), and the reader's words. */
export function Attribution({ user, images, m }: { user: User | undefined; images: Images; m: AttributionWords }) {
  const { verified } = m;
  const a = attributionOf(user, images);
  // The name and the handle, in whatever script, read in their own direction.
  return a ? (
    <a className="at" href={a.profileUrl || undefined} {...NEW_WINDOW} aria-label={attributionLabel(a, m)}>
      {a.avatarUrl && <img src={a.avatarUrl} alt="" />}
      <span dir="auto">{a.name}</span>
      {a.verified && <VerifiedBadge size={16} label={verified} />}
      {a.handle && <small dir="auto">{a.handle}</small>}
    </a>
  ) : null;
}
