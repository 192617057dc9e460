import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadPlugin, pluginNow, register, setPluginSource } from '../../../src/plugin-files';

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

test.run();
