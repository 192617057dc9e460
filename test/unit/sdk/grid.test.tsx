import { render, run, wait } from './support/render';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { install, intersect, place, resize, observedCount, observersOf } from '../support/observers';
import { Carousel, Grid, GRID_FETCH_DEBOUNCE_MS, CAROUSEL_FETCH_DEBOUNCE_MS } from '../../../src/sdk';
import type { Gif } from '../../../src/model';
import { makeGif, page } from './support/fixtures';

const ALL = Array.from({ length: 7 }, (_, i) => makeGif(`g${i + 1}`, { width: 200, height: 100 + i * 10 }));

/** A fetch function over ALL with `size` per page; records offsets and call/answer times; `fail` makes chosen calls reject. */
function source(size = 3, fail: (call: number) => boolean = () => false) {
  const offsets: number[] = [];
  const called: number[] = [];
  const answered: number[] = [];
  const fetchGifs = async (offset: number) => {
    offsets.push(offset);
    called.push(performance.now());
    const call = offsets.length;
    await Promise.resolve();
    answered.push(performance.now());
    if (fail(call)) throw new Error('Injected failure');
    return page(ALL.slice(offset, offset + size), offset, ALL.length);
  };
  return { offsets, called, answered, fetchGifs };
}

/** A fetch function whose answers wait until the test releases them (no timing races). */
function heldSource(size = 4) {
  const offsets: number[] = [];
  const pending: (() => void)[] = [];
  const fetchGifs = (offset: number) => {
    offsets.push(offset);
    return new Promise<ReturnType<typeof page>>((resolve) => pending.push(() => resolve(page(ALL.slice(offset, offset + size), offset, ALL.length))));
  };
  // The answer travels through the paginator's promise chain: a task later it has reached the state.
  return { offsets, fetchGifs, release: () => run(() => (pending.shift()?.(), new Promise((r) => setTimeout(r)))) };
}

const tiles = (c: HTMLElement) => [...c.querySelectorAll('.gif-embed-gif')] as HTMLElement[];
/** The grid's load-more marker (a new one with each page, where the last one was). */
const LOADER = '[data-grid-loader]';
const loaderOf = (c: HTMLElement) => c.querySelector(LOADER) as HTMLElement;
const settleFetch = () => wait(GRID_FETCH_DEBOUNCE_MS + 30);
/** Timer slack: setTimeout may fire a millisecond early by the performance clock. */
const SLACK_MS = 5;

/** Waits (real time, inside act) until `done()` is true; fails after `timeoutMs`. */
async function until(done: () => boolean, what: string, timeoutMs = 4000) {
  const start = performance.now();
  while (!done()) {
    if (performance.now() - start > timeoutMs) assert.unreachable(`timed out waiting for ${what}`);
    await wait(20);
  }
}

test.before.each(() => {
  install();
});

test('fetches wait for the 250 ms debounce and page on while the loader shows; tiles in masonry columns', async () => {
  const s = source();
  const fetched: number[] = [];
  const t0 = performance.now();
  const r = await render(<Grid fetchGifs={s.fetchGifs} width={418} columns={2} gutter={18} onGifsFetched={(g) => fetched.push(g.length)} />);
  // A short page: the loader stays on screen below each new page.
  await run(() => place(LOADER, 1));
  await until(() => s.offsets.length === 3, 'three pages');
  await settleFetch();
  await settleFetch();
  assert.equal(s.offsets, [0, 3, 6], 'the loader stayed on screen, so pages followed until the end');
  assert.equal(fetched, [3, 6, 7], 'onGifsFetched with the whole list each time');
  assert.ok(s.called[0] - t0 >= GRID_FETCH_DEBOUNCE_MS - SLACK_MS, `first fetch after the debounce (${s.called[0] - t0} ms)`);
  for (let i = 1; i < s.called.length; i++) {
    assert.ok(s.called[i] - s.answered[i - 1] >= GRID_FETCH_DEBOUNCE_MS - SLACK_MS, `fetch ${i + 1} waited for the debounce`);
  }
  const t = tiles(r.container);
  assert.is(t.length, 7);
  assert.equal(t.slice(0, 2).map((e) => [e.style.insetInlineStart, e.style.top, e.style.width]), [['0px', '0px', '200px'], ['218px', '0px', '200px']]);
  assert.ok(!loaderOf(r.container).querySelector('[role=status]'), 'done: loader gone');
  await r.unmount();
});

