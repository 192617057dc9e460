import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  twitterSharePage,
  embedSize,
  embedUrl,
  iframeEmbedCode,
  normalizeGif,
  responsiveEmbedCode,
  scriptEmbedCode,
  sharePopupSize,
  shareUrl,
  pickRendition,
  mediaUrl,
  EMBED_BASE_PX,
  SHARE_POPUP,
  TWITTER_POPUP,
  ampEmbedCode,
  AMP_IFRAME_SCRIPT,
  proxiedMedia,
} from '../../../src/model';
import { trendingGif } from './fixtures';

const gif = normalizeGif(trendingGif);
const query = (url: string) => Object.fromEntries(new URL(url).searchParams);

test('facebook, tumblr, pinterest and reddit share the GIF url', () => {
  assert.is(query(shareUrl('facebook', gif)).u, gif.url);
  assert.match(shareUrl('facebook', gif), /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?/);
  assert.is(query(shareUrl('tumblr', gif)).canonicalUrl, gif.url);
  assert.is(query(shareUrl('pinterest', gif)).url, gif.url);
  assert.is(query(shareUrl('pinterest', gif)).media, gif.images.original!.url);
  assert.is(query(shareUrl('reddit', gif)).url, gif.url);
  assert.is(query(shareUrl('reddit', gif)).title, gif.title);
});

test('twitter shares bitly_url with tc=1', () => {
  const q = query(shareUrl('twitter', gif));
  assert.is(q.url, 'https://gph.is/2d4Yb3C');
  assert.is(q.tc, '1');
  assert.is(query(shareUrl('twitter', normalizeGif({ id: 'a', url: 'https://giphy.com/gifs/a' }))).url, 'https://giphy.com/gifs/a');
});

test('the twitter share page: login (next = tweet page) or tweet page on the main site; the plain intent without a site', () => {
  const g = normalizeGif({ id: 'a1', url: 'https://giphy.example/gifs/cat-a1', bitly_url: 'https://gph.example/x' });
  assert.is(twitterSharePage(g, '', false), 'https://giphy.example/login/twitter?next=%2Fgifs%2Fa1%2Ftweet');
  assert.is(twitterSharePage(g, '', true), 'https://giphy.example/gifs/a1/tweet');
  assert.is(twitterSharePage(g, 'https://main.example/site/', true), 'https://main.example/site/gifs/a1/tweet');
  const nowhere = normalizeGif({ id: 'a1', bitly_url: 'https://gph.example/x' });
  assert.is(twitterSharePage(nowhere, '', true), shareUrl('twitter', nowhere));
});

test('share popups: twitter 750x350, others 480x480', () => {
  assert.equal(TWITTER_POPUP, { width: 750, height: 350 });
  assert.equal(SHARE_POPUP, { width: 480, height: 480 });
  assert.equal(sharePopupSize('twitter'), { width: 750, height: 350 });
  for (const n of ['facebook', 'tumblr', 'pinterest', 'reddit'] as const) assert.equal(sharePopupSize(n), { width: 480, height: 480 });
});

test('embedUrl drops false and empty params', () => {
  assert.is(
    embedUrl('https://site/embed/abc', { autoplay: true, hideSocial: false, title: '', start: 0, skip: null, none: undefined, color: 'ff0000' }),
    'https://site/embed/abc?autoplay=true&start=0&color=ff0000',
  );
  assert.is(embedUrl('https://site/embed/abc', { a: false }), 'https://site/embed/abc');
  assert.is(embedUrl('https://site/embed/abc?x=1#t', { b: 'two words' }), 'https://site/embed/abc?x=1&b=two+words#t');
});

test('iframe embed code: 480 base scaled to the GIF ratio', () => {
  assert.is(EMBED_BASE_PX, 480);
  assert.equal(embedSize(gif), { width: 480, height: 270 });
  assert.equal(embedSize(normalizeGif({ id: 't', images: { original: { url: 'https://media.example/u.gif', width: 200, height: 400 } } })), { width: 240, height: 480 });
  assert.equal(embedSize(normalizeGif({ id: 'q' })), { width: 480, height: 480 });
  assert.is(
    iframeEmbedCode(gif),
    '<iframe src="https://giphy.com/embed/l0MYt5jPR6QX5pnqM" width="480" height="270" title="Cat Falling Off Table GIF by Cats of Instagram" frameborder="0" class="gif-embed" allowfullscreen></iframe>',
  );
});

test('responsive embed code: 100% width with padding-bottom ratio', () => {
  const code = responsiveEmbedCode(gif, 'https://player.example/embed/l0MYt5jPR6QX5pnqM');
  assert.match(code, /^<div style="width:100%;height:0;padding-bottom:56\.25%;position:relative;">/);
  assert.match(code, /<iframe src="https:\/\/player\.example\/embed\/l0MYt5jPR6QX5pnqM" width="100%" height="100%"/);
  assert.match(code, /<\/iframe><\/div>$/);
});

