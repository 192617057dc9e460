/**
 * The React example (examples/react, built with React 19 from npm): the same Grid, Carousel and
 * Gif components rendered by real React, not Preact.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { animationsDone, withEnv, open, requestsTo, snap, DESKTOP, PHONE, type Env } from './support/harness';

let env: Env;
withEnv(test, (started) => (env = started));

/** Keys React 19 puts on the DOM nodes it owns (`__reactFiber$<random>`, `__reactProps$<random>`). */
const reactKeysOf = (selector: string) => `Object.keys(document.querySelector(${JSON.stringify(selector)}) || {}).filter((k) => k.startsWith('__reactFiber$') || k.startsWith('__reactProps$'))`;

test('React renders the Grid: tiles carry React fiber keys, and the heading names React 19', async () => {
  const { page, requests, errors, context } = await open(env, '/examples/react/index.html', DESKTOP);
  try {
    const tiles = page.locator('.search-grid .gif-embed-grid .gif-embed-gif');
    await tiles.nth(9).waitFor();
    const keys: string[] = await page.evaluate(reactKeysOf('.search-grid .gif-embed-grid .gif-embed-gif'));
    assert.ok(keys.some((k) => k.startsWith('__reactFiber$')), `React fiber on a grid tile: ${keys}`);
    assert.ok(keys.some((k) => k.startsWith('__reactProps$')));
    const heading = (await page.locator('h1').textContent()) ?? '';
    assert.match(heading, /with React 19\./, 'React version from the react package itself');
    assert.is(await page.evaluate(() => typeof (window as unknown as { GifEmbedSDK?: unknown }).GifEmbedSDK), 'undefined', 'the Preact bundle is not on the page');
    assert.is(requestsTo(requests, /^\/sdk\.js/).length, 0);
    assert.is(await tiles.count(), 10, 'the "loop" search');
    assert.equal(errors, []);
    await snap(page, 'sdk-react-desktop');
  } finally {
    await context.close();
  }
});

test('server-rendered: with JavaScript off the page shows its GIFs, each a loaded image with its size and alt text', async () => {
  const { page, context } = await open(env, '/examples/react/', { ...DESKTOP, javaScriptEnabled: false });
  try {
    const images = await page.evaluate(`Promise.all([...document.querySelectorAll('.gif-embed-gif img')].map((img) =>
      (img.complete ? Promise.resolve() : new Promise((r) => { img.onload = img.onerror = r; })).then(() => ({
        where: img.closest('.search-grid') ? 'grid' : img.closest('.gif-embed-carousel') ? 'carousel' : 'single',
        alt: img.alt, width: img.getAttribute('width'), height: img.getAttribute('height'), loaded: img.naturalWidth > 0,
        shown: img.getBoundingClientRect().width > 0,
      }))))`) as { where: string; alt: string; width: string; height: string; loaded: boolean; shown: boolean }[];
    const count = (where: string) => images.filter((i) => i.where === where).length;
    assert.equal([count('carousel'), count('single'), count('grid')], [10, 1, 10], 'trending, the single GIF and the "loop" search');
    for (const i of images) {
      assert.ok(i.alt && Number(i.width) > 0 && Number(i.height) > 0, `an image with its size and alt text: ${JSON.stringify(i)}`);
      assert.ok(i.shown, `laid out: ${i.alt}`);
    }
    // Those in view load at once (loading=lazy leaves the rest to the browser).
    assert.ok(images.filter((i) => i.loaded).length >= 10, `loaded: ${images.filter((i) => i.loaded).length}`);
    await snap(page, 'sdk-react-no-javascript');
  } finally {
    await context.close();
  }
});

