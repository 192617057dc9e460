/**
 * User normalisation (spec §3 User): text fields default to '', flags become booleans.
 */
import { isRecord, optionalText, readFields, toBool, toText } from './coerce';
import { plainMediaHost } from './media-host';
import { safeUrl } from './safe-url';
import type { User } from './types';

/** Text fields that default to ''. */
const TEXT_FIELDS = ['username', 'display_name'];
/** Links: '' (or left out when optional) unless they are http(s) URLs. */
const URL_FIELDS = ['profile_url'];
const OPTIONAL_URL_FIELDS = ['website_url', 'instagram_url'];
/** Flags that default to false. */
const FLAGS = ['is_verified', 'suppress_chrome'];
/** Text fields left out when absent or empty. */
const OPTIONAL_TEXT_FIELDS = ['id', 'attribution_display_name', 'description'];

/**
 * Normalises a user object from the service.
 * `raw`: anything; returns undefined when it is not an object (anonymous GIFs have no user).
 */
export function normalizeUser(raw: unknown): User | undefined {
  if (!isRecord(raw)) return undefined;
  const user = readFields({} as User, raw, TEXT_FIELDS, toText);
  readFields(user, raw, URL_FIELDS, safeUrl);
  readFields(user, raw, OPTIONAL_URL_FIELDS, (value) => safeUrl(value) || undefined);
  user.avatar_url = safeUrl(plainMediaHost(toText(raw.avatar_url)));
  readFields(user, raw, FLAGS, toBool);
  // The public API omits is_public for ordinary (public) accounts; only an explicit false/0 hides one.
  user.is_public = toBool(raw.is_public, true);
  return readFields(user, raw, OPTIONAL_TEXT_FIELDS, optionalText);
}
