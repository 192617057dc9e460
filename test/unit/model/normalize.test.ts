import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { normalizeGif, normalizeUser, plainMediaHost, toBool, GIF_FLAGS } from '../../../src/model';
import { sponsoredSticker, trendingGif, videoGif } from './fixtures';

test('a trending GIF in the service shape: sizes become numbers, flags booleans, hosts plain', () => {
  const gif = normalizeGif(trendingGif, { response_id: 'resp-1', pingback_event_type: 'GIF_TRENDING' });
  assert.is(gif.id, 'l0MYt5jPR6QX5pnqM');
  assert.is(gif.url, 'https://giphy.com/gifs/funny-cat-l0MYt5jPR6QX5pnqM');
  assert.is(gif.bitly_url, 'https://gph.is/2d4Yb3C');
  assert.is(gif.embed_url, 'https://giphy.com/embed/l0MYt5jPR6QX5pnqM');
  assert.is(gif.slug, 'funny-cat-l0MYt5jPR6QX5pnqM');
  assert.is(gif.type, 'gif');
  assert.is(gif.response_id, 'resp-1');
  assert.is(gif.pingback_event_type, 'GIF_TRENDING');
  assert.equal(
    { ...Object.fromEntries(GIF_FLAGS.map((f) => [f, gif[f]])) },
    {
      is_anonymous: false,
      is_community: true,
      is_featured: true,
      is_hidden: false,
      is_indexable: true,
      is_preserve_size: false,
      is_realtime: false,
      is_removed: false,
      is_sticker: false,
    },
  );
  assert.equal(gif.tags, ['cat', 'funny', 'transparent', 'fail', 'table', 'oops']);
  assert.is(gif.tags_string, 'cat, funny, transparent, fail, table, oops');
  assert.equal(gif.images.original, {
    url: 'https://media.giphy.com/media/l0MYt5jPR6QX5pnqM/giphy.gif?cid=ecf05e47&rid=giphy.gif&ct=g',
    webp: 'https://media.giphy.com/media/l0MYt5jPR6QX5pnqM/giphy.webp?cid=ecf05e47&rid=giphy.webp&ct=g',
    mp4: 'https://media.giphy.com/media/l0MYt5jPR6QX5pnqM/giphy.mp4?cid=ecf05e47&rid=giphy.mp4&ct=g',
    width: 480,
    height: 270,
    size: 1893421,
    webp_size: 512345,
    mp4_size: 293412,
    frames: 42,
  });
  assert.is(gif.images.fixed_width!.width, 200);
  assert.is(gif.images.fixed_height_small_still!.height, 100);
  // Unknown renditions are kept, normalised the same way.
  assert.equal(gif.images['480w_still'], { url: 'https://media.giphy.com/media/l0MYt5jPR6QX5pnqM/480w_s.jpg?cid=ecf05e47&rid=480w_s.jpg&ct=g', width: 480, height: 270 });
  assert.is(gif.images.looping!.url, '');
  assert.ok(gif.images.looping!.mp4!.startsWith('https://media.giphy.com/'));
  for (const r of Object.values(gif.images)) {
    for (const u of [r!.url, r!.webp, r!.mp4]) if (u) assert.not.match(u, /media\d\./);
  }
  // hd mp4 ends in .mp4 (before its query): preferred for video.
  assert.is(gif.video, 'https://media.giphy.com/media/l0MYt5jPR6QX5pnqM/giphy-hd.mp4?cid=ecf05e47&rid=giphy-hd.mp4&ct=g');
  assert.equal(gif.bottle_data, { tags: [] });
});

test('the user of a trending GIF: flags coerced, avatar host plain', () => {
  const user = normalizeGif(trendingGif).user!;
  assert.is(user.username, 'CatsOfInstagram');
  assert.is(user.display_name, 'Cats of Instagram');
  assert.is(user.profile_url, 'https://giphy.com/catsofinstagram/');
  assert.is(user.avatar_url, 'https://media.giphy.com/avatars/catsofinstagram/abc.jpg');
  assert.is(user.is_verified, true);
  assert.is(user.is_public, true);
  assert.is(user.suppress_chrome, false);
  assert.is(user.attribution_display_name, undefined);
});