test('without IntersectionObserver (nothing can measure the loader) the grid pages on to the end, as if the loader were always in view', async () => {
  const g = globalThis as Record<string, unknown>;
  const saved = [g.IntersectionObserver, (window as unknown as Record<string, unknown>).IntersectionObserver];
  delete g.IntersectionObserver;
  delete (window as unknown as Record<string, unknown>).IntersectionObserver;
  try {
    const s = source();
    const r = await render(<Grid fetchGifs={s.fetchGifs} width={300} />);
    await until(() => s.offsets.length === 3, 'three pages');
    await settleFetch();
    assert.equal(s.offsets, [0, 3, 6]);
    assert.is(tiles(r.container).length, 7);
    await r.unmount();
  } finally {
    g.IntersectionObserver = saved[0];
    (window as unknown as Record<string, unknown>).IntersectionObserver = saved[1];
  }
});

test('the grid is one Tab stop: arrow keys, Home/End move focus between tiles and the roving tabindex follows', async () => {
  const s = source(7);
  const r = await render(<Grid fetchGifs={s.fetchGifs} width={418} columns={2} gutter={18} />);
  await until(() => tiles(r.container).length === 7, 'tiles');
  const t = () => tiles(r.container);
  const stops = () => t().map((e) => e.getAttribute('tabindex'));
  assert.equal(stops(), ['0', '-1', '-1', '-1', '-1', '-1', '-1'], 'only the first tile is in the tab order');
  const press = async (key: string) => {
    const from = document.activeElement as HTMLElement;
    await run(() => from.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })));
    return t().indexOf(document.activeElement as HTMLElement);
  };
  await run(() => t()[0].focus());
  assert.is(await press('ArrowRight'), 1, 'right: the next column');
  assert.is(await press('ArrowDown'), t().findIndex((e, i) => i > 1 && e.style.insetInlineStart === t()[1].style.insetInlineStart), 'down: the same column');
  assert.equal(stops().filter((x) => x === '0').length, 1, 'still one tab stop');
  assert.is(stops()[t().indexOf(document.activeElement as HTMLElement)], '0', 'the focused tile is the tab stop');
  assert.is(await press('End'), 6);
  assert.is(await press('Home'), 0);
  assert.is(await press('ArrowUp'), 0, 'nowhere above: stays');
  await r.unmount();
});

test('no fetch while the loader is off screen; scrolling it into view fetches the next page; the end stops fetching', async () => {
  const s = heldSource(4);
  const r = await render(<Grid fetchGifs={s.fetchGifs} width={300} />);
  await until(() => s.offsets.length === 1, 'the first fetch');
  // The load-more marker is watched in 10 steps (spec §9), the viewport its root.
  const [marker] = observersOf(loaderOf(r.container));
  assert.is(marker.thresholds.length, 10);
  assert.equal([marker.thresholds[0], marker.thresholds[9], marker.root], [0, 1, null]);
  // The first page pushes the loader off screen before it answers.
  await run(() => intersect(loaderOf(r.container), 0));
  await s.release();
  await settleFetch();
  await settleFetch();
  assert.equal(s.offsets, [0], 'no fetch while the loader is off screen');
  assert.is(tiles(r.container).length, 4);

  // Scrolled to the end: the loader stays on screen under the next page too.
  await run(() => place(LOADER, 1));
  await until(() => s.offsets.length === 2, 'the second fetch');
  assert.equal(s.offsets, [0, 4], 'next page at offset 4 once the loader shows');
  await s.release();
  assert.is(tiles(r.container).length, 7);
  // total reached: the paginator answers with the same list, so the machine is done
  await settleFetch();
  await settleFetch();
  assert.ok(!loaderOf(r.container).querySelector('[role=status]'), 'loader gone when done');
  await run(() => intersect(loaderOf(r.container), 0));
  await run(() => intersect(loaderOf(r.container), 1));
  await settleFetch();
  assert.equal(s.offsets, [0, 4], 'no fetch after the end');
  await r.unmount();
});

test('a failed fetch shows the error view and calls onGifsFetchError; "Try again?" retries', async () => {
  const s = source(3, (call) => call === 2);
  const errors: unknown[] = [];
  const r = await render(<Grid fetchGifs={s.fetchGifs} width={300} onGifsFetchError={(e) => errors.push(e)} />);
  await run(() => place(LOADER, 1));
  await until(() => errors.length === 1, 'the error callback');
  assert.equal(s.offsets, [0, 3]);
  const alert = r.container.querySelector('[role=alert]') as HTMLElement;
  assert.ok(alert, 'error view');
  assert.match(alert.textContent ?? '', /^Error loading GIFs\./);
  const link = alert.querySelector('a') as HTMLAnchorElement;
  assert.is(link.textContent, 'Try again?');
  assert.is(errors.length, 1);
  assert.is((errors[0] as Error).message, 'Injected failure');
  assert.is(tiles(r.container).length, 3, 'GIFs already shown stay');
  await settleFetch();
  assert.equal(s.offsets, [0, 3], 'no automatic retry while the error shows');

  await run(() => link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })));
  await until(() => s.offsets.length >= 3, 'the retry');
  assert.equal(s.offsets.slice(0, 3), [0, 3, 3], 'retried the same offset');
  assert.is(r.container.querySelector('[role=alert]'), null);
  assert.ok(tiles(r.container).length >= 6);
  await r.unmount();
});

