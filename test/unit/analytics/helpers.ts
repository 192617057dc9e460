/**
 * Test stand-ins for analytics: an in-memory Storage, an env built on them, a fake clock that
 * drives the pingback debounce, and a transport that records what would have been sent.
 */
import { setEnv } from '../../../src/env';
import type { PingbackBody, PingbackClock } from '../../../src/analytics';

/** A Storage kept in a Map. */
export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.has(key) ? this.items.get(key)! : null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

/** Installs an env with fresh storages and the given cookies; returns the storages. */
export function memoryEnv(cookies: Record<string, string> = {}) {
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  setEnv({ cookie: (name) => cookies[name], local: () => local, session: () => session, search: () => '' });
  return { local, session };
}

/** A clock whose time only moves with `advance`, firing due timers. */
export function fakeClock(start = 1_700_000_000_000) {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: PingbackClock & { advance(ms: number): void; pending(): number } = {
    now: () => now,
    setTimeout(fn, ms) {
      timers.set(++nextId, { at: now + ms, fn });
      return nextId;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      now += ms;
      for (const [id, t] of [...timers]) {
        if (t.at <= now) {
          timers.delete(id);
          t.fn();
        }
      }
    },
    pending: () => timers.size,
  };
  return clock;
}

/** One recorded send. */
export interface Sent {
  url: string;
  body: PingbackBody;
  unloading: boolean;
}

/** A transport that records sends (and can be told to fail). */
export function recordingTransport() {
  const sent: Sent[] = [];
  let failWith: unknown;
  const transport = (url: string, body: string, unloading: boolean) => {
    sent.push({ url, body: JSON.parse(body), unloading });
    if (failWith !== undefined) return Promise.reject(failWith);
  };
  return { sent, transport, fail: (error: unknown) => (failWith = error) };
}

/** Lets queued promise callbacks run. */
export const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Waits for a send (in the task after its flush's) and for its answer to be handled. */
export const settle = async () => {
  await tick();
  await tick();
};
