/**
 * The three request styles of spec §7 over one core: every body is read as JSON, 202 and 204
 * give just `{ ok }`, a non-2xx answer throws ResponseError, no answer at all throws FetchError.
 */
import { getConfig } from '../config';
import { getEnv } from '../env';
import { FetchError, ResponseError, isAbortError } from './errors';
import { parseJson, parseLenient, type Body } from './json';
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

/** Sends `init` to `url` and reads the answer: JSON (or undefined when empty), `{ ok }` for 202/204. */
export async function sendRequest(url: string, init: RequestInit): Promise<unknown> {
  const response = await fetchResponse(url, init);
  const text = await readText(response, url, init.signal);
  if (BODYLESS_STATUSES.includes(response.status)) return { ok: response.ok };
  if (!response.ok) throw new ResponseError(response.status, response.statusText, parseLenient(text), url);
  try {
    return parseJson(text);
  } catch (error) {
    // A 2xx whose body is not JSON is a broken answer, not data.
    throw new FetchError({ url, status: response.status, statusText: response.statusText, cause: error });
  }
}

/** fetch, with "no answer at all" turned into a FetchError (status 0); an abort stays an abort. */
export async function fetchResponse(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new FetchError({ url, cause: error });
  }
}

/**
 * The body of `response` from `url` as text; a connection dropped mid-body is a FetchError.
 * An abort of `signal` always wins, even if the fetch implementation let a body through.
 */
export async function readText(response: Response, url: string, signal?: AbortSignal | null): Promise<string> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new FetchError({ url, status: response.status, statusText: response.statusText, cause: error });
  }
  // Some fetch implementations (happy-dom) hand back an empty body when aborted mid-request.
  if (signal?.aborted) throw signal.reason;
  return text;
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
