/**
 * The attribution line (spec §1, §5): the creator's avatar, name, verified badge and @handle,
 * linking to their profile in a new window; nothing when the rules of §5 show no creator.
 * The mobile player draws it in its header, the desktop chrome in its own: each file carries it
 * (the modules, not their barrels, so the chrome plugin file bundles them and the desktop player
 * file, which draws no attribution, does not), with ATTRIBUTION_CSS.
 */
import { attributionOf } from '../model/attribution';
import type { Images, User } from '../model/types';
import { VerifiedBadge } from '../ui/verified-badge';
import type { PLAYER_EN, UI_EN } from '../i18n/en';
import { NEW_WINDOW } from './links';

/**
 * The line's rules: the name and the handle give way (ellipsis) to the controls beside them,
 * never covering one, the handle first, so the name stays readable in a narrow player. Two faces
 * in all (14 px, 600 and 400): the handle keeps the size of the text around it. Each face the
 * first player shows is looked up in the layout of that player's frame (on Linux a round trip to
 * the browser's font service each).
 */
export const ATTRIBUTION_CSS =
  '.at{display:flex;align-items:center;gap:6px;min-width:0;flex:1;font-weight:600}' +
  '.at span,.at small{overflow:hidden;white-space:nowrap;text-overflow:ellipsis}.at img{flex:none;width:24px;height:24px;border-radius:4px}' +
  '.at svg{width:16px;height:16px;fill:#0cf}.at small{opacity:.9;font-weight:400;font-size:1em;flex-shrink:9}';

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
