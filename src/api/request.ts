/**
 * The three request styles of spec §7 over one core: every body is read as JSON, 202 and 204
 * give just `{ ok }`, a non-2xx answer throws ResponseError, no answer at all throws FetchError.
 */
import { getConfig } from '../config';
import { getEnv } from '../env';
import { FetchError, ResponseError } from './errors';
import { parseJson, parseLenient, readServerMessage, saysFailed, type Body } from './json';
import { send } from './send';
import { formFields, toSearchParams, type Query } from './url';

export const ACCEPT_HEADER = 'Accept';
export const CONTENT_TYPE_HEADER = 'Content-Type';
export const AUTHORIZATION_HEADER = 'Authorization';
export const CSRF_HEADER = 'X-CSRFToken';
export const REQUESTED_WITH_HEADER = 'X-Requested-With';
export const REQUESTED_WITH_XHR = 'XMLHttpRequest';
export const JSON_TYPE = 'application/json';
export const FORM_TYPE = 'application/x-www-form-urlencoded';
/** Cookie the site puts its CSRF token in. */
export const CSRF_COOKIE = 'csrftoken';
/** Scheme of the token authorization header (`Authorization: Token <key>`). */
export const TOKEN_SCHEME = 'Token';
/** Statuses that carry no body worth reading: the caller gets `{ ok }` only. */
export const BODYLESS_STATUSES: readonly number[] = [202, 204];

/** What a 202 or 204 answer gives. */
export interface OkResult {
  ok: boolean;
}

/** Methods the site-style requests use. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Options every call accepts. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** True when `value` is the `{ ok }` of a 202/204 answer rather than a body. */
export function isOkResult(value: unknown): value is OkResult {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 1 && typeof (value as OkResult).ok === 'boolean';
}

/**
 * Sends `init` to `url` and reads the answer: JSON (or undefined when empty), `{ ok }` for 202/204.
 * A body whose `status` or `result` says it failed is a ResponseError even under HTTP 200, its
 * message the server's own when it gives one.
 */
export async function sendRequest(url: string, init: RequestInit): Promise<unknown> {
  const { response, text } = await fetchText(url, init);
  if (BODYLESS_STATUSES.includes(response.status)) return { ok: response.ok };
  if (!response.ok) throw new ResponseError(response.status, response.statusText, parseLenient(text), url);
  let json: unknown;
  try {
    json = parseJson(text);
  } catch (error) {
    // A 2xx whose body is not JSON is a broken answer, not data.
    throw new FetchError({ url, status: response.status, statusText: response.statusText, cause: error });
  }
  if (saysFailed(json)) throw new ResponseError(response.status, response.statusText, json, url, readServerMessage(json));
  return json;
}

/**
 * A request not answered in full after this long, its body included, ends as a FetchError (a
 * hung server, or one that sends its headers and then trickles its body, ends in the error view).
 */
export const REQUEST_TIMEOUT_MS = 10_000;
/** The longest answer read: an API page of 50 GIFs is well under 1 MB; an endless body is cut off here. */
export const RESPONSE_MAX_BYTES = 4_000_000;
/** Statuses that mean "not now": a GET is asked again, at most RETRY_LIMIT times. */
export const RETRY_STATUSES: readonly number[] = [429, 503];
export const RETRY_LIMIT = 2;
/** Backoff before retry n (1-based) without a Retry-After: this times 2^(n-1). */
export const RETRY_BACKOFF_MS = 500;
/** A Retry-After longer than this is not waited for: the failure is given to the caller. */
export const RETRY_AFTER_MAX_MS = 5_000;

/** How long `response` asks to wait (Retry-After in seconds, the form APIs send), in ms; undefined when it does not say. */
export function retryAfterMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get('Retry-After') || NaN);
  return seconds >= 0 ? seconds * 1000 : undefined;
}

/** An answer read in full. */
export interface Answer {
  response: Response;
  text: string;
}

/**
 * fetch and its body, the one way every request goes out. "No answer at all" is a FetchError
 * (status 0), and so is no whole answer within `timeoutMs`, the body's last byte included; a body
 * dropped midway or longer than RESPONSE_MAX_BYTES is a FetchError with the answer's status. An
 * abort by the caller stays an abort. A GET answered 429 or 503 is asked again up to RETRY_LIMIT
 * times, after its Retry-After (up to RETRY_AFTER_MAX_MS) or an exponential backoff; the last
 * answer is what the caller gets.
 */
export async function fetchText(url: string, init: RequestInit, timeoutMs = REQUEST_TIMEOUT_MS): Promise<Answer> {
  const caller = init.signal;
  for (let attempt = 0; ; attempt++) {
    // An abort event has already fired for a signal aborted before the call: check it here.
    if (caller?.aborted) throw caller.reason;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    const onAbort = () => timeout.abort(caller?.reason);
    caller?.addEventListener('abort', onAbort, { once: true });
    let response: Response | undefined;
    try {
      response = await send(url, { ...init, signal: timeout.signal });
      const retry = (init.method || 'GET') === 'GET' && attempt < RETRY_LIMIT && RETRY_STATUSES.includes(response.status);
      const wait = retry ? retryAfterMs(response) ?? RETRY_BACKOFF_MS * 2 ** attempt : 0;
      if (!retry || wait > RETRY_AFTER_MAX_MS) return { response, text: await bodyText(response, timeout.signal) };
      await new Promise((resolve) => setTimeout(resolve, wait));
    } catch (error) {
      if (caller?.aborted) throw caller.reason ?? error;
      const late = timeout.signal.aborted;
      throw new FetchError({ url, status: late ? 0 : response?.status, statusText: late ? '' : response?.statusText, cause: late ? 'timeout' : error });
    } finally {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onAbort);
      // Whatever of the body is left unread (a retried answer's, one over the cap) is not fetched.
      timeout.abort();
    }
  }
}

