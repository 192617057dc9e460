import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  v1,
  gif,
  publicCache,
  createRequestCache,
  FetchError,
} from '../../../src/api';
import { DEFAULT_SDK_HEADER_PREFIX, sdkVersion } from '../../../src/api/sdk-headers';
import { configure } from '../../../src/config';
import { closedPort, startRecorder, type Recorder } from './support/recorder';
import { API_KEY, HOST_PREFIX, rawGif, withRecorder } from './support/setup';

let server: Recorder;
const identity = (json: unknown) => json;

withRecorder(test, (recorder) => (server = recorder), { beforeEach: () => publicCache().clear() });

test('GET {apiBase}/v1/{path} with api_key, the query and the SDK identity headers', async () => {
  server.reply({ body: { data: [1, 2] } });
  const out = await v1('gifs/search', { query: { q: 'cats & dogs', limit: 5, skip: undefined }, transform: identity });
  assert.equal(out, { data: [1, 2] });
  const req = server.last();
  assert.is(req.method, 'GET');
  assert.is(req.path, `${HOST_PREFIX.api}/v1/gifs/search`);
  assert.equal(req.query, { api_key: API_KEY, q: 'cats & dogs', limit: '5' });
  assert.is(DEFAULT_SDK_HEADER_PREFIX, 'X-Gif-Embed-SDK-');
  assert.is(req.headers['x-gif-embed-sdk-name'], 'gif-embed');
  assert.is(req.headers['x-gif-embed-sdk-version'], sdkVersion());
  assert.is(req.headers['x-gif-embed-sdk-version'], '0.0.0');
  assert.is(req.headers['x-gif-embed-sdk-platform'], 'web');
});

test('sdkHeaderPrefix renames the identity headers; an empty or unusable prefix sends none (no preflight for a host that lists none)', async () => {
  const sent = async () => {
    server.reply({ body: { data: [] } });
    await v1('gifs/trending', { transform: identity, noCache: true });
    return Object.keys(server.last().headers).filter((h) => /sdk-(name|version|platform)$/.test(h)).sort();
  };
  try {
    configure({ sdkHeaderPrefix: 'X-Acme-SDK-' });
    assert.equal(await sent(), ['x-acme-sdk-name', 'x-acme-sdk-platform', 'x-acme-sdk-version']);
    assert.is(server.last().headers['x-acme-sdk-name'], 'gif-embed');
    configure({ sdkHeaderPrefix: '' });
    assert.equal(await sent(), []);
    configure({ sdkHeaderPrefix: 'not a header:' });
    assert.equal(await sent(), [], 'a prefix that is no header name sends none rather than failing the call');
  } finally {
    configure({ sdkHeaderPrefix: 'X-Gif-Embed-SDK-' });
  }
  assert.equal(await sent(), ['x-gif-embed-sdk-name', 'x-gif-embed-sdk-platform', 'x-gif-embed-sdk-version']);
});

test('the transform receives the JSON and shapes the result', async () => {
  server.reply({ body: { data: { n: 41 } } });
  const out = await v1('x', { transform: (json) => ((json as { data: { n: number } }).data.n + 1) });
  assert.is(out, 42);
});

test('an error body with message: FetchError carries it, the status and the status text', async () => {
  server.reply({ status: 403, statusText: 'Forbidden', body: { message: 'Invalid authentication credentials' } });
  const e = (await v1('gifs/1', { transform: identity }).catch((error: unknown) => error)) as FetchError;
  assert.instance(e, FetchError);
  assert.instance(e, Error);
  assert.is(e.message, 'Invalid authentication credentials');
  assert.is(e.serverMessage, 'Invalid authentication credentials');
  assert.is(e.status, 403);
  assert.is(e.statusText, 'Forbidden');
  assert.is(e.prefix, 'gif-embed: ');
  assert.ok(e.url?.includes('/v1/gifs/1'));
});

test('an error body without message (or not JSON) gives the default message Error fetching', async () => {
  server.reply({ status: 500, statusText: 'Internal Server Error', body: { oops: true } }, { status: 502, statusText: 'Bad Gateway', body: '<h1>down</h1>' });
  const a = (await v1('a', { transform: identity }).catch((error: unknown) => error)) as FetchError;
  assert.is(a.message, 'Error fetching');
  assert.is(a.serverMessage, undefined);
  assert.is(a.status, 500);
  assert.is(a.statusText, 'Internal Server Error');
  const b = (await v1('b', { transform: identity }).catch((error: unknown) => error)) as FetchError;
  assert.is(b.message, 'Error fetching');
  assert.is(b.status, 502);
});

