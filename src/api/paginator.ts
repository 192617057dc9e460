/**
 * The paginator of spec §7: asks for the next page at offset = items received so far, keeps
 * each id once, and stops at total_count or when a page adds nothing new.
 */
import type { Pagination } from './public-types';

/** One page as a fetch function returns it. */
export interface Page<T> {
  data: T[];
  pagination?: Partial<Pagination>;
}

/** Fetches the page starting at `offset`. */
export type PageFetcher<T> = (offset: number, signal?: AbortSignal) => Promise<Page<T>>;

/** Pages through a listing: call `next` until `done`. */
export interface Paginator<T> {
  /** Loads one more page (unless done) and returns every item so far, deduped by id. */
  next(signal?: AbortSignal): Promise<T[]>;
  /** True once total_count is reached or a page added nothing. */
  readonly done: boolean;
  /** Items so far (a copy). */
  readonly items: T[];
}

/**
 * A paginator over `fetchPage`; `initial` items count as already received.
 * Calls to `next` while one is running share it.
 */
export function createPaginator<T extends { id: string | number }>(fetchPage: PageFetcher<T>, initial: T[] = []): Paginator<T> {
  const items: T[] = [];
  const seen = new Set<string>();
  const add = (item: T): boolean => {
    const key = String(item.id);
    if (seen.has(key)) return false;
    seen.add(key);
    items.push(item);
    return true;
  };
  initial.forEach(add);
  let offset = initial.length;
  let done = false;
  let running: Promise<T[]> | undefined;

  const load = async (signal?: AbortSignal): Promise<T[]> => {
    const page = await fetchPage(offset, signal);
    const data = Array.isArray(page.data) ? page.data : [];
    let added = 0;
    for (const item of data) if (add(item)) added++;
    const { offset: pageOffset, count, total_count: total } = page.pagination ?? {};
    // The server's own window is the truth when it gives one; otherwise count what arrived.
    offset = typeof pageOffset === 'number' && typeof count === 'number' ? pageOffset + count : offset + data.length;
    if (added === 0 || (typeof total === 'number' && offset >= total)) done = true;
    return items.slice();
  };

  return {
    next(signal) {
      if (done) return Promise.resolve(items.slice());
      running ??= load(signal).finally(() => {
        running = undefined;
      });
      return running;
    },
    get done() {
      return done;
    },
    get items() {
      return items.slice();
    },
  };
}
