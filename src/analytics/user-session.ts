/**
 * The user-session data layer (spec §3): who is visiting, pushed once per session change so
 * the page's analytics can segment by it. Also tells pingbacks the logged-in user id (spec §6).
 */
import type { User } from '../model';
import { pushDataLayer } from './data-layer';
import { setLoggedInUserId } from './session-ids';

export const LOGGED_IN = 'Logged In';
export const LOGGED_OUT = 'Logged Out';
export const VERIFIED = 'Verified';
export const NOT_VERIFIED = 'Not Verified';
/** userType for visitors (spec §6: visitors are anonymous). */
export const ANONYMOUS_USER_TYPE = 'anonymous';

/** The data-layer entry of spec §3. */
export interface UserSessionData {
  loggedInStatus: typeof LOGGED_IN | typeof LOGGED_OUT;
  userID: string;
  verifiedStatus: typeof VERIFIED | typeof NOT_VERIFIED;
  userType: string;
}

export interface SessionUser {
  id: string;
  user?: Pick<User, 'is_verified'>;
  /** e.g. 'user', 'artist', 'channel owner', 'moderator'. */
  userType?: string;
}

/**
 * The user-session data for `session` (undefined = anonymous visitor).
 */
export function userSessionData(session?: SessionUser): UserSessionData {
  if (!session?.id) {
    return { loggedInStatus: LOGGED_OUT, userID: '', verifiedStatus: NOT_VERIFIED, userType: ANONYMOUS_USER_TYPE };
  }
  return {
    loggedInStatus: LOGGED_IN,
    userID: session.id,
    verifiedStatus: session.user?.is_verified === true ? VERIFIED : NOT_VERIFIED,
    userType: session.userType || 'user',
  };
}

/**
 * Pushes the user-session data to the data layer and sets the pingback logged-in user id.
 * Returns the data pushed.
 */
export function trackUserSession(session?: SessionUser): UserSessionData {
  const data = userSessionData(session);
  setLoggedInUserId(data.userID || undefined);
  pushDataLayer({ ...data });
  return data;
}
