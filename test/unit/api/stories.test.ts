import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as publicApi from '../../../src/api';
import { DEFAULT_STORY_SORT, PARTNER_ARTIST_STORY_LIMIT } from '../../../src/api/stories';

const api = { ...publicApi, DEFAULT_STORY_SORT, PARTNER_ARTIST_STORY_LIMIT };
import type { Recorder } from './support/recorder';
import { expectCall, HOST_PREFIX, withRecorder } from './support/setup';

let server: Recorder;
const G = HOST_PREFIX.stories;

withRecorder(test, (recorder) => (server = recorder), { cookies: { csrftoken: 'never-sent' }, beforeEach: () => api.storiesCache().clear() });

// the stories gateway is not the site: no call carries the site's CSRF token
const expect = expectCall(() => server, (req) => assert.is(req.headers['x-csrftoken'], undefined));

test('story by id and by slug, with and without the Authorization token', async () => {
  server.reply({ body: { story: { story_id: 1, slug: 'cats', username: 'me', published: true } } });
  assert.equal(await api.getStory('1', { token: 'Bearer abc' }), { story_id: '1', slug: 'cats', username: 'me', published: true });
  let req = expect('GET', `${G}/stories/1`);
  assert.is(req.headers.authorization, 'Bearer abc');

  server.reply({ body: { data: { story_id: 'x', slug: 'dogs' } } });
  assert.equal(await api.getStoryBySlug('dogs'), { story_id: 'x', slug: 'dogs' });
  req = expect('GET', `${G}/stories/slug/dogs`);
  assert.is(req.headers.authorization, undefined);
});

test('a story answer that says it failed under HTTP 200 is an error, and is not cached as a page', async () => {
  server.reply({ body: { status: 'error', message: 'Story not found' } });
  const error = (await api.getStory('gone').catch((e: unknown) => e)) as publicApi.ResponseError;
  assert.instance(error, api.ResponseError);
  assert.is(error.message, 'Story not found');
  server.reply({ body: { result: false } });
  assert.instance(await api.getUserStories({ username: 'x' }).catch((e: unknown) => e), api.ResponseError);
  server.reply({ body: { result: 'ok', stories: [{ story_id: 's1' }] } });
  assert.equal((await api.getUserStories({ username: 'x' }))?.stories, [{ story_id: 's1' }]);
});

test('saveStory creates (POST stories) without story_id and updates (PUT stories/{id}) with one, wrapped as { story }', async () => {
  server.reply({ status: 201, body: { story: { story_id: 'new1', title: 'T' } } });
  const created = await api.saveStory({ title: 'T' }, { token: 'tok' });
  assert.is(created.story_id, 'new1');
  let req = expect('POST', `${G}/stories`);
  assert.equal(JSON.parse(req.body), { story: { title: 'T' } });
  assert.is(req.headers['content-type'], 'application/json');
  assert.is(req.headers.authorization, 'tok');

  server.reply({ body: { story: { story_id: 'new1', title: 'T2', published: false } } });
  const updated = await api.saveStory({ story_id: 'new1', title: 'T2' });
  assert.equal(updated, { story_id: 'new1', title: 'T2', published: false });
  req = expect('PUT', `${G}/stories/new1`);
  assert.equal(JSON.parse(req.body), { story: { story_id: 'new1', title: 'T2' } });
});

test('deleteStory: DELETE stories/{id}', async () => {
  server.reply({ status: 204 });
  assert.equal(await api.deleteStory('s1', { token: 't' }), { ok: true });
  expect('DELETE', `${G}/stories/s1`);
});

