import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  apiRequest,
  getJson,
  postForm,
  sendJson,
  FetchError,
  ResponseError,
  HttpError,
  DEFAULT_FETCH_ERROR,
} from '../../../src/api';
import { fetchText, RESPONSE_MAX_BYTES, RETRY_LIMIT } from '../../../src/api/request';
import { configure } from '../../../src/config';
import { setEnv } from '../../../src/env';
import { closedPort, type Recorder } from './support/recorder';
import { API_KEY, withRecorder } from './support/setup';

let server: Recorder;

withRecorder(test, (recorder) => (server = recorder), { cookies: { csrftoken: 'csrf-abc' } });

test('style 1: GET accepts JSON and sends same-origin credentials', async () => {
  server.reply({ body: { hello: 'world' } });
  const seen: RequestInit[] = [];
  const realFetch = globalThis.fetch;
  // Credentials never reach the server, so only this point looks at the RequestInit.
  globalThis.fetch = (input, init) => {
    seen.push(init ?? {});
    return realFetch(input, init);
  };
  try {
    const body = await getJson(`${server.url}/thing`);
    assert.equal(body, { hello: 'world' });
  } finally {
    globalThis.fetch = realFetch;
  }
  assert.is(seen[0].credentials, 'same-origin');
  const req = server.last();
  assert.is(req.method, 'GET');
  assert.is(req.path, '/thing');
  assert.is(req.headers.accept, 'application/json');
  assert.is(req.headers['x-csrftoken'], undefined);
});

test('style 2: POST form-encoded with a token authorization header', async () => {
  server.reply({ body: { sent: true } });
  const body = await postForm(`${server.url}/form`, { gif_id: 'abc', to: 'a b&c', skip: undefined }, { token: 'user-token' });
  assert.equal(body, { sent: true });
  const req = server.last();
  assert.is(req.method, 'POST');
  assert.is(req.headers['content-type'], 'application/x-www-form-urlencoded');
  assert.is(req.headers.authorization, 'Token user-token');
  assert.equal(Object.fromEntries(new URLSearchParams(req.body)), { gif_id: 'abc', to: 'a b&c' });
});

test('style 2 without a token sends no authorization header', async () => {
  await postForm(`${server.url}/form`, { a: 1 });
  assert.is(server.last().headers.authorization, undefined);
});

test('style 3: API key, CSRF token from the csrftoken cookie, XHR marker and a JSON body', async () => {
  server.reply({ body: { id: 7 } });
  const body = await apiRequest(`${server.url}/api/v1/channels/`, 'POST', { body: { title: 'Cats', tags: ['a', 'b'] } });
  assert.equal(body, { id: 7 });
  const req = server.last();
  assert.is(req.method, 'POST');
  assert.is(req.headers.authorization, `Token ${API_KEY}`);
  assert.is(req.headers['x-csrftoken'], 'csrf-abc');
  assert.is(req.headers['x-requested-with'], 'XMLHttpRequest');
  assert.is(req.headers['content-type'], 'application/json');
  assert.equal(JSON.parse(req.body), { title: 'Cats', tags: ['a', 'b'] });
});

test('style 3 with form encoding sends the body as form fields', async () => {
  await apiRequest(`${server.url}/ajax/gif/update`, 'PATCH', { body: { gif_id: 'x1', key: 'title', value: 'Hi there', list: ['a', 'b'], nested: { k: 1 } }, form: true });
  const req = server.last();
  assert.is(req.method, 'PATCH');
  assert.is(req.headers['content-type'], 'application/x-www-form-urlencoded');
  assert.equal(Object.fromEntries(new URLSearchParams(req.body)), { gif_id: 'x1', key: 'title', value: 'Hi there', list: 'a,b', nested: '{"k":1}' });
});

test('style 3 DELETE without a body sends no content type; a missing cookie sends no CSRF header', async () => {
  setEnv({ cookie: () => undefined });
  server.reply({ status: 204 });
  const result = await apiRequest(`${server.url}/api/v1/channels/9/`, 'DELETE');
  assert.equal(result, { ok: true });
  const req = server.last();
  assert.is(req.method, 'DELETE');
  assert.is(req.headers['content-type'], undefined);
  assert.is(req.headers['x-csrftoken'], undefined);
  assert.is(req.body, '');
});

test('style 3 without a configured key sends no authorization header', async () => {
  configure({ apiKey: '' });
  await apiRequest(`${server.url}/x`, 'POST');
  assert.is(server.last().headers.authorization, undefined);
});