test('an anonymous sponsored sticker: numeric id becomes text, tid kept, no user', () => {
  const gif = normalizeGif(sponsoredSticker);
  assert.is(gif.id, '3163412');
  assert.is(gif.type, 'sticker');
  assert.is(gif.is_sticker, true);
  assert.is(gif.is_anonymous, true);
  assert.is(gif.user, undefined);
  assert.is(gif.bottle_data.tid, 'a1b2c3d4e5');
  assert.equal(gif.bottle_data.tags, ['<img src="https://ad.example.com/imp?ord=%%CACHEBUSTER%%" width="1" height="1">']);
  assert.is(gif.images.original!.url, 'https://media.giphy.com/media/3163412/giphy.gif');
  // No hd rendition: the original mp4 is the video.
  assert.is(gif.video, 'https://media.giphy.com/media/3163412/giphy.mp4');
  assert.is(gif.response_id, undefined);
});

test('hd mp4 that is not an .mp4 falls back to the original mp4; external media read', () => {
  const gif = normalizeGif(videoGif);
  assert.is(gif.video, 'https://media.giphy.com/media/yt123/giphy.mp4');
  assert.equal(gif.external_media, { provider_name: 'youtube', asset_uid: 'dQw4w9WgXcQ', start: 12 });
  assert.equal(gif.user, {
    username: 'Private One',
    display_name: '',
    profile_url: '',
    avatar_url: '',
    is_verified: false,
    is_public: false,
    suppress_chrome: true,
  });
});

test('meta response_id wins over one on the GIF; the GIF\'s own is kept without meta', () => {
  assert.is(normalizeGif({ id: 'a', response_id: 'old' }, { response_id: 'new' }).response_id, 'new');
  assert.is(normalizeGif({ id: 'a', response_id: 'old' }).response_id, 'old');
  assert.is(normalizeGif({ id: 'a' }, {}).pingback_event_type, undefined);
});

test('edge: missing user, images, tags and bottle_data degrade to empty values', () => {
  const gif = normalizeGif({ id: 'x' });
  assert.equal(gif.images, {});
  assert.equal(gif.tags, []);
  assert.equal(gif.bottle_data, {});
  assert.is(gif.user, undefined);
  assert.is(gif.video, undefined);
  assert.is(gif.external_media, undefined);
  assert.is(gif.title, '');
  assert.is(gif.type, 'gif');
  assert.is(gif.is_sticker, false);
});

test('edge: nulls everywhere do not throw', () => {
  const gif = normalizeGif({
    id: 'n',
    url: null,
    title: null,
    tags: null,
    tags_string: null,
    bottle_data: null,
    images: { original: null, fixed_width: { url: null, width: null, height: 'abc' }, downsized: { url: 'https://media5.giphy.com/a.gif', width: null, height: undefined } },
    user: null,
    external_media: null,
    is_sticker: null,
  });
  assert.is(gif.url, '');
  assert.is(gif.title, '');
  assert.equal(gif.tags, []);
  assert.equal(gif.images, { downsized: { url: 'https://media.giphy.com/a.gif', width: 0, height: 0 } });
  assert.is(gif.is_sticker, false);
});

test('edge: images that are not an object, tags of mixed junk', () => {
  const gif = normalizeGif({ id: 'j', images: 'nope', tags: ['ok', { text: 'yes' }, { name: 'no' }, null, 3, '', '  '] });
  assert.equal(gif.images, {});
  assert.equal(gif.tags, ['ok', 'yes', '3']);
});

