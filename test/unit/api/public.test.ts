import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as publicApi from '../../../src/api';
import * as publicModule from '../../../src/api/public';

/** The public calls, and the module's own constants and helpers they are built from. */
const api = { ...publicApi, ...publicModule };
import type { Recorder } from './support/recorder';
import { API_KEY, HOST_PREFIX, rawGif, withRecorder } from './support/setup';

let server: Recorder;
const V1 = `${HOST_PREFIX.api}/v1`;
const gifList = (...ids: string[]) => ({
  data: ids.map((id) => rawGif(id)),
  pagination: { offset: 0, count: ids.length, total_count: 99 },
  meta: { status: 200, msg: 'OK', response_id: 'resp-1' },
});

withRecorder(test, (recorder) => (server = recorder), { beforeEach: () => api.publicCache().clear() });
test.before.each(() => {
  server.fallback(() => ({ body: gifList('1', '2') }));
});

const expectRequest = (path: string, query: Record<string, string>) => {
  const req = server.last();
  assert.is(req.method, 'GET');
  assert.is(req.path, path);
  assert.equal(req.query, { api_key: API_KEY, ...query });
};

test('gif(id): GET gifs/{id}, normalised with response_id from meta', async () => {
  server.reply({ body: { data: rawGif(12345, { is_sticker: '1' }), meta: { response_id: 'abc' } } });
  const result = await api.gif('12345');
  expectRequest(`${V1}/gifs/12345`, {});
  assert.is(result.data.id, '12345');
  assert.is(result.data.response_id, 'abc');
  assert.is(result.data.is_sticker, true);
  assert.is(result.data.images.original?.width, 480);
  assert.is(result.data.images.original?.url, 'https://media.giphy.example/12345/giphy.gif');
  assert.is(result.data.user?.is_verified, true);
  assert.is(result.meta.response_id, 'abc');
});

test('a 200 whose meta.status says it failed is a FetchError with the server message', async () => {
  server.reply({ body: { data: [], meta: { status: 403, msg: 'Invalid API key', response_id: '' } } });
  const error = (await api.search('cats').catch((e: unknown) => e)) as publicApi.FetchError;
  assert.instance(error, api.FetchError);
  assert.is(error.message, 'Invalid API key');
  assert.is(error.status, 200);
});

test('gif(id) encodes a hostile id into one path segment', async () => {
  server.reply({ body: { data: rawGif('x'), meta: {} } });
  await api.gif('../../v2/admin?x=1');
  assert.is(server.last().path, `${V1}/gifs/..%2F..%2Fv2%2Fadmin%3Fx%3D1`);
});

test('gif(id) whose data is not a GIF is a clear error', async () => {
  server.reply({ body: { data: null, meta: {} } });
  const e = (await api.gif('nope').catch((error: unknown) => error)) as Error;
  assert.instance(e, Error);
  assert.match(e.message, /GIF/);
});

test('gifs(ids): one GET gifs?ids=a,b; malformed entries are skipped, not fatal', async () => {
  server.reply({ body: { data: [rawGif('a'), null, { title: 'no id' }, rawGif('b')], meta: { response_id: 'm' } } });
  const result = await api.gifs(['a', 'b']);
  expectRequest(`${V1}/gifs`, { ids: 'a,b' });
  assert.equal(result.data.map((g) => g.id), ['a', 'b']);
  assert.ok(result.data.every((g) => g.response_id === 'm'));
  assert.equal(result.pagination, { count: 2, offset: 0, total_count: 2 });
});

test('bad input: gif("") is a clear error, gifs([]) answers empty, neither reaches the server', async () => {
  const e = (await api.gif('').catch((error: unknown) => error)) as Error;
  assert.instance(e, api.ValidationError);
  assert.is(e.message, api.MISSING_GIF_ID);
  const none = await api.gifs(['', '']);
  assert.equal(none.data, []);
  assert.is(none.pagination.total_count, 0);
  assert.is(server.requests.length, 0);
  await api.gifs(['', 'a']);
  expectRequest(`${V1}/gifs`, { ids: 'a' });
});

