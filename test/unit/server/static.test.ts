import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { IDS, HOSTILE_MARKUP } from '../../../server/catalogue/index';
import { escapeHtml } from '../../../server/pages';
import { KEY, looksLikeStack, raw, withService } from './service';
import { ALLOWED_REQUEST_HEADERS } from '../../../server/cors';

const SECRET = 'TOP-SECRET-OUTSIDE-THE-SERVED-FOLDERS';
const EMBED_JS = `/* embed */\n${'window.GifEmbed = window.GifEmbed || { scanned: true };\n'.repeat(60)}`;
let root = '';
let base = '';

test.before(() => {
  root = mkdtempSync(join(tmpdir(), 'gif-embed-static-'));
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('dist/embed.js', EMBED_JS);
  write('dist/plugins/share.js', 'console.log("share plugin");'.repeat(20));
  write('dist/plugins/share.3f9a1c2b.js', 'console.log("share plugin");');
  write('dist/esm/api.js', 'export const api = 1;\n'.repeat(30));
  write('dist/sdk.js', 'export const sdk = 1;\n');
  write('dist/.env', SECRET);
  write('examples/index.html', '<!doctype html><title>Examples</title><a href="blog/">Blog</a>');
  write('examples/blog/index.html', '<!doctype html><title>Blog</title>');
  write('examples/style.css', 'body { color: red; }\n'.repeat(30));
  write('secret.txt', SECRET);
  write('examples/data.json', '{"a":1}');
  symlinkSync(join(root, 'secret.txt'), join(root, 'dist', 'link.txt'));
});
// started after the folder above is written, closed before it is removed
withService(test, (service) => (base = service.url), () => ({ root }));
test.after(() => {
  rmSync(root, { recursive: true, force: true });
});

test('dist/ is served at / and examples/ at /examples/ with the right content types', async () => {
  const cases: [string, RegExp][] = [
    ['/embed.js', /^text\/javascript/],
    ['/plugins/share.js', /^text\/javascript/],
    ['/esm/api.js', /^text\/javascript/],
    ['/sdk.js', /^text\/javascript/],
    ['/examples/', /^text\/html/],
    ['/examples/blog/', /^text\/html/],
    ['/examples/style.css', /^text\/css/],
    ['/examples/data.json', /^application\/json/],
  ];
  for (const [path, type] of cases) {
    const res = await raw(base, path);
    assert.is(res.status, 200, path);
    assert.match(String(res.headers['content-type']), type, path);
    assert.is(res.headers['access-control-allow-origin'], '*', path);
  }
  assert.is((await raw(base, '/embed.js')).text, EMBED_JS);
  assert.match((await raw(base, '/examples/')).text, /<title>Examples<\/title>/);
});

test('/ redirects to the examples, and folders without a slash get one', async () => {
  const home = await raw(base, '/');
  assert.is(home.status, 302);
  assert.is(home.headers.location, '/examples/');
  const examples = await raw(base, '/examples');
  assert.is(examples.status, 301);
  assert.is(examples.headers.location, '/examples/');
  const blog = await raw(base, '/examples/blog?x=1');
  assert.is(blog.status, 301);
  assert.is(blog.headers.location, '/examples/blog/?x=1');
});

test('static files carry an ETag and Cache-Control (hashed plugins for good, embed.js and sdk.js briefly, the rest revalidated), and a matching If-None-Match gets 304', async () => {
  const first = await raw(base, '/embed.js');
  const etag = String(first.headers.etag);
  assert.match(etag, /^"[\w-]+"$/);
  assert.is(first.headers['cache-control'], 'public, max-age=300, must-revalidate', 'embed.js: kept briefly, then revalidated');
  assert.is((await raw(base, '/plugins/share.3f9a1c2b.js')).headers['cache-control'], 'public, max-age=31536000, immutable', 'a hashed plugin never changes');
  assert.is((await raw(base, '/sdk.js')).headers['cache-control'], 'public, max-age=300, must-revalidate', 'sdk.js keeps its name: briefly');
  assert.is((await raw(base, '/plugins/share.js')).headers['cache-control'], 'no-cache', 'a file without a hash in its name');
  const again = await raw(base, '/embed.js', { headers: { 'If-None-Match': etag } });
  assert.is(again.status, 304);
  assert.is(again.body.length, 0);
  assert.is(again.headers.etag, etag);
  const stale = await raw(base, '/embed.js', { headers: { 'If-None-Match': '"something-else"' } });
  assert.is(stale.status, 200);
});

test('embed.js names the catalogue\'s plain media host for the page to connect to early (Server-Timing for the script, from any page; Link for an engine that acts on it); no other file does, nor the publisher\'s copy at /gif-embed/', async () => {
  const media = `http://media.localhost:${new URL(base).port}`;
  const res = await raw(base, '/embed.js');
  assert.is(res.headers['server-timing'], `preconnect;desc="${media}"`);
  assert.is(res.headers['timing-allow-origin'], '*');
  assert.is(res.headers.link, `<${media}>; rel=preconnect`);
  const copy = await raw(base, '/gif-embed/embed.js');
  assert.is(copy.status, 200);
  assert.is(copy.text, EMBED_JS);
  assert.is(copy.headers['cache-control'], 'public, max-age=300, must-revalidate');
  assert.is((await raw(base, '/gif-embed/plugins/share.3f9a1c2b.js')).headers['cache-control'], 'public, max-age=31536000, immutable');
  for (const path of ['/gif-embed/embed.js', '/sdk.js', '/plugins/share.3f9a1c2b.js', '/examples/']) {
    const { headers } = await raw(base, path);
    assert.ok(!headers['server-timing'] && !headers.link, path);
  }
});