/**
 * The body of `response` as text, at most RESPONSE_MAX_BYTES. The request's abort (its deadline,
 * or the caller's) errors the body's stream, and so the read; `signal` is checked at the end too,
 * for a fetch implementation that would let a cut body through as whole.
 */
async function bodyText(response: Response, signal: AbortSignal): Promise<string> {
  // Each chunk decoded as it comes (a character split between two chunks waits for the next):
  // gathering them into a Blob to decode would send the answer to the browser's process and back.
  const decoder = new TextDecoder();
  const reader = response.body?.getReader();
  let text = '';
  for (let size = 0, chunk; reader && !(chunk = await reader.read()).done; text += decoder.decode(chunk.value, { stream: true })) {
    if ((size += chunk.value.length) > RESPONSE_MAX_BYTES) throw new Error(`an answer of more than ${RESPONSE_MAX_BYTES} bytes`);
  }
  signal.throwIfAborted();
  return text + decoder.decode();
}

/** Options of a JSON GET. */
export interface GetOptions extends CallOptions {
  headers?: Record<string, string>;
}

/**
 * Style 1: GET `url` accepting JSON, with same-origin credentials.
 * Returns the parsed body (or `{ ok }` on 202/204).
 */
export function getJson(url: string, options: GetOptions = {}): Promise<unknown> {
  return sendRequest(url, {
    method: 'GET',
    headers: { [ACCEPT_HEADER]: JSON_TYPE, ...options.headers },
    credentials: 'same-origin',
    signal: options.signal,
  });
}

/** Options of a form POST with a token. */
export interface FormPostOptions extends CallOptions {
  /** Token sent as `Authorization: Token <token>`; left out when absent. */
  token?: string;
}

/**
 * Style 2: POST `data` form-encoded to `url` with a token authorization header.
 * Returns the parsed body (or `{ ok }` on 202/204).
 */
export function postForm(url: string, data: Query, options: FormPostOptions = {}): Promise<unknown> {
  const headers: Record<string, string> = { [ACCEPT_HEADER]: JSON_TYPE, [CONTENT_TYPE_HEADER]: FORM_TYPE };
  if (options.token) headers[AUTHORIZATION_HEADER] = `${TOKEN_SCHEME} ${options.token}`;
  return sendRequest(url, {
    method: 'POST',
    headers,
    body: toSearchParams(data).toString(),
    credentials: 'same-origin',
    signal: options.signal,
  });
}

/** Options of an API-key request. */
export interface ApiRequestOptions extends CallOptions {
  body?: Body;
  /** Send the body form-encoded instead of JSON. */
  form?: boolean;
  /** Extra headers (e.g. X-Password). */
  headers?: Record<string, string>;
}

/**
 * Style 3: `method` to `url` with the API-key authorization, the CSRF token from the
 * `csrftoken` cookie and the XHR marker; body JSON or form-encoded. Returns body or `{ ok }`.
 */
export function apiRequest(url: string, method: Method, options: ApiRequestOptions = {}): Promise<unknown> {
  const headers: Record<string, string> = {
    [ACCEPT_HEADER]: JSON_TYPE,
    [REQUESTED_WITH_HEADER]: REQUESTED_WITH_XHR,
    ...options.headers,
  };
  const { apiKey } = getConfig();
  if (apiKey) headers[AUTHORIZATION_HEADER] = `${TOKEN_SCHEME} ${apiKey}`;
  const csrf = getEnv().cookie(CSRF_COOKIE);
  if (csrf) headers[CSRF_HEADER] = csrf;
  let body: string | undefined;
  if (options.body) {
    headers[CONTENT_TYPE_HEADER] = options.form ? FORM_TYPE : JSON_TYPE;
    body = options.form ? toSearchParams(formFields(options.body)).toString() : JSON.stringify(options.body);
  }
  return sendRequest(url, { method, headers, body, credentials: 'same-origin', signal: options.signal });
}

/** Options of a JSON request to a gateway (stories, scheduler). */
export interface JsonRequestOptions extends CallOptions {
  body?: Body;
  headers?: Record<string, string>;
}

/**
 * `method` to `url` with a JSON body (when given) and JSON accept, no cookies: the gateways
 * authenticate by token, not by session. Returns the body or `{ ok }`.
 */
export function sendJson(url: string, method: Method, options: JsonRequestOptions = {}): Promise<unknown> {
  const headers: Record<string, string> = { [ACCEPT_HEADER]: JSON_TYPE, ...options.headers };
  if (options.body) headers[CONTENT_TYPE_HEADER] = JSON_TYPE;
  return sendRequest(url, {
    method,
    headers,
    body: options.body ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  });
}
