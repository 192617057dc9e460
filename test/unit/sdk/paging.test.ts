import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  canFetch,
  initialPagingState,
  pagingTransition,
  CAROUSEL_FETCH_DEBOUNCE_MS,
  GRID_FETCH_DEBOUNCE_MS,
  type PagingState,
} from '../../../src/sdk/paging';

type G = { id: string };
const gifs = (n: number): G[] => Array.from({ length: n }, (_, i) => ({ id: String(i + 1) }));
const fetching = (over: Partial<PagingState<G>> = {}): PagingState<G> => ({ ...initialPagingState<G>(), isFetching: true, ...over });

test('debounces are the spec values', () => {
  assert.is(GRID_FETCH_DEBOUNCE_MS, 250);
  assert.is(CAROUSEL_FETCH_DEBOUNCE_MS, 100);
});

test('initial state: nothing fetched, loader visible, so a fetch may start', () => {
  const s = initialPagingState<G>(120);
  assert.equal(s, { isFetching: false, isError: false, isDoneFetching: false, isLoaderVisible: true, gifs: [], numberOfGifs: 0, gifWidth: 120 });
  assert.ok(canFetch(s));
});

test('fetchStart runs a fetch only when the loader is visible and none is running', () => {
  const start = pagingTransition(initialPagingState<G>(), { type: 'fetchStart' }, 'grid');
  assert.ok(start.state.isFetching);
  assert.equal(start.effects, [{ type: 'runFetch' }]);

  const again = pagingTransition(start.state, { type: 'fetchStart' }, 'grid');
  assert.is(again.state, start.state, 'no second fetch while one runs');
  assert.equal(again.effects, []);

  const hidden = { ...initialPagingState<G>(), isLoaderVisible: false };
  const r = pagingTransition(hidden, { type: 'fetchStart' }, 'grid');
  assert.is(r.state, hidden);
  assert.equal(r.effects, []);
});

test('fetchStart does nothing once done or while the error view shows', () => {
  for (const over of [{ isDoneFetching: true }, { isError: true }]) {
    const s = { ...initialPagingState<G>(), ...over };
    assert.not.ok(canFetch(s));
    assert.equal(pagingTransition(s, { type: 'fetchStart' }, 'grid').effects, []);
  }
});

test('success with a longer list replaces it, fires the fetched callback, and fetches again once the loader is seen on the new layout', () => {
  const prev = fetching({ gifs: gifs(2), numberOfGifs: 2 });
  const list = gifs(5);
  const r = pagingTransition(prev, { type: 'fetchSuccess', gifs: list }, 'grid');
  assert.equal(r.state.gifs, list);
  assert.is(r.state.numberOfGifs, 5);
  assert.not.ok(r.state.isFetching);
  assert.not.ok(r.state.isDoneFetching);
  assert.equal(r.effects, [{ type: 'gifsFetched', gifs: list }]);
  // The visibility seen before the new GIFs were laid out no longer counts...
  assert.not.ok(canFetch(r.state));
  assert.equal(pagingTransition(r.state, { type: 'fetchStart' }, 'grid').effects, [], 'a fetch trigger already scheduled does nothing');
  // ...the loader measured on the new layout decides.
  assert.equal(pagingTransition(r.state, { type: 'loaderVisibility', visible: true }, 'grid').effects, [{ type: 'scheduleFetch' }]);
  assert.equal(pagingTransition(r.state, { type: 'loaderVisibility', visible: false }, 'grid').effects, []);
});

test('success with the same length means fetching is done, no callback, no further fetch', () => {
  const prev = fetching({ gifs: gifs(3), numberOfGifs: 3 });
  const r = pagingTransition(prev, { type: 'fetchSuccess', gifs: gifs(3) }, 'grid');
  assert.ok(r.state.isDoneFetching);
  assert.not.ok(r.state.isFetching);
  assert.is(r.state.gifs, prev.gifs);
  assert.equal(r.effects, []);
  assert.not.ok(canFetch(r.state));
});

test('an empty first answer is also done (same length: 0)', () => {
  const r = pagingTransition(fetching(), { type: 'fetchSuccess', gifs: [] }, 'carousel');
  assert.ok(r.state.isDoneFetching);
  assert.is(r.state.numberOfGifs, 0);
});

test('grid failure sets the error state and fires the error callback', () => {
  const error = new Error('boom');
  const r = pagingTransition(fetching({ gifs: gifs(2), numberOfGifs: 2 }), { type: 'fetchFailure', error }, 'grid');
  assert.ok(r.state.isError);
  assert.not.ok(r.state.isFetching);
  assert.is(r.state.numberOfGifs, 2, 'GIFs already shown stay');
  assert.equal(r.effects, [{ type: 'fetchError', error }]);
});

test('carousel failure simply ends fetching: no error state, no callback', () => {
  const r = pagingTransition(fetching(), { type: 'fetchFailure', error: new Error('x') }, 'carousel');
  assert.not.ok(r.state.isFetching);
  assert.not.ok(r.state.isError);
  assert.not.ok(r.state.isDoneFetching);
  assert.equal(r.effects, []);
});

test('retry clears the error and schedules a fetch, which then may start', () => {
  const failed = { ...initialPagingState<G>(), isError: true, isLoaderVisible: false };
  const r = pagingTransition(failed, { type: 'retry' }, 'grid');
  assert.not.ok(r.state.isError);
  assert.equal(r.effects, [{ type: 'scheduleFetch' }]);
  assert.ok(canFetch(r.state));
  assert.equal(pagingTransition(initialPagingState<G>(), { type: 'retry' }, 'grid').effects, [], 'retry without an error does nothing');
});

test('loader becoming visible schedules a fetch; hiding it does not', () => {
  const hidden = { ...initialPagingState<G>(), isLoaderVisible: false };
  const shown = pagingTransition(hidden, { type: 'loaderVisibility', visible: true }, 'grid');
  assert.ok(shown.state.isLoaderVisible);
  assert.equal(shown.effects, [{ type: 'scheduleFetch' }]);

  const off = pagingTransition(shown.state, { type: 'loaderVisibility', visible: false }, 'grid');
  assert.not.ok(off.state.isLoaderVisible);
  assert.equal(off.effects, []);

  const busy = pagingTransition(fetching({ isLoaderVisible: false }), { type: 'loaderVisibility', visible: true }, 'grid');
  assert.ok(busy.state.isLoaderVisible);
  assert.equal(busy.effects, [], 'no schedule while a fetch runs: its success schedules the next');
});

test('a late answer after a restart is ignored', () => {
  const idle = initialPagingState<G>();
  assert.is(pagingTransition(idle, { type: 'fetchSuccess', gifs: gifs(4) }, 'grid').state, idle);
  assert.is(pagingTransition(idle, { type: 'fetchFailure', error: 1 }, 'grid').state, idle);
});

test('gifWidth records the measured column width', () => {
  const r = pagingTransition(initialPagingState<G>(), { type: 'gifWidth', width: 248 }, 'grid');
  assert.is(r.state.gifWidth, 248);
  assert.equal(r.effects, []);
});

test('restart forgets everything but the width, resets the source and fetches', () => {
  const done = { ...initialPagingState<G>(200), isDoneFetching: true, isError: true, gifs: gifs(9), numberOfGifs: 9, isFetching: true };
  const r = pagingTransition(done, { type: 'restart' }, 'grid');
  assert.equal(r.state, initialPagingState<G>(200));
  assert.equal(r.effects, [{ type: 'resetSource' }, { type: 'scheduleFetch' }]);
});

test.run();
