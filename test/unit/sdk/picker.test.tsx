import { capturePingbacks, render, run, wait } from './support/render';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { install } from '../support/observers';
import { configure } from '../../../src/config';
import { publicCache } from '../../../src/api';
import { AUTOCOMPLETE_DEBOUNCE_MS, GifPicker, SEARCH_DEBOUNCE_MS } from '../../../src/sdk';
import { renderPicker } from '../../../src/sdk/vanilla';
import type { Gif } from '../../../src/model';
import { makeGif } from './support/fixtures';
import { resetKept } from '../../../src/sdk/picker/kept';

/** A stand-in API: answers by path, records every request with its signal, holds chosen answers. */
function fakeApi() {
  const requests: { path: string; q: string | null; at: number; signal?: AbortSignal | null }[] = [];
  const held = new Map<string, () => void>();
  let holdQ: string | undefined;
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: string, init?: RequestInit) => {
    const url = new URL(String(input));
    const path = url.pathname.replace(/^\/v1\//, '');
    const q = url.searchParams.get('q');
    requests.push({ path, q, at: performance.now(), signal: init?.signal });
    if (q !== null && q === holdQ) {
      await new Promise<void>((resolve, reject) => {
        held.set(q, resolve);
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
      });
    }
    const offset = Number(url.searchParams.get('offset') || 0);
    let body: unknown;
    if (path === 'trending/searches') body = { data: ['cats', 'dogs', 'dance'], meta: { response_id: 'ts' } };
    else if (path === 'gifs/search/tags') body = { data: ['cat', 'cats', 'catch'].filter((t) => t.startsWith(q!.split(' ').pop()!)).map((name) => ({ name })), meta: { response_id: 'tags' } };
    else if (path === 'channels/search') body = { data: [{ id: '1', slug: 'pixelsmith', display_name: 'Pixel Smith', user: { username: 'pixelsmith' } }], meta: { response_id: 'ch' } };
    else {
      const total = q === 'nothing' ? 0 : 24;
      const data = Array.from({ length: Math.max(0, Math.min(4, total - offset)) }, (_, i) => ({ ...makeGif(`${path.split('/')[0]}-${q ?? 'trending'}-${offset + i}`), images: makeGif('x').images }));
      body = { data, pagination: { count: data.length, offset, total_count: total }, meta: { response_id: `resp-${q ?? 'trending'}` } };
    }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return {
    requests,
    to: (path: string) => requests.filter((r) => r.path === path),
    hold: (q: string) => (holdQ = q),
    release: (q: string) => held.get(q)?.(),
    restore: () => (globalThis.fetch = original),
  };
}

let api: ReturnType<typeof fakeApi>;
test.before.each(() => {
  install();
  publicCache().clear();
  sessionStorage.clear();
  localStorage.clear();
  resetKept();
  configure({ apiBase: 'https://api.test', apiKey: 'k', pingbackBase: 'https://pingback.test' });
  (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
  api = fakeApi();
  capturePingbacks();
});
test.after.each(() => {
  api.restore();
});

const field = (c: Element) => c.querySelector('[role=combobox]') as HTMLInputElement;
const status = (c: Element) => c.querySelector('.gif-embed-picker > [role=status]')?.textContent ?? '';
const options = (c: Element) => [...c.querySelectorAll('[role=option]')] as HTMLElement[];
const tiles = (c: Element) => [...c.querySelectorAll('.gif-embed-gif')] as HTMLElement[];
const key = (el: Element, k: string) => run(() => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })));

