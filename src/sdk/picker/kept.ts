/**
 * The GIFs a reader keeps in the picker: the recent picks (newest first, at most RECENTS_KEPT)
 * and the favourites (in the reader's order, at most FAVORITES_KEPT). A shelf holds both lists
 * for one store, and every picker of the page that uses that store reads the same shelf (a
 * `useSyncExternalStore` source): a star in one picker shows in the others at once.
 *
 * - The store is the app's (`store: { get, set }`, sync or async: its server, IndexedDB), or by
 *   default localStorage, only where the consent gate allows storing (analytics/consent.ts);
 *   otherwise the lists live in memory for the page's life (`device` false: the picker says so),
 *   and a platform that decides later is obeyed from then on. Two tabs of one app stay in step
 *   through the `storage` event.
 * - What is kept of a GIF is what its tile draws at once (KEPT_FIELDS, KEPT_RENDITIONS); an entry
 *   without them (an id an app's server kept) is filled by one `gifs?ids=` request.
 * - A store that throws, rejects, answers garbage or is full never breaks the picker: what it
 *   holds of another shape (or an older version) is dropped with a debug line, a write that fails
 *   leaves the lists in memory.
 */
import { gifs } from '../../api/public';
import { mayStore, whenConsentDecided } from '../../analytics/consent';
import { PICKER_STORAGE_PREFIX } from '../../analytics/session-ids';
import { debugLog } from '../../debug';
import { getEnv } from '../../env';
import { pickRendition, tryNormalizeGif, type Gif } from '../../model';

/** Where an app keeps the picker's lists: `get` answers what `set` was given for `key` ('recents', 'favorites'), now or as a promise. */
export interface PickerStore {
  get(key: string): unknown;
  set(key: string, value: unknown): unknown;
}

/** The two lists a picker keeps. */
export type KeptList = 'recents' | 'favorites';

/** Recent picks kept, newest first. */
export const RECENTS_KEPT = 24;
/** Favourites kept (one `gifs?ids=` request fills them all). */
export const FAVORITES_KEPT = 100;
/** The shape of what is kept; a value of another version is dropped. */
export const KEPT_VERSION = 1;
/** localStorage keys of the default store: `gif-embed:picker-recents`, `gif-embed:picker-favorites` (removed, as our ids are, once the reader's choices refuse storage). */
export const KEPT_STORAGE_PREFIX = PICKER_STORAGE_PREFIX;
/** The renditions kept of a GIF: its tile's, its still, and the original an app posts. */
const KEPT_RENDITIONS = ['fixed_width', 'fixed_width_still', 'original'];
const KEPT_FIELDS = ['id', 'url', 'title', 'username', 'type', 'is_sticker'] as const;
const LISTS: KeptList[] = ['recents', 'favorites'];

/** What a shelf holds now. */
export interface Kept {
  recents: Gif[];
  favorites: Gif[];
  /** Both lists were read from the store (an async store answers later). */
  ready: boolean;
  /** The lists outlive the page (the app's store, or localStorage the reader allows). */
  device: boolean;
}

/** What a server renders, and a browser until its store is read. */
export const NOTHING_KEPT: Kept = { recents: [], favorites: [], ready: false, device: false };

/** `gif` as it is kept: the fields its tile needs, raw (read back through the normaliser). */
export function keptForm(gif: Gif): Record<string, unknown> {
  const kept: Record<string, unknown> = { images: {} };
  for (const field of KEPT_FIELDS) kept[field] = gif[field];
  kept.tags = gif.tags.slice(0, 5);
  for (const name of KEPT_RENDITIONS) {
    const r = gif.images[name];
    if (r) (kept.images as Record<string, unknown>)[name] = { url: r.url, webp: r.webp, mp4: r.mp4, width: r.width, height: r.height };
  }
  return kept;
}

/** A tile can be drawn from what was kept (an animated rendition with a size). */
const drawable = (gif: Gif) => !!pickRendition(gif.images, 1, 1);

/**
 * The list a store's value holds: `{ v: 1, gifs: [...] }`, each entry a kept GIF or a bare id
 * (filled later); anything else (garbage, another version) is none, said in a debug line.
 */
export function readKept(value: unknown, list: KeptList): Gif[] {
  if (value == null) return [];
  const record = value as { v?: unknown; gifs?: unknown };
  if (record.v !== KEPT_VERSION || !Array.isArray(record.gifs)) {
    debugLog(`picker: the kept ${list} were of another shape or version, and were dropped`);
    return [];
  }
  const seen = new Set<string>();
  const read: Gif[] = [];
  const max = list == 'recents' ? RECENTS_KEPT : FAVORITES_KEPT;
  // A store's list is read only as far as it can matter: a huge or mostly broken one costs no more.
  for (const entry of record.gifs.slice(0, max * 4)) {
    const gif = tryNormalizeGif(typeof entry == 'string' ? { id: entry } : entry);
    if (gif && /^\w{1,64}$/.test(gif.id) && !seen.has(gif.id) && read.length < max) read.push(gif) && seen.add(gif.id);
  }
  return read;
}

