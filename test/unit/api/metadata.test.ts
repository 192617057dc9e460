import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as api from '../../../src/api';
import type { Recorder } from './support/recorder';
import { expectSiteCall, HOST_PREFIX, withRecorder } from './support/setup';

let server: Recorder;
const S = HOST_PREFIX.site;
const B = `${S}/api/v1/moderation/gif-batch-actions/`;
const form = (body: string) => Object.fromEntries(new URLSearchParams(body));

withRecorder(test, (recorder) => (server = recorder), { cookies: { csrftoken: 'm-1' } });

const expect = expectSiteCall(() => server, 'm-1');

test('tag counts: numbers kept, junk dropped', async () => {
  server.reply({ body: { cats: 3, dogs: '2', bad: 'x' } });
  assert.equal(await api.tagCounts('g1'), { cats: 3, dogs: 2 });
  expect('GET', `${S}/ajax/gif/g1/tag-counts`);
});

test('extended metadata and tag translations', async () => {
  server.reply({ body: { source: 'x' } }, { body: { fr: ['chat'] } });
  assert.equal(await api.extendedMetadata('g1'), { source: 'x' });
  expect('GET', `${S}/ajax/gif/g1/extended-metadata`);
  assert.equal(await api.tagTranslations('g1'), { fr: ['chat'] });
  expect('GET', `${S}/ajax/gif/g1/tag-translations`);
});

test('language tags: bulk GET with gif_ids and lang; POST and DELETE with tags and lang', async () => {
  await api.bulkLanguageTags(['a', 'b'], 'es');
  expect('GET', `${S}/ajax/gif/bulk/language-tags`, { gif_ids: 'a,b', lang: 'es' });
  await api.addLanguageTags('a', { tags: ['gato', 'feliz'], lang: 'es' });
  let req = expect('POST', `${S}/ajax/gif/a/language-tags`);
  assert.equal(form(req.body), { tags: 'gato,feliz', lang: 'es' });
  server.reply({ status: 204 });
  assert.equal(await api.deleteLanguageTags('a', { tags: ['gato'], lang: 'es' }), { ok: true });
  req = expect('DELETE', `${S}/ajax/gif/a/language-tags`);
  assert.equal(form(req.body), { tags: 'gato', lang: 'es' });
});

test('GIF update: POST /ajax/gif/update with gif_id, key, value', async () => {
  await api.updateGif('g7', 'title', 'New title & more');
  const req = expect('POST', `${S}/ajax/gif/update`);
  assert.is(req.headers['content-type'], 'application/x-www-form-urlencoded');
  assert.equal(form(req.body), { gif_id: 'g7', key: 'title', value: 'New title & more' });
});

test('moderation: POST /api/v1/gifs/{id}/moderation', async () => {
  await api.moderateGif('g7', { rating: 'g', reason: 'ok' });
  const req = expect('POST', `${S}/api/v1/gifs/g7/moderation`);
  assert.equal(JSON.parse(req.body), { rating: 'g', reason: 'ok' });
});

test("batch actions: GET, POST, PATCH with action, a user's 'assigned' batch", async () => {
  server.reply({ body: { results: [{ job_id: 1, user_id: 2, action: 'assigned', gifs: ['a'] }] } });
  assert.equal(await api.batchActions({ page: 2 }), [{ job_id: '1', user_id: '2', action: 'assigned', gifs: ['a'] }]);
  expect('GET', B, { page: '2' });

  server.reply({ body: [] });
  assert.equal(await api.userBatch('42'), []);
  expect('GET', B, { user_id: '42', action: 'assigned' });
  assert.is(api.BATCH_ACTION_ASSIGNED, 'assigned');

  server.reply({ status: 201, body: { job_id: 'j9' } });
  assert.equal(await api.createBatchAction({ gif_ids: ['a', 'b'] }), { job_id: 'j9' });
  let req = expect('POST', B);
  assert.equal(JSON.parse(req.body), { gif_ids: ['a', 'b'] });

  server.reply({ body: { job_id: 'j9', action: 'approved' } });
  assert.equal(await api.updateBatchAction('j9', 'approved'), { job_id: 'j9', action: 'approved' });
  req = expect('PATCH', `${B}j9/`);
  assert.equal(JSON.parse(req.body), { action: 'approved' });
});

test('leaderboard with and without job_id', async () => {
  server.reply({ body: [{ user: 'a', count: 3 }] });
  assert.equal(await api.leaderboard(), [{ user: 'a', count: 3 }]);
  expect('GET', `${B}leaderboard/`);
  await api.leaderboard('j1');
  expect('GET', `${B}leaderboard/`, { job_id: 'j1' });
});

test.run();
