import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { altText, attributionOf, normalizeGif, normalizeUser, userHandle, type User } from '../../../src/model';
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
    avatarUrl: 'https://media.giphy.com/avatars/catsofinstagram/abc.jpg',
    profileUrl: 'https://giphy.com/catsofinstagram/',
  });
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
