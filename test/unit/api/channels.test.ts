import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as api from '../../../src/api';
import type { Recorder } from './support/recorder';
import { expectSiteCall, HOST_PREFIX, rawGif, withRecorder } from './support/setup';

let server: Recorder;
const S = HOST_PREFIX.site;

withRecorder(test, (recorder) => (server = recorder), { cookies: { csrftoken: 'c-1' } });

const expect = expectSiteCall(() => server, 'c-1', { jsonOnGet: true });

test('channel-gif links: GET /api/v2/channel-gifs/?gif=ids', async () => {
  server.reply({ body: { results: [{ channel: 5, gif: 'a', position: 1 }] } });
  const links = await api.channelGifLinks(['a', 'b']);
  expect('GET', `${S}/api/v2/channel-gifs/`, { gif: 'a,b' });
  assert.equal(links, [{ channel: '5', gif: 'a', position: 1 }]);
});

test("a channel's GIFs: GET /api/v3/channels/{id}/gifs/?max_id, normalised, next cursor", async () => {
  server.reply({ body: { results: [rawGif('x'), { broken: true }, rawGif('y')], next: 'cursor-2' } });
  const page = await api.channelGifs('77', { maxId: 'm1' });
  expect('GET', `${S}/api/v3/channels/77/gifs/`, { max_id: 'm1' });
  assert.equal(page.gifs.map((g) => g.id), ['x', 'y']);
  assert.is(page.next, 'cursor-2');
  server.reply({ body: { results: [] } });
  const last = await api.channelGifs('77');
  expect('GET', `${S}/api/v3/channels/77/gifs/`);
  assert.equal(last, { gifs: [] });
});

test('GET /api/v3/channels/ and /api/v1/channels/ (all, by id, by parent, by search)', async () => {
  server.reply({ body: { results: [{ id: 1, parent: null, position: 0 }] } });
  assert.equal(await api.channelsV3({ owner: 'me' }), [{ id: '1', position: 0 }]);
  expect('GET', `${S}/api/v3/channels/`, { owner: 'me' });

  server.reply({ body: [{ id: 2, parent: 1 }] });
  assert.equal(await api.channels(), [{ id: '2', parent: '1' }]);
  expect('GET', `${S}/api/v1/channels/`);

  server.reply({ body: { id: 3, title: 'One' } });
  assert.equal(await api.channels({ id: '3' }), [{ id: '3', title: 'One' }]);
  expect('GET', `${S}/api/v1/channels/3/`);

  await api.channels({ search: 'cats' });
  expect('GET', `${S}/api/v1/channels/`, { search: 'cats' });
});

test("children: GET ?parent=, and the spec's message without a parent id", async () => {
  server.reply({ body: [{ id: 10, parent: 9, position: 2 }] });
  assert.equal(await api.channelChildren(9), [{ id: '10', parent: '9', position: 2 }]);
  expect('GET', `${S}/api/v1/channels/`, { parent: '9' });
  for (const missing of [undefined, null, '', '  ']) {
    const e = (await api.channelChildren(missing).catch((error: unknown) => error)) as Error;
    assert.instance(e, api.ValidationError);
    assert.instance(e, Error);
    assert.is(e.message, "We cannot fetch a channel's children without its parent's id.");
  }
  assert.is(api.CHANNEL_CHILDREN_WITHOUT_PARENT, "We cannot fetch a channel's children without its parent's id.");
  assert.is(server.requests.length, 1);
});

test('create, move, update (PATCH/PUT) and delete a channel', async () => {
  server.reply({ status: 201, body: { id: 11, parent: 9 } });
  assert.equal(await api.createChannel({ display_name: 'New', parent: 9 }), { id: '11', parent: '9' });
  let req = expect('POST', `${S}/api/v1/channels/`);
  assert.equal(JSON.parse(req.body), { display_name: 'New', parent: 9 });
  assert.is(req.headers['content-type'], 'application/json');

  await api.moveChannel('11', 3, '20');
  req = expect('POST', `${S}/api/v1/channels/11/move/`);
  assert.equal(JSON.parse(req.body), { position: 3, target_channel: '20' });

  await api.updateChannel('11', { display_name: 'Renamed' });
  req = expect('PATCH', `${S}/api/v1/channels/11/`);
  assert.equal(JSON.parse(req.body), { display_name: 'Renamed' });

  await api.updateChannel('11', { display_name: 'All' }, { method: 'PUT' });
  expect('PUT', `${S}/api/v1/channels/11/`);

  server.reply({ status: 204 });
  assert.equal(await api.deleteChannel('11'), { ok: true });
  expect('DELETE', `${S}/api/v1/channels/11/`);
});

test('channel-gifs add and remove with channel and gif', async () => {
  server.reply({ body: { channel: 11, gif: 'g' } });
  assert.equal(await api.addChannelGif('11', 'g'), { channel: '11', gif: 'g' });
  let req = expect('POST', `${S}/api/v1/channel-gifs/`);
  assert.equal(JSON.parse(req.body), { channel: '11', gif: 'g' });
  server.reply({ status: 204 });
  assert.equal(await api.removeChannelGif('11', 'g'), { ok: true });
  req = expect('POST', `${S}/api/v1/channel-gifs/remove/`);
  assert.equal(JSON.parse(req.body), { channel: '11', gif: 'g' });
});

test('ranked tags: create, update and delete by id; magic tags: create and delete', async () => {
  await api.createRankedTag({ channel: 1, tag: 'cats', rank: 1 });
  let req = expect('POST', `${S}/api/v1/channel-ranked-tags/`);
  assert.equal(JSON.parse(req.body), { channel: 1, tag: 'cats', rank: 1 });
  await api.updateRankedTag('r5', { rank: 2 });
  req = expect('PATCH', `${S}/api/v1/channel-ranked-tags/r5/`);
  assert.equal(JSON.parse(req.body), { rank: 2 });
  await api.deleteRankedTag('r5');
  expect('DELETE', `${S}/api/v1/channel-ranked-tags/r5/`);
  await api.createMagicTag({ channel: 1, tag: 'wow' });
  req = expect('POST', `${S}/api/v1/channel-magic-tags/`);
  assert.equal(JSON.parse(req.body), { channel: 1, tag: 'wow' });
  await api.deleteMagicTag('m2');
  expect('DELETE', `${S}/api/v1/channel-magic-tags/m2/`);
});

test('artists ?filter, significant tags ?q, social search reading hits', async () => {
  server.reply({ body: { results: [{ username: 'a' }] } });
  assert.equal(await api.artists('featured'), [{ username: 'a' }]);
  expect('GET', `${S}/api/v1/artists/`, { filter: 'featured' });
  await api.artists();
  expect('GET', `${S}/api/v1/artists/`);

  server.reply({ body: ['cats', { name: 'dogs', score: 2 }, 5] });
  assert.equal(await api.significantTags('pets'), [{ name: 'cats' }, { name: 'dogs', score: 2 }]);
  expect('GET', `${S}/api/v1/tags/significant`, { q: 'pets' });

  server.reply({ body: { hits: [{ id: 1, handle: '@x' }, 'bad'], total: 1 } });
  assert.equal(await api.socialSearch('@x'), [{ id: 1, handle: '@x' }]);
  expect('GET', `${S}/api/v1/channels-search/search/social`, { q: '@x' });
  server.reply({ body: { nothing: true } });
  assert.equal(await api.socialSearch('none'), []);
});

test.run();
