import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

type Registered = Record<string, { Component?: unknown }>;

test('each plugin file registers its component with window.GifEmbed under its name', async () => {
  const registered: Registered = {};
  (window as unknown as { GifEmbed: unknown }).GifEmbed = {
    register: (name: string, plugin: Registered[string]) => void (registered[name] = plugin),
  };
  await import('../../../plugins/share/index');
  await import('../../../plugins/video/index');
  await import('../../../plugins/related/index');
  await import('../../../plugins/widget/index');
  assert.equal(Object.keys(registered).sort(), ['related', 'share', 'video', 'widget']);
  for (const name of ['share', 'video', 'related', 'widget']) assert.type(registered[name].Component, 'function', name);
  delete (window as unknown as { GifEmbed?: unknown }).GifEmbed;
});

test.run();
