/**
 * From an API answer to the pingback it causes: the meta's pingback_event_type and the
 * search response ids travel through the real API calls, not through hand-built GIFs.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as api from '../../../src/api';
import {
  flushPingbacks,
  pingback,
  resetPingbacks,
  resetSessionIds,
  setPingbackClock,
  setTransport,
  DEFAULT_PINGBACK_EVENT_TYPE,
  SEARCH_RESPONSE_IDS_KEY,
} from '../../../src/analytics';
import { setEnv } from '../../../src/env';
import type { Recorder } from '../api/support/recorder';
import { rawGif, withRecorder } from '../api/support/setup';
import { fakeClock, memoryEnv, recordingTransport } from './helpers';

let server: Recorder;
let rec: ReturnType<typeof recordingTransport>;
let storage: ReturnType<typeof memoryEnv>;

withRecorder(test, (recorder) => (server = recorder), { beforeEach: () => api.publicCache().clear() });
test.before.each(() => {
  resetPingbacks();
  resetSessionIds();
  storage = memoryEnv();
  setPingbackClock(fakeClock());
  rec = recordingTransport();
  setTransport(rec.transport);
});
test.after.each(() => {
  resetPingbacks();
  setTransport();
  setPingbackClock();
  // The in-memory cookies and storage go with the suite: later files get the browser's again.
  setEnv();
});

const answer = (responseId: string, meta: Record<string, unknown> = {}) => ({
  body: { data: [rawGif(`${responseId}-gif`)], pagination: { offset: 0, count: 1, total_count: 1 }, meta: { response_id: responseId, ...meta } },
});
const sentEvents = () => rec.sent.flatMap((s) => s.body.sessions.flatMap((session) => session.events));

test("the meta's pingback_event_type is the event type the GIF's pingbacks go out as", async () => {
  server.reply(answer('r-1', { pingback_event_type: 'GIF_SEARCH' }));
  const [searched] = (await api.search('cats')).data;
  server.reply(answer('r-2'));
  const [trendingGif] = (await api.trending()).data;
  server.reply({ body: { data: rawGif('one'), meta: { response_id: 'r-3', pingback_event_type: 'GIF_RELATED' } } });
  const single = (await api.gif('one')).data;
  pingback({ gif: searched, actionType: 'SEEN' });
  pingback({ gif: trendingGif, actionType: 'SEEN' });
  pingback({ gif: single, actionType: 'CLICK' });
  await flushPingbacks();
  assert.equal(
    sentEvents().map((e) => [e.event_type, e.response_id]),
    [
      ['GIF_SEARCH', 'r-1'],
      [DEFAULT_PINGBACK_EVENT_TYPE, 'r-2'],
      ['GIF_RELATED', 'r-3'],
    ],
  );
});

test('each search records its response id; the one before the last goes out as prior_response_id', async () => {
  server.reply(answer('search-1'));
  const first = (await api.search('cats')).data[0];
  pingback({ gif: first, actionType: 'SEEN' });
  await flushPingbacks();
  assert.is(sentEvents()[0].prior_response_id, undefined, 'no search before the first');

  // A sticker search, a text search and a channel search are searches too.
  server.reply(answer('search-2'));
  const sticker = (await api.search('dogs', { type: 'stickers' })).data[0];
  pingback({ gif: sticker, actionType: 'CLICK' });
  await flushPingbacks();
  assert.is(sentEvents()[1].prior_response_id, 'search-1');

  server.reply(answer('search-3'));
  await api.search('hi', { type: 'text' });
  server.reply({ body: { data: [{ id: 'c1', slug: 'c' }], meta: { response_id: 'search-4' } } });
  await api.channelsSearch('news');
  assert.equal(JSON.parse(storage.session.getItem(SEARCH_RESPONSE_IDS_KEY)!), ['search-3', 'search-4']);

  // Trending is not a search: it leaves the ids alone.
  server.reply(answer('trend-1'));
  const trend = (await api.trending()).data[0];
  pingback({ gif: trend, actionType: 'SEEN' });
  await flushPingbacks();
  assert.is(sentEvents()[2].prior_response_id, 'search-3');
});

test.run();
