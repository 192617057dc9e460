import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { configure } from '../../../src/config';
import { earlyGifs } from '../../../src/embed/early-gifs';
import { readScript } from '../../../src/embed/script';
import { send, sentBefore } from '../../../src/embed/send';
import { v1Url } from '../../../src/api/v1';

const calls: string[] = [];
const flush = () => new Promise((resolve) => setTimeout(resolve, 20));
const realFetch = globalThis.fetch;
/** The API's answer to a `gifs?ids=` request: each id, its files on a numbered media host (or `media`). */
let media = 'https://media3.giphy.com';
const gifJson = (id: string) => ({ id, url: `https://site/gifs/${id}`, images: { original: { url: `${media}/media/${id}/giphy.gif`, width: '320', height: '240' } } });
const serve = (url: string) => {
  const ids = (new URL(url, location.href).searchParams.get('ids') || '').split(',');
  return new Response(JSON.stringify({ data: ids.map(gifJson), meta: { status: 200 } }), { status: 200 });
};
let answer: (url: string) => Promise<Response> = async (url) => serve(url);
test.before(() => {
  globalThis.fetch = (async (input: string) => {
    calls.push(String(input));
    return answer(String(input));
  }) as typeof fetch;
});
test.after(() => {
  globalThis.fetch = realFetch;
});
test.before.each(async () => {
  // What an earlier test's answers still had to do is done before this one looks.
  await flush();
  calls.length = 0;
  media = 'https://media3.giphy.com';
  answer = async (url) => serve(url);
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

/** embed.js's tag with `attrs`, in the page. */
function tag(attrs: Record<string, string>) {
  const el = document.createElement('script');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.body.append(el);
  return el;
}

test('the first screen\'s ids in one request, as the player would ask for them: bare ids, each once, not an address', async () => {
  document.body.innerHTML = `
    <div data-gif-id="one"></div><gif-embed gif-id="two"></gif-embed><div data-gif-id=" one "></div>
    <div data-gif-id="https://giphy.com/gifs/x-three"></div><div data-gif-id="bad id!"></div>`;
  const early = earlyGifs(tag({ src: 'https://cdn.example/gif-embed/embed.js', 'data-api-key': 'K1' }))!;
  assert.equal(early.ids, ['one', 'two']);
  assert.equal(calls, [], 'the request goes from a task of its own, not the one that reads the boxes');
  assert.equal((await (await early.answer).json()).data.map((gif: { id: string }) => gif.id), ['one', 'two']);
  assert.equal(calls, [early.url]);
  assert.is(early.url, 'https://cdn.example/v1/gifs?api_key=K1&ids=one%2Ctwo');
});

test('the address is the player\'s own for every form of the tag: the key, an API base with slashes, first-party mode with a path', () => {
  for (const attrs of [
    { src: 'https://cdn.example/embed.js', 'data-api-key': ' K 2 ' },
    { src: 'https://cdn.example/embed.js', 'data-api-key': 'K3', 'data-api-base': 'https://api.example//' },
    { src: '/embed.js', 'data-api-base': ' /gif-api/ ' },
  ] as Record<string, string>[]) {
    document.body.innerHTML = '<div data-gif-id="abc"></div><div data-gif-id="def"></div>';
    const own = tag(attrs);
    const early = earlyGifs(own)!;
    // The player's settings from the same tag (src/loader.ts), and its request for those ids.
    configure({ apiKey: '', apiBase: '' });
    configure(readScript(own));
    assert.is(early.url, v1Url('gifs', { ids: early.ids.join(',') }), JSON.stringify(attrs));
  }
});

test('no placeholder parsed yet (a tag in the head): nothing is asked', () => {
  assert.is(earlyGifs(tag({ src: 'https://cdn.example/embed.js', 'data-api-key': 'K' })), undefined);
  assert.equal(calls, []);
});

test('at most 24 ids', () => {
  document.body.innerHTML = Array.from({ length: 30 }, (_, i) => `<div data-gif-id="g${i}"></div>`).join('');
  assert.is(earlyGifs(tag({ src: 'https://cdn.example/embed.js' }))!.ids.length, 24);
});

test("the player file's send: a request embed.js sent for an address is the next request for it, once; any other goes out", async () => {
  const early = Promise.resolve(new Response('early'));
  sentBefore.set('https://api.example/v1/gifs?ids=a', early);
  await send('https://api.example/v1/gifs?ids=b', {});
  assert.equal(calls, ['https://api.example/v1/gifs?ids=b'], 'another address goes out');
  assert.is(await (await send('https://api.example/v1/gifs?ids=a', {})).text(), 'early');
  assert.is(calls.length, 1, 'the sent one is not asked again');
  await send('https://api.example/v1/gifs?ids=a', {});
  assert.is(calls.length, 2, 'asked again: a retry, or a later request, goes out');
});

test("the early request has the deadline of the player's own requests", async () => {
  const inits: (RequestInit | undefined)[] = [];
  const counting = globalThis.fetch;
  globalThis.fetch = ((input: string, init?: RequestInit) => (inits.push(init), counting(input, init))) as typeof fetch;
  document.body.innerHTML = '<div data-gif-id="one"></div>';
  await earlyGifs(tag({ src: 'https://cdn.example/embed.js' }))!.answer;
  globalThis.fetch = counting;
  assert.instance(inits[0]?.signal, AbortSignal);
});

test("a page's fetch that throws as it is called is a failed answer, not an error of the page", async () => {
  const counting = globalThis.fetch;
  globalThis.fetch = (() => {
    throw new TypeError('a broken polyfill');
  }) as typeof fetch;
  try {
    document.body.innerHTML = '<div data-gif-id="one"></div>';
    const early = earlyGifs(tag({ src: 'https://cdn.example/embed.js' }))!;
    let failure: unknown;
    await early.answer.catch((error) => (failure = error));
    assert.instance(failure, TypeError);
  } finally {
    globalThis.fetch = counting;
  }
});

test.run();
