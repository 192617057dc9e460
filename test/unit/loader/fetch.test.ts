import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { configure } from '../../../src/config';
import { setReportSender } from '../../../src/analytics/error-report';
import { sendReport } from '../../../src/analytics/error-send';
import { FetchError } from '../../../src/api/errors';
import { setEnv } from '../../../src/env';
import { gifBatcher } from '../../../src/embed/fetch';
import { fetchGifs, MAX_IDS_PER_REQUEST } from '../../../src/api/gif-list';
import { PLAYER_EN } from '../../../src/i18n/en';

/** What the page lists to ride along each request (see gifBatcher). */
let alongside = (): string[] => [];
/** A page's batcher, as the page makes it. */
const batcher = gifBatcher(() => alongside());
/** Asks the batcher for `id`; `along`: what the page lists from now on. */
const requestGif = (id: string, along?: () => string[]) => {
  if (along) alongside = along;
  return batcher.request(id);
};
const arrivedGif = batcher.arrived;
import { SLICE_MS } from '../../../src/slices';

const calls: string[] = [];
let answer: (url: URL) => Response = () => new Response('{}');
const realFetch = globalThis.fetch;
const fakeFetch = (async (input: string) => {
  calls.push(String(input));
  return answer(new URL(String(input)));
}) as typeof fetch;
// Installed when this suite runs (uvu evaluates every file before running any suite).
test.before(() => {
  globalThis.fetch = fakeFetch;
});
test.after(() => {
  globalThis.fetch = realFetch;
});

const gifJson = (id: string) => ({ id, url: `https://site/gifs/${id}`, images: { original: { url: `https://media2.host/${id}.gif`, width: '320', height: '240' } } });
const serve = (url: URL) => {
  const ids = (url.searchParams.get('ids') || '').split(',').filter((id) => !id.startsWith('missing'));
  return new Response(JSON.stringify({ data: ids.map(gifJson), meta: { status: 200, response_id: 'resp1' } }), { status: 200 });
};

test.before.each(() => {
  alongside = () => [];
  calls.length = 0;
  answer = serve;
  configure({ apiBase: 'https://api.example', apiKey: 'k1' });
});

test('ids asked for in the same task share one gifs?ids= request; an id asked twice is fetched once', async () => {
  const [a, b, a2] = await Promise.all([requestGif('one'), requestGif('two'), requestGif('one')]);
  assert.is(calls.length, 1);
  const url = new URL(calls[0]);
  assert.is(url.origin + url.pathname, 'https://api.example/v1/gifs');
  assert.is(url.searchParams.get('ids'), 'one,two');
  assert.is(url.searchParams.get('api_key'), 'k1');
  assert.is(a.id, 'one');
  assert.is(b.id, 'two');
  assert.is(a2, a, 'same GIF object for the same id');
  assert.is(a.response_id, 'resp1', 'response id attached for pingbacks');
  assert.is(a.images.original!.url, 'https://media.host/one.gif', 'normalised by the model');
  await requestGif('one');
  assert.is(calls.length, 1, 'a later mount of a known id costs nothing');
});

test('an id the service does not return rejects with the not-found message; the others resolve', async () => {
  const results = await Promise.allSettled([requestGif('three'), requestGif('missing1')]);
  assert.is(calls.length, 1);
  assert.is(results[0].status, 'fulfilled');
  assert.is(results[1].status, 'rejected');
  assert.is((results[1] as PromiseRejectedResult).reason.message, 'notFound');
});

test('a 500, a malformed body or a network failure rejects every id of the batch; a later request asks again', async () => {
  const failures: [(url: URL) => Response, string][] = [
    [() => new Response('{"message":"boom"}', { status: 500, statusText: 'Internal Server Error' }), 'loadFailed'],
    [() => new Response('{"data": [', { status: 200 }), 'brokenAnswer'],
    [
      () => {
        throw new TypeError('network down');
      },
      'loadFailed',
    ],
  ];
  let n = 0;
  for (const [fail, message] of failures) {
    answer = fail;
    const id = `retry${n++}`;
    const results = await Promise.allSettled([requestGif(id), requestGif(`${id}b`)]);
    for (const r of results) {
      assert.is(r.status, 'rejected');
      assert.is((r as PromiseRejectedResult).reason.message, message);
    }
    answer = serve;
    const again = await requestGif(id);
    assert.is(again.id, id, 'the failure was not remembered');
  }
});

