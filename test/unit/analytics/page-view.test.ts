import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { trackPageView, virtualPath } from '../../../src/analytics';

test('related GIFs: /gifs/{slug}/related/page/{page}', () => {
  assert.is(virtualPath('https://api.giphy.com/v1/gifs/related?gif_id=abc&offset=0&limit=6'), '/gifs/abc/related/page/1');
  // The embed's related pages: 6 at offset 0, then 12 at a time from offset 6.
  assert.is(virtualPath('/v1/gifs/related?gif_id=abc&offset=6&limit=12'), '/gifs/abc/related/page/2');
  assert.is(virtualPath('/v1/gifs/related?gif_id=abc&offset=18&limit=12'), '/gifs/abc/related/page/3');
  assert.is(virtualPath('/v1/gifs/related?gif_id=abc&offset=24&limit=12', { slug: 'funny-cat-abc' }), '/gifs/funny-cat-abc/related/page/3');
});

test('search: /search/{term}/page/{page}', () => {
  assert.is(virtualPath('https://api.giphy.com/v1/gifs/search?q=cats&offset=50&limit=25'), '/search/cats/page/3');
  assert.is(virtualPath('/v1/gifs/search?q=funny%20cats'), '/search/funny-cats/page/1');
  assert.is(virtualPath('/v1/gifs/search?q=cats&page=4'), '/search/cats/page/4');
  // limit defaults to 25
  assert.is(virtualPath('/v1/gifs/search?q=cats&offset=25'), '/search/cats/page/2');
});

test('the URL query is read for its first 1000 keys only', () => {
  const filler = Array.from({ length: 1000 }, (_, i) => `k${i}=1`).join('&');
  assert.is(virtualPath(`https://api.example/v1/gifs/search?q=cats&${filler}&page=3`), '/search/cats/page/1');
  assert.is(virtualPath(`https://api.example/v1/gifs/search?${filler}&q=cats`), '/search//page/1');
});

test('sticker trending: /create/gifmaker/decorate/stickers/page/{page}', () => {
  assert.is(virtualPath('/v1/stickers/trending?offset=0&limit=25'), '/create/gifmaker/decorate/stickers/page/1');
  assert.is(virtualPath('/v1/stickers/trending?offset=75&limit=25'), '/create/gifmaker/decorate/stickers/page/4');
});

test('sticker search: /page/{page} appended only when a page is given', () => {
  assert.is(virtualPath('/v1/stickers/search?q=party'), '/create/gifmaker/decorate/stickers/search/party');
  assert.is(virtualPath('/v1/stickers/search?q=party&offset=25&limit=25'), '/create/gifmaker/decorate/stickers/search/party/page/2');
});

test('channel GIFs: /channels/{channel}/page/{page}, empty without a page', () => {
  assert.is(virtualPath('/v1/channels/animals/gifs?offset=50&limit=25'), '/channels/animals/page/3');
  assert.is(virtualPath('https://site/api/v3/channels/1234/gifs/?page=2'), '/channels/1234/page/2');
  assert.is(virtualPath('https://site/api/v3/channels/1234/gifs/?max_id=99'), '');
});

test('channel search: /channel/{channel}/search/{term}, /page/{page} when given', () => {
  assert.is(virtualPath('/v1/gifs/search?q=@nba dunk'), '/channel/nba/search/dunk');
  assert.is(virtualPath('/v1/gifs/search?q=%40nba%20slam%20dunk&offset=25&limit=25'), '/channel/nba/search/slam-dunk/page/2');
});

test('any other path passes through unchanged', () => {
  for (const url of ['/gifs/abc', 'https://example.com/blog/post?x=1', '/v1/gifs/trending?offset=25', '/search/cats/page/2']) {
    assert.is(virtualPath(url), url);
  }
});

test('an unparseable URL logs a warning', () => {
  const warnings: unknown[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
  try {
    assert.is(virtualPath('http://[::1'), 'http://[::1');
    assert.equal(warnings, ['Unparseable page view URL: http://[::1']);
  } finally {
    console.warn = original;
  }
});

test('trackPageView pushes the virtual path when the page has analytics, skips empty paths', () => {
  const w = window as unknown as { dataLayer?: unknown[]; ga?: unknown };
  w.dataLayer = [];
  const ga: unknown[][] = [];
  w.ga = (...args: unknown[]) => ga.push(args);
  try {
    assert.is(trackPageView('/v1/gifs/search?q=cats&offset=25'), '/search/cats/page/2');
    assert.is(trackPageView('/api/v3/channels/5/gifs/'), '');
    assert.equal(w.dataLayer, [{ event: 'VirtualPageview', virtualPageURL: '/search/cats/page/2' }]);
    assert.equal(ga, [['send', 'pageview', '/search/cats/page/2']]);
  } finally {
    delete w.dataLayer;
    delete w.ga;
  }
});

test.run();
