/**
 * The SDK under real React: this file is bundled twice by scripts/react-suites.mjs, once with
 * `react`/`react-dom` as React 18 and once as React 19, and run with uvu. It renders Grid,
 * Carousel and Gif in a browser-like document, and renders them on the server with
 * renderToString, then hydrates that HTML: no warning, no mismatch.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { act, StrictMode, version, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { publicCache } from '../../src/api';
import type { Page } from '../../src/api/paginator';
import { normalizeGif, type Gif as GifData } from '../../src/model';
import { Carousel, Gif, GifPicker, Grid, loadLocale, SDK_STYLE_ID, takeServerCss } from '../../src/sdk';
import { FETCH_ERROR_MESSAGE } from '../../src/sdk/fetch-error-view';
import { install, place } from '../unit/support/observers';

// The picker asks the API for trending GIFs and searches as it mounts: no service runs here, so
// once the document exists every request gets an empty list.
const EMPTY_LIST = JSON.stringify({ data: [], pagination: { count: 0, offset: 0, total_count: 0 }, meta: { response_id: 'r' } });
const emptyApi = (async () => new Response(EMPTY_LIST, { headers: { 'Content-Type': 'application/json' } })) as typeof fetch;

const GIFS = Array.from({ length: 8 }, (_, i) =>
  normalizeGif({
    id: `g${i}`,
    url: `https://site.example/gifs/g${i}`,
    title: `GIF ${i}`,
    images: {
      fixed_width: { url: `https://media.example/g${i}/200w.gif`, webp: `https://media.example/g${i}/200w.webp`, width: 200, height: 100 + i * 10 },
      fixed_height: { url: `https://media.example/g${i}/200.gif`, width: 150 + i * 10, height: 200 },
      original: { url: `https://media.example/g${i}/giphy.gif`, width: 400, height: 200 + i * 20 },
    },
  }, { response_id: 'resp' }),
);

const CLIP = normalizeGif({
  id: 'clip0', type: 'video', url: 'https://gifs.example/gifs/clip0', title: 'Clip 0',
  images: {
    fixed_width: { mp4: 'https://media.example/clip0/200w.mp4', width: 200, height: 112 },
    fixed_width_still: { url: 'https://media.example/clip0/200w_s.gif', width: 200, height: 112 },
  },
}, { response_id: 'resp' });

/** Pages of 3 over GIFS. */
const fetchGifs = async (offset: number): Promise<Page<GifData>> => {
  const data = GIFS.slice(offset, offset + 3);
  return { data, pagination: { offset, count: data.length, total_count: GIFS.length } };
};

const TREES: [string, () => ReactElement][] = [
  ['Grid', () => <Grid fetchGifs={fetchGifs} width={480} columns={3} />],
  ['Carousel', () => <Carousel fetchGifs={fetchGifs} gifHeight={120} />],
  ['Gif', () => <Gif gif={GIFS[0]} width={200} />],
  // A page the server fetched: its GIFs are in the HTML (a crawler and the first paint see them).
  ['Grid with initialGifs', () => <Grid fetchGifs={fetchGifs} width={480} columns={3} initialGifs={GIFS.slice(0, 3)} />],
  ['responsive Grid with initialGifs', () => <Grid fetchGifs={fetchGifs} columns={3} initialGifs={GIFS.slice(0, 3)} />],
  ['Carousel with initialGifs', () => <Carousel fetchGifs={fetchGifs} gifHeight={120} initialGifs={GIFS.slice(0, 3)} />],
  // A clip moves as video: its tile is a muted looping inline <video> over its still.
  ['clip', () => <Gif gif={CLIP} width={200} />],
  // The picker: its combobox, tabs and results grid render on the server and hydrate (ids from useId).
  ['GifPicker', () => <GifPicker onSelect={() => {}} height={360} />],
];

/** The <img> tags of `html`, each as its attributes. */
const imagesIn = (html: string) => [...html.matchAll(/<img ([^>]*)>/g)].map((m) => Object.fromEntries([...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])));

/** Runs `fn` (and waits for it) and returns what React wrote to console.error and console.warn meanwhile. */
async function warningsOf(fn: () => unknown): Promise<string[]> {
  const said: string[] = [];
  const { error, warn } = console;
  console.error = (...args: unknown[]) => void said.push(args.map(String).join(' '));
  console.warn = console.error;
  try {
    await fn();
  } finally {
    Object.assign(console, { error, warn });
  }
  return said;
}