test('the GIPHY-style meta.msg is read when there is no message', async () => {
  // Every answer is 429 (asked again after Retry-After: 0, then given up on).
  server.fallback(() => ({ status: 429, statusText: 'Too Many Requests', headers: { 'Retry-After': '0' }, body: { meta: { msg: 'API rate limit exceeded', status: 429 } } }));
  const e = (await v1('c', { transform: identity }).catch((error: unknown) => error)) as FetchError;
  assert.is(e.message, 'API rate limit exceeded');
  assert.is(e.status, 429);
});

test('a 200 with a broken JSON body is a FetchError and is not cached', async () => {
  server.reply({ body: '{"data": [' }, { body: { data: 'fixed' } });
  const e = (await v1('broken', { transform: identity }).catch((error: unknown) => error)) as FetchError;
  assert.instance(e, FetchError);
  assert.is(e.status, 200);
  assert.equal(await v1('broken', { transform: identity }), { data: 'fixed' });
  assert.is(server.requests.length, 2);
});

test('answers are cached per URL: the same call twice is one request, another query is another', async () => {
  server.fallback((req) => ({ body: { q: req.query.q } }));
  assert.equal(await v1('gifs/search', { query: { q: 'a' }, transform: identity }), { q: 'a' });
  assert.equal(await v1('gifs/search', { query: { q: 'a' }, transform: identity }), { q: 'a' });
  assert.equal(await v1('gifs/search', { query: { q: 'b' }, transform: identity }), { q: 'b' });
  assert.is(server.requests.length, 2);
  await v1('gifs/search', { query: { q: 'a' }, transform: identity, noCache: true });
  assert.is(server.requests.length, 3);
  server.fallback(() => ({ body: {} }));
});

test('concurrent calls for one URL share the in-flight request', async () => {
  server.reply({ delayMs: 50, body: { data: rawGif('shared'), meta: { response_id: 'r1' } } });
  const [a, b, c] = await Promise.all([gif('shared'), gif('shared'), gif('shared')]);
  assert.is(server.requests.length, 1);
  assert.is(a.data.id, 'shared');
  assert.is(b.data.response_id, 'r1');
  assert.is(c.meta.response_id, 'r1');
});

test('an HTTP error is not cached: the next call asks the server again', async () => {
  server.reply({ status: 500, statusText: 'Internal Server Error' }, { body: { ok: 'now' } });
  await v1('flaky', { transform: identity }).catch(() => undefined);
  assert.equal(await v1('flaky', { transform: identity }), { ok: 'now' });
  assert.is(server.requests.length, 2);
});

test('network failure: FetchError with status 0, the cache entry is dropped, and a retry reaches the server', async () => {
  const port = await closedPort();
  configure({ apiBase: `http://127.0.0.1:${port}` });
  const e = (await gif('net1').catch((error: unknown) => error)) as FetchError;
  assert.instance(e, FetchError);
  assert.is(e.status, 0);
  assert.is(e.message, 'Error fetching');
  assert.is(publicCache().size, 0);
  // The service comes back on the same port: the retry must reach it, not replay the failure.
  const revived = await startRecorder(port);
  try {
    revived.reply({ body: { data: rawGif('net1'), meta: { response_id: 'back' } } });
    const result = await gif('net1');
    assert.is(result.data.id, 'net1');
    assert.is(revived.requests.length, 1);
    assert.is(revived.last().path, '/v1/gifs/net1');
  } finally {
    await revived.close();
  }
});

test('abort: the caller gets AbortError and the entry is dropped so a later call refetches', async () => {
  server.reply({ delayMs: 200, body: { data: rawGif('slow') } }, { body: { data: rawGif('slow'), meta: { response_id: 'second' } } });
  const controller = new AbortController();
  const pending = gif('slow', { signal: controller.signal });
  setTimeout(() => controller.abort(), 20);
  const e = (await pending.catch((error: unknown) => error)) as Error;
  assert.is(e.name, 'AbortError');
  const again = await gif('slow');
  assert.is(again.meta.response_id, 'second');
  assert.is(server.requests.length, 2);
});

test('a separate cache can be passed (isolation between callers)', async () => {
  const cache = createRequestCache();
  server.fallback(() => ({ body: { n: server.requests.length } }));
  const a = await v1('iso', { transform: identity, cache });
  const b = await v1('iso', { transform: identity });
  assert.equal(a, { n: 1 });
  assert.equal(b, { n: 2 });
  assert.is(cache.size, 1);
  server.fallback(() => ({ body: {} }));
});

test.run();