test('script embed code through a first-party proxy: the image from the proxy\'s /media/, on the page\'s own origin', () => {
  const script = '<script async src="https://blog.example/embed.js" data-api-base="https://blog.example/gif-api"></script>';
  const webp = 'https://media3.example/d.webp?a=1&b=2';
  const withWebp = normalizeGif({ ...trendingGif, images: { ...trendingGif.images, downsized: { ...trendingGif.images.downsized, webp } } });
  const code = scriptEmbedCode(withWebp, { script, mediaBase: 'https://blog.example/gif-api/' });
  const sources = [...code.matchAll(/(?:src|srcset)="([^"]+)"/g)].map((m) => m[1]).filter((url) => !url.endsWith('embed.js'));
  assert.is(sources.length, 2);
  // On the plain media host (one URL per file), then through the proxy.
  assert.is(sources[0], 'https://blog.example/gif-api/media/media.example/d.webp?a=1&amp;b=2');
  assert.match(sources[1], /^https:\/\/blog\.example\/gif-api\/media\/media\.giphy\.com\//);
  assert.is(proxiedMedia('data:image/gif;base64,R0lG', 'https://blog.example/gif-api'), 'data:image/gif;base64,R0lG', 'only http(s) files move');
  // A base typed into a field may be anything: 200,000 slashes and a letter take linear time.
  const started = performance.now();
  const hostile = proxiedMedia('https://media.example/a.gif', `https://blog.example${'/'.repeat(200_000)}x${'/'.repeat(200_000)}`);
  assert.ok(performance.now() - started < 200, `${Math.round(performance.now() - started)} ms`);
  assert.ok(hostile.endsWith('x/media/media.example/a.gif'));
});

test('script embed code: the placeholder with the box reserved, a link around the image the player shows, then the script', () => {
  const script = '<script async src="https://cdn.example/embed.js" data-api-key="KEY"></script>';
  const rendition = pickRendition(gif.images, 480, 270)!;
  // This GIF's file for the box (downsized) has no WebP: a bare <img> of the GIF.
  assert.not.ok(rendition.webp);
  assert.is(
    scriptEmbedCode(gif, { script }),
    `<div data-gif-id="l0MYt5jPR6QX5pnqM" data-width="480" data-height="270" style="aspect-ratio:480/270;width:480px;max-width:100%">` +
      `<a href="https://giphy.com/gifs/funny-cat-l0MYt5jPR6QX5pnqM"><img src="${rendition.url.replace(/&/g, '&amp;')}" width="480" height="270" alt="${gif.title}" decoding="async" style="display:block;width:100%;height:auto"></a></div>\n${script}`,
  );
  // With a WebP, the browser that decodes it takes the file the player plays there (spec §5), through a <picture>.
  const webp = 'https://media.example/d.webp?a=1&b=2';
  const withWebp = normalizeGif({ ...trendingGif, images: { ...trendingGif.images, downsized: { ...trendingGif.images.downsized, webp } } });
  assert.is(mediaUrl(withWebp, pickRendition(withWebp.images, 480, 270)!, { webp: true }), webp);
  assert.match(
    scriptEmbedCode(withWebp, { script }),
    `<a href="https://giphy.com/gifs/funny-cat-l0MYt5jPR6QX5pnqM"><picture><source type="image/webp" srcset="https://media.example/d.webp?a=1&amp;b=2">` +
      `<img src="${rendition.url.replace(/&/g, '&amp;')}" width="480" height="270" alt="${gif.title}" decoding="async" style="display:block;width:100%;height:auto"></picture></a></div>`,
  );
  // Stickers play their plain file (spec §5): no WebP source for them.
  assert.not.match(scriptEmbedCode(normalizeGif({ ...trendingGif, is_sticker: 1, images: withWebp.images }), { script }), /<picture|<source/);
  const responsive = scriptEmbedCode(gif, { script, responsive: true, theme: 'light' });
  assert.match(responsive, / data-theme="light" style="aspect-ratio:480\/270;width:100%">/);
  // No page to link to: no code (the placeholder's link is the fallback a blocked script leaves).
  assert.is(scriptEmbedCode(normalizeGif({ id: 'x', url: 'javascript:alert(1)' }), { script }), '');
  // No media: the link says the title instead of showing an image.
  assert.match(scriptEmbedCode(normalizeGif({ id: 'y', url: 'https://site.example/gifs/y', title: 'A <b> GIF' }), { script }), /<a href="https:\/\/site\.example\/gifs\/y">A &lt;b&gt; GIF<\/a>/);
  // The author's alt text, escaped, before the one made from the title; blank words are no words.
  assert.match(scriptEmbedCode(gif, { script, alt: ' Eine Katze "tanzt" ' }), / alt="Eine Katze &quot;tanzt&quot;" decoding/);
  assert.match(scriptEmbedCode(gif, { script, alt: '  ' }), new RegExp(` alt="${gif.title}" decoding`));
  assert.match(scriptEmbedCode(normalizeGif({ id: 'y', url: 'https://site.example/gifs/y', title: 'A GIF' }), { script, alt: 'Ein GIF' }), /<a href="https:\/\/site\.example\/gifs\/y">Ein GIF<\/a>/);
  // A clip moves only as video: its snippet shows the still (its plain file) until the player plays the mp4.
  const clip = normalizeGif({
    id: 'c', type: 'video', url: 'https://site.example/clips/c', title: 'Clip',
    images: { original: { mp4: 'https://m/giphy.mp4', width: '480', height: '270' }, original_still: { url: 'https://m/giphy_s.gif', webp: 'https://m/giphy_s.webp', width: '480', height: '270' } },
  });
  assert.match(scriptEmbedCode(clip, { script }), /<a href="https:\/\/site\.example\/clips\/c"><img src="https:\/\/m\/giphy_s\.gif" width="480" height="270" alt="Clip"/);
});

test('embed codes given a GIF straight from the API\'s JSON (numbered media hosts) write the plain media host the player plays', () => {
  const numbered = JSON.parse(JSON.stringify(gif).replace(/\/\/media\.giphy/g, '//media3.giphy')) as typeof gif;
  const script = '<script async src="https://cdn.example/embed.js"></script>';
  assert.match(scriptEmbedCode(numbered, { script }), /src="https:\/\/media\.giphy\.com\//);
  assert.not.match(scriptEmbedCode(numbered, { script }), /media\d\./);
  assert.not.match(ampEmbedCode(numbered, 'https://cdn.example/embed/x'), /media\d\./);
  assert.match(ampEmbedCode(numbered, 'https://cdn.example/embed/x'), /<amp-img placeholder layout="fill" src="https:\/\/media\.giphy\.com\//);
});

test('embed codes escape attribute values', () => {
  const hostile = normalizeGif({ id: 'h', title: '"><script>alert(1)</script>', embed_url: 'https://x/e?a=1&b="2"' });
  for (const code of [iframeEmbedCode(hostile), responsiveEmbedCode(hostile)]) {
    assert.not.match(code, /<script>/);
    assert.match(code, /title="&quot;&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;"/);
    // The URL's quotes are percent-encoded by the allow-list, its `&` escaped for the attribute.
    assert.match(code, /src="https:\/\/x\/e\?a=1&amp;b=%222%22"/);
  }
});

test('embedScriptCode: the script tag a server writes into its snippets, from gif-embed/api, as the share menu writes it', async () => {
  const api = await import('../../../src/api');
  const tag = api.embedScriptCode('https://cdn.example/gif-embed/embed.js', {
    'data-api-key': 'K"EY<',
    'data-api-base': 'https://api.example',
    'data-pingback-base': '',
    'data-site-base': 'https://gifs.example',
  });
  assert.is(tag, '<script async src="https://cdn.example/gif-embed/embed.js" data-api-key="K&quot;EY&lt;" data-api-base="https://api.example" data-site-base="https://gifs.example"></script>');
  // With the script form of the embed code: the snippet a page pastes.
  const snippet = api.scriptEmbedCode(gif, { script: tag });
  assert.ok(snippet.endsWith(`\n${tag}`), snippet);
  for (const name of ['scriptEmbedCode', 'iframeEmbedCode', 'responsiveEmbedCode', 'embedUrl', 'embedSize', 'normalizeGif']) {
    assert.type((api as Record<string, unknown>)[name], 'function', `gif-embed/api exports ${name}`);
  }
});


test('ampEmbedCode: <amp-iframe> of the player page after AMP\'s script, responsive or fixed, the still as placeholder; nothing for a non-http page', () => {
  const code = ampEmbedCode(gif, 'https://player.example/embed/l0MYt5jPR6QX5pnqM');
  const [script, element] = code.split('\n', 2);
  assert.is(script, AMP_IFRAME_SCRIPT);
  assert.is(element, `<amp-iframe src="https://player.example/embed/l0MYt5jPR6QX5pnqM" width="480" height="270" layout="responsive" title="Cat Falling Off Table GIF by Cats of Instagram" sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox" allowfullscreen frameborder="0" resizable>`);
  assert.match(code, /\n {2}<amp-img placeholder layout="fill" src="https:\/\/[^"]+" alt="Cat Falling Off Table GIF by Cats of Instagram"><\/amp-img>\n/);
  assert.match(code, /<div overflow tabindex="0" role="button" aria-label="Show all">Show all<\/div>\n<\/amp-iframe>$/);
  assert.match(ampEmbedCode(gif, undefined, { responsive: false }), / layout="fixed" /);
  assert.is(ampEmbedCode(gif, 'javascript:alert(1)'), '');
  const stillless = { ...gif, images: {} } as typeof gif;
  assert.not.match(ampEmbedCode(stillless, 'https://player.example/embed/x'), 'amp-img');
});

test.run();