test('getUserStories: username, fetch_unpublished, limit, next_cursor, cover-only hydration; next cursor read', async () => {
  server.reply({ body: { stories: [{ story_id: 1 }, 'junk'], next_cursor: 'c2' } });
  const page = await api.getUserStories({ username: 'artist', fetchUnpublished: true, limit: 10, nextCursor: 'c1', coverOnly: true, token: 't' });
  assert.equal(page, { stories: [{ story_id: '1' }], next_cursor: 'c2' });
  const req = expect('GET', `${G}/stories`, { username: 'artist', fetch_unpublished: 'true', limit: '10', next_cursor: 'c1', hydration: 'cover' });
  assert.is(req.headers.authorization, 't');
  await api.getUserStories({ username: 'artist', noCache: true });
  expect('GET', `${G}/stories`, { username: 'artist' });
});

test('getUserStories answers are cached per URL (and per token)', async () => {
  server.fallback((req) => ({ body: { stories: [{ story_id: req.query.username }] } }));
  await api.getUserStories({ username: 'a' });
  await api.getUserStories({ username: 'a' });
  assert.is(server.requests.length, 1);
  await api.getUserStories({ username: 'b' });
  assert.is(server.requests.length, 2);
  await api.getUserStories({ username: 'a', token: 'owner' });
  assert.is(server.requests.length, 3);
  server.fallback(() => ({ body: {} }));
});

test('getUserStories without a username logs the spec message and returns undefined', async () => {
  const warned: unknown[][] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => void warned.push(args);
  try {
    assert.is(await api.getUserStories({}), undefined);
    assert.is(await api.getUserStories(), undefined);
  } finally {
    console.warn = original;
  }
  assert.equal(warned, [['No username specified for getUserStories'], ['No username specified for getUserStories']]);
  assert.is(server.requests.length, 0);
});

test('partner-artist stories: limit 50, since, until', async () => {
  assert.is(api.PARTNER_ARTIST_STORY_LIMIT, 50);
  server.reply({ body: [{ story_id: 'p' }] });
  assert.equal(await api.getPartnerArtistStories({ since: '2024-01-01', until: '2024-02-01' }), { stories: [{ story_id: 'p' }] });
  expect('GET', `${G}/stories/partnerArtist`, { limit: '50', since: '2024-01-01', until: '2024-02-01' });
  await api.getPartnerArtistStories();
  expect('GET', `${G}/stories/partnerArtist`, { limit: '50' });
});

test('trending stories: sort desc by default, asc on request; POST { trending_story }; DELETE', async () => {
  assert.is(api.DEFAULT_STORY_SORT, 'desc');
  server.reply({ body: { trending_stories: [{ story_id: 9, publish_datetime: '2024-05-01T10:00:00Z' }] } });
  assert.equal(await api.getTrendingStories(), [{ story_id: '9', publish_datetime: '2024-05-01T10:00:00Z' }]);
  expect('GET', `${G}/stories/trending`, { sort: 'desc' });
  await api.getTrendingStories({ sort: 'asc' });
  expect('GET', `${G}/stories/trending`, { sort: 'asc' });

  server.reply({ body: { trending_story: { story_id: 9, publish_datetime: '2024-05-01T10:00:00Z', id: 3 } } });
  const entry = await api.addTrendingStory({ story_id: '9', publish_datetime: '2024-05-01T10:00:00Z' }, { token: 'ed' });
  assert.equal(entry, { story_id: '9', publish_datetime: '2024-05-01T10:00:00Z', id: 3 });
  const req = expect('POST', `${G}/stories/trending`);
  assert.equal(JSON.parse(req.body), { trending_story: { story_id: '9', publish_datetime: '2024-05-01T10:00:00Z' } });
  assert.is(req.headers.authorization, 'ed');

  server.reply({ status: 204 });
  assert.equal(await api.deleteTrendingStory('9'), { ok: true });
  expect('DELETE', `${G}/stories/trending/9`);
});

test('a gateway error is a ResponseError with the parsed body', async () => {
  server.reply({ status: 401, statusText: 'Unauthorized', body: { error: 'token expired' } });
  const e = (await api.saveStory({ title: 'x' }).catch((error: unknown) => error)) as publicApi.ResponseError;
  assert.instance(e, api.ResponseError);
  assert.is(e.message, 'Unauthorized');
  assert.equal(e.details, { error: 'token expired' });
});

test.run();