test('server-rendered: the browser hydrates the HTML with no warning and fetches none of the pages the server sent', async () => {
  const { page, requests, errors, context } = await open(env, '/examples/react/', DESKTOP);
  try {
    const tiles = page.locator('.search-grid .gif-embed-grid .gif-embed-gif');
    await tiles.nth(9).waitFor();
    // Hydrated: React owns the server's tiles, and the status counts the server's page.
    await page.waitForFunction(reactKeysOf('.search-grid .gif-embed-grid .gif-embed-gif') + '.length > 0');
    assert.match((await page.locator('.search-grid .status').textContent()) ?? '', /^10 results for "loop"/);
    // (The picker's own first pages, 25 GIFs and the trending searches, are not in the HTML: it asks for them.)
    const firstPages = requests.map((r) => new URL(r.url()))
      .filter((u) => u.pathname.startsWith('/v1/') && u.pathname !== '/v1/trending/searches' && u.searchParams.get('limit') !== '25' && (u.searchParams.get('offset') ?? '0') === '0');
    assert.equal(firstPages.map((u) => u.pathname), [], 'no first page asked for again');
    assert.equal(errors, [], 'no hydration warning or error');
  } finally {
    await context.close();
  }
});

test('the vanilla page is rendered by Preact: no React fiber keys there', async () => {
  const { page, context } = await open(env, '/examples/sdk.html?q=loop', DESKTOP);
  try {
    await page.locator('#grid .gif-embed-gif').first().waitFor();
    const keys: string[] = await page.evaluate(reactKeysOf('#grid .gif-embed-gif'));
    assert.equal(keys, []);
  } finally {
    await context.close();
  }
});

test('React app: a new search term restarts the Grid, and scrolling pages on', async () => {
  const { page, requests, errors, context } = await open(env, '/examples/react/index.html', DESKTOP);
  try {
    const tiles = page.locator('.search-grid .gif-embed-grid .gif-embed-gif');
    await tiles.nth(9).waitFor();
    await page.getByRole('searchbox', { name: 'Search GIFs' }).fill('');
    await page.waitForFunction(() => document.querySelectorAll('.search-grid .gif-embed-grid .gif-embed-gif').length === 12);
    const trendingGrid = requestsTo(requests, /^\/v1\/gifs\/trending\?.*limit=12/);
    assert.equal(trendingGrid.map((r) => new URL(r.url()).searchParams.get('offset')), ['0']);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() => document.querySelectorAll('.search-grid .gif-embed-grid .gif-embed-gif').length === 24);
    assert.match((await page.locator('.search-grid .status').textContent()) ?? '', /^24 results/);
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test('React app (development build, StrictMode): the picker shows trending GIFs, searches, and a click picks', async () => {
  const { page, errors, context } = await open(env, '/examples/react/index.html', DESKTOP);
  try {
    const picker = page.locator('.gif-embed-picker');
    await picker.scrollIntoViewIfNeeded();
    const tiles = picker.locator('.gif-embed-gif');
    await tiles.nth(3).waitFor();
    assert.is(await picker.getByText('Error loading GIFs.').count(), 0, 'no error view');
    await picker.getByRole('combobox', { name: 'Search GIFs' }).fill('loop');
    await page.waitForFunction(() => document.querySelector('.gif-embed-picker > [role=status]')?.textContent?.endsWith('for \u2068loop\u2069'));
    await tiles.first().click();
    await page.waitForFunction(() => document.querySelector('.picked')?.textContent?.startsWith('Picked: '));
    // The picker's suggested alt, shown for editing: the GIF's title.
    const alt = page.getByRole('textbox', { name: 'Alt text, in your words' });
    assert.is(await alt.inputValue(), (await page.locator('.picked').textContent())!.replace(/^Picked: /, ''));
    await alt.fill('Dots that loop forever');
    assert.is(await alt.inputValue(), 'Dots that loop forever');
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test('React app on a phone', async () => {
  const { page, errors, context } = await open(env, '/examples/react/index.html', PHONE);
  try {
    await page.locator('.search-grid .gif-embed-grid .gif-embed-gif').nth(3).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.is(overflow, 0);
    await animationsDone(page);
    await snap(page, 'sdk-react-phone');
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test.run();