/** Types `text` into the field one character every `everyMs`, as a person would; returns when each key came. */
async function type(input: HTMLInputElement, text: string, everyMs = 100): Promise<number[]> {
  const at: number[] = [];
  for (const ch of text) {
    at.push(performance.now());
    await run(() => {
      input.value += ch;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await wait(everyMs);
  }
  return at;
}

/**
 * The searches made while typing `keys` end with one for `q`, and there is no other unless a
 * pause between keys (a busy machine makes some) was long enough for the results to follow.
 */
function assertSearches(made: { q: string | null }[], q: string, keys: number[]) {
  const pauses = keys.slice(1).filter((t, i) => t - keys[i] >= SEARCH_DEBOUNCE_MS).length;
  assert.is(made[made.length - 1]?.q, q);
  assert.ok(made.length <= 1 + pauses, `searches ${JSON.stringify(made.map((x) => x.q))} with ${pauses} long pauses`);
}

/** Gaps between keys long enough for suggestions to be asked for (a busy machine makes some). */
const pausesIn = (at: number[]) => at.slice(1).filter((t, i) => t - at[i] >= AUTOCOMPLETE_DEBOUNCE_MS).length;

async function until(done: () => boolean, what: string, timeoutMs = 4000) {
  const start = performance.now();
  while (!done()) {
    if (performance.now() - start > timeoutMs) assert.unreachable(`timed out waiting for ${what}`);
    await run(() => wait(20));
  }
}

test('opens on trending GIFs with trending searches as chips; the field is a labelled combobox', async () => {
  const r = await render(<GifPicker onSelect={() => {}} />);
  await until(() => tiles(r.container).length > 0, 'trending tiles');
  assert.ok(api.to('gifs/trending').length === 1);
  const chips = [...r.container.querySelectorAll('ul[aria-label="Trending searches"] button')].map((b) => b.textContent);
  assert.equal(chips, ['cats', 'dogs', 'dance']);
  const input = field(r.container);
  assert.is(input.getAttribute('aria-label'), 'Search GIFs');
  assert.is(input.getAttribute('aria-expanded'), 'false');
  assert.is(input.getAttribute('aria-controls'), r.container.querySelector('[role=listbox]')!.id);
  assert.equal((window as unknown as { dataLayer: unknown[] }).dataLayer, [], 'trending GIFs are no page of the site');
  await r.unmount();
});

test('typing "funny cats" at 10 characters a second: at most 2 autocomplete requests, 1 search after the debounce, its count announced and its page viewed', async () => {
  const r = await render(<GifPicker onSelect={() => {}} />);
  await until(() => api.to('gifs/trending').length === 1, 'trending');
  const t0 = performance.now();
  const keys = await type(field(r.container), 'funny cats');
  const typedAt = performance.now();
  await until(() => status(r.container) === '24 GIFs for \u2068funny cats\u2069', 'the announcement');
  const asked = api.to('gifs/search').filter((x) => x.q === 'funny cats');
  assert.is(asked.length, 1);
  // (setTimeout may fire a few ms early by the performance clock.)
  assert.ok(asked[0].at - keys[keys.length - 1] >= SEARCH_DEBOUNCE_MS - 5, 'the search waited for the pause after the last key');
  // At 10 characters a second: at most 2 (and one more for each pause a busy machine made).
  assert.ok(api.to('gifs/search/tags').length <= 2 + pausesIn(keys), `${api.to('gifs/search/tags').length} autocomplete requests, ${pausesIn(keys)} pauses`);
  const searched = api.to('gifs/search');
  assertSearches(searched, 'funny cats', keys);
  assert.is(status(r.container), '24 GIFs for \u2068funny cats\u2069');
  const layer = (window as unknown as { dataLayer: { virtualPageURL: string }[] }).dataLayer;
  assert.is(layer[layer.length - 1].virtualPageURL, '/search/funny-cats/page/1');
  // A search superseded while its answer was on the way was aborted: no page of it was seen.
  assert.ok(layer.length <= searched.length, 'a page view only for a page of results that came');
  assert.ok(typedAt - t0 >= 900);
  await r.unmount();
});

test('a newer text aborts the autocomplete request of an older one, and its late answer is never shown', async () => {
  const r = await render(<GifPicker onSelect={() => {}} />);
  api.hold('ca');
  await type(field(r.container), 'ca', 10);
  await until(() => api.to('gifs/search/tags').length === 1, 'the request for "ca"');
  await type(field(r.container), 't', 10);
  await until(() => api.to('gifs/search/tags').length === 2, 'the request for "cat"');
  assert.ok(api.to('gifs/search/tags')[0].signal?.aborted, 'the request for "ca" was aborted');
  await until(() => options(r.container).length > 0, 'suggestions for "cat"');
  api.release('ca');
  await wait(AUTOCOMPLETE_DEBOUNCE_MS);
  assert.equal(options(r.container).map((o) => o.textContent), ['cat', 'cats', 'catch']);
  await r.unmount();
});

test('keyboard: ArrowDown into the suggestions, Enter searches; ArrowDown into the results, Enter picks', async () => {
  const picked: [Gif, string][] = [];
  const r = await render(<GifPicker onSelect={(g, { alt }) => picked.push([g, alt])} />);
  const input = field(r.container);
  input.focus();
  await type(input, 'cat', 20);
  // The list for "cat" itself (a busy machine's pause between keys may have opened one for "ca").
  await until(() => api.to('gifs/search/tags').some((x) => x.q === 'cat'), 'the suggestions asked for "cat"');
  await run(() => wait(50));
  await until(() => input.getAttribute('aria-expanded') === 'true', 'the list open');
  await key(input, 'ArrowDown');
  await key(input, 'ArrowDown');
  const active = input.getAttribute('aria-activedescendant')!;
  assert.is(document.getElementById(active)?.textContent, 'cats');
  assert.is(document.getElementById(active)?.getAttribute('aria-selected'), 'true');
  const suggested = api.to('gifs/search/tags').length;
  await key(input, 'Enter');
  assert.is(input.value, 'cats');
  assert.is(input.getAttribute('aria-expanded'), 'false');
  await until(() => api.to('gifs/search').some((x) => x.q === 'cats'), 'the search for "cats"');
  await until(() => tiles(r.container)[0]?.dataset.gifId === 'gifs-cats-0', 'the results');
  await key(input, 'ArrowDown');
  assert.is(document.activeElement, tiles(r.container)[0], 'focus on the first result');
  await key(document.activeElement!, 'Enter');
  assert.equal(picked.map(([g, alt]) => [g.id, alt]), [['gifs-cats-0', 'Title gifs-cats-0']], 'the GIF, with a suggested alt');
  assert.is(api.to('gifs/search/tags').length, suggested, 'a chosen suggestion asks for no suggestions');
  await r.unmount();
});

test('Escape closes the suggestions, then clears the field, then asks the popover to close', async () => {
  let closed = 0;
  const r = await render(<GifPicker onSelect={() => {}} onClose={() => closed++} />);
  const input = field(r.container);
  input.focus();
  await type(input, 'ca', 20);
  await until(() => input.getAttribute('aria-expanded') === 'true', 'the list open');
  await key(input, 'Escape');
  assert.equal([input.getAttribute('aria-expanded'), input.value, closed], ['false', 'ca', 0]);
  await key(input, 'Escape');
  assert.equal([input.value, closed], ['', 0]);
  await key(input, 'Escape');
  assert.is(closed, 1);
  await r.unmount();
});

test('tabs: Stickers asks for stickers, searches search stickers; no results says so', async () => {
  const r = await render(<GifPicker onSelect={() => {}} />);
  const stickers = [...r.container.querySelectorAll('[role=tab]')].find((t) => t.textContent === 'Stickers') as HTMLElement;
  await run(() => stickers.click());
  assert.is(stickers.getAttribute('aria-selected'), 'true');
  await until(() => api.to('stickers/trending').length === 1, 'trending stickers');
  const keys = await type(field(r.container), 'nothing', 10);
  await until(() => status(r.container) === 'No stickers found for “\u2068nothing\u2069”.', 'the announcement');
  assertSearches(api.to('stickers/search'), 'nothing', keys);
  await until(() => !!r.container.querySelector('[data-no-results]'), 'the no-results message');
  assert.is(r.container.querySelector('[data-no-results]')!.textContent, 'No stickers found for “\u2068nothing\u2069”.');
  await r.unmount();
});

test('@ suggests channels; a chosen channel scopes the search (q "@channel term"); the words follow the search language', async () => {
  const r = await render(<GifPicker onSelect={() => {}} rating="pg" lang="es" />);
  const input = field(r.container);
  await type(input, '@pix', 20);
  await until(() => options(r.container).length > 0, 'channel suggestions');
  assert.equal(options(r.container).map((o) => o.textContent), ['@pixelsmith (Pixel Smith)']);
  await run(() => options(r.container)[0].click());
  assert.is(input.value, '@pixelsmith ');
  const keys = await type(input, 'dots', 20);
  await until(() => status(r.container) === '24 GIF de \u2068dots\u2069 de @\u2068pixelsmith\u2069', 'the announcement, in Spanish');
  assertSearches(api.to('gifs/search'), '@pixelsmith dots', keys);
  await r.unmount();
});

test('renderPicker and <gif-picker> render the same picker; the element tells the page with events', async () => {
  assert.throws(() => renderPicker('#nowhere', { onSelect: () => {} }), /renderPicker: no element/);
  assert.throws(() => renderPicker(document.body, {} as never), /renderPicker: options.onSelect must be a function/);
  const el = document.createElement('gif-picker');
  el.setAttribute('media-type', 'stickers');
  el.setAttribute('term', 'dance');
  const picked: string[] = [];
  let closed = 0;
  el.addEventListener('gif-select', (e) => picked.push(`${(e as CustomEvent<Gif & { alt: string }>).detail.id}: ${(e as CustomEvent<Gif & { alt: string }>).detail.alt}`));
  el.addEventListener('gif-picker-close', () => closed++);
  await run(() => document.body.appendChild(el));
  await until(() => el.querySelectorAll('.gif-embed-gif').length > 0, 'results in the element');
  assert.equal(api.to('stickers/search').map((x) => x.q), ['dance']);
  await run(() => (el.querySelector('.gif-embed-gif') as HTMLElement).click());
  assert.equal(picked, ['stickers-dance-0: Title stickers-dance-0']);
  const input = field(el);
  await run(() => {
    input.value = '';
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await key(input, 'Escape');
  assert.is(closed, 1);
  await run(() => el.remove());
  assert.is(el.innerHTML, '', 'removed: unmounted');
});

test('locale: every word of the picker in German, marked de; a count in its plural form; no results in its quotes', async () => {
  const r = await render(<GifPicker onSelect={() => {}} locale="de-AT" />);
  const root = r.container.querySelector('.gif-embed-picker')!;
  await until(() => root.getAttribute('lang') === 'de', 'the German table');
  assert.is(root.getAttribute('dir'), 'ltr');
  assert.is(r.container.querySelector('[role=tablist]')!.getAttribute('aria-label'), 'Medientyp');
  assert.equal([...r.container.querySelectorAll('[role=tab]')].map((t) => t.getAttribute('aria-label') ?? t.textContent), ['Zuletzt', 'Favoriten', 'GIFs', 'Sticker']);
  const input = field(r.container);
  assert.equal([input.getAttribute('aria-label'), input.placeholder], ['GIFs suchen', 'GIFs suchen']);
  assert.is(r.container.querySelector('[role=listbox]')!.getAttribute('aria-label'), 'Vorschläge');
  await until(() => !!r.container.querySelector('ul[aria-label="Beliebte Suchanfragen"]'), 'the chips, labelled');
  await type(input, 'katzen', 20);
  await until(() => status(r.container) === '24 GIFs für \u2068katzen\u2069', 'the count, in German');
  assert.is(r.container.querySelector('[aria-label="Suche löschen"]')?.textContent?.trim(), '×');
  const sticker = [...r.container.querySelectorAll('[role=tab]')].find((t) => t.textContent === 'Sticker') as HTMLElement;
  await run(() => sticker.click());
  assert.is(input.getAttribute('aria-label'), 'Sticker suchen');
  await run(() => {
    input.value = 'nothing';
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await until(() => r.container.querySelector('[data-no-results]')?.textContent === 'Keine Sticker für „\u2068nothing\u2069“ gefunden.', 'no results, in German');
  await until(() => status(r.container) === 'Keine Sticker für „\u2068nothing\u2069“ gefunden.', 'said as shown');
  await r.unmount();
});

test('locale: an Arabic picker runs right to left; a language with no table is English marked en; locale wins over lang', async () => {
  let r = await render(<GifPicker onSelect={() => {}} locale="ar" lang="es" />);
  const root = () => r.container.querySelector('.gif-embed-picker')!;
  await until(() => root().getAttribute('lang') === 'ar', 'the Arabic table');
  assert.is(root().getAttribute('dir'), 'rtl');
  assert.is(field(r.container).getAttribute('aria-label'), 'البحث عن صور GIF');
  await r.unmount();
  r = await render(<GifPicker onSelect={() => {}} locale="sv" />);
  assert.equal([root().getAttribute('lang'), root().getAttribute('dir')], ['en', 'ltr']);
  assert.is(field(r.container).getAttribute('aria-label'), 'Search GIFs');
  await r.unmount();
});

test('<gif-picker> reads the nearest lang around it, unless the app configured a locale; its locale attribute beats both', async () => {
  const section = document.body.appendChild(document.createElement('section'));
  section.lang = 'fr';
  const make = async (attributes: Record<string, string> = {}) => {
    const el = document.createElement('gif-picker');
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    await run(() => section.appendChild(el));
    return el;
  };
  const langOf = (el: Element) => el.querySelector('.gif-embed-picker')?.getAttribute('lang');
  let el = await make();
  await until(() => langOf(el) === 'fr', 'French, from the section');
  await run(() => el.remove());
  configure({ locale: 'de' });
  el = await make();
  await until(() => langOf(el) === 'de', 'German, from the configuration');
  await run(() => el.remove());
  el = await make({ locale: 'it' });
  await until(() => langOf(el) === 'it', 'Italian, its own');
  await run(() => el.remove());
  configure({ locale: '' });
  section.remove();
});

test.run();