// The server renders before any DOM exists in this process, as on a real server.
const served = new Map<string, { html: string; warnings: string[] }>();
for (const [name, tree] of TREES) {
  const warnings: string[] = [];
  const { error, warn } = console;
  console.error = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  console.warn = console.error;
  try {
    served.set(name, { html: renderToString(tree()), warnings });
  } finally {
    Object.assign(console, { error, warn });
  }
}

// What the server puts in the page's head for those three (the documented SSR call).
const serverCss = takeServerCss();

test(`React ${version}: server rendering gives HTML with no warning`, async () => {
  assert.match(version, /^(18|19)\./);
  for (const [name] of TREES) {
    const { warnings } = served.get(name)!;
    assert.equal(warnings, [], `${name} on the server`);
    assert.ok(served.get(name)!.html.length > 0, `${name} rendered`);
  }
});

test(`React ${version}: a long-lived server's next page gets the tiles' CSS again`, () => {
  const html = renderToString(<Grid fetchGifs={fetchGifs} width={480} columns={3} initialGifs={GIFS.slice(0, 2)} />);
  const css = takeServerCss();
  const tileClasses = [...html.matchAll(/class="gif-embed-gif ([^"]*)"/g)].flatMap((m) => m[1].split(' '));
  assert.ok(tileClasses.length, 'tiles in the HTML');
  for (const name of tileClasses) assert.ok(css.includes(`.${name}`), `${name} styled on the second page`);
});