test('categories and subcategories', async () => {
  server.reply({
    body: {
      data: [{ name: 'Reactions', name_encoded: 'reactions', gif: rawGif('c1'), subcategories: [{ name: 'happy', name_encoded: 'happy' }] }, { nope: 1 }],
      meta: { response_id: 'cat' },
    },
  });
  const cats = await api.categories();
  expectRequest(`${V1}/gifs/categories`, {});
  assert.is(cats.data.length, 1);
  assert.is(cats.data[0].name, 'Reactions');
  assert.is(cats.data[0].gif?.id, 'c1');
  assert.is(cats.data[0].gif?.response_id, 'cat');
  assert.equal(cats.data[0].subcategories, [{ name: 'happy', name_encoded: 'happy' }]);
  server.reply({ body: { data: [{ name: 'thumbs up' }], meta: {} } });
  const subs = await api.subcategories('reactions', { limit: 3 });
  expectRequest(`${V1}/gifs/categories/reactions`, { limit: '3' });
  assert.is(subs.data[0].name_encoded, 'thumbs%20up');
});

test('emoji', async () => {
  const result = await api.emoji({ offset: 10, limit: 5 });
  expectRequest(`${V1}/emoji`, { offset: '10', limit: '5' });
  assert.is(result.data.length, 2);
  assert.is(result.pagination.total_count, 99);
});

test('search: gifs by default, stickers and text by type, with rating, lang and sort', async () => {
  await api.search('cats');
  expectRequest(`${V1}/gifs/search`, { q: 'cats' });
  await api.search('cats', { type: 'stickers', offset: 25, limit: 25, rating: 'pg', lang: 'fr', sort: 'recent' });
  expectRequest(`${V1}/stickers/search`, { q: 'cats', offset: '25', limit: '25', rating: 'pg', lang: 'fr', sort: 'recent' });
  const result = await api.search('hello', { type: 'text' });
  expectRequest(`${V1}/text/search`, { q: 'hello' });
  assert.is(result.data[0].response_id, 'resp-1');
});

test('search within a channel sends q as "@channel term"', async () => {
  await api.search('dance', { channel: 'nba' });
  expectRequest(`${V1}/gifs/search`, { q: '@nba dance' });
  await api.search('dance', { channel: '@nba' });
  expectRequest(`${V1}/gifs/search`, { q: '@nba dance' });
  assert.is(api.searchQuery('x', '  '), 'x');
});

test('trending and random (random is never cached)', async () => {
  await api.trending({ type: 'stickers', limit: 10 });
  expectRequest(`${V1}/stickers/trending`, { limit: '10' });
  server.fallback(() => ({ body: { data: rawGif('rnd'), meta: { response_id: 'r' } } }));
  const one = await api.random({ tag: 'cat' });
  await api.random({ tag: 'cat' });
  expectRequest(`${V1}/gifs/random`, { tag: 'cat' });
  assert.is(server.requests.length, 3);
  assert.is(one.data.id, 'rnd');
});

test('related: 6 for the first page, 12 after, gif_id and offset sent', async () => {
  assert.is(api.RELATED_FIRST_PAGE, 6);
  assert.is(api.RELATED_PAGE, 12);
  assert.is(api.relatedPageSize(0), 6);
  assert.is(api.relatedPageSize(6), 12);
  await api.related('g1');
  expectRequest(`${V1}/gifs/related`, { gif_id: 'g1', offset: '0', limit: '6' });
  await api.related('g1', { offset: 6 });
  expectRequest(`${V1}/gifs/related`, { gif_id: 'g1', offset: '6', limit: '12' });
  await api.related('g1', { offset: 18, limit: 30, type: 'stickers' });
  expectRequest(`${V1}/stickers/related`, { gif_id: 'g1', offset: '18', limit: '30' });
});

test('trending searches: the terms, non-strings dropped', async () => {
  server.reply({ body: { data: ['cats', 7, 'dogs'], meta: { response_id: 'ts' } } });
  const result = await api.trendingSearches();
  expectRequest(`${V1}/trending/searches`, {});
  assert.equal(result.data, ['cats', 'dogs']);
  assert.is(result.meta.response_id, 'ts');
});

