import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FetchError, HttpError, ResponseError, ValidationError, DEFAULT_FETCH_ERROR, isAbortError, isRetryable } from '../../../src/api';
import { FETCH_ERROR_PREFIX } from '../../../src/api/errors';

test("FetchError defaults: message 'Error fetching', status 0, empty status text, the prefix", () => {
  const e = new FetchError();
  assert.instance(e, Error);
  assert.is(e.name, 'FetchError');
  assert.is(e.message, 'Error fetching');
  assert.is(DEFAULT_FETCH_ERROR, 'Error fetching');
  assert.is(e.prefix, FETCH_ERROR_PREFIX);
  assert.is(e.status, 0);
  assert.is(e.statusText, '');
  assert.ok(e.isNetworkError);
  assert.ok(typeof e.stack === 'string');
});

test('FetchError with a server message, status and text', () => {
  const e = new FetchError({ serverMessage: 'Rate limited', status: 429, statusText: 'Too Many Requests', prefix: 'search: ' });
  assert.is(e.message, 'Rate limited');
  assert.is(e.serverMessage, 'Rate limited');
  assert.is(e.prefix, 'search: ');
  assert.is(e.status, 429);
  assert.is(e.statusText, 'Too Many Requests');
  assert.not.ok(e.isNetworkError);
});

test('HttpError carries status and status text; ResponseError is one with details', () => {
  const h = new HttpError(418, "I'm a teapot");
  assert.instance(h, Error);
  assert.is(h.name, 'HttpError');
  assert.is(h.message, "I'm a teapot");
  assert.is(new HttpError(599, '').message, 'HTTP 599');
  const r = new ResponseError(409, 'Conflict', { message: 'exists' });
  assert.instance(r, HttpError);
  assert.is(r.name, 'ResponseError');
  assert.is(r.message, 'Conflict');
  assert.equal(r.details, { message: 'exists' });
});

test('ValidationError is an Error with the given message (for §5 messages elsewhere too)', () => {
  const v = new ValidationError('An id or url must be passed...');
  assert.instance(v, Error);
  assert.is(v.name, 'ValidationError');
  assert.is(v.message, 'An id or url must be passed...');
});

test('isAbortError recognises aborts only', () => {
  assert.ok(isAbortError(new DOMException('x', 'AbortError')));
  assert.not.ok(isAbortError(new Error('x')));
  assert.not.ok(isAbortError(null));
  assert.not.ok(isAbortError('AbortError'));
});

test('isRetryable: no answer, a timeout, 429 and 5xx may pass; a refused key, a bad request, a missing page and an unreadable answer do not', () => {
  assert.ok(isRetryable(new FetchError({ status: 0 })), 'no answer');
  assert.ok(isRetryable(new FetchError({ status: 0, cause: 'timeout' })), 'a timeout');
  for (const status of [429, 500, 502, 503, 504]) assert.ok(isRetryable(new ResponseError(status, '', undefined)), String(status));
  for (const status of [400, 401, 403, 404, 410]) assert.not.ok(isRetryable(new ResponseError(status, '', undefined)), String(status));
  assert.not.ok(isRetryable(new FetchError({ status: 200, cause: new SyntaxError('Unexpected token') })), 'a 2xx answer that could not be read');
  assert.not.ok(isRetryable(new ValidationError('bad id')), 'a call that could not be made');
  assert.not.ok(isRetryable(undefined));
  assert.not.ok(isRetryable(new Error('x')));
});

test.run();
