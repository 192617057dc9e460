import './support/render';
import { EN } from '../../support/english';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { install, intersect, observedCount, observersOf, place } from '../support/observers';
import { wait } from '../support/render';
import { flush, makeGif, mount } from './support/render';
import { capturePingbacks } from '../sdk/support/render';
import { RelatedGrid } from '../../../plugins/related/RelatedGrid';
import { RelatedWidget } from '../../../plugins/related/RelatedWidget';
import { RelatedList } from '../../../plugins/related/RelatedList';
import type { Gif } from '../../../src/model';

const gif = makeGif('self');
/** The SDK Grid's fetch debounce (spec §9), and a little more. */
const DEBOUNCE = 260;

type Request = { offset: number; limit: number };

/** A fetchRelated stand-in: records requests; each answer is released by the test. */
function fakeRelated() {
  const requests: Request[] = [];
  const pending: { resolve(gifs: Gif[]): void; reject(e: unknown): void }[] = [];
  const fetchRelated = (gifId: string, request: Request) => {
    assert.is(gifId, 'self');
    requests.push(request);
    return new Promise<{ data: Gif[]; pagination: { count: number; offset: number; total_count: number } }>((resolve, reject) => {
      pending.push({
        resolve: (data) => resolve({ data, pagination: { count: data.length, offset: request.offset, total_count: 1000 } }),
        reject,
      });
    });
  };
  return { fetchRelated, requests, pending };
}

const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => makeGif(`r${from + i}`, { response_id: 'resp-related' }));

function gridProps(extra: Record<string, unknown> = {}) {
  const tracked: string[][] = [];
  const active: boolean[] = [];
  return {
    tracked,
    active,
    props: {
      gif,
      theme: 'light' as const,
      width: 480,
      open: true,
      track: (c: string, a: string, l?: string) => void tracked.push(l === undefined ? [c, a] : [c, a, l]),
      pingback: () => undefined,
      m: EN,
      onActiveChange: (a: boolean) => void active.push(a),
      ...extra,
    },
  };
}

/** Resizes happy-dom's window (its `happyDOM` handle is not in the DOM typings). */
const setViewport = (size: { width: number; height: number }) =>
  (window as unknown as { happyDOM: { setViewport(s: { width: number; height: number }): void } }).happyDOM.setViewport(size);

/** Waits (real time, inside act) until `api` has been asked `n` times; fails after 4 s. */
async function requested(api: { requests: Request[] }, n: number) {
  const end = performance.now() + 4000;
  while (api.requests.length < n) {
    if (performance.now() > end) assert.unreachable(`${n} requests awaited, ${api.requests.length} made`);
    await wait(20);
  }
}

const endOf = (m: { container: HTMLElement }) => m.container.querySelector('[data-grid-loader]')!;
const tiles = (m: { container: HTMLElement }) => [...m.container.querySelectorAll('[data-gif-id]')] as HTMLAnchorElement[];

test('each related page that arrives counts as a page view of /gifs/{slug}/related/page/N', async () => {
  install();
  const layer: Record<string, unknown>[] = [];
  (window as unknown as { dataLayer?: unknown[] }).dataLayer = layer;
  try {
    const api = fakeRelated();
    const { props } = gridProps({ fetchRelated: api.fetchRelated, gif: makeGif('self', { slug: 'happy-dance-self' }) });
    const m = await mount(<RelatedGrid {...props} />);
    // The end loader stays in view below each page.
    await flush(() => place('[data-grid-loader]', 1));
    await requested(api, 1);
    await flush(() => api.pending[0].resolve(page(0, 6)));
    await requested(api, 2);
    await flush(() => api.pending[1].resolve(page(6, 12)));
    await requested(api, 3);
    await flush(() => api.pending[2].reject(new Error('offline')));
    const views = layer.filter((e) => e.event === 'VirtualPageview').map((e) => e.virtualPageURL);
    assert.equal(views, ['/gifs/happy-dance-self/related/page/1', '/gifs/happy-dance-self/related/page/2'], 'a failed page is no page view');
    await m.unmount();
  } finally {
    delete (window as unknown as { dataLayer?: unknown[] }).dataLayer;
  }
});