test('search tags, related tags and related GIF tags give name, name_encoded, response_id', async () => {
  const tags = { data: [{ name: 'happy dance', name_encoded: 'happy-dance' }, { name: 'joy' }, { bogus: true }], meta: { response_id: 'tag-r' } };
  server.fallback(() => ({ body: tags }));
  const st = await api.searchTags('hap');
  expectRequest(`${V1}/gifs/search/tags`, { q: 'hap' });
  assert.equal(st.data, [
    { name: 'happy dance', name_encoded: 'happy-dance', response_id: 'tag-r' },
    { name: 'joy', name_encoded: 'joy', response_id: 'tag-r' },
  ]);
  const rt = await api.relatedTags('happy dance');
  expectRequest(`${V1}/tags/related/happy%20dance`, {});
  assert.is(rt.data[0].response_id, 'tag-r');
  const rg = await api.relatedGifTags('joy');
  expectRequest(`${V1}/tags/related/gif/joy`, {});
  assert.is(rg.data.length, 2);
});

test('associations', async () => {
  server.reply({ body: { data: { terms: ['a'] }, meta: { response_id: 'as' } } });
  const result = await api.associations('g9');
  expectRequest(`${V1}/gifs/g9/associations`, {});
  assert.equal(result.data, { terms: ['a'] });
  assert.is(result.meta.response_id, 'as');
});

test('channels search: A/B relevance parameter and response_id on every channel', async () => {
  server.reply({
    body: {
      data: [
        { id: 5, slug: 'nba', display_name: 'NBA', user: { username: 'nba', is_verified: 'true' }, featured_gif: rawGif('f') },
        { slug: 'no-id' },
        { id: '6', display_name: 'NFL' },
      ],
      pagination: { total_count: 2, count: 2, offset: 0 },
      meta: { response_id: 'ch' },
    },
  });
  const result = await api.channelsSearch('sports', { relevanceVariant: 'b', limit: 2 });
  expectRequest(`${V1}/channels/search`, { q: 'sports', limit: '2', [api.CHANNEL_RELEVANCE_AB_PARAM]: 'b' });
  assert.equal(result.data.map((c) => [c.id, c.response_id]), [['5', 'ch'], ['6', 'ch']]);
  assert.is(result.data[0].user?.is_verified, true);
  assert.is(result.data[0].featured_gif?.response_id, 'ch');
  await api.channelsSearch('sports');
  expectRequest(`${V1}/channels/search`, { q: 'sports' });
});

test('videos: exact tag match and AND match switches; video(id)', async () => {
  await api.videos({ q: 'cat jump', exactTagMatch: true, andMatch: true, limit: 4 });
  expectRequest(`${V1}/videos`, { q: 'cat jump', limit: '4', [api.EXACT_TAG_MATCH_PARAM]: 'true', [api.AND_MATCH_PARAM]: 'true' });
  await api.videos({ q: 'cat' });
  expectRequest(`${V1}/videos`, { q: 'cat' });
  server.reply({ body: { data: rawGif('v1', { type: 'video' }), meta: { response_id: 'vid' } } });
  const one = await api.video('v1');
  expectRequest(`${V1}/videos/v1`, {});
  assert.is(one.data.type, 'video');
});

test('a failing public call throws FetchError with the server message', async () => {
  server.reply({ status: 404, statusText: 'Not Found', body: { message: 'Not found' } });
  const e = (await api.search('zzz').catch((error: unknown) => error)) as publicApi.FetchError;
  assert.instance(e, api.FetchError);
  assert.is(e.message, 'Not found');
  assert.is(e.status, 404);
});

test('every public call sends the SDK identity headers', async () => {
  await api.trending();
  const headers = server.last().headers;
  assert.is(headers['x-gif-embed-sdk-name'], 'gif-embed');
  assert.is(headers['x-gif-embed-sdk-platform'], 'web');
  assert.ok(headers['x-gif-embed-sdk-version']);
});

test.run();
