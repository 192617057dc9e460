import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { configure } from '../../../src/api';
import { setEnv } from '../../../src/env';
import {
  envelopeUrl, errorEnvelope, reportError, resetErrorReports, ERROR_REPORT_LIMIT, ERROR_SAMPLE_RATE, ERROR_SAMPLED_KEY,
} from '../../../src/analytics';
import { withoutSecrets } from '../../../src/analytics/error-send';
import { MemoryStorage } from './helpers';

const DSN = 'https://pubkey123@errors.example/sub/42';
let posted: { url: string; body: string }[];
let session: MemoryStorage;
let port: string | undefined;
const realFetch = globalThis.fetch;
const realRandom = Math.random;

test.before.each(() => {
  resetErrorReports();
  posted = [];
  session = new MemoryStorage();
  port = '';
  setEnv({ session: () => session, port: () => port });
  configure({ errorDsn: DSN });
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    posted.push({ url, body: String(init.body) });
    return new Response('{}');
  }) as typeof fetch;
  Math.random = () => 0.001;
});
test.after.each(() => {
  globalThis.fetch = realFetch;
  Math.random = realRandom;
  configure({ errorDsn: '' });
  setEnv();
  resetErrorReports();
});

test('a DSN names the envelope endpoint, the key in the query (no preflight, no header)', () => {
  assert.is(envelopeUrl(DSN), 'https://errors.example/sub/api/42/envelope/?sentry_key=pubkey123&sentry_version=7&sentry_client=gif-embed%2F0.0.0');
  for (const bad of ['', 'not a url', 'https://errors.example/42', 'ftp://k@errors.example/42', 'https://k@errors.example/']) {
    assert.is(envelopeUrl(bad), undefined, bad);
  }
});

test('no address in a report keeps its query or fragment; the page is its origin and path', () => {
  assert.is(withoutSecrets('GET https://api.example/v1/gifs?api_key=K&ids=a failed'), 'GET https://api.example/v1/gifs failed');
  assert.is(withoutSecrets('at f (https://cdn.example/embed.js?v=2:1:20)\n  at g (https://x.example/a#t=1)'), 'at f (https://cdn.example/embed.js)\n  at g (https://x.example/a)');
  assert.is(withoutSecrets('what? no # here'), 'what? no # here');
  const [, , event] = errorEnvelope(new Error('at https://site.example/p?reset_token=s3cret'), 'api', DSN).split('\n').map((line) => JSON.parse(line));
  assert.not.match(JSON.stringify(event), /s3cret|reset_token/);
  const here = globalThis.location;
  assert.is(event.request.url, here ? here.origin + here.pathname : undefined);
});

test('the envelope: a header line with event_id and dsn, the item header, the event with the exception', () => {
  const error = new TypeError('x is not a function');
  const [header, item, event] = errorEnvelope(error, 'plugin', DSN, 1_700_000_000_000).split('\n').map((line) => JSON.parse(line));
  assert.match(header.event_id, /^[0-9a-f]{32}$/);
  assert.is(header.dsn, DSN);
  assert.is(header.sent_at, '2023-11-14T22:13:20.000Z');
  assert.equal(item, { type: 'event' });
  assert.is(event.event_id, header.event_id);
  assert.is(event.timestamp, 1_700_000_000);
  assert.is(event.platform, 'javascript');
  assert.is(event.level, 'error');
  assert.equal(event.tags, { where: 'plugin' });
  assert.is(event.exception.values[0].type, 'TypeError');
  assert.is(event.exception.values[0].value, 'x is not a function');
});

test('reported once per distinct error, to the DSN, when sampled and the page has no port', async () => {
  reportError(new Error('boom'), 'render');
  reportError(new Error('boom'), 'render');
  reportError(new Error('other'), 'render');
  await Promise.resolve();
  assert.is(posted.length, 2);
  assert.is(posted[0].url, envelopeUrl(DSN));
  assert.is(JSON.parse(posted[0].body.split('\n')[2]).exception.values[0].value, 'boom');
});

test('off without a DSN, on a page with a port, or outside a browser', () => {
  configure({ errorDsn: '' });
  reportError(new Error('a'), 'render');
  configure({ errorDsn: DSN });
  port = '8080';
  reportError(new Error('b'), 'render');
  port = undefined;
  reportError(new Error('c'), 'render');
  assert.is(posted.length, 0);
});

test('about 1% of sessions: decided once, kept in sessionStorage, the stored decision wins', () => {
  assert.is(ERROR_SAMPLE_RATE, 0.01);
  let draws = 0;
  Math.random = () => (draws++, 0.5);
  reportError(new Error('a'), 'render');
  reportError(new Error('b'), 'render');
  assert.is(draws, 1, 'one draw per session');
  assert.is(session.getItem(ERROR_SAMPLED_KEY), '0');
  assert.is(posted.length, 0, 'not sampled');
  // A later page of a sampled session reports without drawing again.
  resetErrorReports();
  session.setItem(ERROR_SAMPLED_KEY, '1');
  reportError(new Error('c'), 'render');
  assert.is(draws, 1);
  assert.is(posted.length, 1);
  // A draw under 0.01 reports; 0.01 itself does not.
  for (const [draw, sampled] of [[0.00999, '1'], [0.01, '0']] as const) {
    resetErrorReports();
    session.clear();
    Math.random = () => draw;
    reportError(new Error(`d${draw}`), 'render');
    assert.is(session.getItem(ERROR_SAMPLED_KEY), sampled, String(draw));
  }
});

test('at most ERROR_REPORT_LIMIT reports a page; a failing send or a throwing fetch stays inside', async () => {
  for (let i = 0; i < ERROR_REPORT_LIMIT + 5; i++) reportError(new Error(`e${i}`), 'handler');
  assert.is(posted.length, ERROR_REPORT_LIMIT);
  resetErrorReports();
  globalThis.fetch = (() => Promise.reject(new Error('blocked'))) as typeof fetch;
  reportError(new Error('x'), 'render');
  globalThis.fetch = (() => {
    throw new Error('sync');
  }) as typeof fetch;
  reportError(new Error('y'), 'render');
  await new Promise((r) => setTimeout(r, 0));
});

test.run();
