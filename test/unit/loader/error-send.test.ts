import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { reportError } from '../../../src/analytics/error-report';
import { sendReport } from '../../../src/analytics/error-send';
import { configure } from '../../../src/config';
import { setEnv } from '../../../src/env';
import { applySettings } from '../../../src/embed/page';
import { readScript } from '../../../src/embed/script';
import { MemoryStorage } from '../analytics/helpers';

/**
 * The player file's error reports as it ships them: the page's tag gives the DSN, the settings
 * give the sender that fetches the report plugin at the first report, and what was reported
 * before the file ran is sent once it has.
 */
const added: HTMLScriptElement[] = [];
const posted: string[] = [];
const realAppend = document.head.appendChild.bind(document.head);
const ownAppend = Object.getOwnPropertyDescriptor(document.head, 'appendChild');
const realFetch = globalThis.fetch;
const realRandom = Math.random;
const DSN = 'https://pub@errors.example/42';

test.before(() => {
  document.head.appendChild = ((node: Node) => {
    if (node instanceof HTMLScriptElement) return added.push(node), node;
    return realAppend(node);
  }) as typeof document.head.appendChild;
  globalThis.fetch = (async (url: string) => (posted.push(url), new Response('{}'))) as typeof fetch;
  Math.random = () => 0.001;
  setEnv({ session: () => new MemoryStorage(), port: () => '' });
});
test.after(() => {
  if (ownAppend) Object.defineProperty(document.head, 'appendChild', ownAppend);
  else delete (document.head as unknown as { appendChild?: unknown }).appendChild;
  globalThis.fetch = realFetch;
  Math.random = realRandom;
  delete (window as { GifEmbed?: unknown }).GifEmbed;
  configure({ errorDsn: '', apiKey: '' });
  setEnv();
});

test('the first report fetches plugins/report.js once; reports made before it ran are sent when it has', async () => {
  const script = document.createElement('script');
  script.src = 'https://cdn.example/gif-embed/embed.js';
  script.setAttribute('data-api-key', 'k');
  script.setAttribute('data-error-dsn', DSN);
  applySettings(readScript(script, 'https://cdn.example/gif-embed/'), (el, url) => void (el.src = String(url)));

  reportError(new Error('first'), 'render');
  reportError(new Error('second'), 'plugin');
  const reports = added.filter((el) => el.src.includes('/plugins/report'));
  assert.is(reports.length, 1, 'one file for every report');
  assert.is(reports[0].src, 'https://cdn.example/gif-embed/plugins/report.js');
  await Promise.resolve();
  assert.equal(posted, [], 'nothing sent before the file ran');

  // The file runs (it sets the page's GifEmbed.report, as plugins/report does), then loads.
  (window as { GifEmbed?: unknown }).GifEmbed = { version: 'test', scan() {}, report: sendReport };
  reports[0].onload!(new Event('load'));
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.is(posted.length, 2);
  assert.ok(posted.every((url) => url.startsWith('https://errors.example/api/42/envelope/?sentry_key=pub')));
});

test.run();