test('202 and 204 give just { ok }, whatever the body says', async () => {
  server.reply({ status: 202, body: { ignored: true } }, { status: 204 });
  assert.equal(await apiRequest(`${server.url}/a`, 'POST', { body: { a: 1 } }), { ok: true });
  assert.equal(await getJson(`${server.url}/b`), { ok: true });
});

test('an empty 200 body is undefined, not an error', async () => {
  server.reply({ status: 200, body: '' });
  assert.is(await getJson(`${server.url}/empty`), undefined);
});

test('a 4xx with a JSON body throws ResponseError: message = status text, details = body', async () => {
  server.reply({ status: 400, statusText: 'Bad Request', body: { message: 'title is required', field: 'title' } });
  try {
    await apiRequest(`${server.url}/api/v1/channels/`, 'POST', { body: {} });
    assert.unreachable('should throw');
  } catch (error) {
    assert.instance(error, ResponseError);
    assert.instance(error, HttpError);
    assert.instance(error, Error);
    const e = error as ResponseError;
    assert.is(e.message, 'Bad Request');
    assert.is(e.status, 400);
    assert.is(e.statusText, 'Bad Request');
    assert.equal(e.details, { message: 'title is required', field: 'title' });
    assert.is(e.name, 'ResponseError');
  }
});

test('a 5xx with a non-JSON body keeps the raw text as details', async () => {
  server.reply({ status: 502, statusText: 'Bad Gateway', body: '<html>upstream down</html>' });
  try {
    await getJson(`${server.url}/down`);
    assert.unreachable('should throw');
  } catch (error) {
    const e = error as ResponseError;
    assert.instance(e, ResponseError);
    assert.is(e.message, 'Bad Gateway');
    assert.is(e.status, 502);
    assert.is(e.details, '<html>upstream down</html>');
  }
});

test('a 404 with an empty body has undefined details', async () => {
  server.reply({ status: 404, statusText: 'Not Found' });
  const e = (await getJson(`${server.url}/missing`).catch((error: unknown) => error)) as ResponseError;
  assert.instance(e, ResponseError);
  assert.is(e.status, 404);
  assert.is(e.details, undefined);
});

test('a 200 whose body is not JSON is a FetchError with the status, not data', async () => {
  server.reply({ status: 200, body: 'not json {' });
  const e = (await getJson(`${server.url}/broken`).catch((error: unknown) => error)) as FetchError;
  assert.instance(e, FetchError);
  assert.is(e.message, DEFAULT_FETCH_ERROR);
  assert.is(e.status, 200);
  assert.instance((e as { cause?: unknown }).cause, SyntaxError);
});

test('connection refused is a FetchError with status 0 and the default message', async () => {
  const port = await closedPort();
  for (const call of [
    () => getJson(`http://127.0.0.1:${port}/x`),
    () => postForm(`http://127.0.0.1:${port}/x`, {}),
    () => apiRequest(`http://127.0.0.1:${port}/x`, 'PUT', { body: { a: 1 } }),
    () => sendJson(`http://127.0.0.1:${port}/x`, 'GET'),
  ]) {
    const e = (await call().catch((error: unknown) => error)) as FetchError;
    assert.instance(e, FetchError);
    assert.is(e.message, 'Error fetching');
    assert.is(e.status, 0);
    assert.ok(e.isNetworkError);
    assert.is(e.url, `http://127.0.0.1:${port}/x`);
  }
});

test('an aborted request rejects with AbortError, not FetchError', async () => {
  server.reply({ delayMs: 300, body: {} });
  const controller = new AbortController();
  const pending = getJson(`${server.url}/slow`, { signal: controller.signal });
  setTimeout(() => controller.abort(), 20);
  const e = (await pending.catch((error: unknown) => error)) as Error;
  assert.is(e.name, 'AbortError');
  assert.not.instance(e, FetchError);
});

test('an already-aborted signal never reaches the server', async () => {
  const controller = new AbortController();
  controller.abort();
  const e = (await apiRequest(`${server.url}/never`, 'POST', { signal: controller.signal }).catch((error: unknown) => error)) as Error;
  assert.is(e.name, 'AbortError');
  assert.is(server.requests.length, 0);
});