test('a request that has to go out carries the ids listed alongside; those are then here without another request', async () => {
  let asked = 0;
  const alongside = () => {
    asked++;
    return ['ahead1', 'ahead2', 'four', 'missing2'];
  };
  const opened = [requestGif('four', alongside), requestGif('five', alongside)];
  assert.is(asked, 0, 'not asked while the ids of this task are still coming');
  const [four] = await Promise.all(opened);
  assert.is(four.id, 'four');
  assert.is(asked, 1, 'asked once, as the request went out');
  assert.is(calls.length, 1);
  // The ids the page needs now first, then the ones that come along (each once).
  assert.is(new URL(calls[0]).searchParams.get('ids'), 'four,five,ahead1,ahead2,missing2');
  await new Promise((r) => setTimeout(r, 10));
  const [a1, a2] = await Promise.all([requestGif('ahead1', alongside), requestGif('ahead2')]);
  assert.equal([a1.id, a2.id], ['ahead1', 'ahead2']);
  assert.is(calls.length, 1, 'the ids that came along cost nothing more');
  assert.is(asked, 1, 'a known id opens no request, so nothing is listed');
  // An id that came along and was not found is asked again when its own placeholder mounts.
  const missing = await requestGif('missing2').then(() => 'found', (e: Error) => e.message);
  assert.is(missing, 'notFound');
  assert.is(calls.length, 2);
});

test('no request carries more than 100 ids: 101 mounts in one task make two requests', async () => {
  const ids = Array.from({ length: 101 }, (_, n) => `many${n}`);
  const gifs = await Promise.all(ids.map((id) => requestGif(id)));
  assert.is(MAX_IDS_PER_REQUEST, 100);
  assert.equal(calls.map((url) => new URL(url).searchParams.get('ids')!.split(',').length), [100, 1]);
  assert.equal(gifs.map((gif) => gif.id), ids);
});

