/** @jsxImportSource preact */
/**
 * The attribution line (spec §1, §5): the creator's avatar, name, verified badge and @handle,
 * linking to their profile in a new window; nothing when the rules of §5 show no creator.
 * The mobile player draws it in its header, the desktop chrome in its own.
 */
import { attributionOf, type User } from '../model';
import { Icon } from './icons';

/** Label of the verified badge. */
export const VERIFIED_LABEL = 'Verified';

export function Attribution({ user }: { user: User | undefined }) {
  const a = attributionOf(user);
  return a ? (
    <a class="at" href={a.profileUrl || undefined} target="_blank" rel="noopener">
      {a.avatarUrl && <img src={a.avatarUrl} alt="" />}
      <span>{a.name}</span>
      {a.verified && <Icon name="verified" label={VERIFIED_LABEL} />}
      {a.handle && <small>{a.handle}</small>}
    </a>
  ) : null;
}
