import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../../src/api';
import {
  MISSING_ID_MESSAGE,
  oembedUrl,
  resolveVideo,
  vimeoPlayerUrl,
  youtubePlayerVars,
  youtubeStart,
  VIMEO_COLOR,
} from '../../../plugins/video/providers';

/** The error `fn` throws (fails the test when it does not throw). */
function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}

test('no id and no url: the spec message, as a ValidationError', () => {
  for (const input of [{}, { id: '' }, { url: '   ' }, { id: undefined, url: undefined }]) {
    const error = thrown(() => resolveVideo('youtube', input));
    assert.instance(error, ValidationError);
    assert.is(error.message, 'An id or url must be passed...');
  }
  assert.is(MISSING_ID_MESSAGE, 'An id or url must be passed...');
  assert.is(thrown(() => resolveVideo('vimeo', {})).message, 'An id or url must be passed...');
});

test('vimeo takes a numeric id and builds its page url', () => {
  assert.equal(resolveVideo('vimeo', { id: '76979871' }), { id: '76979871', url: 'https://vimeo.com/76979871' });
  assert.equal(resolveVideo('vimeo', { id: 76979871 }), { id: '76979871', url: 'https://vimeo.com/76979871' });
});

test('youtube takes an 11-character id', () => {
  assert.equal(resolveVideo('youtube', { id: 'dQw4w9WgXcQ' }), { id: 'dQw4w9WgXcQ', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
});

test('provider urls of every usual shape give the id', () => {
  const yt = ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3', 'https://youtu.be/dQw4w9WgXcQ', 'youtube.com/embed/dQw4w9WgXcQ', 'https://m.youtube.com/shorts/dQw4w9WgXcQ'];
  for (const url of yt) assert.is(resolveVideo('youtube', { url }).id, 'dQw4w9WgXcQ', url);
  const vimeo = ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871', 'http://vimeo.com/channels/staffpicks/76979871'];
  for (const url of vimeo) assert.is(resolveVideo('vimeo', { url }).id, '76979871', url);
});

test('a malformed id: "is not a valid video id", with the id quoted in front', () => {
  assert.is(thrown(() => resolveVideo('vimeo', { id: 'abc' })).message, '\u201cabc\u201d is not a valid video id.');
  assert.is(thrown(() => resolveVideo('youtube', { id: 'short' })).message, '\u201cshort\u201d is not a valid video id.');
  assert.is(thrown(() => resolveVideo('vimeo', { id: '12 34' })).message, '\u201c12 34\u201d is not a valid video id.');
});

test('a provider url without a usable id is "not a valid video id" too', () => {
  assert.is(thrown(() => resolveVideo('vimeo', { url: 'https://vimeo.com/about' })).message, '\u201chttps://vimeo.com/about\u201d is not a valid video id.');
  assert.is(thrown(() => resolveVideo('youtube', { url: 'https://www.youtube.com/watch?v=<script>' })).message, '\u201chttps://www.youtube.com/watch?v=<script>\u201d is not a valid video id.');
});

test('a foreign url: "is not a {host} url" with the provider host filled in', () => {
  assert.is(thrown(() => resolveVideo('vimeo', { url: 'https://evil.example/76979871' })).message, '\u201chttps://evil.example/76979871\u201d is not a vimeo.com url.');
  assert.is(thrown(() => resolveVideo('youtube', { url: 'https://vimeo.com/76979871' })).message, '\u201chttps://vimeo.com/76979871\u201d is not a youtube.com url.');
  // Look-alike hosts are foreign.
  assert.is(thrown(() => resolveVideo('youtube', { url: 'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ' })).message,
    '\u201chttps://youtube.com.evil.example/watch?v=dQw4w9WgXcQ\u201d is not a youtube.com url.');
  // A url argument that is not a url at all is not a provider url either.
  assert.is(thrown(() => resolveVideo('vimeo', { url: 'not a url' })).message, '\u201cnot a url\u201d is not a vimeo.com url.');
});

test('the oembed lookup url: the provider endpoint with the url and options', () => {
  assert.is(
    oembedUrl('vimeo', 'https://vimeo.com/76979871', { maxwidth: 480 }),
    'https://vimeo.com/api/oembed.json?url=https%3A%2F%2Fvimeo.com%2F76979871&format=json&maxwidth=480',
  );
  assert.is(
    oembedUrl('youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'),
    'https://www.youtube.com/oembed?url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DdQw4w9WgXcQ&format=json',
  );
});

test('the vimeo player url: /video/{asset_uid} with autoplay, byline, loop, title and a color', () => {
  const url = new URL(vimeoPlayerUrl('76979871'));
  assert.is(url.origin + url.pathname, 'https://player.vimeo.com/video/76979871');
  assert.equal(Object.fromEntries(url.searchParams), { autoplay: 'true', byline: 'false', loop: 'false', title: 'false', color: VIMEO_COLOR });
  assert.is(new URL(vimeoPlayerUrl('1', 'ff6666')).searchParams.get('color'), 'ff6666');
});

test('youtube starts one second before start, never below 0', () => {
  assert.is(youtubeStart(10), 9);
  assert.is(youtubeStart(1), 0);
  assert.is(youtubeStart(0.5), 0);
  assert.is(youtubeStart(0), 0);
  assert.is(youtubeStart(undefined), 0);
  assert.is(youtubeStart(Number.NaN), 0);
  assert.is(youtubeStart(12.7), 11);
});

test('the youtube player is muted and autoplays from the start offset', () => {
  const vars = youtubePlayerVars(30);
  assert.is(vars.mute, 1);
  assert.is(vars.autoplay, 1);
  assert.is(vars.start, 29);
});

test.run();