test('a grid that has never been shown fetches nothing', async () => {
  install();
  const api = fakeRelated();
  const { props } = gridProps({ fetchRelated: api.fetchRelated, shown: false });
  const m = await mount(<RelatedGrid {...props} />);
  await wait(DEBOUNCE);
  assert.equal(api.requests, []);
  await m.rerender(<RelatedGrid {...props} shown />);
  await requested(api, 1);
  assert.equal(api.requests, [{ offset: 0, limit: 6 }], 'the first page once the footer shows');
  await m.unmount();
});

test('header, then 6 GIFs, then 12 while the end loader stays in view, none while it is out of view', async () => {
  install();
  const api = fakeRelated();
  const { props } = gridProps({ fetchRelated: api.fetchRelated });
  const m = await mount(<RelatedGrid {...props} />);
  assert.is(m.container.querySelector('h2')!.textContent, 'Related Gifs');
  // The end loader in view (below the first page too), until it is scrolled away.
  await flush(() => place('[data-grid-loader]', 1));
  await requested(api, 1);
  assert.equal(api.requests, [{ offset: 0, limit: 6 }]);
  await flush(() => api.pending[0].resolve(page(0, 6)));
  assert.is(tiles(m).length, 6);
  await requested(api, 2);
  assert.equal(api.requests, [{ offset: 0, limit: 6 }, { offset: 6, limit: 12 }]);
  // Scrolled away: the end (and the new one below the next page) out of view.
  await flush(() => place('[data-grid-loader]', 0));
  await flush(() => api.pending[1].resolve(page(6, 12)));
  await wait(DEBOUNCE);
  assert.is(tiles(m).length, 18);
  assert.is(api.requests.length, 2, 'the end went out of view: no third page');
  await flush(() => intersect(endOf(m), 1));
  await requested(api, 3);
  assert.equal(api.requests[2], { offset: 18, limit: 12 });
  await m.unmount();
  assert.is(observedCount(), 0, 'the observers are released');
});

test('tiles are the SDK tile: 3 columns of (465 - 12) / 3 px, brand background, opening the GIF page in a new tab', async () => {
  install();
  const api = fakeRelated();
  const { props } = gridProps({ fetchRelated: api.fetchRelated });
  const m = await mount(<RelatedGrid {...props} />);
  await requested(api, 1);
  await flush(() => api.pending[0].resolve(page(0, 3)));
  const all = tiles(m);
  assert.equal(all.map((t) => t.style.insetInlineStart), ['0px', '157px', '314px']);
  assert.equal(all.map((t) => t.style.width), ['151px', '151px', '151px']);
  assert.ok(all.every((t) => t.classList.contains('gif-embed-gif')), 'the SDK tile');
  const first = all[0];
  assert.is(first.getAttribute('href'), 'https://site.example.test/gifs/r0');
  assert.is(first.getAttribute('target'), '_blank');
  assert.is(first.getAttribute('rel'), 'noopener');
  assert.is(first.getAttribute('aria-label'), 'GIF r0');
  await m.unmount();
});

test('a click sends a CLICK pingback and a Click/Image trackEvent labelled with the view', async () => {
  install();
  const pings = capturePingbacks();
  const api = fakeRelated();
  const { props, tracked } = gridProps({ fetchRelated: api.fetchRelated });
  const m = await mount(<RelatedGrid {...props} />);
  await requested(api, 1);
  await flush(() => api.pending[0].resolve(page(0, 3)));
  const second = tiles(m)[1];
  second.addEventListener('click', (e) => e.preventDefault());
  await flush(() => second.click());
  await pings.flush();
  assert.equal(pings.actions().map((a) => `${a.action_type}:${a.gif_id}`), ['CLICK:r1']);
  assert.equal(tracked, [['Click', 'Image', 'Related Gifs']]);
  await m.unmount();
});

test("a failed page shows 'Error loading GIFs.' and 'Try again?' asks for the same page again", async () => {
  install();
  const api = fakeRelated();
  const { props } = gridProps({ fetchRelated: api.fetchRelated });
  const m = await mount(<RelatedGrid {...props} />);
  await requested(api, 1);
  await flush(() => api.pending[0].reject(new Error('500')));
  const alert = m.container.querySelector('[role="alert"]')!;
  assert.ok(alert.textContent!.startsWith('Error loading GIFs.'));
  const retry = alert.querySelector('a')!;
  assert.is(retry.textContent, 'Try again?');
  assert.is(api.requests.length, 1, 'no automatic retry');
  await flush(() => retry.click());
  await requested(api, 2);
  assert.equal(api.requests, [{ offset: 0, limit: 6 }, { offset: 0, limit: 6 }]);
  assert.is(m.container.querySelector('[role="alert"]'), null);
  await flush(() => api.pending[1].resolve(page(0, 6)));
  assert.is(tiles(m).length, 6);
  await m.unmount();
});

