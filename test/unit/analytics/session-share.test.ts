import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setEnv } from '../../../src/env';
import {
  flushPingbacks,
  pingback,
  resetPingbacks,
  resetSessionIds,
  setTransport,
  trackShare,
  trackUserSession,
  userSessionData,
} from '../../../src/analytics';
import { normalizeUser } from '../../../src/model';
import { memoryEnv, recordingTransport } from './helpers';

test('user-session data for a visitor and for a verified artist', () => {
  assert.equal(userSessionData(), { loggedInStatus: 'Logged Out', userID: '', verifiedStatus: 'Not Verified', userType: 'anonymous' });
  assert.equal(userSessionData({ id: '77', user: normalizeUser({ username: 'a', is_verified: '1' }), userType: 'artist' }), {
    loggedInStatus: 'Logged In',
    userID: '77',
    verifiedStatus: 'Verified',
    userType: 'artist',
  });
});

test('trackUserSession pushes to the data layer and sends logged_in_user_id with pingbacks', async () => {
  memoryEnv();
  resetSessionIds();
  const rec = recordingTransport();
  setTransport(rec.transport);
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer = [];
  try {
    trackUserSession({ id: '77' });
    assert.equal(w.dataLayer, [{ loggedInStatus: 'Logged In', userID: '77', verifiedStatus: 'Not Verified', userType: 'user' }]);
    pingback({ gif: { id: 'g', bottle_data: {}, response_id: 'r' }, actionType: 'CLICK' });
    await flushPingbacks();
    assert.is(rec.sent[0].body.sessions[0].user.logged_in_user_id, '77');
    trackUserSession();
    pingback({ gif: { id: 'g', bottle_data: {}, response_id: 'r' }, actionType: 'CLICK' });
    await flushPingbacks();
    assert.is(rec.sent[1].body.sessions[0].user.logged_in_user_id, undefined);
  } finally {
    delete w.dataLayer;
    resetPingbacks();
    setTransport();
    setEnv();
  }
});

test('the share helper posts shareType and gifId to its endpoint', async () => {
  const realFetch = globalThis.fetch;
  const calls: { url: string; init: RequestInit }[] = [];
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response('{}', { status: 200 });
  }) as typeof fetch;
  try {
    assert.is(await trackShare('facebook', 'abc', 'https://site.example/ajax/share/'), true);
    assert.is(calls[0].url, 'https://site.example/ajax/share/');
    assert.is(calls[0].init.method, 'POST');
    assert.equal(Object.fromEntries(calls[0].init.body as URLSearchParams), { shareType: 'facebook', gifId: 'abc' });
    assert.is(await trackShare('twitter', 'abc'), false, 'no endpoint: nothing posted');
    assert.is(calls.length, 1);
  } finally {
    globalThis.fetch = realFetch;
  }
});

test('a failing share call is only logged', async () => {
  const realFetch = globalThis.fetch;
  const original = console.warn;
  const warnings: string[] = [];
  console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
  try {
    globalThis.fetch = (async () => new Response('', { status: 503, statusText: 'Unavailable' })) as typeof fetch;
    assert.is(await trackShare('reddit', 'abc', 'https://site.example/share'), false);
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    assert.is(await trackShare('reddit', 'abc', 'https://site.example/share'), false);
    assert.is(warnings.length, 2);
    assert.match(warnings[0], /Share analytics failed for abc: Error: 503 Unavailable/);
    assert.match(warnings[1], /Failed to fetch/);
  } finally {
    globalThis.fetch = realFetch;
    console.warn = original;
  }
});

test.run();
