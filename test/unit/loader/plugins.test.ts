import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadPlugin, pluginNow, register, setPluginSource, PLUGIN_FILE_TIMEOUT_MS } from '../../../src/plugin-files';
import { REQUEST_TIMEOUT_MS } from '../../../src/api/request';

/** Script tags the loader tried to add, kept out of the document so nothing is fetched. */
const added: HTMLScriptElement[] = [];
const realAppend = document.head.appendChild.bind(document.head);
const ownAppend = Object.getOwnPropertyDescriptor(document.head, 'appendChild');
// Installed when this suite runs (uvu evaluates every file before running any suite).
test.before(() => {
  document.head.appendChild = ((node: Node) => {
    if (node instanceof HTMLScriptElement) {
      added.push(node);
      return node;
    }
    return realAppend(node);
  }) as typeof document.head.appendChild;
});
test.after(() => {
  // Later suites get the real document back.
  if (ownAppend) Object.defineProperty(document.head, 'appendChild', ownAppend);
  else delete (document.head as unknown as { appendChild?: unknown }).appendChild;
});

const Component = () => null;

test('fetches plugins/<name>.js next to the loader, with the nonce, once per page', async () => {
  setPluginSource('https://cdn.example/gif-embed/', 'n0nce');
  const first = loadPlugin('share');
  const second = loadPlugin('share');
  assert.is(first, second, 'one load per page');
  assert.is(added.length, 1);
  assert.is(added[0].src, 'https://cdn.example/gif-embed/plugins/share.js');
  assert.is(added[0].nonce, 'n0nce');
  // The file runs (registers), then its load event fires.
  register('share', { Component });
  added[0].onload!(new Event('load'));
  const plugin = await first;
  assert.is(plugin!.Component, Component);
  assert.is(pluginNow('share'), plugin);
});

test('a plugin that fails to load resolves to undefined (the feature degrades, nothing throws)', async () => {
  const pending = loadPlugin('video');
  added[added.length - 1].onerror!(new Event('error'));
  assert.is(await pending, undefined);
});

test('a file that loads but registers nothing usable resolves to undefined', async () => {
  const pending = loadPlugin('related');
  register('related', { Component: 'not a component' } as never);
  added[added.length - 1].onload!(new Event('load'));
  assert.is(await pending, undefined);
});

test('a plugin file whose server hangs resolves to undefined at the deadline of the API\'s requests; the next ask tries again', async () => {
  assert.is(PLUGIN_FILE_TIMEOUT_MS, REQUEST_TIMEOUT_MS);
  const timers: [() => void, number][] = [];
  const realSetTimeout = globalThis.setTimeout;
  globalThis.setTimeout = ((callback: () => void, ms: number) => {
    timers.push([callback, ms]);
    return 0;
  }) as typeof setTimeout;
  let pending: Promise<unknown>;
  try {
    pending = loadPlugin('widget');
  } finally {
    globalThis.setTimeout = realSetTimeout;
  }
  const script = added[added.length - 1];
  const deadline = timers.find(([, ms]) => ms === PLUGIN_FILE_TIMEOUT_MS);
  assert.ok(deadline, 'a deadline is set');
  deadline![0]();
  assert.is(await pending, undefined);
  const again = loadPlugin('widget');
  assert.is.not(added[added.length - 1], script, 'asked anew');
  register('widget', { Component });
  added[added.length - 1].onload!(new Event('load'));
  assert.ok(await again);
});

test.run();
