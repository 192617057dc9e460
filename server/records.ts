/**
 * What the service remembers for tests and the examples: pingbacks received, pixel hits, API
 * requests and error reports. Each log is capped by count and by bytes (oldest dropped), so a
 * long-running service, or a visitor posting megabyte pingbacks, cannot grow it without bound.
 */

/** Oldest entries are dropped past this many. */
export const RECORD_CAP = 10_000;
/** Oldest entries are dropped past this many bytes of a log's entries (as JSON). */
export const RECORD_BYTES_CAP = 8 * 1024 * 1024;
/** JSON a sink accepts nests at most this deep (a pingback nests 6); deeper is refused, not parsed. */
export const MAX_JSON_DEPTH = 32;

/**
 * How deep `text` nests as JSON (its brackets outside strings), in one pass: a body 100,000
 * brackets deep is refused before JSON.parse builds it (and before reading it back overflows).
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) deepest = Math.max(deepest, ++depth);
    else if (c === 125 || c === 93) depth--;
  }
  return deepest;
}

/** `text` parsed as JSON, or undefined when it is not JSON or nests deeper than MAX_JSON_DEPTH. */
export function parseBoundedJson(text: string): { value: unknown } | undefined {
  if (jsonDepth(text) > MAX_JSON_DEPTH) return undefined;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

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

/**
 * What a proxy in front of the service sends it (the API, the media, the pingbacks): each request
 * with every header it carried, so a test sees what reached the upstream and what did not.
 */
export interface UpstreamRecord extends RequestRecord {
  headers: Record<string, string>;
}

/**
 * An append-only list with a cap of RECORD_CAP entries and RECORD_BYTES_CAP bytes. Entries are
 * kept as JSON text (what a record weighs is then what it costs) and read back on `list`.
 */
export class CappedLog<T> {
  private entries: string[] = [];
  private first = 0;
  private size = 0;
  add(entry: T): void {
    const text = JSON.stringify(entry);
    this.entries.push(text);
    this.size += text.length;
    while (this.entries.length - this.first > RECORD_CAP || (this.size > RECORD_BYTES_CAP && this.entries.length - this.first > 1)) {
      this.size -= this.entries[this.first].length;
      // Let the dropped entry go now; the slot itself goes with the next compaction.
      this.entries[this.first++] = '';
    }
    // Compacts once the dropped slots are half the array: amortised, not on every add.
    if (this.first * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.first);
      this.first = 0;
    }
  }
  /** The entries kept, oldest first. */
  list(): T[] {
    return this.entries.slice(this.first).map((text) => JSON.parse(text) as T);
  }
  /** Bytes (JSON characters) the kept entries take. */
  bytes(): number {
    return this.size;
  }
  clear(): void {
    this.entries = [];
    this.first = 0;
    this.size = 0;
  }
}

export interface Records {
  pingbacks: CappedLog<PingbackRecord>;
  pixels: CappedLog<PixelRecord>;
  requests: CappedLog<RequestRecord>;
  upstream: CappedLog<UpstreamRecord>;
  errors: CappedLog<ErrorRecord>;
}

/** Empty logs for one running service (each service instance has its own). */
export function createRecords(): Records {
  return { pingbacks: new CappedLog(), pixels: new CappedLog(), requests: new CappedLog(), upstream: new CappedLog(), errors: new CappedLog() };
}

/** Query parameters as a plain object (first value wins). */
export function queryObject(query: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of query) if (!(key in out)) out[key] = value;
  return out;
}