test('sendJson: JSON body and accept, no cookies, extra headers passed', async () => {
  await sendJson(`${server.url}/gw`, 'PUT', { body: { story: { title: 'x' } }, headers: { Authorization: 'Bearer t' } });
  const req = server.last();
  assert.is(req.method, 'PUT');
  assert.is(req.headers['content-type'], 'application/json');
  assert.is(req.headers.accept, 'application/json');
  assert.is(req.headers.authorization, 'Bearer t');
  assert.is(req.headers['x-csrftoken'], undefined);
  assert.equal(JSON.parse(req.body), { story: { title: 'x' } });
});

test('a GET answered 429 with Retry-After: 1 is asked again after a second and gets the answer', async () => {
  server.reply({ status: 429, headers: { 'Retry-After': '1' }, body: { message: 'slow down' } }, { body: { hello: 'again' } });
  const started = Date.now();
  assert.equal(await getJson(`${server.url}/busy`), { hello: 'again' });
  assert.ok(Date.now() - started >= 1000, `waited ${Date.now() - started} ms`);
  assert.is(server.requests.length, 2);
});

test('503 is retried with backoff a bounded number of times, then given to the caller', async () => {
  server.fallback(() => ({ status: 503, body: { message: 'down' } }));
  const e = (await getJson(`${server.url}/down`).catch((error: unknown) => error)) as ResponseError;
  assert.instance(e, ResponseError);
  assert.is(e.status, 503);
  assert.is(server.requests.length, RETRY_LIMIT + 1, 'the first ask and RETRY_LIMIT more');
});

test('a POST answered 429 is not sent again', async () => {
  server.reply({ status: 429, headers: { 'Retry-After': '0' }, body: {} });
  await postForm(`${server.url}/once`, {}).catch(() => undefined);
  assert.is(server.requests.length, 1);
});

test('a server that does not answer ends as a FetchError at the client timeout', async () => {
  server.reply({ delayMs: 600, body: { late: true } });
  // A reference timer as long as the server's delay: on a busy machine it is as late as the rest.
  const late = new Promise((resolve) => setTimeout(() => resolve('the late answer came first'), 600));
  const e = (await Promise.race([fetchText(`${server.url}/hung`, { method: 'GET' }, 200).catch((error: unknown) => error), late])) as FetchError;
  assert.instance(e, FetchError, 'not waiting for the late answer');
  assert.is(e.status, 0);
});

test('a server that sends its headers and then trickles its body ends as a FetchError at the same timeout', async () => {
  server.reply({ trickleMs: 20, body: {} });
  const started = Date.now();
  // Ends at its 300 ms deadline: no sooner, and before a reference timer of twice it (as late as
  // the rest on a busy machine).
  const twice = new Promise((resolve) => setTimeout(() => resolve('still reading at twice the deadline'), 600));
  const e = (await Promise.race([fetchText(`${server.url}/trickle`, { method: 'GET' }, 300).catch((error: unknown) => error), twice])) as FetchError;
  const took = Date.now() - started;
  assert.instance(e, FetchError, String(e));
  assert.is(e.status, 0, 'no whole answer');
  assert.ok(took >= 290, `ended at the deadline (${took} ms)`);
});

test('getJson of a trickling body rejects; the caller\'s abort mid-body stays an abort', async () => {
  server.reply({ trickleMs: 20, body: {} });
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 100);
  const e = (await getJson(`${server.url}/trickle`, { signal: controller.signal }).catch((error: unknown) => error)) as Error;
  assert.is(e.name, 'AbortError');
});

test('an answer whose character is split between two chunks of its body reads whole', async () => {
  const name = 'caf\u00e9 \u20ac \u{1f600}';
  const body = JSON.stringify({ name });
  // Cut inside the euro sign's three bytes.
  server.reply({ body: { name }, splitAtByte: Buffer.byteLength(body.slice(0, body.indexOf('\u20ac'))) + 1 });
  assert.equal(await getJson(`${server.url}/split`), { name });
});

test('an answer longer than RESPONSE_MAX_BYTES is cut off as a FetchError with its status', async () => {
  server.reply({ body: 'x'.repeat(RESPONSE_MAX_BYTES + 1) });
  const e = (await getJson(`${server.url}/huge`).catch((error: unknown) => error)) as FetchError;
  assert.instance(e, FetchError);
  assert.is(e.status, 200);
  assert.match(String((e as { cause?: unknown }).cause), `more than ${RESPONSE_MAX_BYTES} bytes`);
});

test.run();
