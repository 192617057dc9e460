import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as publicApi from '../../../src/api';
import { PASSWORD_HEADER } from '../../../src/api/site';

const api = { ...publicApi, PASSWORD_HEADER };
import type { Recorder } from './support/recorder';
import { API_KEY, HOST_PREFIX, withRecorder } from './support/setup';

let server: Recorder;
const S = HOST_PREFIX.site;

withRecorder(test, (recorder) => (server = recorder), { cookies: { csrftoken: 'tok-1' } });

const form = (body: string) => Object.fromEntries(new URLSearchParams(body));
const expectStyle3 = () => {
  const h = server.last().headers;
  assert.is(h.authorization, `Token ${API_KEY}`);
  assert.is(h['x-csrftoken'], 'tok-1');
  assert.is(h['x-requested-with'], 'XMLHttpRequest');
};

test('GET /login/check on the site host', async () => {
  server.reply({ body: { is_logged_in: true } });
  assert.equal(await api.loginCheck(), { is_logged_in: true });
  const req = server.last();
  assert.is(req.method, 'GET');
  assert.is(req.path, `${S}/login/check`);
  assert.is(req.headers.accept, 'application/json');
});

test('a 200 whose body says it failed is an error: status and result are read (spec §3 envelope)', async () => {
  const failures = [
    { status: 'error', message: 'Not logged in' },
    { status: 403, message: 'Not logged in' },
    { result: false, message: 'Not logged in' },
    { result: 'failed', message: 'Not logged in' },
  ];
  for (const body of failures) {
    server.reply({ body });
    const error = (await api.loginCheck().catch((e: unknown) => e)) as publicApi.ResponseError;
    assert.instance(error, api.ResponseError, JSON.stringify(body));
    assert.is(error.message, 'Not logged in');
    assert.is(error.status, 200);
    assert.equal(error.details, body);
  }
  // A body that says it succeeded (or says nothing) is data.
  server.reply({ body: { status: 'ok', result: true, is_logged_in: true } });
  assert.equal(await api.loginCheck(), { status: 'ok', result: true, is_logged_in: true });
  server.reply({ body: { status: 'error' } });
  const bare = (await api.favorite('g1').catch((e: unknown) => e)) as publicApi.ResponseError;
  assert.is(bare.message, 'OK', 'without a server message the status text is the message');
});

test('instashare: POST /ajax/instashare/ form with gif_id and to, token authorization', async () => {
  server.reply({ status: 202 });
  assert.equal(await api.instashare('g1', 'friend@example.com', { token: 'u-tok' }), { ok: true });
  const req = server.last();
  assert.is(req.method, 'POST');
  assert.is(req.path, `${S}/ajax/instashare/`);
  assert.is(req.headers['content-type'], 'application/x-www-form-urlencoded');
  assert.is(req.headers.authorization, 'Token u-tok');
  assert.equal(form(req.body), { gif_id: 'g1', to: 'friend@example.com' });
});

test('favorite: POST /favorites/{id}/', async () => {
  await api.favorite('abc');
  assert.is(server.last().method, 'POST');
  assert.is(server.last().path, `${S}/favorites/abc/`);
  expectStyle3();
});

test('gif analytic: POST /ajax/gif/{gif}/analytic/{type}/', async () => {
  await api.gifAnalytic('abc', 'share');
  assert.is(server.last().path, `${S}/ajax/gif/abc/analytic/share/`);
  assert.is(server.last().method, 'POST');
  expectStyle3();
});

test('a failing GIF analytic is logged and swallowed as { ok: false }', async () => {
  server.reply({ status: 500, statusText: 'Internal Server Error', body: { message: 'db down' } });
  const warned: unknown[][] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => void warned.push(args);
  try {
    assert.equal(await api.gifAnalytic('abc', 'share'), { ok: false });
  } finally {
    console.warn = original;
  }
  assert.is(warned.length, 1);
  assert.is(warned[0][0], api.ANALYTIC_FAILED_MESSAGE);
  assert.instance(warned[0][1], api.ResponseError);
  assert.equal((warned[0][1] as publicApi.ResponseError).details, { message: 'db down' });
});

