/**
 * The embed's pixel reader (src/embed/pixels.ts) runs on Chromium's own HTML parser; on every
 * snippet the analytics unit tests give `sanitizePixel`, it must keep exactly the same pixels.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as esbuild from 'esbuild';
import { sanitizePixel } from '../../src/analytics';
import { escapeAttr } from '../../src/model';
import { open, setup, type Env } from './support/harness';
import { DROPPED_PIXEL_SNIPPETS } from '../unit/analytics/pixel-snippets';

const NOW = 1_763_900_000_000;
/** The snippets of test/unit/analytics/pixels.test.ts, kept and dropped ones alike. */
const SNIPPETS = [
  '<IMG SRC="https://ad.example.com/imp;ord=%%CACHEBUSTER%%?" width="1" height="1" border="0" onerror="steal()">',
  "<img alt='x' src='http://t.example/p?a=1&amp;b=2'/>",
  '<img src=https://bare.example/p.gif>',
  ...DROPPED_PIXEL_SNIPPETS,
  '<img alt="a > b src=https://fake.example/" src="https://real.example/p">',
  '<img src="https://a.example/&quot;onload=&quot;x">',
  '<img src="https://a.example/p?x=1&AMP;y=&#x41;&#65;&constructor;&toString;&foo;">',
  '<div><img src="https://a.example/1"><b>x</b><img src="https://b.example/2"><img src="https://a.example/1"></div>',
  '<img src="HTTPS://UP.EXAMPLE/%%cachebuster%%">',
  '<img src=" https://e.example/ ">',
];

let env: Env;
let script: string;
test.before(async () => {
  env = await setup();
  const built = await esbuild.build({
    stdin: { contents: `export { snippetPixels } from './src/embed/pixels';`, resolveDir: new URL('../..', import.meta.url).pathname, loader: 'ts' },
    bundle: true, write: false, format: 'iife', globalName: 'embedPixels', target: ['es2020'], logLevel: 'warning',
  });
  script = built.outputFiles[0].text;
});
test.after(async () => {
  await env.close();
});

test('the DOMParser reader keeps the same pixels as sanitizePixel on every unit-test snippet', async () => {
  const { page, context } = await open(env, '/_local/requests');
  await page.addScriptTag({ content: script });
  const inBrowser = await page.evaluate(
    ({ snippets, now }) => {
      const read = (window as unknown as { embedPixels: { snippetPixels(s: string, n: number): [string, string][] } }).embedPixels.snippetPixels;
      return snippets.map((s) => read(s, now).map(([, url]) => url));
    },
    { snippets: SNIPPETS, now: NOW },
  );
  SNIPPETS.forEach((snippet, i) => {
    assert.equal(inBrowser[i].map((url) => `<img src="${escapeAttr(url)}">`), sanitizePixel(snippet, NOW), snippet);
  });
  // Nothing of the parsed snippets reached the page: no script ran, no element was added.
  assert.is(await page.evaluate(() => document.querySelectorAll('img, iframe').length), 0);
  await context.close();
});

test.run();
