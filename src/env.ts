/**
 * The one seam through which the library reads cookies, storage and the page URL.
 * Tests (and Node) replace it with `setEnv`; the browser defaults read the real page.
 */
import { fromDocument } from './dom';

export interface Env {
  /** Value of cookie `name`, or undefined. */
  cookie(name: string): string | undefined;
  /** localStorage-like store, or undefined where storage is blocked. */
  local(): Storage | undefined;
  /** sessionStorage-like store, or undefined where storage is blocked. */
  session(): Storage | undefined;
  /** The page's location.search ('' outside a browser). */
  search(): string;
  /** The port of the page's address ('' when it names none; undefined outside a browser). */
  port(): string | undefined;
}

const safe = <T>(read: () => T): T | undefined => {
  try {
    return read();
  } catch {
    // Storage throws in sandboxed iframes and with cookies blocked: treat as absent.
    return undefined;
  }
};

const browserEnv: Env = {
  cookie(name) {
    const all = safe(() => fromDocument('cookie')) || '';
    for (const part of all.split(/;\s*/)) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq) === name) return safe(() => decodeURIComponent(part.slice(eq + 1))) ?? part.slice(eq + 1);
    }
    return undefined;
  },
  local: () => safe(() => globalThis.localStorage),
  session: () => safe(() => globalThis.sessionStorage),
  search: () => safe(() => globalThis.location.search) || '',
  port: () => safe(() => globalThis.location.port),
};

let env: Env = browserEnv;

/** Replaces parts of the environment (tests); call with no argument to restore the browser's. */
export function setEnv(overrides?: Partial<Env>) {
  env = overrides ? { ...browserEnv, ...overrides } : browserEnv;
}

/** The current environment. */
export function getEnv(): Env {
  return env;
}
