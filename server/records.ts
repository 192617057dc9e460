/**
 * What the service remembers for tests and the examples: pingbacks received, pixel hits, API
 * requests and error reports. Each log is capped so a long-running service cannot grow without bound.
 */

/** Oldest entries are dropped past this many. */
export const RECORD_CAP = 10_000;

export interface PingbackRecord {
  /** ISO time the service received it. */
  received_at: string;
  apikey: string;
  /** The JSON body exactly as parsed (`{ sessions: [...] }`). */
  body: unknown;
}

export interface PixelRecord {
  received_at: string;
  /** Every query parameter of the pixel URL (id, tid, cb...). */
  query: Record<string, string>;
  referer: string;
}

export interface ErrorRecord {
  received_at: string;
  /** The DSN's project and public key the envelope was posted with. */
  project: string;
  key: string;
  /** The envelope header and the event, as parsed. */
  header: unknown;
  event: unknown;
}

export interface RequestRecord {
  received_at: string;
  method: string;
  path: string;
  query: Record<string, string>;
}

/** An append-only list with a cap. */
export class CappedLog<T> {
  private entries: T[] = [];
  add(entry: T): void {
    this.entries.push(entry);
    if (this.entries.length > RECORD_CAP) this.entries.splice(0, this.entries.length - RECORD_CAP);
  }
  list(): T[] {
    return [...this.entries];
  }
  clear(): void {
    this.entries = [];
  }
}

export interface Records {
  pingbacks: CappedLog<PingbackRecord>;
  pixels: CappedLog<PixelRecord>;
  requests: CappedLog<RequestRecord>;
  errors: CappedLog<ErrorRecord>;
}

/** Empty logs for one running service (each service instance has its own). */
export function createRecords(): Records {
  return { pingbacks: new CappedLog(), pixels: new CappedLog(), requests: new CappedLog(), errors: new CappedLog() };
}

/** Query parameters as a plain object (first value wins). */
export function queryObject(query: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of query) if (!(key in out)) out[key] = value;
  return out;
}