test('a changed file gets a new ETag', async () => {
  const before = String((await raw(base, '/sdk.js')).headers.etag);
  writeFileSync(join(root, 'dist/sdk.js'), 'export const sdk = 2;\n');
  const later = new Date(Date.now() + 5000);
  utimesSync(join(root, 'dist/sdk.js'), later, later);
  const after = await raw(base, '/sdk.js');
  assert.is.not(String(after.headers.etag), before);
  assert.is(after.text, 'export const sdk = 2;\n');
});

test('gzip and brotli are sent when accepted, identity otherwise, with Vary', async () => {
  const plain = await raw(base, '/embed.js');
  assert.is(plain.headers['content-encoding'], undefined);
  assert.is(plain.headers.vary, 'Accept-Encoding');

  const gz = await raw(base, '/embed.js', { headers: { 'Accept-Encoding': 'gzip' } });
  assert.is(gz.headers['content-encoding'], 'gzip');
  assert.is(gunzipSync(gz.body).toString(), EMBED_JS);
  assert.ok(gz.body.length < EMBED_JS.length / 4);
  assert.is(gz.headers['content-length'], String(gz.body.length));

  const br = await raw(base, '/embed.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
  assert.is(br.headers['content-encoding'], 'br');
  assert.is(brotliDecompressSync(br.body).toString(), EMBED_JS);
  assert.is.not(br.headers.etag, gz.headers.etag);

  const refused = await raw(base, '/embed.js', { headers: { 'Accept-Encoding': 'br;q=0, gzip' } });
  assert.is(refused.headers['content-encoding'], 'gzip');
  // a compressed copy revalidates too
  const revalidated = await raw(base, '/embed.js', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': String(br.headers.etag) } });
  assert.is(revalidated.status, 304);
});

test('CORS: every kind of response allows any origin, and preflights are answered', async () => {
  for (const path of ['/embed.js', `/v1/gifs/trending?${KEY}`, '/v1/gifs/trending', '/nope']) {
    const res = await raw(base, path, { headers: { Origin: 'https://blog.example' } });
    assert.is(res.headers['access-control-allow-origin'], '*', path);
  }
  const preflight = await raw(base, '/pingback?apikey=k', {
    method: 'OPTIONS',
    headers: { Origin: 'https://blog.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-giphy-sdk-name' },
  });
  assert.is(preflight.status, 204);
  assert.is(preflight.headers['access-control-allow-origin'], '*');
  assert.match(String(preflight.headers['access-control-allow-methods']), /POST/);
  // The headers it lists, whatever the page asked for: a header it does not list is refused by the browser.
  assert.is(preflight.headers['access-control-allow-headers'], ALLOWED_REQUEST_HEADERS);
  assert.match(ALLOWED_REQUEST_HEADERS, /X-Gif-Embed-SDK-Name, X-Gif-Embed-SDK-Version, X-Gif-Embed-SDK-Platform/);
  assert.not.match(ALLOWED_REQUEST_HEADERS, /giphy/i);
});

test('no path can reach a file outside the served folders', async () => {
  const attempts = [
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E%2Fsecret.txt',
    '/..%2fsecret.txt',
    '/..%5csecret.txt',
    '/..\\secret.txt',
    '/examples/../secret.txt',
    '/examples/..%2f..%2fsecret.txt',
    '/examples/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/media/..%2f..%2f..%2f..%2fpackage.json',
    '/media/%2e%2e/items.ts',
    '/secret.txt%00.js',
    '/.env',
    '/%2eenv',
    '/link.txt',
    '//etc/passwd',
    '/%c0%ae%c0%ae/secret.txt',
    '/examples/%',
  ];
  for (const path of attempts) {
    const res = await raw(base, path);
    assert.ok(res.status >= 400 && res.status < 500, `${path} -> ${res.status}`);
    assert.not.ok(res.text.includes(SECRET), path);
    assert.not.ok(res.text.includes('root:'), path);
    assert.not.ok(looksLikeStack(res.text), path);
  }
});

test('HEAD answers headers only', async () => {
  const res = await raw(base, '/embed.js', { method: 'HEAD' });
  assert.is(res.status, 200);
  assert.is(res.body.length, 0);
  assert.is(res.headers['content-length'], String(Buffer.byteLength(EMBED_JS)));
});

test('escapeHtml escapes text for HTML text and either quote of an attribute', () => {
  assert.is(escapeHtml(`<a href='x'>&"`), '&#60;a href=&#39;x&#39;&#62;&#38;&#34;');
});

test('the GIF page prints a hostile title as text', async () => {
  const res = await raw(base, `/gifs/hostile-title-${IDS.hostile}`);
  assert.is(res.status, 200);
  assert.not.ok(res.text.includes(HOSTILE_MARKUP));
  assert.ok(res.text.includes(escapeHtml(HOSTILE_MARKUP)));
  assert.is((await raw(base, '/gifs/no-such-gif-zzz999')).status, 404);
});

test('an unknown path is a plain 404, a wrong method a 405', async () => {
  const missing = await raw(base, '/nope.js');
  assert.is(missing.status, 404);
  const post = await raw(base, '/embed.js', { method: 'POST', body: 'x' });
  assert.is(post.status, 405);
});

test('a malformed HTTP request gets a 400 and the service keeps serving', async () => {
  const url = new URL(base);
  const reply = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write('NOT A REQUEST\r\nHost: x\r\n\r\n'));
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
  assert.match(reply, /^HTTP\/1\.1 400/);
  assert.is((await raw(base, `/v1/gifs/${IDS.plain}?${KEY}`)).status, 200);
});

test.run();
