import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

type Registered = Record<string, { Component?: unknown; Widget?: unknown }>;

test('each plugin file registers its component with window.GifEmbed under its name', async () => {
  const registered: Registered = {};
  (window as unknown as { GifEmbed: unknown }).GifEmbed = {
    register: (name: string, plugin: Registered[string]) => void (registered[name] = plugin),
  };
  await import('../../../plugins/share/index');
  await import('../../../plugins/video/index');
  await import('../../../plugins/related/index');
  assert.equal(Object.keys(registered).sort(), ['related', 'share', 'video']);
  for (const name of ['share', 'video', 'related']) assert.type(registered[name].Component, 'function', name);
  assert.type(registered.related.Widget, 'function', 'the alternative related widget comes with the related plugin');
  delete (window as unknown as { GifEmbed?: unknown }).GifEmbed;
});

test.run();
