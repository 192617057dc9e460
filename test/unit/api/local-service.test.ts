/**
 * The public calls against the project's own local service (server/), end to end: real
 * catalogue GIFs come back normalised, pages follow the 6-then-12 rule, errors are FetchErrors.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as api from '../../../src/api';
import { configure } from '../../../src/config';
import { withService } from '../server/service';

withService(
  test,
  (service) => {
    configure({ apiBase: service.url, apiKey: 'local-key' });
    api.publicCache().clear();
  },
  { host: '127.0.0.1', quiet: false },
);

test('trending, then gif(id) and gifs(ids) for the same GIFs', async () => {
  const trending = await api.trending({ limit: 3 });
  assert.is(trending.data.length, 3);
  assert.ok(trending.meta.response_id);
  for (const gif of trending.data) {
    assert.type(gif.id, 'string');
    assert.is(gif.response_id, trending.meta.response_id);
    for (const rendition of Object.values(gif.images)) {
      assert.type(rendition?.width, 'number');
      assert.type(rendition?.height, 'number');
    }
  }
  const ids = trending.data.map((g) => g.id);
  const one = await api.gif(ids[0]);
  assert.is(one.data.id, ids[0]);
  const many = await api.gifs(ids);
  assert.equal(many.data.map((g) => g.id).sort(), [...ids].sort());
});

test('related pages of 6 then 12 through the paginator, no id twice', async () => {
  const seed = (await api.trending({ limit: 1 })).data[0].id;
  const paginator = api.createPaginator((offset, signal) => api.related(seed, { offset, signal }));
  const first = await paginator.next();
  assert.ok(first.length <= 6);
  const second = await paginator.next();
  assert.ok(second.length <= 18);
  assert.is(new Set(second.map((g) => g.id)).size, second.length);
});

test('search tags carry name, name_encoded and response_id', async () => {
  const tags = await api.searchTags('ca');
  for (const tag of tags.data) {
    assert.type(tag.name, 'string');
    assert.type(tag.name_encoded, 'string');
    assert.is(tag.response_id, tags.meta.response_id);
  }
});

test('a malformed id is a FetchError with the service message and status', async () => {
  const e = (await api.gif('not a valid id!').catch((error: unknown) => error)) as api.FetchError;
  assert.instance(e, api.FetchError);
  assert.ok(e.status >= 400 && e.status < 500);
  assert.ok(e.serverMessage);
});

test.run();
