import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { debugLog, isDebug, debug } from '../../../src/debug';
import { setEnv } from '../../../src/env';
import { parseQuery, QUERY_KEY_LIMIT } from '../../../src/query';

const withSearch = (search: string) => setEnv({ search: () => search, cookie: () => undefined, local: () => undefined, session: () => undefined });

test.after.each(() => {
  debug(undefined);
  setEnv();
});

test('debug logging is on only with the flag or debug=true in the query', () => {
  withSearch('');
  assert.is(isDebug(), false);
  withSearch('?debug=true');
  assert.is(isDebug(), true);
  withSearch('?id=1&debug=true&x=2');
  assert.is(isDebug(), true);
  for (const off of ['?debug=false', '?debug=1', '?nodebug=true', '?debug=truex']) {
    withSearch(off);
    assert.is(isDebug(), false, off);
  }
  debug(true);
  assert.is(isDebug(), true);
  withSearch('?debug=true');
  debug(false);
  assert.is(isDebug(), false);
});

test('the query is read for its first 1000 keys only: debug=true as the 1001st key is not seen', () => {
  assert.is(QUERY_KEY_LIMIT, 1000);
  const filler = (n: number) => Array.from({ length: n }, (_, i) => `k${i}=${i}`).join('&');
  withSearch(`?${filler(999)}&debug=true`);
  assert.is(isDebug(), true, 'the 1000th key is read');
  withSearch(`?${filler(1000)}&debug=true`);
  assert.is(isDebug(), false, 'the 1001st key is not');
  // Empty pairs are not keys; repeated keys each count.
  assert.is(parseQuery(`?${'&'.repeat(5000)}debug=true`).get('debug'), 'true');
  assert.is(parseQuery(`${'a=1&'.repeat(1000)}b=2`).getAll('a').length, 1000);
  assert.is(parseQuery(`${'a=1&'.repeat(1000)}b=2`).has('b'), false);
  assert.is(parseQuery('q=caf%C3%A9+au+lait&x').get('q'), 'café au lait');
  assert.is(parseQuery('').toString(), '');
});

test('debugLog prints only when debugging is on', () => {
  const lines: unknown[][] = [];
  const original = console.debug;
  console.debug = (...args: unknown[]) => lines.push(args);
  try {
    withSearch('');
    debugLog('hidden');
    debug(true);
    debugLog('shown', 1);
    assert.equal(lines, [['[gif-embed]', 'shown', 1]]);
  } finally {
    console.debug = original;
  }
});

test.run();
