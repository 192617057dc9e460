import { run, wait } from './support/render';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { install } from '../support/observers';
import { renderCarousel, renderGif, renderGrid } from '../../../src/sdk/vanilla';
import { GRID_FETCH_DEBOUNCE_MS } from '../../../src/sdk';
import { page, makeGif } from './support/fixtures';
import { configure } from '../../../src/config';

test.before.each(() => {
  install();
  document.body.innerHTML = '<div id="target"></div>';
});

const fetchNone = async () => page([], 0, 0);

test('bad targets and options give clear errors, not a broken page', () => {
  assert.throws(() => renderGrid('#missing', { fetchGifs: fetchNone }), /renderGrid: no element to render into \("#missing"\)/);
  assert.throws(() => renderGrid(null as never, { fetchGifs: fetchNone }), /renderGrid: no element/);
  assert.throws(() => renderGrid('#target', {} as never), /renderGrid: options.fetchGifs must be a function/);
  assert.throws(() => renderCarousel('#target', { fetchGifs: 'x' } as never), /renderCarousel: options.fetchGifs must be a function/);
  assert.throws(() => renderGif('#target', { width: 0, id: 'a' }), /renderGif: options.width must be a positive number/);
  assert.throws(() => renderGif('#target', { width: 100 } as never), /renderGif: options.gif or options.id is required/);
  assert.throws(() => renderGif('#target', { width: 100, gif: { title: 'no id' } }), /without an id/);
});

test('renderGif with a raw service GIF renders a tile; the returned function unmounts it', async () => {
  let unmount: () => void = () => {};
  const raw = { id: 'raw1', url: 'https://gifs.example/raw1', title: 'Raw', images: { fixed_width: { url: 'https://m.example/a.gif', width: '200', height: '100' } } };
  await run(() => {
    unmount = renderGif('#target', { gif: raw, width: 200 });
  });
  const tile = document.querySelector('#target .gif-embed-gif') as HTMLElement;
  assert.ok(tile);
  assert.is(tile.style.height, '100px');
  await run(() => unmount());
  assert.is(document.querySelector('#target')!.innerHTML, '');
  await run(() => unmount()); // a second call is harmless
});

test('rendering into the same element again updates it in place: a new searchKey restarts the grid', async () => {
  const calls: string[] = [];
  const make = (term: string) => async (offset: number) => {
    calls.push(`${term}@${offset}`);
    return page([makeGif(`${term}-1`)], offset, 1);
  };
  let unmount: () => void = () => {};
  await run(() => {
    unmount = renderGrid('#target', { fetchGifs: make('cats'), searchKey: 'cats', width: 300 });
  });
  await wait(GRID_FETCH_DEBOUNCE_MS + 50);
  await run(() => {
    renderGrid('#target', { fetchGifs: make('dogs'), searchKey: 'dogs', width: 300 });
  });
  await wait(GRID_FETCH_DEBOUNCE_MS + 50);
  assert.equal(calls, ['cats@0', 'dogs@0']);
  assert.equal([...document.querySelectorAll('#target .gif-embed-gif')].map((e) => e.getAttribute('data-gif-id')), ['dogs-1']);
  assert.is(document.querySelectorAll('#target .gif-embed-grid').length, 1, 'one grid, updated');
  await run(() => unmount());
  assert.is(document.querySelector('#target')!.innerHTML, '');
});

test('renderGif by id fetches the GIF, shows the loader meanwhile, and leaves an empty box when it fails', async () => {
  configure({ apiBase: 'https://api.test', apiKey: 'k' });
  const original = globalThis.fetch;
  const asked: string[] = [];
  let openGate: () => void = () => {};
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  globalThis.fetch = (async (url: string) => {
    asked.push(String(url));
    if (String(url).includes('/gifs/missing')) await gate;
    if (String(url).includes('/gifs/missing')) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404, statusText: 'Not Found' });
    const raw = { id: 'byid', url: 'https://gifs.example/byid', title: 'By Id', images: { fixed_width: { url: 'https://m.example/b.gif', width: '200', height: '50' } } };
    return new Response(JSON.stringify({ data: raw, meta: { response_id: 'r' } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  try {
    let unmount: () => void = () => {};
    await run(() => {
      unmount = renderGif('#target', { id: 'byid', width: 200 });
    });
    await wait(30);
    assert.match(asked[0], /^https:\/\/api\.test\/v1\/gifs\/byid\?api_key=k/);
    const tile = document.querySelector('#target .gif-embed-gif') as HTMLElement;
    assert.ok(tile, 'the fetched GIF is shown');
    assert.is(tile.style.height, '50px');
    await run(() => unmount());

    document.body.innerHTML = '<div id="target"></div>';
    const errors: unknown[] = [];
    await run(() => {
      unmount = renderGif('#target', { id: 'missing', width: 120, onError: (e) => errors.push(e) });
    });
    assert.ok(document.querySelector('#target [role=status]'), 'loader while loading');
    openGate();
    await wait(30);
    assert.is(errors.length, 1);
    const box = document.querySelector('#target [data-gif-id="missing"]') as HTMLElement;
    assert.is(box.style.width, '120px');
    assert.is(box.querySelector('[role=status]'), null, 'no endless loader after a failure');
    await run(() => unmount());
  } finally {
    globalThis.fetch = original;
  }
});

test.run();
