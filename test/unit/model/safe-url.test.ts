import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { iframeEmbedCode, normalizeGif, responsiveEmbedCode, safeUrl } from '../../../src/model';
import { HOSTILE_PAYLOADS, hostileGif } from '../../../server/hostile';
import { loadCatalogue } from '../../../server/catalogue/index';

test('http(s) URLs pass, canonical', () => {
  assert.is(safeUrl('https://giphy.com/gifs/cat-1'), 'https://giphy.com/gifs/cat-1');
  assert.is(safeUrl('  HTTP://Media.Example/a b?q="x"  '), 'http://media.example/a%20b?q=%22x%22');
});

test('every other scheme is refused, however it is spelt', () => {
  for (const url of [
    'javascript:alert(1)', ' javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)',
    '\u0000javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', '&#106;avascript:alert(1)',
    '&#x6A;avascript:alert(1)', 'javascript&colon;alert(1)', 'javascript&#58;alert(1)', 'blob:https://x/1', 'file:///etc/passwd',
    'ftp://x.example/', 'mailto:a@b.example',
  ]) {
    assert.is(safeUrl(url), '', JSON.stringify(url));
  }
});

test('relative paths, empty text and non-text are refused', () => {
  for (const value of ['//media.example/x.gif', '/gifs/1', 'gifs/1', '', '   ', '\\\\evil.example\\x', '/\\evil.example', null, undefined, 42, {}, ['https://x/']]) {
    assert.is(safeUrl(value), '', JSON.stringify(value));
  }
});

test('every payload of the hostile API: refused, or a plain http(s) URL with nothing to break out with', () => {
  assert.ok(HOSTILE_PAYLOADS.length >= 150, `${HOSTILE_PAYLOADS.length} payloads`);
  for (const payload of HOSTILE_PAYLOADS) {
    const url = safeUrl(payload);
    if (!url) continue;
    assert.ok(/^https?:\/\/[^\s"<>`]+$/.test(url), `${JSON.stringify(payload)} -> ${url}`);
  }
});

test('a GIF normalised from the hostile API holds no link, media or profile URL but http(s)', () => {
  const catalogue = loadCatalogue();
  const origins = { site: 'http://127.0.0.1:1', port: 1 };
  HOSTILE_PAYLOADS.forEach((_, n) => {
    const gif = normalizeGif(hostileGif(n, catalogue, origins));
    const user = gif.user!;
    const urls = [gif.url, gif.bitly_url, gif.embed_url, user.profile_url, user.avatar_url, user.website_url, user.instagram_url, gif.video];
    for (const rendition of Object.values(gif.images)) urls.push(rendition!.url, rendition!.webp, rendition!.mp4);
    for (const url of urls) assert.ok(!url || /^https?:\/\//.test(url), `payload ${n}: ${url}`);
    for (const code of [iframeEmbedCode(gif), responsiveEmbedCode(gif)]) {
      assert.ok(code === '' || /src="https?:\/\//.test(code), `payload ${n}: ${code}`);
    }
  });
});

test.run();
