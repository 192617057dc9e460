import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { debugLog, isDebug, setDebug } from '../../../src/debug';
import { setEnv } from '../../../src/env';

const withSearch = (search: string) => setEnv({ search: () => search, cookie: () => undefined, local: () => undefined, session: () => undefined });

test.after.each(() => {
  setDebug(undefined);
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
  setDebug(true);
  assert.is(isDebug(), true);
  withSearch('?debug=true');
  setDebug(false);
  assert.is(isDebug(), false);
});

test('debugLog prints only when debugging is on', () => {
  const lines: unknown[][] = [];
  const original = console.debug;
  console.debug = (...args: unknown[]) => lines.push(args);
  try {
    withSearch('');
    debugLog('hidden');
    setDebug(true);
    debugLog('shown', 1);
    assert.equal(lines, [['[gif-embed]', 'shown', 1]]);
  } finally {
    console.debug = original;
  }
});

test.run();
