import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as api from '../../../src/api';
import type { Recorder } from './support/recorder';
import { expectCall, HOST_PREFIX, withRecorder } from './support/setup';

let server: Recorder;
const SCH = HOST_PREFIX.scheduler;

withRecorder(test, (recorder) => (server = recorder));

const expect = expectCall(() => server);

test('scheduler: POST schedule with timestamp and gifs, access_token in the query', async () => {
  server.reply({ status: 201, body: { id: 'b1' } });
  assert.equal(await api.scheduleGifs('acc-1', 1714557600, ['g1', 'g2']), { id: 'b1' });
  const req = expect('POST', `${SCH}/schedule`, { access_token: 'acc-1' });
  assert.equal(JSON.parse(req.body), { timestamp: 1714557600, gifs: [{ id: 'g1' }, { id: 'g2' }] });
  assert.is(req.headers['content-type'], 'application/json');
});

test('scheduler: GET schedule (batches narrowed), GET activity, DELETE schedule/{id}', async () => {
  server.reply({ body: { data: [{ id: 3, timestamp: '2024-05-01T10:00:00Z', gifs: [{ id: 1 }, 'g2', { nope: 1 }] }, 'junk'] } });
  assert.equal(await api.getSchedule('acc-2'), [{ id: '3', timestamp: '2024-05-01T10:00:00Z', gifs: [{ id: '1' }, { id: 'g2' }] }]);
  expect('GET', `${SCH}/schedule`, { access_token: 'acc-2' });

  server.reply({ body: [{ event: 'published' }] });
  assert.equal(await api.getScheduleActivity('acc-2'), [{ event: 'published' }]);
  expect('GET', `${SCH}/activity`, { access_token: 'acc-2' });

  server.reply({ status: 204 });
  assert.equal(await api.deleteScheduled('acc-2', 'b/1'), { ok: true });
  expect('DELETE', `${SCH}/schedule/b%2F1`, { access_token: 'acc-2' });
});

test('scheduler: a bad token is a ResponseError', async () => {
  server.reply({ status: 401, statusText: 'Unauthorized', body: { message: 'bad token' } });
  const e = (await api.getSchedule('bad').catch((error: unknown) => error)) as api.ResponseError;
  assert.instance(e, api.ResponseError);
  assert.is(e.status, 401);
  assert.equal(e.details, { message: 'bad token' });
});

test('search-service CSV: GET /api/v1/search-service/csv/ gives the text', async () => {
  server.reply({ body: 'term,count\ncats,3\n', headers: { 'Content-Type': 'text/csv' } });
  assert.is(await api.searchServiceCsv(), 'term,count\ncats,3\n');
  const req = expect('GET', `${HOST_PREFIX.site}/api/v1/search-service/csv/`);
  assert.is(req.headers.accept, 'text/csv');
  server.reply({ status: 500, statusText: 'Internal Server Error', body: 'oops' });
  const e = (await api.searchServiceCsv().catch((error: unknown) => error)) as api.ResponseError;
  assert.instance(e, api.ResponseError);
  assert.is(e.details, 'oops');
});

test('imaging: GET video/info?url and trim?media_url&start&duration', async () => {
  server.reply({ body: { duration: 12.5, width: 640 } });
  assert.equal(await api.videoInfo('https://v.example/a.mp4?x=1&y=2'), { duration: 12.5, width: 640 });
  expect('GET', `${HOST_PREFIX.imaging}/video/info`, { url: 'https://v.example/a.mp4?x=1&y=2' });

  server.reply({ body: { url: 'https://media.example/trim.mp4' } });
  assert.equal(await api.trimVideo({ media_url: 'https://v.example/a.mp4', start: 1.5, duration: 3 }), { url: 'https://media.example/trim.mp4' });
  expect('GET', `${HOST_PREFIX.imaging}/trim`, { media_url: 'https://v.example/a.mp4', start: '1.5', duration: '3' });
});

test('content blocks: trending searches, random collections of one channel, random artists', async () => {
  server.fallback(() => ({ body: { results: [{ title: 'block' }] } }));
  assert.equal(await api.trendingSearchBlocks(), [{ title: 'block' }]);
  expect('GET', `${HOST_PREFIX.site}/api/v3/content-blocks`, { type: 'trending_searches' });
  await api.randomCollections('ch-7');
  expect('GET', `${HOST_PREFIX.site}/api/v3/content-blocks`, { type: 'random_collections', channel_id: 'ch-7' });
  await api.randomArtists();
  expect('GET', `${HOST_PREFIX.site}/api/v3/content-blocks`, { type: 'random_artists' });
  server.fallback(() => ({ body: {} }));
});

test('every call accepts an AbortSignal', async () => {
  server.fallback(() => ({ delayMs: 300, body: {} }));
  const calls: ((signal: AbortSignal) => Promise<unknown>)[] = [
    (signal) => api.getSchedule('t', { signal }),
    (signal) => api.videoInfo('u', { signal }),
    (signal) => api.searchServiceCsv({ signal }),
    (signal) => api.getStory('1', { signal }),
    (signal) => api.channels({}, { signal }),
    (signal) => api.leaderboard(undefined, { signal }),
    (signal) => api.getUser('1', { signal }),
    (signal) => api.trending({ signal }),
  ];
  try {
    for (const call of calls) {
      const controller = new AbortController();
      const pending = call(controller.signal).catch((error: unknown) => error);
      setTimeout(() => controller.abort(), 10);
      assert.is(((await pending) as Error).name, 'AbortError');
    }
  } finally {
    server.fallback(() => ({ body: {} }));
  }
});

test.run();