test('twitter upload: POST /ajax/twitter_upload with gif_id', async () => {
  server.reply({ body: { tweet: 'ok' } });
  assert.equal(await api.twitterUpload('g2', { token: 't' }), { tweet: 'ok' });
  const req = server.last();
  assert.is(req.method, 'POST');
  assert.is(req.path, `${S}/ajax/twitter_upload`);
  assert.equal(form(req.body), { gif_id: 'g2' });
});

test('follows: GET, POST, DELETE /users/{id}/follows and GET /users/self/follows', async () => {
  server.reply({ body: [{ id: 1 }, 'junk', { id: 2 }] });
  assert.equal(await api.follows('u9'), [{ id: 1 }, { id: 2 }]);
  assert.is(server.last().method, 'GET');
  assert.is(server.last().path, `${S}/users/u9/follows`);

  server.reply({ body: { results: [{ id: 3 }] } });
  assert.equal(await api.selfFollows(), [{ id: 3 }]);
  assert.is(server.last().path, `${S}/users/self/follows`);

  server.reply({ status: 204 });
  assert.equal(await api.follow('u9'), { ok: true });
  assert.is(server.last().method, 'POST');
  assert.is(server.last().path, `${S}/users/u9/follows`);
  expectStyle3();

  server.reply({ status: 204 });
  await api.unfollow('u9');
  assert.is(server.last().method, 'DELETE');
  assert.is(server.last().path, `${S}/users/u9/follows`);
  expectStyle3();
});

test('users: GET with the X-Password header, PUT by default, POST on request', async () => {
  server.reply({ body: { id: 4, username: 'private' } });
  assert.equal(await api.getUser('4', { password: 's3cret' }), { id: 4, username: 'private' });
  let req = server.last();
  assert.is(req.method, 'GET');
  assert.is(req.path, `${S}/api/v1/users/4/`);
  assert.is(req.headers['x-password'], 's3cret');
  assert.is(api.PASSWORD_HEADER, 'X-Password');

  await api.getUser('4');
  assert.is(server.last().headers['x-password'], undefined);

  await api.saveUser('4', { display_name: 'New' });
  req = server.last();
  assert.is(req.method, 'PUT');
  assert.is(req.path, `${S}/api/v1/users/4/`);
  assert.equal(JSON.parse(req.body), { display_name: 'New' });
  expectStyle3();

  await api.saveUser('4', { display_name: 'New' }, { method: 'POST', password: 'pw' });
  assert.is(server.last().method, 'POST');
  assert.is(server.last().headers['x-password'], 'pw');
});

test('view counts for a user and a proxy GIF', async () => {
  server.reply({ body: { view_count: '1234' } }, { body: { view_count: 7 } }, { body: { nothing: true } });
  assert.equal(await api.userViewCount('u1'), { view_count: 1234 });
  assert.is(server.last().path, `${S}/api/v1/users/u1/view-count/`);
  assert.equal(await api.proxyGifViewCount('g1'), { view_count: 7 });
  assert.is(server.last().path, `${S}/api/v1/proxy-gif/g1/view-count/`);
  assert.equal(await api.userViewCount('u2'), { view_count: 0 });
});

test('a site 403 is a ResponseError with the parsed body', async () => {
  server.reply({ status: 403, statusText: 'Forbidden', body: { detail: 'wrong password' } });
  const e = (await api.getUser('4', { password: 'bad' }).catch((error: unknown) => error)) as publicApi.ResponseError;
  assert.instance(e, api.ResponseError);
  assert.is(e.message, 'Forbidden');
  assert.equal(e.details, { detail: 'wrong password' });
});

test.run();
