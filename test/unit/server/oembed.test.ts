/**
 * The oEmbed provider: discovered and read by a real consumer library (unfurl.js, a link-preview
 * library), and its answers per the oEmbed spec for sizes, unknown pages and formats.
 */
import { test } from 'uvu';
import { createServer } from 'node:http';
import * as assert from 'uvu/assert';
import { unfurl } from 'unfurl.js';
import { createOEmbedHandler, gifIdOf, type OEmbedResponse } from '../../../src/oembed';
import { LOCAL_API_KEY } from '../../../server/pages';
import { raw, withService } from './service';

let base = '';
withService(test, (s) => (base = s.url));

const PLAIN = 'gifPlainBounce01';
const page = () => `${base}/gifs/bouncing-dots-${PLAIN}`;
const handler = () => createOEmbedHandler({ siteBase: base, apiBase: base, apiKey: LOCAL_API_KEY });
const ask = (query: string, method = 'GET') => handler()(new Request(`${base}/oembed?${query}`, { method }));

test('a link-preview library given a GIF page address discovers the provider and reads a rich embed of the player', async () => {
  const found = await unfurl(page(), { timeout: 5000 });
  const embed = found.oEmbed as OEmbedResponse | undefined;
  assert.ok(embed, `oEmbed discovered: ${JSON.stringify(found)}`);
  assert.is(embed!.type, 'rich');
  assert.is(embed!.version, '1.0');
  assert.is(embed!.title, 'Bouncing Dots');
  assert.is(embed!.provider_name, 'GIF Embed');
  assert.is(embed!.provider_url, `${base}/`);
  assert.is(embed!.author_name, 'Pixel Smith Studio');
  // As WordPress's own provider writes a post: the blockquote with the link, then the frame, paired by one secret.
  const [, secret] = /^<blockquote class="wp-embedded-content" data-secret="([A-Za-z0-9]{10})"><a href="([^"]+)">Bouncing Dots<\/a><\/blockquote>/.exec(embed!.html) ?? [];
  assert.ok(secret, `the blockquote first: ${embed!.html.slice(0, 200)}`);
  assert.ok(embed!.html.includes(`<a href="${page()}">`), 'its link is the GIF page');
  assert.ok(embed!.html.includes(`<iframe data-secret="${secret}" src="${base}/embed/${PLAIN}#?secret=${secret}" width="480" height="360" title="Bouncing Dots"`), embed!.html);
  assert.match(embed!.html, /<\/iframe><script>[^<]+<\/script>$/, 'the script last');
  assert.equal([embed!.width, embed!.height], [480, 360]);
  // The library hands the thumbnail_* fields on as a list.
  const [thumb] = (found.oEmbed as { thumbnails?: { url: string; width: number; height: number }[] }).thumbnails ?? [];
  assert.match(thumb.url, /\/media\/gifPlainBounce01\/giphy_s\.gif$/, 'the still as thumbnail');
  assert.equal([thumb.width, thumb.height], [320, 240]);
});

test('a missing or malformed setting (an unset environment variable) is named when the handler is made', () => {
  const make = (options: Record<string, unknown>) => () => createOEmbedHandler({ siteBase: base, apiBase: base, apiKey: LOCAL_API_KEY, ...options } as never);
  assert.throws(make({ siteBase: undefined }), /gif-embed\/oembed: siteBase must be an http\(s\) address, not undefined/);
  assert.throws(make({ apiBase: 'api.giphy.com' }), /apiBase must be an http\(s\) address, not "api\.giphy\.com"/);
  assert.throws(make({ playerBase: 'javascript:alert(1)' }), /playerBase must be an http\(s\) address/);
  assert.throws(make({ apiKey: '' }), /apiKey must be the API key, not ""/);
  assert.throws(make({ apiKey: undefined }), /apiKey must be the API key, not undefined/);
  make({ playerBase: 'https://cdn.example/players/' })();
});

test('with a first-party proxy\'s address, the thumbnail comes through it', async () => {
  const proxied = createOEmbedHandler({ siteBase: base, apiBase: base, apiKey: LOCAL_API_KEY, mediaBase: `${base}/fp` });
  const answer = (await (await proxied(new Request(`${base}/oembed?url=${encodeURIComponent(page())}`))).json()) as OEmbedResponse;
  assert.match(answer.thumbnail_url!, new RegExp(`^${base}/fp/media/media\\d?\\.localhost:\\d+/media/${PLAIN}/[^/]+_s\\.(gif|webp)$`), answer.thumbnail_url);
  // And the proxy serves it.
  const still = await fetch(answer.thumbnail_url!);
  assert.is(still.status, 200);
  assert.is(still.headers.get('content-type'), 'image/gif');
  assert.throws(() => createOEmbedHandler({ siteBase: base, apiBase: base, apiKey: LOCAL_API_KEY, mediaBase: '/fp' }), /mediaBase must be an http\(s\) address/);
});