test(`React ${version}: server-rendered tiles are real images with width, height and alt text`, () => {
  const single = imagesIn(served.get('Gif')!.html);
  assert.is(single.length, 1, 'the single Gif');
  assert.is(single[0].alt, 'GIF 0');
  assert.is(single[0].width, '200');
  assert.is(single[0].height, '100');
  assert.is(single[0].loading, 'lazy', 'the browser defers what is off screen');
  for (const name of ['Grid with initialGifs', 'responsive Grid with initialGifs', 'Carousel with initialGifs']) {
    const images = imagesIn(served.get(name)!.html);
    assert.equal(images.map((i) => i.alt), ['GIF 0', 'GIF 1', 'GIF 2'], name);
    for (const i of images) assert.ok(Number(i.width) > 0 && Number(i.height) > 0 && /^https:\/\/media\.example\//.test(i.src), `${name}: ${JSON.stringify(i)}`);
  }
  assert.equal(imagesIn(served.get('Grid')!.html), [], 'without initialGifs a Grid has nothing to show yet');
  const clip = served.get('clip')!.html;
  assert.match(clip, /<video [^>]*src="https:\/\/media\.example\/clip0\/200w\.mp4"/, 'a clip: its mp4');
  assert.match(clip, /<video [^>]*poster="https:\/\/media\.example\/clip0\/200w_s\.gif"/, 'its still as poster');
  for (const attr of ['autoplay', 'muted', 'loop', 'playsinline']) assert.match(clip, new RegExp(`<video [^>]*${attr}`, 'i'), attr);
});

test(`React ${version}: the server's CSS styles every class in its HTML, and the call empties the sheet`, () => {
  const classes = new Set([...served.values()].flatMap(({ html }) => [...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(' '))));
  const generated = [...classes].filter((c) => c.startsWith('go'));
  assert.ok(generated.length >= 3, `goober classes in the HTML: ${generated.join(' ')}`);
  for (const name of generated) assert.ok(serverCss.includes(`.${name}`), `${name} has its CSS`);
  assert.is(takeServerCss(), '', 'taken once');
});

test(`React ${version}: hydrating the server HTML matches, with no warning`, async () => {
  await import('./dom');
  globalThis.fetch = window.fetch = emptyApi;
  const { hydrateRoot } = await import('react-dom/client');
  // The page as the server sent it: its head holds the SDK's CSS, which goober adopts.
  const style = Object.assign(document.createElement('style'), { id: SDK_STYLE_ID, textContent: serverCss });
  document.head.appendChild(style);
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  for (const [name, tree] of TREES) {
    const container = document.createElement('div');
    container.innerHTML = served.get(name)!.html;
    document.body.appendChild(container);
    const recovered: unknown[] = [];
    const warnings = await warningsOf(() =>
      act(async () => {
        hydrateRoot(container, tree(), { onRecoverableError: (error: unknown) => void recovered.push(error) });
      }),
    );
    assert.equal(recovered, [], `${name}: no recoverable hydration error`);
    assert.equal(warnings, [], `${name}: no warning while hydrating`);
    container.remove();
  }
  assert.is(document.querySelectorAll('style').length, 1, 'the server\'s style element is the only one');
  assert.is(style.textContent, serverCss, 'nothing written twice');
  style.remove();
});

test(`React ${version}: the Grid pages through its fetch function and lays out 3 columns`, async () => {
  await import('./dom');
  const { createRoot } = await import('react-dom/client');
  const container = document.createElement('div');
  document.body.appendChild(container);
  install();
  const root = createRoot(container);
  await act(async () => root.render(<Grid fetchGifs={fetchGifs} width={480} columns={3} />));
  // The loader stays on screen below each page in this short document.
  await act(async () => place('[data-grid-loader]', 1));
  for (let i = 0; i < 40 && container.querySelectorAll('.gif-embed-gif').length < GIFS.length; i++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  }
  const tiles = [...container.querySelectorAll<HTMLElement>('.gif-embed-gif')];
  assert.is(tiles.length, GIFS.length, 'every page fetched (the loader stays in view)');
  assert.equal(tiles.slice(0, 3).map((t) => parseFloat(t.style.insetInlineStart)), [0, 162, 324]);
  await act(async () => root.unmount());
});

test(`React ${version}: a Grid with initialGifs shows them at once and pages on after them`, async () => {
  await import('./dom');
  const { createRoot } = await import('react-dom/client');
  const container = document.createElement('div');
  document.body.appendChild(container);
  install();
  const offsets: number[] = [];
  const counting = (offset: number) => {
    offsets.push(offset);
    return fetchGifs(offset);
  };
  const root = createRoot(container);
  await act(async () => root.render(<Grid fetchGifs={counting} width={480} columns={3} initialGifs={GIFS.slice(0, 3)} />));
  assert.is(container.querySelectorAll('.gif-embed-gif').length, 3, 'the initial GIFs, before any fetch');
  await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
  assert.equal(offsets, [], 'nothing fetched until the loader is seen');
  await act(async () => place('[data-grid-loader]', 1));
  for (let i = 0; i < 40 && container.querySelectorAll('.gif-embed-gif').length < GIFS.length; i++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  }
  assert.is(offsets[0], 3, 'the first page asked for comes after the initial GIFs');
  assert.is(container.querySelectorAll('.gif-embed-gif').length, GIFS.length, 'each GIF once');
  await act(async () => root.unmount());
});

test(`React ${version}: the Carousel and a single Gif render their tiles`, async () => {
  await import('./dom');
  const { createRoot } = await import('react-dom/client');
  const container = document.createElement('div');
  document.body.appendChild(container);
  install();
  const root = createRoot(container);
  await act(async () => root.render(<><Carousel fetchGifs={fetchGifs} gifHeight={120} /><Gif gif={GIFS[1]} width={200} /></>));
  await act(async () => place(container.querySelector('[data-carousel-loader]')!, 1));
  for (let i = 0; i < 40 && container.querySelectorAll('.gif-embed-carousel .gif-embed-gif').length < GIFS.length; i++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  }
  assert.is(container.querySelectorAll('.gif-embed-carousel .gif-embed-gif').length, GIFS.length);
  const single = container.querySelector<HTMLElement>(':scope > .gif-embed-gif')!;
  assert.is(single.getAttribute('aria-label'), 'GIF 1');
  assert.is(single.style.width, '200px');
  await act(async () => root.unmount());
});

/**
 * Under StrictMode (what Vite's and Next's templates render in development), React mounts each
 * component, runs its effects' cleanups and mounts them again, keeping state and memos: whatever
 * an effect aborts must be made again by the effect, or the second mount starts aborted.
 */
const STRICT_TREES: [string, () => ReactElement, string][] = [
  ['Grid', () => <Grid fetchGifs={fetchGifs} width={480} columns={3} />, '[data-grid-loader]'],
  ['Carousel', () => <Carousel fetchGifs={fetchGifs} gifHeight={120} />, '[data-carousel-loader]'],
  ['Gif', () => <Gif gif={GIFS[0]} width={200} />, ''],
  ['GifPicker', () => <GifPicker onSelect={() => {}} height={360} />, '[data-grid-loader]'],
];

test(`React ${version}: under StrictMode, Grid, Carousel, Gif and GifPicker show their GIFs, with no error view`, async () => {
  await import('./dom');
  const { createRoot } = await import('react-dom/client');
  install();
  // The API (the picker's trending GIFs) answers with GIFS; nothing is taken from an earlier test's answers.
  publicCache().clear();
  const list = JSON.stringify({ data: GIFS, pagination: { count: GIFS.length, offset: 0, total_count: GIFS.length }, meta: { response_id: 'r' } });
  globalThis.fetch = window.fetch = (async () => new Response(list, { headers: { 'Content-Type': 'application/json' } })) as typeof fetch;
  for (const [name, tree, loader] of STRICT_TREES) {
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    await act(async () => root.render(<StrictMode>{tree()}</StrictMode>));
    for (let i = 0; i < 40 && container.querySelectorAll('.gif-embed-gif').length < 3; i++) {
      if (loader && container.querySelector(loader)) await act(async () => place(container.querySelector(loader)!, 1));
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    }
    assert.not.match(container.textContent ?? '', FETCH_ERROR_MESSAGE, `${name}: no error view`);
    assert.ok(container.querySelectorAll('.gif-embed-gif').length >= (name === 'Gif' ? 1 : 3), `${name}: its GIFs (${container.querySelectorAll('.gif-embed-gif').length})`);
    await act(async () => root.unmount());
    container.remove();
  }
});

test(`React ${version}: a Grid hydrated from initialGifs under StrictMode pages on after them`, async () => {
  await import('./dom');
  const { hydrateRoot } = await import('react-dom/client');
  install();
  const offsets: number[] = [];
  const counting = (offset: number) => {
    offsets.push(offset);
    return fetchGifs(offset);
  };
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = served.get('Grid with initialGifs')!.html;
  let root: ReturnType<typeof hydrateRoot> | undefined;
  const warnings = await warningsOf(() => act(async () => {
    root = hydrateRoot(container, <StrictMode><Grid fetchGifs={counting} width={480} columns={3} initialGifs={GIFS.slice(0, 3)} /></StrictMode>);
  }));
  assert.equal(warnings, [], 'no warning while hydrating');
  for (let i = 0; i < 40 && container.querySelectorAll('.gif-embed-gif').length < GIFS.length; i++) {
    await act(async () => place(container.querySelector('[data-grid-loader]')!, 1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  }
  assert.is(offsets[0], 3, 'the first page asked for comes after the initial GIFs');
  assert.is(container.querySelectorAll('.gif-embed-gif').length, GIFS.length, 'each GIF once');
  await act(async () => root!.unmount());
  container.remove();
});

/** Waits (up to 2 s, in act) until `done`. */
async function settle(done: () => boolean, what: string) {
  for (let i = 0; i < 40 && !done(); i++) await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  assert.ok(done(), what);
}

test(`React ${version}: under StrictMode the picker and the Grid speak their locale; the Arabic Grid runs right to left`, async () => {
  await import('./dom');
  const { createRoot } = await import('react-dom/client');
  install();
  globalThis.fetch = window.fetch = emptyApi;
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  const failing = async (): Promise<Page<GifData>> => {
    throw new Error('down');
  };
  await act(async () => root.render(<StrictMode><GifPicker onSelect={() => {}} height={360} locale="de" /><Grid fetchGifs={failing} width={480} locale="ar-EG" /></StrictMode>));
  const picker = () => container.querySelector('.gif-embed-picker')!;
  await settle(() => picker().getAttribute('lang') === 'de', 'the picker in German');
  assert.equal([...container.querySelectorAll('[role=tab]')].map((t) => t.getAttribute('aria-label') ?? t.textContent), ['Zuletzt', 'Favoriten', 'GIFs', 'Sticker']);
  assert.is(container.querySelector('[role=combobox]')!.getAttribute('aria-label'), 'GIFs suchen');
  const grid = container.querySelector(':scope > .gif-embed-grid')!;
  await act(async () => place(grid.querySelector('[data-grid-loader]')!, 1));
  await settle(() => grid.querySelector('[role=alert]')?.textContent === 'حدث خطأ أثناء تحميل صور GIF.إعادة المحاولة؟', 'the Grid\'s error view in Arabic');
  assert.equal([grid.getAttribute('lang'), grid.getAttribute('dir')], ['ar', 'rtl']);
  await act(async () => root.unmount());
  container.remove();
});

test(`React ${version}: a hydrated picker matches the server's English, then takes the page's <html lang>; a locale loaded first renders on both sides`, async () => {
  await import('./dom');
  const { hydrateRoot } = await import('react-dom/client');
  install();
  globalThis.fetch = window.fetch = emptyApi;
  document.documentElement.lang = 'ja';
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = served.get('GifPicker')!.html;
  assert.match(container.innerHTML, /lang="en"/, 'the server knew no page: English');
  const recovered: unknown[] = [];
  let root: ReturnType<typeof hydrateRoot> | undefined;
  const warnings = await warningsOf(() => act(async () => {
    root = hydrateRoot(container, <StrictMode><GifPicker onSelect={() => {}} height={360} /></StrictMode>, { onRecoverableError: (error: unknown) => void recovered.push(error) });
  }));
  assert.equal([warnings, recovered], [[], []], 'no mismatch');
  await settle(() => container.querySelector('.gif-embed-picker')!.getAttribute('lang') === 'ja', 'Japanese after hydrating');
  assert.is(container.querySelector('[role=combobox]')!.getAttribute('aria-label'), 'GIF を検索');
  await act(async () => root!.unmount());
  document.documentElement.removeAttribute('lang');

  // An app that renders French on its server loads the table first, there and in the browser.
  await loadLocale('fr');
  const tree = () => <Grid fetchGifs={fetchGifs} width={480} columns={3} initialGifs={GIFS.slice(0, 3)} locale="fr" />;
  container.innerHTML = renderToString(tree());
  assert.match(container.innerHTML, /lang="fr"/);
  assert.match(container.innerHTML, /aria-label="Chargement"/);
  const again = await warningsOf(() => act(async () => {
    root = hydrateRoot(container, <StrictMode>{tree()}</StrictMode>, { onRecoverableError: (error: unknown) => void recovered.push(error) });
  }));
  assert.equal([again, recovered], [[], []], 'no mismatch');
  await act(async () => root!.unmount());
  container.remove();
});

test(`React ${version}: a hydrated picker matches the server's (nothing kept there), then opens the reader's Recent tab; a star under StrictMode is kept once`, async () => {
  await import('./dom');
  const { hydrateRoot } = await import('react-dom/client');
  install();
  globalThis.fetch = window.fetch = emptyApi;
  const { keptForm, resetKept } = await import('../../src/sdk/picker/kept');
  resetKept();
  localStorage.setItem('gif-embed:picker-recents', JSON.stringify({ v: 1, gifs: GIFS.slice(0, 2).map(keptForm) }));
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = served.get('GifPicker')!.html;
  assert.match(container.innerHTML, /aria-selected="true"[^>]*>GIFs</, 'the server opened on GIFs: it knows nothing kept');
  const recovered: unknown[] = [];
  const heard: string[][] = [];
  let root: ReturnType<typeof hydrateRoot> | undefined;
  const warnings = await warningsOf(() => act(async () => {
    root = hydrateRoot(container, <StrictMode><GifPicker onSelect={() => {}} height={360} onFavoritesChange={(ids) => heard.push(ids)} /></StrictMode>, { onRecoverableError: (error: unknown) => void recovered.push(error) });
  }));
  assert.equal([warnings, recovered], [[], []], 'no mismatch');
  await settle(() => container.querySelector('[role=tab][aria-selected=true]')?.getAttribute('aria-label') === 'Recent', 'the Recent tab after hydrating');
  place('[data-gif-id]', 1);
  await settle(() => container.querySelectorAll('[role=tabpanel] [data-gif-id]').length === 2, 'the recents');
  const tile = container.querySelector<HTMLElement>('[role=tabpanel] [data-gif-id="g0"]')!;
  await act(async () => void tile.dispatchEvent(new KeyboardEvent('keydown', { key: 'f', bubbles: true, cancelable: true })));
  assert.equal(heard, [['g0']], 'heard once, StrictMode or not');
  assert.equal(JSON.parse(localStorage.getItem('gif-embed:picker-favorites')!).gifs.map((g: { id: string }) => g.id), ['g0']);
  await act(async () => root!.unmount());
  container.remove();
  localStorage.clear();
});

test.after(async () => {
  await (await import('./dom')).closeDom();
  // React's act() queues its work on MessageChannels when bundled (it cannot reach Node's
  // setImmediate from an ES module), and their ports keep the process open after the run.
  // uvu has set the exit code by the time this fires.
  setTimeout(() => process.exit(), 500).unref();
});

test.run();
