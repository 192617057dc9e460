/**
 * The picker's kept lists (src/sdk/picker/kept.ts): what a store's value is read as, one shelf
 * per store, sync and async stores, failing ones, the reader's refusal, other tabs, and bare ids
 * filled by one request.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { configure } from '../../../src/config';
import { publicCache } from '../../../src/api';
import { debug } from '../../../src/debug';
import { setEnv } from '../../../src/env';
import { keptForm, readKept, resetKept, shelfFor, withFirst, KEPT_STORAGE_PREFIX, RECENTS_KEPT, type PickerStore } from '../../../src/sdk/picker/kept';
import { normalizeGif } from '../../../src/model';
import { makeGif } from './support/fixtures';
import { wait } from './support/render';

const ids = (list: { id: string }[]) => list.map((g) => g.id);
let lines: string[] = [];
const original = console.debug;
test.before.each(() => {
  localStorage.clear();
  resetKept();
  publicCache().clear();
  configure({ apiBase: 'https://api.test', apiKey: 'k', dnt: false });
  lines = [];
  debug(true);
  console.debug = (...args: unknown[]) => lines.push(args.map(String).join(' '));
});
test.after.each(() => {
  console.debug = original;
  debug(undefined);
});

test('a value of another shape or version is dropped with a debug line; ids and kept GIFs are read, duplicates and bad ids left out', () => {
  assert.equal(readKept(null, 'recents'), []);
  assert.equal(lines, [], 'nothing kept yet is no problem');
  for (const garbage of ['<html>', 7, { v: 0, gifs: [] }, { v: 2, gifs: [] }, { v: 1, list: [] }, [1, 2]]) assert.equal(readKept(garbage, 'favorites'), []);
  assert.is(lines.length, 6);
  assert.ok(lines.every((l) => l.includes('picker: the kept favorites were of another shape or version')));
  const gif = makeGif('abc');
  const read = readKept({ v: 1, gifs: [keptForm(gif), 'def', 'abc', null, 7, { id: '../x' }, { id: {} }, { id: 'a'.repeat(65) }] }, 'recents');
  assert.equal(ids(read), ['abc', 'def']);
  assert.is(read[0].images.fixed_width?.url, gif.images.fixed_width?.url, 'what the tile draws is kept');
  assert.is(read[0].title, 'Title abc');
  assert.equal(read[1].images, {}, 'a bare id, to be filled');
});

test('what is kept of a GIF: its id, page, title, creator, type and three renditions, nothing else', () => {
  const kept = keptForm(makeGif('abc'));
  assert.equal(Object.keys(kept).sort(), ['id', 'images', 'is_sticker', 'tags', 'title', 'type', 'url', 'username']);
  assert.equal(Object.keys(kept.images as object).sort(), ['fixed_width', 'fixed_width_still', 'original']);
  const back = normalizeGif(JSON.parse(JSON.stringify(kept)));
  assert.is(back.images.original?.mp4, makeGif('abc').images.original?.mp4);
});

test('a pick goes first, once, and the list keeps 24', () => {
  let list = Array.from({ length: RECENTS_KEPT }, (_, i) => makeGif(`g${i}`));
  list = withFirst(list, makeGif('g5'), RECENTS_KEPT);
  assert.equal(ids(list).slice(0, 3), ['g5', 'g0', 'g1']);
  assert.is(list.length, RECENTS_KEPT);
  list = withFirst(list, makeGif('new'), RECENTS_KEPT);
  assert.is(list.length, RECENTS_KEPT);
  assert.is(list.at(-1)!.id, 'g22');
});

test('the default store: localStorage, read at once; every picker shares one shelf; a put is written', () => {
  localStorage.setItem(`${KEPT_STORAGE_PREFIX}recents`, JSON.stringify({ v: 1, gifs: [keptForm(makeGif('abc'))] }));
  const shelf = shelfFor();
  assert.is(shelfFor(), shelf);
  const kept = shelf.now();
  assert.equal([kept.ready, kept.device, ids(kept.recents)], [true, true, ['abc']]);
  shelf.put('favorites', [makeGif('fav')]);
  assert.equal(ids(JSON.parse(localStorage.getItem(`${KEPT_STORAGE_PREFIX}favorites`)!).gifs), ['fav']);
});

test('where the reader\'s choices refuse storage (dnt): nothing is read or written, the lists live in memory and say so', () => {
  localStorage.setItem(`${KEPT_STORAGE_PREFIX}recents`, JSON.stringify({ v: 1, gifs: ['abc'] }));
  configure({ dnt: true });
  const shelf = shelfFor();
  assert.equal([shelf.now().ready, shelf.now().device, shelf.now().recents], [true, false, []]);
  shelf.put('recents', [makeGif('mem')]);
  assert.equal(ids(shelf.now().recents), ['mem']);
  assert.equal(JSON.parse(localStorage.getItem(`${KEPT_STORAGE_PREFIX}recents`)!).gifs, ['abc'], 'untouched');
});

test('another tab\'s change (the storage event) is followed, garbage in it read as nothing', () => {
  const shelf = shelfFor();
  shelf.now();
  let heard = 0;
  const stop = shelf.subscribe(() => heard++);
  const send = (key: string, value: string) => dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
  send(`${KEPT_STORAGE_PREFIX}favorites`, JSON.stringify({ v: 1, gifs: [keptForm(makeGif('other'))] }));
  assert.equal(ids(shelf.now().favorites), ['other']);
  send(`${KEPT_STORAGE_PREFIX}favorites`, '{broken');
  assert.equal(shelf.now().favorites, []);
  send('someone-else', '[]');
  assert.is(heard, 2);
  stop();
  send(`${KEPT_STORAGE_PREFIX}favorites`, JSON.stringify({ v: 1, gifs: [keptForm(makeGif('later'))] }));
  assert.equal(ids(shelf.now().favorites), ['later'], 'a change made while no picker is open is followed too');
});

test('a huge or mostly broken list costs no more than a full one: read only as far as it can matter', () => {
  const huge = { v: 1, gifs: [...Array.from({ length: 1_000_000 }, () => null), 'late'] };
  const start = performance.now();
  assert.equal(readKept(huge, 'favorites'), []);
  const full = { v: 1, gifs: Array.from({ length: 500_000 }, (_, i) => `id${i}`) };
  assert.is(readKept(full, 'recents').length, RECENTS_KEPT);
  assert.ok(performance.now() - start < 200, `${performance.now() - start} ms`);
});

test('an app\'s async store: read once, ready when it answers, picks made meanwhile kept first and written back', async () => {
  const calls: string[] = [];
  const data = new Map<string, unknown>([['recents', { v: 1, gifs: [keptForm(makeGif('old'))] }]]);
  const store: PickerStore = {
    get: async (key) => (calls.push(`get ${key}`), await wait(10), data.get(key)),
    set: async (key, value) => void (calls.push(`set ${key}`), data.set(key, value)),
  };
  const shelf = shelfFor(store);
  assert.is(shelfFor(store), shelf);
  assert.is(shelf.now().ready, false);
  shelf.put('recents', [makeGif('new')]);
  await wait(30);
  assert.equal([shelf.now().ready, shelf.now().device, ids(shelf.now().recents)], [true, true, ['new', 'old']]);
  assert.equal(ids((data.get('recents') as { gifs: { id: string }[] }).gifs), ['new', 'old']);
  assert.equal(calls.filter((c) => c.startsWith('get')), ['get recents', 'get favorites']);
  assert.equal(localStorage.length, 0);
});

test('a store that throws, rejects or is full: a debug line, the lists in memory, nothing thrown', async () => {
  const stores: PickerStore[] = [
    { get() { throw new Error('down'); }, set() { throw new Error('down'); } },
    { get: () => Promise.reject(new Error('offline')), set: () => Promise.reject(new DOMException('full', 'QuotaExceededError')) },
  ];
  for (const store of stores) {
    lines = [];
    const shelf = shelfFor(store);
    shelf.now();
    await wait(5);
    shelf.put('favorites', [makeGif('kept')]);
    await wait(5);
    assert.equal([shelf.now().ready, ids(shelf.now().favorites)], [true, ['kept']]);
    assert.ok(lines.some((l) => l.includes("picker: the store failed")), `${store.get}: ${lines.join("\n")}`);
  }
  const full = { getItem: () => null, setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } } as unknown as Storage;
  setEnv({ local: () => full });
  try {
    lines = [];
    const shelf = shelfFor();
    shelf.now();
    shelf.put('recents', [makeGif('a')]);
    assert.equal(ids(shelf.now().recents), ['a']);
    assert.ok(lines.some((l) => l.includes('QuotaExceededError') || l.includes('full')), lines.join('\n'));
  } finally {
    setEnv();
  }
});

test('bare ids are filled by one gifs?ids= request; what the service no longer knows is left out', async () => {
  const asked: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    asked.push(`${url.pathname}?ids=${url.searchParams.get('ids')}`);
    const data = ['a1', 'f1'].map((id) => ({ id, images: { fixed_width: { url: `https://media.test/${id}.gif`, width: '200', height: '150' } } }));
    return new Response(JSON.stringify({ data, pagination: { count: 2, total_count: 2, offset: 0 }, meta: { status: 200 } }), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  try {
    const data = { recents: { v: 1, gifs: ['a1', 'gone', keptForm(makeGif('drawn'))] }, favorites: { v: 1, gifs: ['f1', 'a1'] } };
    const shelf = shelfFor({ get: (key) => data[key as keyof typeof data], set() {} });
    assert.equal(ids(shelf.now().recents), ['a1', 'gone', 'drawn'], 'the lists at once, the bare ids without a picture yet');
    await wait(20);
    assert.equal(asked, ['/v1/gifs?ids=a1,gone,f1']);
    assert.equal(ids(shelf.now().recents), ['a1', 'drawn']);
    assert.equal(ids(shelf.now().favorites), ['f1', 'a1']);
    assert.is(shelf.now().recents[0].images.fixed_width?.url, 'https://media.test/a1.gif');
  } finally {
    globalThis.fetch = realFetch;
  }
});

test.run();