test('scrolling reports the grid active (and SCROLL GRID once); closing the footer scrolls it back to the top', async () => {
  install();
  const api = fakeRelated();
  const { props, active, tracked } = gridProps({ fetchRelated: api.fetchRelated });
  const m = await mount(<RelatedGrid {...props} />);
  const scroller = m.container.querySelector('[data-related-scroller]') as HTMLElement;
  // The scroll observer watches the grid's top edge inside the scroller, in 5 steps (spec §9).
  const edge = scroller.firstElementChild!;
  const [observer] = observersOf(edge);
  assert.is(observer.root, scroller);
  assert.equal(observer.thresholds, [0, 0.25, 0.5, 0.75, 1]);
  await flush(() => intersect(edge, 1));
  assert.equal(active, [], 'in place: not scrolled');
  await flush(() => intersect(edge, 0.5));
  await flush(() => intersect(edge, 0));
  assert.equal(active, [true]);
  assert.equal(tracked, [['SCROLL GRID', 'Related Gifs', 'self']]);
  scroller.scrollTop = 120;
  await m.rerender(<RelatedGrid {...props} open={false} />);
  assert.is(scroller.scrollTop, 0);
  await flush(() => intersect(edge, 0.25));
  assert.equal(active, [true], 'the scroll back is not the visitor\'s');
  await m.rerender(<RelatedGrid {...props} open />);
  await flush(() => intersect(edge, 0));
  assert.equal(active, [true, true], 'shown again, a new scroll reports again');
  await m.unmount();
});

test('without the fetch function from the player the grid stays out of the way', async () => {
  install();
  const { props } = gridProps();
  const m = await mount(<RelatedGrid {...props} />);
  assert.is(m.container.innerHTML, '');
  await m.unmount();
});

test('the widget: window width minus 30 px, as tall as the tallest of the first 3 GIFs, re-laid out after a resize', async () => {
  install();
  const api = fakeRelated();
  const { props, tracked } = gridProps({ fetchRelated: api.fetchRelated });
  setViewport({ width: 1000, height: 700 });
  // The list the related plugin lends it.
  const m = await mount(<RelatedWidget {...props} List={RelatedList} />);
  await requested(api, 1);
  // Columns of (970 - 12) / 3 = 319 px: heights 160, 638, 319; the fourth (1276) is not sampled.
  await flush(() => api.pending[0].resolve([
    makeGif('w0', {}, { width: 200, height: 100 }),
    makeGif('w1', {}, { width: 100, height: 200 }),
    makeGif('w2', {}, { width: 100, height: 100 }),
    makeGif('w3', {}, { width: 100, height: 400 }),
  ]));
  const scroller = m.container.querySelector('[data-related-scroller]') as HTMLElement;
  assert.is(scroller.style.height, '638px');
  const tile = () => tiles(m)[0];
  assert.is(tile().style.width, '319px');
  // setViewport fires resize events of its own; both land in the same throttle.
  await flush(() => {
    setViewport({ width: 640, height: 700 });
    window.dispatchEvent(new Event('resize'));
  });
  await wait(20);
  // First resize runs at once: (610 - 12) / 3 = 199 px.
  assert.is(tile().style.width, '199px');
  await flush(() => {
    setViewport({ width: 1000, height: 700 });
    window.dispatchEvent(new Event('resize'));
  });
  assert.is(tile().style.width, '199px', 'throttled: not yet');
  await wait(520);
  assert.is(tile().style.width, '319px', 'the trailing call after 500 ms');
  const first = tile();
  first.addEventListener('click', (e) => e.preventDefault());
  await flush(() => first.click());
  assert.equal(tracked, [['Click', 'Image', 'Related Widget']]);
  await m.unmount();
  await flush(() => setViewport({ width: 1024, height: 768 }));
});

test.run();
