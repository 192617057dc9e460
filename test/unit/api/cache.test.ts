import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createRequestCache, REQUEST_CACHE_TTL_MS } from '../../../src/api';

/** A loader whose calls are counted and whose answers the test releases by hand. */
function manualLoader<T>() {
  const calls: { signal: AbortSignal; resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  const load = (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ signal, resolve, reject });
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  return { load, calls };
}

test('callers of one key share the in-flight load', async () => {
  const cache = createRequestCache();
  const { load, calls } = manualLoader<string>();
  const a = cache.get('u', load);
  const b = cache.get('u', load);
  assert.is(calls.length, 1);
  calls[0].resolve('value');
  assert.equal(await Promise.all([a, b]), ['value', 'value']);
});

test('a fresh answer is reused until the TTL passes, then loaded again', async () => {
  let time = 1_000;
  const cache = createRequestCache({ now: () => time });
  let loads = 0;
  const load = async () => ++loads;
  assert.is(await cache.get('k', load), 1);
  time += REQUEST_CACHE_TTL_MS - 1;
  assert.is(await cache.get('k', load), 1);
  time += 1;
  assert.is(await cache.get('k', load), 2);
  assert.is(loads, 2);
});

test('the TTL is a named constant of five minutes and can be overridden', async () => {
  assert.is(REQUEST_CACHE_TTL_MS, 300_000);
  let time = 0;
  const cache = createRequestCache({ ttlMs: 10, now: () => time });
  let loads = 0;
  const load = async () => ++loads;
  await cache.get('k', load);
  time = 10;
  await cache.get('k', load);
  assert.is(loads, 2);
});

test('expired entries are swept, so the cache does not grow without bound', async () => {
  let time = 0;
  const cache = createRequestCache({ ttlMs: 5, now: () => time });
  for (let i = 0; i < 20; i++) await cache.get(`k${i}`, async () => i);
  assert.is(cache.size, 20);
  time = 100;
  await cache.get('fresh', async () => 0);
  assert.is(cache.size, 1);
});

test('a failure is dropped at once and shared by everyone waiting on it', async () => {
  const cache = createRequestCache();
  const { load, calls } = manualLoader<string>();
  const a = cache.get('f', load);
  const b = cache.get('f', load);
  calls[0].reject(new Error('boom'));
  for (const p of [a, b]) {
    const e = (await p.catch((error: unknown) => error)) as Error;
    assert.is(e.message, 'boom');
  }
  assert.is(cache.size, 0);
  const c = cache.get('f', load);
  assert.is(calls.length, 2);
  calls[1].resolve('ok');
  assert.is(await c, 'ok');
});

test('one caller aborting does not cancel the request for the others', async () => {
  const cache = createRequestCache();
  const { load, calls } = manualLoader<string>();
  const controller = new AbortController();
  const quitter = cache.get('s', load, controller.signal);
  const stayer = cache.get('s', load, new AbortController().signal);
  controller.abort();
  const e = (await quitter.catch((error: unknown) => error)) as Error;
  assert.is(e.name, 'AbortError');
  assert.not.ok(calls[0].signal.aborted);
  calls[0].resolve('for the stayer');
  assert.is(await stayer, 'for the stayer');
});

test('when every caller has aborted, the load itself is aborted and forgotten', async () => {
  const cache = createRequestCache();
  const { load, calls } = manualLoader<string>();
  const c1 = new AbortController();
  const c2 = new AbortController();
  const p1 = cache.get('x', load, c1.signal).catch((error: unknown) => error);
  const p2 = cache.get('x', load, c2.signal).catch((error: unknown) => error);
  c1.abort();
  assert.not.ok(calls[0].signal.aborted);
  c2.abort();
  assert.ok(calls[0].signal.aborted);
  assert.is(((await p1) as Error).name, 'AbortError');
  assert.is(((await p2) as Error).name, 'AbortError');
  assert.is(cache.size, 0);
});

test('a caller without a signal keeps the load alive even if signalled callers abort', async () => {
  const cache = createRequestCache();
  const { load, calls } = manualLoader<number>();
  const plain = cache.get('y', load);
  const controller = new AbortController();
  const aborting = cache.get('y', load, controller.signal).catch((error: unknown) => error);
  controller.abort();
  await aborting;
  assert.not.ok(calls[0].signal.aborted);
  calls[0].resolve(5);
  assert.is(await plain, 5);
});

test('an already-aborted signal rejects without loading', async () => {
  const cache = createRequestCache();
  const controller = new AbortController();
  controller.abort();
  let loads = 0;
  const e = (await cache.get('z', async () => ++loads, controller.signal).catch((error: unknown) => error)) as Error;
  assert.is(e.name, 'AbortError');
  assert.is(loads, 0);
});

test('delete and clear forget entries', async () => {
  const cache = createRequestCache();
  let loads = 0;
  const load = async () => ++loads;
  await cache.get('a', load);
  cache.delete('a');
  await cache.get('a', load);
  cache.clear();
  await cache.get('a', load);
  assert.is(loads, 3);
});

test.run();
