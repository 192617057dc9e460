/**
 * User normalisation (spec §3 User): text fields default to '', flags become booleans.
 */
import { isRecord, optionalText, toBool, toText } from './coerce';
import { plainMediaHost } from './media-host';
import type { User } from './types';

/**
 * Normalises a user object from the service.
 * `raw`: anything; returns undefined when it is not an object (anonymous GIFs have no user).
 */
export function normalizeUser(raw: unknown): User | undefined {
  if (!isRecord(raw)) return undefined;
  const user: User = {
    username: toText(raw.username),
    display_name: toText(raw.display_name),
    profile_url: toText(raw.profile_url),
    avatar_url: plainMediaHost(toText(raw.avatar_url)),
    is_verified: toBool(raw.is_verified),
    // The public API omits is_public for ordinary (public) accounts; only an explicit false/0 hides one.
    is_public: toBool(raw.is_public, true),
    suppress_chrome: toBool(raw.suppress_chrome),
  };
  const optional = {
    id: optionalText(raw.id),
    attribution_display_name: optionalText(raw.attribution_display_name),
    description: optionalText(raw.description),
    website_url: optionalText(raw.website_url),
    instagram_url: optionalText(raw.instagram_url),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) (user as unknown as Record<string, unknown>)[key] = value;
  }
  return user;
}
