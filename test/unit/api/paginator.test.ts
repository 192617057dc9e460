import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createPaginator, related, publicCache, type Page } from '../../../src/api';
import { setEnv } from '../../../src/env';
import { startRecorder } from './support/recorder';
import { pointAt, rawGif } from './support/setup';

type Item = { id: string };
const items = (...ids: string[]): Item[] => ids.map((id) => ({ id }));

test('asks for offset = items received so far and stops at total_count', async () => {
  const offsets: number[] = [];
  const pages: Page<Item>[] = [
    { data: items('a', 'b'), pagination: { offset: 0, count: 2, total_count: 5 } },
    { data: items('c', 'd'), pagination: { offset: 2, count: 2, total_count: 5 } },
    { data: items('e'), pagination: { offset: 4, count: 1, total_count: 5 } },
  ];
  const paginator = createPaginator<Item>(async (offset) => {
    offsets.push(offset);
    return pages[offsets.length - 1];
  });
  assert.equal((await paginator.next()).map((i) => i.id), ['a', 'b']);
  assert.not.ok(paginator.done);
  await paginator.next();
  const all = await paginator.next();
  assert.equal(all.map((i) => i.id), ['a', 'b', 'c', 'd', 'e']);
  assert.ok(paginator.done);
  assert.equal(offsets, [0, 2, 4]);
  // Done: no further request.
  await paginator.next();
  assert.equal(offsets, [0, 2, 4]);
});

test('dedupes by id (numbers and strings alike) and stops when a page adds nothing', async () => {
  const offsets: number[] = [];
  const pages: Page<{ id: string | number }>[] = [
    { data: [{ id: 1 }, { id: '2' }], pagination: { total_count: 100 } },
    { data: [{ id: '1' }, { id: 2 }, { id: 3 }], pagination: { total_count: 100 } },
    { data: [{ id: 3 }], pagination: { total_count: 100 } },
  ];
  const paginator = createPaginator(async (offset) => {
    offsets.push(offset);
    return pages[offsets.length - 1];
  });
  await paginator.next();
  assert.equal((await paginator.next()).map((i) => i.id), [1, '2', 3]);
  assert.not.ok(paginator.done);
  await paginator.next();
  assert.ok(paginator.done);
  // Without the server's window, the offset counts every item received, duplicates included.
  assert.equal(offsets, [0, 2, 5]);
});

test('an empty first page is done at once', async () => {
  const paginator = createPaginator<Item>(async () => ({ data: [], pagination: { offset: 0, count: 0, total_count: 0 } }));
  assert.equal(await paginator.next(), []);
  assert.ok(paginator.done);
});

test('initial items count as received and are not repeated', async () => {
  const offsets: number[] = [];
  const paginator = createPaginator<Item>(async (offset) => {
    offsets.push(offset);
    return { data: items('b', 'c') };
  }, items('a', 'b'));
  assert.equal((await paginator.next()).map((i) => i.id), ['a', 'b', 'c']);
  assert.equal(offsets, [2]);
});

test('a failed page leaves the paginator able to retry the same offset', async () => {
  const offsets: number[] = [];
  let fail = true;
  const paginator = createPaginator<Item>(async (offset) => {
    offsets.push(offset);
    if (fail) throw new Error('network');
    return { data: items('a'), pagination: { total_count: 1 } };
  });
  await paginator.next().catch(() => undefined);
  fail = false;
  assert.equal((await paginator.next()).map((i) => i.id), ['a']);
  assert.equal(offsets, [0, 0]);
  assert.ok(paginator.done);
});

test('calls made while a page is loading share it', async () => {
  let calls = 0;
  const paginator = createPaginator<Item>(async () => {
    calls++;
    await new Promise((r) => setTimeout(r, 10));
    return { data: items('a'), pagination: { total_count: 9 } };
  });
  await Promise.all([paginator.next(), paginator.next()]);
  assert.is(calls, 1);
});

test('over the related API: pages of 6 then 12 at the right offsets, duplicates dropped', async () => {
  const server = await startRecorder();
  pointAt(server);
  publicCache().clear();
  server.fallback((req) => {
    const offset = Number(req.query.offset);
    const limit = Number(req.query.limit);
    // The server repeats the last GIF of each page at the start of the next one.
    const start = offset === 0 ? 0 : offset - 1;
    const data = Array.from({ length: limit }, (_, i) => rawGif(`g${start + i}`)).filter((_, i) => start + i < 20);
    return { body: { data, pagination: { offset, count: data.length, total_count: 20 }, meta: { response_id: `r${offset}` } } };
  });
  try {
    const paginator = createPaginator((offset, signal) => related('seed', { offset, signal }));
    await paginator.next();
    await paginator.next();
    const all = await paginator.next();
    assert.equal(server.requests.map((r) => [r.query.offset, r.query.limit]), [['0', '6'], ['6', '12'], ['18', '12']]);
    assert.is(all.length, 20);
    assert.is(new Set(all.map((g) => g.id)).size, 20);
    assert.ok(paginator.done);
  } finally {
    await server.close();
    setEnv();
  }
});

test.run();
