import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IDS } from '../../../server/catalogue/index';
import { MAX_PINGBACK_BYTES } from '../../../server/pingbacks';
import { getJson, KEY, looksLikeStack, raw, withService } from './service';

let base = '';

withService(test, (service) => (base = service.url));
test.before.each(async () => {
  await raw(base, '/_local/reset', { method: 'POST' });
});

const SESSION = {
  sessions: [{
    user: { user_id: 'u1', logged_in_user_id: '', random_id: 'r1' },
    events: [{
      event_type: 'GIF_DETAIL', referrer: 'https://blog.example/post', response_id: 'resp1', prior_response_id: '',
      actions: [{ action_type: 'SEEN', ts: 1700000000000, gif_id: IDS.plain, tid: '', attributes: [{ key: 'position', value: '0' }] }],
    }],
  }],
};

const post = (path: string, body: string, type = 'application/json') => raw(base, path, { method: 'POST', body, headers: { 'Content-Type': type } });

test('a pingback is recorded as received, with the key and the time it arrived', async () => {
  const before = Date.now();
  const res = await post('/pingback?apikey=my-key', JSON.stringify(SESSION));
  assert.is(res.status, 200);
  assert.is(res.headers['access-control-allow-origin'], '*');
  const { body } = await getJson(base, '/_local/pingbacks');
  assert.is(body.count, 1);
  const [record] = body.pingbacks;
  assert.equal(record.body, SESSION);
  assert.is(record.apikey, 'my-key');
  const at = Date.parse(record.received_at);
  assert.ok(at >= before - 1000 && at <= Date.now() + 1000);
});

test('pingbacks pile up in order and DELETE clears them', async () => {
  await post('/pingback?apikey=k', JSON.stringify({ sessions: [{ n: 1 }] }));
  // sendBeacon posts text/plain: still JSON, still recorded
  await post('/pingback?apikey=k', JSON.stringify({ sessions: [{ n: 2 }] }), 'text/plain;charset=UTF-8');
  const listed = await getJson(base, '/_local/pingbacks');
  assert.equal(listed.body.pingbacks.map((p: any) => p.body.sessions[0].n), [1, 2]);
  const cleared = await raw(base, '/_local/pingbacks', { method: 'DELETE' });
  assert.is(cleared.json().cleared, 2);
  assert.is((await getJson(base, '/_local/pingbacks')).body.count, 0);
});

test('bad pingbacks get a 400 JSON error and are not recorded', async () => {
  const cases: [string, string, RegExp][] = [
    ['/pingback', JSON.stringify(SESSION), /apikey is required/],
    ['/pingback?apikey=', JSON.stringify(SESSION), /apikey is required/],
    ['/pingback?apikey=k', '{"sessions": [', /not valid JSON/],
    ['/pingback?apikey=k', '', /not valid JSON/],
    ['/pingback?apikey=k', '{"events": []}', /sessions/],
    ['/pingback?apikey=k', '{"sessions": {}}', /sessions/],
    ['/pingback?apikey=k', 'null', /sessions/],
    ['/pingback?apikey=k', '[1,2]', /sessions/],
  ];
  for (const [path, body, message] of cases) {
    const res = await post(path, body);
    assert.is(res.status, 400, `${path} ${body}`);
    assert.match(res.json().message, message);
    assert.not.ok(looksLikeStack(res.text));
  }
  assert.is((await getJson(base, '/_local/pingbacks')).body.count, 0);
});

test('an oversized pingback is refused and the wrong method gets 405', async () => {
  const huge = await post('/pingback?apikey=k', `{"sessions":["${'x'.repeat(MAX_PINGBACK_BYTES)}"]}`);
  assert.is(huge.status, 413);
  const get = await raw(base, '/pingback?apikey=k');
  assert.is(get.status, 405);
  assert.match(String(get.headers.allow), /POST/);
});

test('the pixel answers a 1x1 GIF, never cached, and every hit is recorded', async () => {
  const res = await raw(base, '/_local/pixel?id=abc&tid=t1&cb=123', { headers: { Referer: 'https://blog.example/' } });
  assert.is(res.status, 200);
  assert.is(res.headers['content-type'], 'image/gif');
  assert.is(res.headers['cache-control'], 'no-store');
  assert.is(res.body.toString('latin1', 0, 6), 'GIF89a');
  assert.equal([res.body.readUInt16LE(6), res.body.readUInt16LE(8)], [1, 1]);
  await raw(base, '/_local/pixel?id=abc&cb=124');
  const { body } = await getJson(base, '/_local/pixels');
  assert.is(body.count, 2);
  assert.equal(body.pixels[0].query, { id: 'abc', tid: 't1', cb: '123' });
  assert.is(body.pixels[0].referer, 'https://blog.example/');
  await raw(base, '/_local/pixels', { method: 'DELETE' });
  assert.is((await getJson(base, '/_local/pixels')).body.count, 0);
});

