import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  altText, attributionOf, avatarAt80, normalizeGif, normalizeUser, userHandle, AVATAR_HEIGHT_PX, DEFAULT_AVATAR_COUNT, type User,
} from '../../../src/model';
import { sponsoredSticker, trendingGif } from './fixtures';

test('alt text is the title when there is one', () => {
  assert.is(altText(normalizeGif(trendingGif)), 'Cat Falling Off Table GIF by Cats of Instagram');
});

test('alt text without a title: username, 4 tags without transparent, then GIF', () => {
  const gif = normalizeGif({ ...trendingGif, title: '' });
  assert.is(altText(gif), 'CatsOfInstagram cat funny fail table GIF');
});

test('alt text without a username: 5 tags, then Sticker', () => {
  const gif = normalizeGif(sponsoredSticker);
  assert.is(altText(gif), 'party confetti celebrate yay happy Sticker');
});

test('alt text falls back to the top-level username, and to just GIF', () => {
  assert.is(altText(normalizeGif({ id: 'a', username: 'someone', tags: ['a', 'b', 'c', 'd', 'e'] })), 'someone a b c d GIF');
  assert.is(altText(normalizeGif({ id: 'a' })), 'GIF');
  assert.is(altText(normalizeGif({ id: 'a', is_sticker: 1, tags: ['Transparent'] })), 'Sticker');
  assert.is(altText(normalizeGif({ id: 'a', title: '   ', tags: ['x'] })), 'x GIF');
});

const user = (raw: object): User => normalizeUser({ username: 'CatsOfInstagram', display_name: 'Cats of Instagram', ...raw })!;

test('attribution: display name, @lowercase handle, verified badge', () => {
  assert.equal(attributionOf(normalizeGif(trendingGif).user), {
    name: 'Cats of Instagram',
    handle: '@catsofinstagram',
    verified: true,
    avatarUrl: 'https://media.giphy.com/avatars/catsofinstagram/abc/80h.jpg',
    profileUrl: 'https://giphy.com/catsofinstagram/',
  });
});

test('avatars are taken at 80 px: the media host /80h rendition; other addresses as they are', () => {
  assert.is(AVATAR_HEIGHT_PX, 80);
  assert.is(avatarAt80('https://media.giphy.com/avatars/default3.gif'), 'https://media.giphy.com/avatars/default3/80h.gif');
  assert.is(avatarAt80('http://media2.localhost:8080/avatars/pixelsmith.gif'), 'http://media2.localhost:8080/avatars/pixelsmith/80h.gif');
  assert.is(avatarAt80('https://media.giphy.com/avatars/a/b/80h.gif'), 'https://media.giphy.com/avatars/a/b/80h.gif', 'already a rendition');
  assert.is(avatarAt80('https://cdn.example/people/me.png'), 'https://cdn.example/people/me.png');
  assert.is(avatarAt80(''), '');
});

test('a creator without an avatar gets default 1 to 5, picked at random once per creator, on the GIF media host', () => {
  assert.is(DEFAULT_AVATAR_COUNT, 5);
  const random = Math.random;
  const draws = [0.99, 0.0, 0.5];
  Math.random = () => draws.shift() ?? 0.3;
  try {
    const gif = (id: string, username: string, avatar_url = '') =>
      normalizeGif({
        id, user: { username, display_name: username, avatar_url },
        images: { original: { url: `https://media3.giphy.com/media/${id}/giphy.gif`, width: 10, height: 10 } },
      });
    const shown = (g: ReturnType<typeof gif>) => attributionOf(g.user, g.images)!.avatarUrl;
    const first = gif('g1', 'newcomer');
    assert.is(first.user!.avatar_url, '', 'the data stays what the API said');
    assert.is(shown(first), 'https://media.giphy.com/avatars/default5/80h.gif');
    // The same creator on another GIF keeps the same default; another creator draws again.
    assert.is(shown(gif('g2', 'newcomer')), 'https://media.giphy.com/avatars/default5/80h.gif');
    assert.is(shown(first), 'https://media.giphy.com/avatars/default5/80h.gif');
    assert.is(shown(gif('g3', 'someoneelse')), 'https://media.giphy.com/avatars/default1/80h.gif');
    assert.is(draws.length, 1, 'one draw per creator');
    // A creator with an avatar keeps it; without files (no media host) there is no default.
    assert.is(shown(gif('g4', 'x', 'https://media.giphy.com/avatars/x.gif')), 'https://media.giphy.com/avatars/x/80h.gif');
    assert.is(attributionOf(normalizeGif({ id: 'g5', user: { username: 'nofiles' } }).user)!.avatarUrl, '');
  } finally {
    Math.random = random;
  }
});

test('attribution name: attribution_display_name, else display_name, else username', () => {
  assert.is(attributionOf(user({ attribution_display_name: 'Partner' }))!.name, 'Partner');
  assert.is(attributionOf(user({}))!.name, 'Cats of Instagram');
  assert.is(attributionOf(user({ display_name: '' }))!.name, 'CatsOfInstagram');
});

test('no attribution without username and display_name, when private, or when chrome is suppressed', () => {
  assert.is(attributionOf(undefined), undefined);
  assert.is(attributionOf(normalizeUser({ avatar_url: 'x' })), undefined);
  assert.is(attributionOf(user({ is_public: 0 })), undefined);
  assert.is(attributionOf(user({ suppress_chrome: '1' })), undefined);
  assert.ok(attributionOf(normalizeUser({ display_name: 'Only Display' })));
});

test('verified badge only when is_verified is true', () => {
  assert.is(attributionOf(user({ is_verified: true }))!.verified, true);
  assert.is(attributionOf(user({ is_verified: 'false' }))!.verified, false);
  assert.is(attributionOf(user({}))!.verified, false);
});

test('handle is lowercase with only [a-z0-9_.-] kept', () => {
  assert.is(userHandle('Cats Of<script>Insta'), '@catsofscriptinsta');
  assert.is(userHandle('a.b-c_D9'), '@a.b-c_d9');
  assert.is(userHandle('日本'), '');
  assert.is(userHandle(undefined), '');
  assert.is(attributionOf(normalizeUser({ display_name: 'Only Display' }))!.handle, '');
});

test.run();