test('the iframe address is built from the id the handler validated, not from the id an API answers with', async () => {
  // An API of another's that answers any GIF with a hostile id.
  const real = (await (await fetch(`${base}/v1/gifs/${PLAIN}?api_key=${LOCAL_API_KEY}`)).json()) as { data: Record<string, unknown>; meta: unknown };
  const api = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
    res.end(JSON.stringify({ ...real, data: { ...real.data, id: '../../../evil/x?y=' } }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  try {
    const apiBase = `http://127.0.0.1:${(api.address() as { port: number }).port}`;
    const hostile = createOEmbedHandler({ siteBase: base, apiBase, apiKey: LOCAL_API_KEY, playerBase: base });
    const body = (await (await hostile(new Request(`${base}/oembed?url=${encodeURIComponent(page())}`))).json()) as OEmbedResponse;
    assert.match(body.html, new RegExp(`<iframe data-secret="\\w+" src="${base}/embed/${PLAIN}#\\?secret=`));
    assert.not.match(body.html, /evil/);
  } finally {
    await new Promise((resolve) => api.close(resolve));
  }
});

test('maxwidth and maxheight scale the embed down, keeping its shape, never up', async () => {
  const sized = async (q: string) => {
    const body = (await (await ask(`url=${encodeURIComponent(page())}${q}`)).json()) as OEmbedResponse;
    const html = /width="(\d+)" height="(\d+)"/.exec(body.html)!;
    assert.equal([Number(html[1]), Number(html[2])], [body.width, body.height], 'the html has the size it says');
    return [body.width, body.height];
  };
  assert.equal(await sized('&maxwidth=300'), [300, 225]);
  assert.equal(await sized('&maxheight=90'), [120, 90]);
  assert.equal(await sized('&maxwidth=300&maxheight=100'), [133, 100]);
  assert.equal(await sized('&maxwidth=2000'), [480, 360], 'not scaled up');
  assert.equal(await sized('&maxwidth=abc&maxheight=-5'), [480, 360], 'unreadable limits are ignored');
});

test('answers as the spec says: 404 for an address it has no GIF for, 501 for xml, 400 without url, 405 for POST; json with CORS and a cache life', async () => {
  const ok = await ask(`url=${encodeURIComponent(page())}&format=json`);
  assert.is(ok.status, 200);
  assert.is(ok.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.is(ok.headers.get('access-control-allow-origin'), '*');
  assert.is(ok.headers.get('cache-control'), 'public, max-age=86400');
  assert.is((await ask(`url=${encodeURIComponent(`${base}/gifs/nothing-here-nosuchgif1`)}`)).status, 404, 'a GIF the API does not have');
  assert.is((await ask(`url=${encodeURIComponent(`https://elsewhere.example/gifs/x-${PLAIN}`)}`)).status, 404, 'another site');
  assert.is((await ask(`url=${encodeURIComponent(`${base}/examples/`)}`)).status, 404, 'not a GIF page');
  assert.is((await ask(`url=${encodeURIComponent(page())}&format=xml`)).status, 501);
  assert.is((await ask('format=json')).status, 400);
  assert.is((await ask(`url=${encodeURIComponent(page())}`, 'POST')).status, 405);
  const head = await ask(`url=${encodeURIComponent(page())}`, 'HEAD');
  assert.is(head.status, 200);
  assert.is(await head.text(), '');
  // The player page's own address works too.
  assert.is((await ask(`url=${encodeURIComponent(`${base}/embed/${PLAIN}`)}`)).status, 200);
});

test('the local service mounts the same provider at /oembed, and GIF pages carry the discovery link', async () => {
  const answer = await raw(base, `/oembed?url=${encodeURIComponent(page())}&maxwidth=240`);
  assert.is(answer.status, 200);
  assert.equal([answer.json().width, answer.json().height], [240, 180]);
  const html = (await raw(base, `/gifs/bouncing-dots-${PLAIN}`)).text;
  const link = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(html);
  assert.ok(link, 'discovery link in the page head');
  assert.is(link![1].replace(/&amp;/g, '&'), `${base}/oembed?url=${encodeURIComponent(page())}&format=json`);
  assert.ok(html.indexOf(link![0]) < html.indexOf('</head>'));
});

test('gifIdOf: only the site\'s own GIF and player pages name a GIF', () => {
  const site = 'https://gifs.example/base/';
  assert.is(gifIdOf('https://gifs.example/base/gifs/happy-cat-abc123', site), 'abc123');
  assert.is(gifIdOf('https://gifs.example/base/gifs/abc123/', site), 'abc123');
  assert.is(gifIdOf('https://gifs.example/base/embed/abc123', site), 'abc123');
  assert.is(gifIdOf('https://gifs.example/gifs/happy-cat-abc123', site), undefined, 'outside the site path');
  assert.is(gifIdOf('http://gifs.example/base/gifs/abc123', site), undefined, 'another origin (scheme)');
  assert.is(gifIdOf('https://gifs.example/base/gifs/x-a%2Fb', site), undefined, 'not an id');
  assert.is(gifIdOf('javascript:alert(1)', site), undefined);
  assert.is(gifIdOf('not a url', site), undefined);
});

test.run();