test('the pixel snippet in bottle_data, once its cache buster is filled in, counts a hit for that GIF', async () => {
  const { body } = await getJson(base, `/v1/gifs/${IDS.bottle}?${KEY}`);
  const src = body.data.bottle_data.tags[0].match(/src="([^"]+)"/)[1].replace('%%CACHEBUSTER%%', '999');
  const url = new URL(src);
  await raw(base, url.pathname + url.search);
  const pixels = (await getJson(base, '/_local/pixels')).body.pixels;
  assert.is(pixels.length, 1);
  assert.is(pixels[0].query.id, IDS.bottle);
  assert.is(pixels[0].query.tid, body.data.bottle_data.tid);
  assert.is(pixels[0].query.cb, '999');
});

test('failure injection: the next armed call fails with the status asked, then service resumes', async () => {
  const armed = await raw(base, '/_local/fail?status=503&times=2', { method: 'POST' });
  assert.is(armed.status, 200);
  assert.is(armed.json().armed.length, 1);
  for (let i = 0; i < 2; i++) {
    const res = await raw(base, `/v1/gifs/${IDS.plain}?${KEY}`);
    assert.is(res.status, 503);
    assert.match(res.json().message, /Injected failure/);
  }
  assert.is((await raw(base, `/v1/gifs/${IDS.plain}?${KEY}`)).status, 200);
});

test('failure injection: malformed JSON, a dropped connection, a delay, a path filter', async () => {
  await raw(base, '/_local/fail?mode=malformed');
  const malformed = await raw(base, `/v1/gifs/trending?${KEY}`);
  assert.is(malformed.status, 200);
  assert.match(String(malformed.headers['content-type']), /application\/json/);
  assert.throws(() => malformed.json());

  await raw(base, '/_local/fail?mode=reset');
  let failed = false;
  await raw(base, `/v1/gifs/trending?${KEY}`).catch(() => (failed = true));
  assert.ok(failed, 'the connection was dropped');

  await raw(base, '/_local/fail?delay=150');
  const started = Date.now();
  const slow = await raw(base, `/v1/gifs/trending?${KEY}`);
  assert.ok(Date.now() - started >= 140);
  assert.is(slow.status, 200);

  await raw(base, '/_local/fail?status=500&path=/v1/gifs/related');
  assert.is((await raw(base, `/v1/gifs/trending?${KEY}`)).status, 200);
  assert.is((await raw(base, `/v1/gifs/related?${KEY}&gif_id=${IDS.plain}`)).status, 500);

  await raw(base, '/_local/fail?status=500&path=/pingback');
  assert.is((await post('/pingback?apikey=k', JSON.stringify(SESSION))).status, 500);
});

test('failure injection by a flag on one request, listing and clearing, bad requests refused', async () => {
  assert.is((await raw(base, `/v1/gifs/trending?${KEY}&_fail=429`)).status, 429);
  const malformed = await raw(base, `/v1/gifs/trending?${KEY}&_fail=malformed`);
  assert.throws(() => malformed.json());
  assert.is((await raw(base, `/v1/gifs/trending?${KEY}`)).status, 200);

  await raw(base, '/_local/fail?status=500&times=5');
  assert.is((await getJson(base, '/_local/fail')).body.armed[0].times, 5);
  await raw(base, '/_local/fail', { method: 'DELETE' });
  assert.equal((await getJson(base, '/_local/fail')).body.armed, []);
  assert.is((await raw(base, `/v1/gifs/trending?${KEY}`)).status, 200);

  for (const bad of ['status=200', 'status=abc', 'mode=explode', 'delay=-1', 'delay=999999', 'status=500&times=0']) {
    const res = await raw(base, `/_local/fail?${bad}`, { method: 'POST' });
    assert.is(res.status, 400, bad);
  }
  assert.is((await raw(base, '/_local/fail', { method: 'POST' })).status, 400);
  assert.is((await raw(base, '/_local/nothing')).status, 404);
});

test('API calls are logged at /_local/requests for tests that count requests', async () => {
  await raw(base, `/v1/gifs?${KEY}&ids=${IDS.plain},${IDS.sticker}`);
  await raw(base, `/v1/gifs/trending?${KEY}`);
  const { body } = await getJson(base, '/_local/requests');
  assert.is(body.count, 2);
  assert.is(body.requests[0].path, '/v1/gifs');
  assert.is(body.requests[0].query.ids, `${IDS.plain},${IDS.sticker}`);
  assert.is(body.requests[1].path, '/v1/gifs/trending');
});

test.run();
