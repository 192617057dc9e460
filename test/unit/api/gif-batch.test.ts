import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createGifBatcher, publicCache, FetchError, GIF_NOT_FOUND, GIFS_PER_REQUEST } from '../../../src/api';
import { setEnv } from '../../../src/env';
import { startRecorder, type Recorder } from './support/recorder';
import { HOST_PREFIX, pointAt, rawGif } from './support/setup';

let server: Recorder;

test.before(async () => {
  server = await startRecorder();
});
test.before.each(() => {
  server.reset();
  publicCache().clear();
  pointAt(server);
  server.fallback((req) => ({
    body: { data: (req.query.ids ?? '').split(',').filter((id) => !id.startsWith('missing')).map((id) => rawGif(id)), meta: { response_id: 'batch' } },
  }));
});
test.after(async () => {
  await server.close();
  setEnv();
});

test('GIFs asked for together go out as one gifs?ids= request, each id once', async () => {
  const batcher = createGifBatcher();
  const results = await Promise.all(['a', 'b', 'a', 'c', 'b'].map((id) => batcher.load(id)));
  assert.equal(results.map((g) => g.id), ['a', 'b', 'a', 'c', 'b']);
  assert.is(server.requests.length, 1);
  assert.is(server.last().path, `${HOST_PREFIX.api}/v1/gifs`);
  assert.is(server.last().query.ids, 'a,b,c');
  assert.is(results[0].response_id, 'batch');
  // Already loaded: no new request.
  await batcher.load('c');
  assert.is(server.requests.length, 1);
});

test('later asks form a new batch with only the new ids', async () => {
  const batcher = createGifBatcher();
  await batcher.load('a');
  await Promise.all([batcher.load('a'), batcher.load('d')]);
  assert.equal(server.requests.map((r) => r.query.ids), ['a', 'd']);
});

test(`batches are split at ${GIFS_PER_REQUEST} ids (or the given size)`, async () => {
  assert.is(GIFS_PER_REQUEST, 50);
  const batcher = createGifBatcher({ maxIds: 2 });
  await Promise.all(['a', 'b', 'c', 'd', 'e'].map((id) => batcher.load(id)));
  assert.equal(server.requests.map((r) => r.query.ids).sort(), ['a,b', 'c,d', 'e']);
});

test('an id the service does not return rejects with GIF not found; the others resolve', async () => {
  const batcher = createGifBatcher();
  const [ok, missing] = await Promise.allSettled([batcher.load('a'), batcher.load('missing1')]);
  assert.is(ok.status, 'fulfilled');
  assert.is(missing.status, 'rejected');
  const error = (missing as PromiseRejectedResult).reason as FetchError;
  assert.instance(error, FetchError);
  assert.is(error.message, GIF_NOT_FOUND);
  assert.is(error.status, 404);
});

test('a failed batch rejects every waiter and is forgotten, so loading again retries', async () => {
  const batcher = createGifBatcher();
  server.reply({ status: 500, statusText: 'Internal Server Error' });
  const failed = await Promise.allSettled([batcher.load('x'), batcher.load('y')]);
  assert.ok(failed.every((r) => r.status === 'rejected' && r.reason instanceof FetchError));
  const again = await batcher.load('x');
  assert.is(again.id, 'x');
  assert.is(server.requests.length, 2);
});

test.run();
