/**
 * The error catalogue of spec §8 as real Error subclasses, so callers can `instanceof` them
 * and read the fields the spec names.
 */

/** Message of a generic fetch failure when the server gave none (spec §8). */
export const DEFAULT_FETCH_ERROR = 'Error fetching';
/** Prefix that says which library failed; kept apart from `message` so UIs can show the message alone. */
export const FETCH_ERROR_PREFIX = 'gif-embed: ';

/** What a FetchError is built from; every field is optional. */
export interface FetchErrorInit {
  /** Server `message` from the error body, when it had one. */
  serverMessage?: string;
  prefix?: string;
  /** HTTP status; 0 for a network failure (no response at all). */
  status?: number;
  statusText?: string;
  url?: string;
  cause?: unknown;
}

/** Generic fetch failure: message is the server's `message` or 'Error fetching'. */
export class FetchError extends Error {
  override name = 'FetchError';
  readonly prefix: string;
  readonly serverMessage?: string;
  readonly status: number;
  readonly statusText: string;
  readonly url?: string;

  /** `init` carries the server message, status and status text; all default to "none". */
  constructor(init: FetchErrorInit = {}) {
    super(init.serverMessage || DEFAULT_FETCH_ERROR);
    this.prefix = init.prefix ?? FETCH_ERROR_PREFIX;
    this.serverMessage = init.serverMessage;
    this.status = init.status ?? 0;
    this.statusText = init.statusText ?? '';
    this.url = init.url;
    if (init.cause !== undefined) (this as { cause?: unknown }).cause = init.cause;
  }

  /** True when no HTTP response arrived (connection refused, DNS, CORS, offline). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** An HTTP error: carries the status and the status text (spec §8). */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly statusText: string;

  /** `status` and `statusText` of the response; message defaults to the status text. */
  constructor(status: number, statusText: string, message?: string) {
    super(message ?? (statusText || `HTTP ${status}`));
    this.status = status;
    this.statusText = statusText;
  }
}

/** Non-2xx response in the API layer: message is the status text, `details` the parsed body. */
export class ResponseError extends HttpError {
  override name = 'ResponseError';
  /** The parsed JSON body, or the raw text when it was not JSON, or undefined when empty. */
  readonly details: unknown;
  readonly url?: string;

  /** `details` is the parsed error body; `url` the request's address; `message` defaults to the status text. */
  constructor(status: number, statusText: string, details: unknown, url?: string, message?: string) {
    super(status, statusText, message || statusText || `HTTP ${status}`);
    this.details = details;
    this.url = url;
  }
}

/** A caller gave input the call cannot be made with (spec §5 messages). */
export class ValidationError extends Error {
  override name = 'ValidationError';
}

/**
 * Whether asking again may get past `error`: no answer, or none in time (a FetchError of status
 * 0), too many requests (429), or the server's own failure (5xx). A refused key (401, 403), a
 * malformed request (400), something not there (404) and an answer that could not be read (a
 * 2xx status) fail the same way again.
 */
export function isRetryable(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status as number;
  return status === 0 || status === 429 || status >= 500;
}

/** True for the error fetch throws when its AbortSignal fires. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