test('a batch the API refuses (400) is asked again in halves: only the id it chokes on fails', async () => {
  // The API refuses any list holding the id it cannot read, and answers the rest.
  answer = (url) => ((url.searchParams.get('ids') || '').includes('choke')
    ? new Response('{"message":"Validation error"}', { status: 400 })
    : serve(url));
  const ids = ['fine1', 'fine2', 'chokeOn', 'fine3', 'fine4', 'fine5'];
  const results = await Promise.allSettled(ids.map((id) => requestGif(id)));
  assert.equal(results.map((r) => r.status), ['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
  assert.is((results[2] as PromiseRejectedResult).reason.message, 'loadFailed');
  // 6 ids -> 3 + 3 -> the half with the bad id -> 2 + 1 -> 1 + 1: every GIF that exists arrives.
  assert.ok(calls.length <= 7, `${calls.length} requests`);
});

test('an answer far longer than asked for (4 MB of entries) is read to 100 entries: the GIF asked for still arrives', async () => {
  const filler = ',0'.repeat(1_900_000);
  answer = (url) => new Response(`{"data":[${JSON.stringify(gifJson(url.searchParams.get('ids')!))}${filler}],"meta":{"status":200}}`, { status: 200 });
  const gif = await requestGif('buried');
  assert.is(gif.id, 'buried');
});

test('an answer of 100 GIFs is normalised a slice at a time: the page runs its own tasks in between', async () => {
  const realNow = performance.now;
  let clock = realNow.call(performance);
  let tasks = 0;
  let counting = false;
  const pageTask = () => {
    if (!counting) return;
    tasks++;
    setTimeout(pageTask);
  };
  answer = (url) => {
    // From the answer on, the page has a task of its own waiting each time one of its runs,
    // and each GIF takes a slice's time to read: one GIF a task.
    counting = true;
    setTimeout(pageTask);
    performance.now = () => (clock += SLICE_MS + 1);
    return serve(url);
  };
  const ids = Array.from({ length: MAX_IDS_PER_REQUEST }, (_, n) => `sliced${n}`);
  try {
    const gifs = await Promise.all(ids.map((id) => requestGif(id)));
    assert.equal(gifs.map((gif) => gif.id), ids);
  } finally {
    counting = false;
    performance.now = realNow;
  }
  assert.ok(tasks >= MAX_IDS_PER_REQUEST / 2, `${tasks} tasks of the page ran while the answer was read`);
});

test('what a reader is told: the three messages, by their keys', () => {
  assert.is(PLAYER_EN.notFound, 'This GIF could not be found.');
  assert.is(PLAYER_EN.loadFailed, 'This GIF could not be loaded.');
  assert.is(PLAYER_EN.brokenAnswer, 'The GIF service sent an answer that could not be read.');
});

test('fetchGifs gives the normalised GIFs and their pagination; a GIF that arrived is there at once for a player', async () => {
  const { data, pagination } = await fetchGifs('gifs', { ids: 'list1,list2' });
  assert.equal(data.map((gif) => gif.id), ['list1', 'list2']);
  assert.is(pagination.count, 2);
  assert.is(arrivedGif('arrived1'), undefined);
  await requestGif('arrived1');
  assert.is(arrivedGif('arrived1')!.id, 'arrived1');
});

test('exactly 100 ids make one request', async () => {
  await Promise.all(Array.from({ length: MAX_IDS_PER_REQUEST }, (_, n) => requestGif(`hundred${n}`)));
  assert.is(calls.length, 1);
});

test('a failure carries its cause (whether trying again may help); an unreadable answer is reported, a server error is not; a refused key is said once', async () => {
  const reports: [unknown, string][] = [];
  setReportSender((error, where) => reports.push([error, where]));
  configure({ errorDsn: 'https://k@errors.example/1' });
  setEnv({ port: () => '' });
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (message: string) => void warnings.push(message);
  try {
    answer = () => new Response('{"message":"boom"}', { status: 500 });
    const failed = await requestGif('cause1').then(() => undefined, (error: Error) => error);
    assert.instance(failed!.cause, FetchError);
    assert.is((failed!.cause as FetchError).status, 500);
    assert.is(reports.length, 0, 'a server error is not reported');
    answer = () => new Response('{"data": [', { status: 200 });
    await requestGif('cause2').catch(() => undefined);
    assert.equal(reports.map(([, where]) => where), ['api'], 'the unreadable answer');
    answer = () => new Response('{"message":"Forbidden"}', { status: 403 });
    await requestGif('key1').catch(() => undefined);
    answer = () => new Response('{"message":"Unauthorized"}', { status: 401 });
    await requestGif('key2').catch(() => undefined);
    assert.equal(warnings, ['[gif-embed] The API refused the script tag\'s data-api-key (HTTP 403).'], 'once per page');
  } finally {
    console.warn = warn;
    configure({ errorDsn: '' });
    setReportSender(sendReport);
    setEnv();
  }
});

test('a 401 on its own is a refused key as much as a 403: said once, with its status', async () => {
  // Another page's batcher: that page has not been told of a refused key yet.
  const fresh = gifBatcher(() => []);
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (message: string) => void warnings.push(message);
  try {
    answer = () => new Response('{"message":"Unauthorized"}', { status: 401 });
    await fresh.request('alone401').catch(() => undefined);
    await fresh.request('again401').catch(() => undefined);
    assert.equal(warnings, ['[gif-embed] The API refused the script tag\'s data-api-key (HTTP 401).']);
  } finally {
    console.warn = warn;
  }
});

test("embed.js's early request is taken over at the first ask for one of its GIFs, with its own ids only: an id asked for in the same task goes out in a request of its own", async () => {
  // In the player file, src/embed/send.ts reads embed.js's answer for the early address; here the
  // one request path asks for it, so the addresses asked are what the player asks.
  const early = { url: 'https://api.example/v1/gifs?api_key=k1&ids=e1%2Ce2', ids: ['e1', 'e2'], answer: new Promise<Response>(() => {}) };
  const page = gifBatcher(() => [], early);
  const [other, first, second] = await Promise.all([page.request('added'), page.request('e1'), page.request('e2')]);
  assert.equal([other.id, first.id, second.id], ['added', 'e1', 'e2']);
  assert.equal(calls.map((url) => new URL(url).searchParams.get('ids')).sort(), ['added', 'e1,e2']);
  assert.ok(calls.includes(early.url), 'the early address, exactly');
  // Later asks for its GIFs cost nothing.
  await page.request('e2');
  assert.is(calls.length, 2);
});

test.run();
