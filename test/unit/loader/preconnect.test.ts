import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PRECONNECT_HINT, preconnectNamed } from '../../../src/embed/preconnect';

const SRC = 'https://gifs.example/embed.js';

/** The page's Resource Timing, holding embed.js's entry with `metrics` (name, description) as its Server-Timing. */
function withEntry(metrics: [string, string][] | undefined, run: () => void) {
  const real = performance.getEntriesByName;
  performance.getEntriesByName = ((name: string) =>
    name === SRC ? [{ name, serverTiming: metrics?.map(([n, description]) => ({ name: n, description, duration: 0 })) }] : []) as unknown as typeof performance.getEntriesByName;
  try {
    run();
  } finally {
    performance.getEntriesByName = real;
  }
}

const links = () => [...document.head.querySelectorAll('link')].map((l) => [l.rel, l.href, l.hasAttribute('crossorigin')]);

test.before.each(() => {
  document.head.replaceChildren();
});

test('each http(s) origin embed.js\'s response names in a `preconnect` metric gets a connection opened, as a page\'s images ask (no CORS mode)', () => {
  withEntry([[PRECONNECT_HINT, 'https://media.example'], ['cache', 'HIT'], [PRECONNECT_HINT, 'http://media2.example:8080']], () => preconnectNamed(SRC));
  assert.equal(links(), [['preconnect', 'https://media.example/', false], ['preconnect', 'http://media2.example:8080/', false]]);
});

test('a description that is no http(s) address, another metric\'s, or no metric at all, opens nothing', () => {
  withEntry([[PRECONNECT_HINT, 'javascript:alert(1)'], [PRECONNECT_HINT, '//media.example'], [PRECONNECT_HINT, ''], ['media', 'https://media.example']], () => preconnectNamed(SRC));
  withEntry([], () => preconnectNamed(SRC));
  assert.equal(links(), []);
});

test('no entry (a buffer the page cleared), no Server-Timing (an older engine), or a page that replaced `performance`: nothing opened, nothing thrown', () => {
  preconnectNamed('https://elsewhere.example/embed.js');
  withEntry(undefined, () => preconnectNamed(SRC));
  const real = Object.getOwnPropertyDescriptor(globalThis, 'performance')!;
  Object.defineProperty(globalThis, 'performance', { value: 1, configurable: true, writable: true });
  try {
    preconnectNamed(SRC);
  } finally {
    Object.defineProperty(globalThis, 'performance', real);
  }
  assert.equal(links(), []);
});

test.run();
