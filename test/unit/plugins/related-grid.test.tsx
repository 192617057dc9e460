import './support/render';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { install, intersect, observedCount } from '../support/observers';
import { flush, makeGif, mount } from './support/render';
import { RelatedGrid } from '../../../plugins/related/RelatedGrid';
import { RelatedWidget } from '../../../plugins/related/RelatedWidget';
import type { RelatedRequest } from '../../../plugins/related/paging';
import type { Gif } from '../../../src/model';

const gif = makeGif('self');

/** A fetchRelated stand-in: records requests; each answer is released by the test. */
function fakeRelated() {
  const requests: RelatedRequest[] = [];
  const pending: { resolve(gifs: Gif[]): void; reject(e: unknown): void }[] = [];
  const fetchRelated = (gifId: string, request: RelatedRequest) => {
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

const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => makeGif(`r${from + i}`));

function gridProps(extra: Record<string, unknown> = {}) {
  const tracked: string[][] = [];
  const pings: [string, string, Record<string, string> | undefined][] = [];
  const active: boolean[] = [];
  return {
    tracked,
    pings,
    active,
    props: {
      gif,
      theme: 'light' as const,
      width: 480,
      scrollResetKey: 0,
      track: (c: string, a: string, l?: string) => void tracked.push(l === undefined ? [c, a] : [c, a, l]),
      pingback: (action: string, g: Gif, attrs?: Record<string, string>) => void pings.push([action, g.id, attrs]),
      onActiveChange: (a: boolean) => void active.push(a),
      ...extra,
    },
  };
}

/** Resizes happy-dom's window (its `happyDOM` handle is not in the DOM typings). */
const setViewport = (size: { width: number; height: number }) =>
  (window as unknown as { happyDOM: { setViewport(s: { width: number; height: number }): void } }).happyDOM.setViewport(size);

const endOf = (m: { container: HTMLElement }) => m.container.querySelector('[data-related-end]')!;

test('each related page that arrives counts as a page view of /gifs/{slug}/related/page/N', async () => {
  install();
  const layer: Record<string, unknown>[] = [];
  (window as unknown as { dataLayer?: unknown[] }).dataLayer = layer;
  try {
    const api = fakeRelated();
    const { props } = gridProps({ fetchRelated: api.fetchRelated, gif: makeGif('self', { slug: 'happy-dance-self' }) });
    const m = await mount(<RelatedGrid {...props} />);
    await flush(() => intersect(endOf(m), 1));
    await flush(() => api.pending[0].resolve(page(0, 6)));
    await flush(() => api.pending[1].resolve(page(6, 12)));
    api.pending[2]?.reject(new Error('offline'));
    await flush(() => undefined);
    const views = layer.filter((e) => e.event === 'VirtualPageview').map((e) => e.virtualPageURL);
    assert.equal(views, ['/gifs/happy-dance-self/related/page/1', '/gifs/happy-dance-self/related/page/2'], 'a failed page is no page view');
    await m.unmount();
  } finally {
    delete (window as unknown as { dataLayer?: unknown[] }).dataLayer;
  }
});

test('a grid that has never been shown fetches nothing, even with its end in view', async () => {
  install();
  const api = fakeRelated();
  const { props } = gridProps({ fetchRelated: api.fetchRelated, shown: false });
  const m = await mount(<RelatedGrid {...props} />);
  await flush(() => intersect(endOf(m), 1));
  assert.equal(api.requests, []);
  await m.rerender(<RelatedGrid {...props} shown />);
  await flush(() => undefined);
  assert.equal(api.requests, [{ offset: 0, limit: 6 }], 'the first page once the footer shows');
  await m.unmount();
});

test('header, then 6 GIFs when the end of the grid comes near, then 12 while it stays near', async () => {
  install();
  const api = fakeRelated();
  const { props } = gridProps({ fetchRelated: api.fetchRelated });
  const m = await mount(<RelatedGrid {...props} />);
  assert.is(m.container.querySelector('h2')!.textContent, 'Related Gifs');
  assert.equal(api.requests, [], 'nothing fetched before the grid end is in view');
  await flush(() => intersect(endOf(m), 1));
  assert.equal(api.requests, [{ offset: 0, limit: 6 }]);
  await flush(() => api.pending[0].resolve(page(0, 6)));
  assert.is(m.container.querySelectorAll('[data-related-gif]').length, 6);
  assert.equal(api.requests, [{ offset: 0, limit: 6 }, { offset: 6, limit: 12 }]);
  await flush(() => intersect(endOf(m), 0));
  await flush(() => api.pending[1].resolve(page(6, 12)));
  assert.is(m.container.querySelectorAll('[data-related-gif]').length, 18);
  assert.is(api.requests.length, 2, 'the end went out of view: no third page');
  await flush(() => intersect(endOf(m), 1));
  assert.equal(api.requests[2], { offset: 18, limit: 12 });
  await m.unmount();
  assert.is(observedCount(), 0, 'the observer is released');
});

test('tiles: 3 columns of (465 - 12) / 3 px, WebP source and GIF img with alt text, linking to the GIF page', async () => {
  install();
  const api = fakeRelated();
  const { props } = gridProps({ fetchRelated: api.fetchRelated });
  const m = await mount(<RelatedGrid {...props} />);
  await flush(() => intersect(endOf(m), 1));
  await flush(() => api.pending[0].resolve(page(0, 3)));
  const tiles = [...m.container.querySelectorAll('[data-related-gif]')] as HTMLAnchorElement[];
  assert.equal(tiles.map((t) => t.style.left), ['0px', '157px', '314px']);
  assert.equal(tiles.map((t) => t.style.width), ['151px', '151px', '151px']);
  const first = tiles[0];
  assert.is(first.getAttribute('href'), 'https://site.example.test/gifs/r0');
  assert.is(first.getAttribute('target'), '_blank');
  assert.is(first.querySelector('source')!.getAttribute('type'), 'image/webp');
  assert.ok(first.querySelector('source')!.getAttribute('srcset')!.endsWith('.webp'));
  assert.ok(first.querySelector('img')!.getAttribute('src')!.endsWith('.gif'));
  assert.is(first.querySelector('img')!.getAttribute('alt'), 'GIF r0');
  await m.unmount();
});

test('a click sends a CLICK pingback with the position and a Click/Image trackEvent', async () => {
  install();
  const api = fakeRelated();
  const { props, pings, tracked } = gridProps({ fetchRelated: api.fetchRelated });
  const m = await mount(<RelatedGrid {...props} />);
  await flush(() => intersect(endOf(m), 1));
  await flush(() => api.pending[0].resolve(page(0, 3)));
  const second = m.container.querySelectorAll('[data-related-gif]')[1] as HTMLAnchorElement;
  second.addEventListener('click', (e) => e.preventDefault());
  await flush(() => second.click());
  assert.equal(pings, [['CLICK', 'r1', { position: '1' }]]);
  assert.equal(tracked, [['Click', 'Image', 'Related Gifs']]);
  await m.unmount();
});

test("a failed page shows 'Error loading GIFs.' and 'Try again?' asks for the same page again", async () => {
  install();
  const api = fakeRelated();
  const { props } = gridProps({ fetchRelated: api.fetchRelated });
  const m = await mount(<RelatedGrid {...props} />);
  await flush(() => intersect(endOf(m), 1));
  await flush(() => api.pending[0].reject(new Error('500')));
  const alert = m.container.querySelector('[role="alert"]')!;
  assert.ok(alert.textContent!.startsWith('Error loading GIFs.'));
  const retry = alert.querySelector('a')!;
  assert.is(retry.textContent, 'Try again?');
  assert.is(api.requests.length, 1, 'no automatic retry');
  await flush(() => retry.click());
  assert.equal(api.requests, [{ offset: 0, limit: 6 }, { offset: 0, limit: 6 }]);
  assert.is(m.container.querySelector('[role="alert"]'), null);
  await flush(() => api.pending[1].resolve(page(0, 6)));
  assert.is(m.container.querySelectorAll('[data-related-gif]').length, 6);
  await m.unmount();
});

test('scrolling reports the grid active (and SCROLL GRID once); a new scrollResetKey scrolls to the top and clears it', async () => {
  install();
  const api = fakeRelated();
  const { props, active, tracked } = gridProps({ fetchRelated: api.fetchRelated });
  const m = await mount(<RelatedGrid {...props} />);
  const scroller = m.container.querySelector('[data-related-scroller]') as HTMLElement;
  await flush(() => scroller.dispatchEvent(new Event('scroll')));
  await flush(() => scroller.dispatchEvent(new Event('scroll')));
  assert.equal(active, [true]);
  assert.equal(tracked, [['SCROLL GRID', 'Related Gifs', 'self']]);
  scroller.scrollTop = 120;
  await m.rerender(<RelatedGrid {...props} scrollResetKey={1} />);
  assert.is(scroller.scrollTop, 0);
  assert.equal(active, [true, false]);
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
  const { props, pings, tracked } = gridProps({ fetchRelated: api.fetchRelated });
  setViewport({ width: 1000, height: 700 });
  const m = await mount(<RelatedWidget {...props} />);
  await flush(() => intersect(endOf(m), 1));
  // Columns of (970 - 12) / 3 = 319 px: heights 160, 638, 319; the fourth (1276) is not sampled.
  await flush(() => api.pending[0].resolve([
    makeGif('w0', {}, { width: 200, height: 100 }),
    makeGif('w1', {}, { width: 100, height: 200 }),
    makeGif('w2', {}, { width: 100, height: 100 }),
    makeGif('w3', {}, { width: 100, height: 400 }),
  ]));
  const scroller = m.container.querySelector('[data-related-scroller]') as HTMLElement;
  assert.is(scroller.style.height, '638px');
  const tile = () => m.container.querySelector('[data-related-gif]') as HTMLElement;
  assert.is(tile().style.width, '319px');
  // setViewport fires resize events of its own; both land in the same throttle.
  await flush(() => {
    setViewport({ width: 640, height: 700 });
    window.dispatchEvent(new Event('resize'));
  });
  await flush(() => new Promise((r) => setTimeout(r, 20)));
  // First resize runs at once: (610 - 12) / 3 = 199 px.
  assert.is(tile().style.width, '199px');
  await flush(() => {
    setViewport({ width: 1000, height: 700 });
    window.dispatchEvent(new Event('resize'));
  });
  assert.is(tile().style.width, '199px', 'throttled: not yet');
  await flush(() => new Promise((r) => setTimeout(r, 520)));
  assert.is(tile().style.width, '319px', 'the trailing call after 500 ms');
  const first = tile() as HTMLAnchorElement;
  first.addEventListener('click', (e) => e.preventDefault());
  await flush(() => first.click());
  assert.equal(pings, [['CLICK', 'w0', { position: '0' }]]);
  assert.equal(tracked, [['Click', 'Image', 'Related Widget']]);
  await m.unmount();
  await flush(() => setViewport({ width: 1024, height: 768 }));
});

test.run();