/** `list` with `gif` first (a pick), without its older place; at most `max`. */
export const withFirst = (list: Gif[], gif: Gif, max: number) => [gif, ...list.filter((g) => g.id !== gif.id)].slice(0, max);

/** Both lists of one store, and who follows them. */
export interface Shelf {
  subscribe(listener: () => void): () => void;
  /** The lists now (the same object until they change). */
  now(): Kept;
  /** Replaces `list`, for every picker on the store, and writes it. */
  put(list: KeptList, gifs: Gif[]): void;
}

/** A store's failure, said in a debug line (the lists stay as they are in memory). */
const failed = (error: unknown) => debugLog('picker: the store failed:', error);

/** `fn()`, or undefined when it throws; a promise it returns is followed the same way. */
function attempt(fn: () => unknown): unknown {
  try {
    const value = fn() as Promise<unknown> | undefined;
    return typeof value?.then == 'function' ? Promise.resolve(value).catch(failed) : value;
  } catch (error) {
    failed(error);
  }
}

/** A shelf for `store`, or for localStorage (by consent) without one. */
function shelfOf(store: PickerStore | undefined): Shelf {
  const listeners = new Set<() => void>();
  let kept = NOTHING_KEPT;
  let started = false;
  const key = (list: KeptList) => KEPT_STORAGE_PREFIX + list;
  const local = () => (mayStore() ? getEnv().local() : undefined);
  const max = (list: KeptList) => (list == 'recents' ? RECENTS_KEPT : FAVORITES_KEPT);
  const set = (next: Partial<Kept>) => {
    kept = { ...kept, ...next };
    listeners.forEach((listener) => listener());
  };
  const write = (list: KeptList) => {
    const value = { v: KEPT_VERSION, gifs: kept[list].map(keptForm) };
    // A full localStorage (QuotaExceededError) or a failing store: the lists stay in memory.
    attempt(() => (store ? store.set(list, value) : local()?.setItem(key(list), JSON.stringify(value))));
  };

  /** The lists read: the page's own picks (made before the store answered, or consent came) first, bare ids filled by one request. */
  const take = (values: unknown[], device: boolean) => {
    const before = kept;
    const next: Partial<Kept> = { ready: true, device };
    LISTS.forEach((list, i) => {
      const read = readKept(values[i], list).filter((gif) => !before[list].some((g) => g.id === gif.id));
      next[list] = [...before[list], ...read].slice(0, max(list));
    });
    set(next);
    LISTS.forEach((list) => before[list].length && write(list));
    const missing = [...new Set([...kept.recents, ...kept.favorites].filter((gif) => !drawable(gif)).map((gif) => gif.id))];
    if (missing.length) {
      gifs(missing).then(({ data }) => {
        // What the service does not know (a removed GIF) cannot be drawn: left out.
        const fill = (list: Gif[]) => list.flatMap((gif) => (drawable(gif) ? gif : data.filter((g) => g.id === gif.id)));
        set({ recents: fill(kept.recents), favorites: fill(kept.favorites) });
      }, failed);
    }
  };

  /** Reads both lists: at once from localStorage or a sync store, when it answers from an async one. */
  const load = () => {
    const values = LISTS.map((list) => attempt(() => (store ? store.get(list) : JSON.parse(local()?.getItem(key(list)) ?? 'null'))));
    const device = !!(store || local());
    if (values.some((value) => value instanceof Promise)) void Promise.all(values).then((answers) => take(answers, device));
    else take(values, device);
  };

  const onStorage = (e: StorageEvent) => {
    const list = LISTS.find((name) => e.key === key(name));
    // Another tab of the app changed a list: this one follows (nothing written back).
    if (list && local() && e.storageArea === local()) set({ [list]: readKept(attempt(() => JSON.parse(e.newValue ?? 'null')), list) });
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    now() {
      if (!started) {
        started = true;
        // Followed for the page's life, picker or not: a list changed in another tab while no
        // picker was open is the one the next picker shows, and writes on from.
        if (!store) addEventListener('storage', onStorage);
        // The default store waits for the reader's choices; until then the lists are the page's own.
        if (store) load();
        else whenConsentDecided(load);
      }
      return kept;
    },
    put(list, next) {
      set({ [list]: next });
      // Before the store has answered, a write would replace what it holds: the lists read are
      // merged with this one, and written, once it answers (take).
      if (kept.ready) write(list);
    },
  };
}

/** The shelf of the default store, and those of the apps' stores. */
let defaultShelf: Shelf | undefined;
const shelves = new WeakMap<PickerStore, Shelf>();

/** The shelf every picker using `store` (or the default store) shares. */
export function shelfFor(store?: PickerStore): Shelf {
  if (!store || typeof store.get != 'function' || typeof store.set != 'function') return (defaultShelf ??= shelfOf(undefined));
  if (!shelves.has(store)) shelves.set(store, shelfOf(store));
  return shelves.get(store)!;
}

/** Forgets the default shelf (tests, and a page that starts over). */
export function resetKept() {
  defaultShelf = undefined;
}