test('edge: hostile JSON keys do not change the images map\'s prototype', () => {
  const gif = normalizeGif(JSON.parse('{"id":"p","images":{"__proto__":{"url":"https://evil/x.gif","width":1,"height":1},"original":{"url":"https://m/o.gif","width":2,"height":2}}}'));
  assert.is(Object.getPrototypeOf(gif.images), Object.prototype);
  assert.equal(Object.keys(gif.images), ['original']);
  assert.is((gif.images as Record<string, unknown>).url, undefined);
});

test('edge: external media without an asset is dropped', () => {
  assert.is(normalizeGif({ id: 'v', external_media: { provider_name: 'vimeo' } }).external_media, undefined);
  assert.equal(normalizeGif({ id: 'v', external_media: { provider_name: 'vimeo', asset_uid: 76979871 } }).external_media, {
    provider_name: 'vimeo',
    asset_uid: '76979871',
  });
});

test('non-objects and GIFs without an id throw a clear Error', () => {
  for (const bad of [null, undefined, 'l0MYt5jPR6QX5pnqM', 42, [], true]) {
    assert.throws(() => normalizeGif(bad), /Cannot normalise a GIF from/);
  }
  assert.throws(() => normalizeGif({ title: 'no id' }), /Cannot normalise a GIF without an id/);
  assert.throws(() => normalizeGif({ id: '' }), /without an id/);
  assert.throws(() => normalizeGif({ id: null }), /without an id/);
});

test('flag coercion reads 0/1, "0"/"1", "true"/"false" and booleans', () => {
  for (const yes of [1, '1', 'true', 'TRUE', true, 2]) assert.is(toBool(yes), true, String(yes));
  for (const no of [0, '0', 'false', 'False', false, '', null, undefined, 'maybe', {}]) assert.is(toBool(no), false, String(no));
  for (const flag of GIF_FLAGS) {
    assert.is(normalizeGif({ id: 'f', [flag]: '1' })[flag], true, flag);
    assert.is(normalizeGif({ id: 'f', [flag]: 'false' })[flag], false, flag);
  }
});

test('user flags: is_verified, is_public, suppress_chrome from every spelling', () => {
  const u = (raw: object) => normalizeUser({ username: 'a', ...raw })!;
  assert.is(u({ is_verified: 'true' }).is_verified, true);
  assert.is(u({ is_verified: 0 }).is_verified, false);
  assert.is(u({ is_public: 'false' }).is_public, false);
  assert.is(u({ is_public: '1' }).is_public, true);
  assert.is(u({ suppress_chrome: 1 }).suppress_chrome, true);
  assert.is(u({ suppress_chrome: 'false' }).suppress_chrome, false);
  // The public API leaves is_public out for ordinary accounts: absent means public.
  assert.is(u({}).is_public, true);
  assert.is(u({}).is_verified, false);
  assert.is(u({ attribution_display_name: 'Shown', id: 99 }).attribution_display_name, 'Shown');
  assert.is(u({ id: 99 }).id, '99');
  assert.is(normalizeUser(null), undefined);
  assert.is(normalizeUser('someone'), undefined);
});

test('mediaN hosts are rewritten to the plain media host, other hosts untouched', () => {
  assert.is(plainMediaHost('https://media3.giphy.com/media/x/giphy.gif'), 'https://media.giphy.com/media/x/giphy.gif');
  assert.is(plainMediaHost('http://media2.localhost:8080/media/x.gif'), 'http://media.localhost:8080/media/x.gif');
  assert.is(plainMediaHost('//media0.giphy.com/a.gif'), '//media.giphy.com/a.gif');
  assert.is(plainMediaHost('https://media.giphy.com/a.gif'), 'https://media.giphy.com/a.gif');
  assert.is(plainMediaHost('https://i.giphy.com/media3.gif'), 'https://i.giphy.com/media3.gif');
  assert.is(plainMediaHost('https://example.com/?u=https://media3.giphy.com/'), 'https://example.com/?u=https://media3.giphy.com/');
  assert.is(plainMediaHost('https://mediabox1.example.com/a.gif'), 'https://mediabox1.example.com/a.gif');
});

test.run();
