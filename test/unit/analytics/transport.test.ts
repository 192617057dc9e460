import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { browserTransport } from '../../../src/analytics';

type FetchCall = { url: string; init: RequestInit };
const realFetch = globalThis.fetch;
const realBeacon = Object.getOwnPropertyDescriptor(navigator, 'sendBeacon');

function stubFetch(respond: () => Promise<Response>) {
  const calls: FetchCall[] = [];
  globalThis.fetch = ((url: string, init: RequestInit) => {
    calls.push({ url, init });
    return respond();
  }) as typeof fetch;
  return calls;
}

function stubBeacon(result: boolean | Error | ((data: Blob | string) => boolean)) {
  const calls: { url: string; data: Blob | string }[] = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, data: Blob | string) => {
      calls.push({ url, data });
      if (result instanceof Error) throw result;
      return typeof result === 'function' ? result(data) : result;
    },
  });
  return calls;
}

test.after.each(() => {
  globalThis.fetch = realFetch;
  if (realBeacon) Object.defineProperty(navigator, 'sendBeacon', realBeacon);
  else delete (navigator as unknown as Record<string, unknown>).sendBeacon;
});

test('a normal send is a JSON POST', async () => {
  const calls = stubFetch(async () => new Response(null, { status: 200 }));
  await browserTransport('https://pb/pingback?apikey=k', '{"sessions":[]}', false);
  assert.is(calls.length, 1);
  assert.is(calls[0].url, 'https://pb/pingback?apikey=k');
  assert.is(calls[0].init.method, 'POST');
  assert.equal(calls[0].init.headers, { 'Content-Type': 'application/json' });
  assert.is(calls[0].init.body, '{"sessions":[]}');
  assert.is(calls[0].init.keepalive, false);
});

test('while the page is hidden the fetch is keepalive', async () => {
  const calls = stubFetch(async () => new Response(null, { status: 204 }));
  await browserTransport('https://pb/pingback', '{}', true);
  assert.is(calls[0].init.keepalive, true);
});

test('a refused keepalive fetch falls back to sendBeacon with a JSON Blob', async () => {
  stubFetch(() => Promise.reject(new TypeError('keepalive refused')));
  const beacons = stubBeacon(true);
  await browserTransport('https://pb/pingback', '{"sessions":[1]}', true);
  assert.is(beacons.length, 1);
  assert.is((beacons[0].data as Blob).type, 'application/json');
  assert.is(await (beacons[0].data as Blob).text(), '{"sessions":[1]}');
});

test('a beacon refused for its JSON Blob type is re-sent as the same text', async () => {
  stubFetch(() => Promise.reject(new TypeError('keepalive refused')));
  const beacons = stubBeacon((data) => {
    if (typeof data !== 'string') throw new DOMException('non-CORS-safelisted Blob type', 'SecurityError');
    return true;
  });
  await browserTransport('https://pb/pingback', '{"sessions":[2]}', true);
  assert.is(beacons.length, 2);
  assert.is(beacons[1].data, '{"sessions":[2]}');
});

test('a failing send rejects (the queue catches and logs it)', async () => {
  stubFetch(async () => new Response('no', { status: 500, statusText: 'Server Error' }));
  let error: unknown;
  try {
    await browserTransport('https://pb/pingback', '{}', false);
  } catch (e) {
    error = e;
  }
  assert.match(String(error), /pingback failed: 500 Server Error/);
  stubFetch(() => Promise.reject(new TypeError('offline')));
  stubBeacon(new Error('not allowed'));
  error = undefined;
  try {
    await browserTransport('https://pb/pingback', '{}', true);
  } catch (e) {
    error = e;
  }
  assert.match(String(error), /offline/);
});

test.run();
