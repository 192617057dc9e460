/**
 * The ids a pingback session carries (spec §3 analytics session, §7 pingbacks): the user id
 * cookie, the logged-in user, a random id kept in localStorage, and the recent search
 * response ids kept in sessionStorage. What is kept on the device is kept only as the reader's
 * choices allow (./consent.ts); otherwise it lives as long as the page.
 */
import { getEnv } from '../env';
import { mayStore } from './consent';

/** Cookie holding the service's pingback user id. */
export const USER_ID_COOKIE = 'giphy_pbid';
/** localStorage key of the random id (generated once, then reused). */
export const RANDOM_ID_KEY = 'gif-embed:random-id';
/** sessionStorage key of the recent search response ids (a JSON list, newest last). */
export const SEARCH_RESPONSE_IDS_KEY = 'gif-embed:search-response-ids';
/** localStorage keys of the picker's kept lists begin so (`…recents`, `…favorites`: src/sdk/picker/kept.ts). */
export const PICKER_STORAGE_PREFIX = 'gif-embed:picker-';
/** How many search response ids are kept: the last and the one before it are all that is sent. */
export const SEARCH_RESPONSE_IDS_KEPT = 2;

/** Length of the random id in hex digits (128 bits, like a UUID without dashes). */
const RANDOM_ID_HEX_DIGITS = 32;
const HEX = 16;

/** Fallback when storage is blocked: the id then lives as long as the page. */
let memoryRandomId: string | undefined;
let loggedInUserId: string | undefined;
/** The recent search response ids of this page, oldest first (what storage holds, when it may). */
let memorySearchIds: string[] = [];
/** The list as it was before this page's first search (undefined until one), read then. */
let beforeSearching: string[] | undefined;

/** A random hex id; crypto when available (ids must not collide across visitors). */
function newRandomId(): string {
  // randomUUID exists only in secure contexts (https); plain-http pages get the fallback.
  const uuid = globalThis.crypto?.randomUUID?.();
  if (uuid) return uuid.replace(/-/g, '');
  let id = '';
  for (let i = 0; i < RANDOM_ID_HEX_DIGITS; i++) id += Math.floor(Math.random() * HEX).toString(HEX);
  return id;
}

/**
 * Reads a storage item, treating a throwing store (sandboxed iframe) as empty, and the device as
 * empty where the reader's choices do not allow our storage.
 */
export function readStored(store: Storage | undefined, key: string): string | null {
  try {
    return (mayStore() && store?.getItem(key)) || null;
  } catch {
    return null;
  }
}

/**
 * Writes a storage item where the reader's choices allow it; a full or blocked store is not an
 * error for analytics.
 */
export function writeStored(store: Storage | undefined, key: string, value: string) {
  try {
    if (mayStore()) store?.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: analytics degrade to in-memory ids.
  }
}

/** The random id of this browser: read from localStorage, or generated once and stored. */
export function randomId(): string {
  const store = getEnv().local();
  const stored = readStored(store, RANDOM_ID_KEY);
  if (stored) return stored;
  writeStored(store, RANDOM_ID_KEY, (memoryRandomId ??= newRandomId()));
  return memoryRandomId;
}

/**
 * Removes the ids we kept on the device, and the picker's kept lists, once the reader's choices
 * no longer allow them (a refusal, a withdrawal, GPC, `dnt`): what was kept before is not left
 * behind. Never throws.
 */
export function forgetStoredIds() {
  const env = getEnv();
  const local = env.local();
  for (const [store, key] of [[local, RANDOM_ID_KEY], [env.session(), SEARCH_RESPONSE_IDS_KEY], [local, `${PICKER_STORAGE_PREFIX}recents`], [local, `${PICKER_STORAGE_PREFIX}favorites`]] as const) {
    try {
      store?.removeItem(key);
    } catch {
      // A blocked store holds nothing of ours.
    }
  }
}

/** The user id from the `USER_ID_COOKIE` cookie, or undefined. */
export function cookieUserId(): string | undefined {
  return getEnv().cookie(USER_ID_COOKIE) || undefined;
}

/** Sets (or clears, with undefined) the logged-in user id sent with pingbacks (spec §6). */
export function setLoggedInUserId(id: string | undefined) {
  loggedInUserId = id || undefined;
}

/** The logged-in user id, if any. */
export function getLoggedInUserId(): string | undefined {
  return loggedInUserId;
}

/** The recent search response ids, oldest first: the stored ones, else this page's (storage not allowed, or not yet). */
export function searchResponseIds(): string[] {
  let stored: string[] = [];
  try {
    // Nothing stored (or storage not allowed) reads as null, which parses to null: no ids.
    const list: unknown = JSON.parse(readStored(getEnv().session(), SEARCH_RESPONSE_IDS_KEY) as string);
    if (Array.isArray(list)) stored = list.filter((id): id is string => typeof id === 'string');
  } catch {
    // Not JSON: no ids.
  }
  // Those of this page's searches made before storage was allowed count too.
  return stored.length ? stored : memorySearchIds.slice();
}

/**
 * Records the response id of a search the visitor just made (call it on every search response).
 * A repeat of the newest id (a later page of the same search) is not recorded twice.
 */
export function rememberSearchResponseId(responseId: string) {
  if (!responseId) return;
  const ids = searchResponseIds();
  if (ids[ids.length - 1] === responseId) return;
  beforeSearching ??= ids.slice();
  ids.push(responseId);
  memorySearchIds = ids.slice(-SEARCH_RESPONSE_IDS_KEPT);
  writeStored(getEnv().session(), SEARCH_RESPONSE_IDS_KEY, JSON.stringify(memorySearchIds));
}

/** The second-to-last search response id (sent as prior_response_id) of `ids` (the recent ones), or undefined. */
export function priorResponseId(ids = searchResponseIds()): string | undefined {
  return ids[ids.length - 2];
}

/**
 * The prior response id as it is now, given when asked later: a first read of the page's
 * storage waits for the browser's answer, so a pingback queued as the page loads reads none.
 * Until this page searches, the list is the one its tab's earlier pages stored, which nothing
 * changes before that search: read when asked, or as it was before it.
 */
export function priorResponseIdThen(): () => string | undefined {
  if (beforeSearching) {
    const now = priorResponseId();
    return () => now;
  }
  return () => priorResponseId(beforeSearching);
}

/** Forgets the in-memory ids (tests). Stored ids live in the env's storage. */
export function resetSessionIds() {
  memoryRandomId = undefined;
  loggedInUserId = undefined;
  memorySearchIds = [];
  beforeSearching = undefined;
}