test('responsive: without a width the grid fills its container and follows its size', async () => {
  const s = source(3);
  const r = await render(<Grid fetchGifs={s.fetchGifs} breakpoints={[{ minWidth: 0, columns: 1 }, { minWidth: 500, columns: 3, gutter: 10 }]} />);
  const root = r.container.querySelector('.gif-embed-grid') as HTMLElement;
  await run(() => resize(root, 320, 0));
  await until(() => tiles(r.container).length >= 3, 'the first page');
  assert.ok(tiles(r.container).every((t) => t.style.width === '320px' && t.style.insetInlineStart === '0px'), 'one column at 320');
  await run(() => resize(root, 620, 0));
  // The new width is rendered in the next frame (not inside the observer's delivery).
  await until(() => tiles(r.container)[0].style.width !== '320px', 'the grid at its new width');
  assert.equal(tiles(r.container).slice(0, 3).map((t) => [t.style.width, t.style.insetInlineStart]), [['200px', '0px'], ['200px', '210px'], ['200px', '420px']]);
  await r.unmount();
  assert.is(observedCount(), 0, 'observers released');
});

test('a new searchKey restarts from offset 0 and ignores the old answer', async () => {
  const offsets: string[] = [];
  let release: (() => void) | undefined;
  const make = (term: string, hold = false) => async (offset: number) => {
    offsets.push(`${term}@${offset}`);
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    return page(ALL.slice(offset, offset + 2).map((g) => ({ ...g, id: `${term}-${g.id}` })), offset, 2);
  };
  const r = await render(<Grid fetchGifs={make('cats', true)} searchKey="cats" width={300} />);
  await until(() => offsets.length === 1, 'the cats fetch');
  await r.rerender(<Grid fetchGifs={make('dogs')} searchKey="dogs" width={300} />);
  await run(() => release!());
  await until(() => tiles(r.container).length === 2, 'the dogs page');
  await settleFetch();
  assert.equal(offsets, ['cats@0', 'dogs@0']);
  const ids = tiles(r.container).map((t) => t.getAttribute('data-gif-id'));
  assert.equal(ids, ['dogs-g1', 'dogs-g2'], 'only the new search shows');

  // Same key, new function: no restart when a key is given.
  await r.rerender(<Grid fetchGifs={make('dogs')} searchKey="dogs" width={300} />);
  await settleFetch();
  assert.is(offsets.filter((o) => o === 'dogs@0').length, 1, 'not restarted');
  assert.equal(tiles(r.container).map((t) => t.getAttribute('data-gif-id')), ['dogs-g1', 'dogs-g2']);
  await r.unmount();
});

test('without a searchKey a new fetchGifs function restarts', async () => {
  const calls: string[] = [];
  const make = (term: string) => async (offset: number) => {
    calls.push(`${term}@${offset}`);
    return page([makeGif(`${term}1`)], offset, 1);
  };
  const r = await render(<Grid fetchGifs={make('a')} width={300} />);
  await until(() => calls.length === 1, 'the first fetch');
  await r.rerender(<Grid fetchGifs={make('b')} width={300} />);
  await until(() => calls.length === 2, 'the restarted fetch');
  await settleFetch();
  assert.equal(calls.filter((c) => c.endsWith('@0')), ['a@0', 'b@0']);
  assert.equal(tiles(r.container).map((t) => t.getAttribute('data-gif-id')), ['b1']);
  await r.unmount();
});

test('no results: the noResultsMessage slot shows', async () => {
  const r = await render(<Grid fetchGifs={async () => page([], 0, 0)} width={300} noResultsMessage={<b>Nothing here</b>} />);
  await until(() => !!r.container.querySelector('[data-no-results]'), 'the no-results slot');
  assert.is(r.container.querySelector('[data-no-results]')?.textContent, 'Nothing here');
  await r.unmount();
});

test('a throwing onGifsFetched does not stop paging', async () => {
  const s = source(3);
  const r = await render(<Grid fetchGifs={s.fetchGifs} width={300} onGifsFetched={() => { throw new Error('host bug'); }} />);
  await run(() => place(LOADER, 1));
  const caught: unknown[] = [];
  const onError = (e: Event) => {
    caught.push((e as ErrorEvent).error);
    e.preventDefault();
  };
  window.addEventListener('error', onError);
  const consoleError = console.error;
  console.error = () => {};
  await until(() => s.offsets.length >= 2, 'the second page');
  await wait(10);
  console.error = consoleError;
  window.removeEventListener('error', onError);
  assert.equal(s.offsets.slice(0, 2), [0, 3], 'kept paging');
  assert.ok(caught.length >= 1, 'the host error is still reported');
  await r.unmount();
});

test('Carousel: load-more debounce 100 ms, 6 px gutter, a failure simply ends fetching', async () => {
  const s = source(3, (call) => call === 2);
  const t0 = performance.now();
  const r = await render(<Carousel fetchGifs={s.fetchGifs} gifHeight={100} />);
  const row = r.container.querySelector('.gif-embed-carousel') as HTMLElement;
  await run(() => place(r.container.querySelector('[data-carousel-loader]')!, 1));
  assert.is(row.style.gap, '6px');
  await until(() => s.offsets.length === 2, 'the second (failing) fetch');
  assert.ok(s.called[0] - t0 >= CAROUSEL_FETCH_DEBOUNCE_MS - SLACK_MS, 'first fetch after the 100 ms debounce');
  assert.ok(s.called[1] - s.answered[0] >= CAROUSEL_FETCH_DEBOUNCE_MS - SLACK_MS);
  const t = tiles(r.container);
  assert.equal(t.map((e) => e.style.height), ['100px', '100px', '100px']);
  assert.is(t[0].style.width, '200px', 'width from the GIF ratio at the row height');
  await wait(CAROUSEL_FETCH_DEBOUNCE_MS * 3);
  assert.equal(s.offsets, [0, 3], 'after the failure, fetching simply ended');
  assert.is(r.container.querySelector('[role=alert]'), null, 'no error view in a carousel');
  assert.is(tiles(r.container).length, 3);
  // Coming back into view loads again.
  const loader = r.container.querySelector('[data-carousel-loader]') as HTMLElement;
  assert.is(observersOf(loader)[0].thresholds.length, 10, 'the marker is watched in 10 steps');
  await run(() => intersect(loader, 0));
  await run(() => intersect(loader, 1));
  await until(() => s.offsets.length >= 3, 'a new fetch');
  assert.equal(s.offsets.slice(0, 3), [0, 3, 3]);
  await r.unmount();
});

test('Carousel: no-results slot when empty', async () => {
  const r = await render(<Carousel fetchGifs={async () => page([], 0, 0)} noResultsMessage="Nothing yet" />);
  await until(() => !!r.container.querySelector('[data-no-results]'), 'the no-results slot');
  assert.is(r.container.querySelector('[data-no-results]')?.textContent, 'Nothing yet');
  assert.is(tiles(r.container).length, 0);
  await r.unmount();
});

test('unmounting mid-fetch neither throws nor updates', async () => {
  let resolve: ((v: unknown) => void) | undefined;
  const fetched: Gif[][] = [];
  const r = await render(<Grid fetchGifs={() => new Promise((res) => (resolve = res as (v: unknown) => void)) as never} width={300} onGifsFetched={(gifs) => fetched.push(gifs)} />);
  await settleFetch();
  assert.ok(resolve, 'the fetch started');
  await r.unmount();
  resolve!(page([makeGif('late') as Gif], 0, 1));
  await wait(10);
  assert.equal(fetched, [], 'no onGifsFetched for an answer that came after the unmount');
  assert.is(tiles(r.container).length, 0, 'nothing rendered');
});

test('raw service JSON is normalised; unreadable GIFs are left out; a non-page answer shows the error view', async () => {
  const raw = [
    { id: 'r1', url: 'https://gifs.example/r1', title: 'One', images: { original: { url: 'https://m.example/1.gif', width: '200', height: '100' } } },
    { title: 'no id: cannot be read' },
    null,
    { id: 'r2', url: 'https://gifs.example/r2', title: 'Two', is_sticker: 1, images: { original: { url: 'https://m.example/2.gif', width: '100', height: '100' } } },
  ];
  const r = await render(<Grid fetchGifs={async (offset) => ({ data: offset ? [] : (raw as never[]), pagination: { offset, count: 4, total_count: 4 }, meta: { response_id: 'rid' } })} width={200} columns={1} />);
  await until(() => tiles(r.container).length === 2, 'the readable GIFs');
  const t = tiles(r.container);
  assert.equal(t.map((e) => e.getAttribute('data-gif-id')), ['r1', 'r2']);
  assert.equal(t.map((e) => e.style.height), ['100px', '200px'], 'string sizes read as numbers');
  await r.unmount();

  const errors: unknown[] = [];
  const bad = await render(<Grid fetchGifs={async () => ({ nope: true }) as never} width={200} onGifsFetchError={(e) => errors.push(e)} />);
  await until(() => errors.length === 1, 'the error');
  assert.match(String(errors[0]), /fetchGifs must resolve to a page/);
  assert.ok(bad.container.querySelector('[role=alert]'));
  await bad.unmount();
});

test.run();
