import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { showPictures } from '../../../src/embed/early-picture';
import type { EarlyGifs } from '../../../src/embed/global';

/** The API's GIF `id`: its renditions on a numbered media host, WebP beside each GIF. */
const gifJson = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'gif',
  images: {
    fixed_width: { url: `https://media3.giphy.com/media/${id}/200w.gif`, webp: `https://media3.giphy.com/media/${id}/200w.webp`, width: '200', height: '150' },
    downsized: { url: `https://media3.giphy.com/media/${id}/giphy-downsized.gif`, webp: `https://media3.giphy.com/media/${id}/giphy-downsized.webp`, width: '480', height: '360' },
    original: { url: `https://media3.giphy.com/media/${id}/giphy.gif`, webp: `https://media3.giphy.com/media/${id}/giphy.webp`, width: '960', height: '720' },
  },
  ...extra,
});

/** embed.js's request for `ids`, answered with `body` (JSON of `data`, unless text is given) and `status`. */
const early = (ids: string[], data: unknown[], { status = 200, body }: { status?: number; body?: string } = {}): EarlyGifs => ({
  url: 'https://api.example/v1/gifs',
  ids,
  answer: Promise.resolve(new Response(body ?? JSON.stringify({ data, meta: { status } }), { status })),
});

/** embed.js's tag, with `attrs`. */
function tag(attrs: Record<string, string> = {}) {
  const el = document.createElement('script');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

/** A plain snippet (its one link's text), its box reserved as the README's, `width` px wide as the page lays it out, `top` px down the viewport. */
function snippet(id: string, attrs = '', width = 480, top = 0) {
  document.body.insertAdjacentHTML('beforeend', `<div data-gif-id="${id}" data-width="480" data-height="360" style="aspect-ratio:480/360;width:480px;max-width:100%" ${attrs}><a href="/gifs/${id}">Bouncing dots</a></div>`);
  const el = document.body.lastElementChild as HTMLElement;
  const height = (width * 3) / 4;
  el.getBoundingClientRect = () => ({ width, height, top, left: 0, right: width, bottom: top + height, x: 0, y: top, toJSON() {} }) as DOMRect;
  return el;
}

const realMatchMedia = globalThis.matchMedia;
/** The media queries the reader's settings match. */
let matching: string[] = [];
test.before(() => {
  globalThis.matchMedia = ((query: string) => ({ matches: matching.includes(query), media: query })) as typeof matchMedia;
});
test.after(() => {
  globalThis.matchMedia = realMatchMedia;
});
test.before.each(() => {
  matching = [];
  document.body.innerHTML = '';
});

const never = () => false;

test('a plain snippet in a reserved box gets the progressive snippet\'s picture of the rendition for its box, on the plain media host, its link\'s words as the alt', async () => {
  const el = snippet('one');
  const small = snippet('two', '', 200);
  await showPictures(early(['one', 'two'], [gifJson('one'), gifJson('two')]), tag(), never);
  const link = el.querySelector('a')!;
  assert.is(link.getAttribute('href'), '/gifs/one', 'the link stays');
  assert.is(link.children.length, 1);
  const picture = link.firstElementChild!;
  assert.is(picture.localName, 'picture');
  const source = picture.querySelector('source')!;
  assert.is(source.getAttribute('type'), 'image/webp');
  assert.is(source.getAttribute('srcset'), 'https://media.giphy.com/media/one/giphy-downsized.webp');
  const img = picture.querySelector('img')!;
  assert.is(img.getAttribute('src'), 'https://media.giphy.com/media/one/giphy-downsized.gif');
  assert.is(img.alt, 'Bouncing dots');
  assert.ok(img.hasAttribute('data-gif-early'), 'marked: the player does not take the link\'s words for the author\'s');
  assert.equal([img.width, img.height, img.decoding], [480, 360, 'async']);
  assert.equal([img.style.display, img.style.width, img.style.aspectRatio, img.style.objectFit], ['block', '100%', '480 / 360', 'contain'], 'it fills the box the page reserved, in the box\'s shape');
  // A narrower box, a smaller file: the player's own choice (spec §5).
  assert.is(small.querySelector('img')!.getAttribute('src'), 'https://media.giphy.com/media/two/200w.gif');
});

test('every box of the first screen is read before a picture goes in (a box read after one went in would lay the page out again)', async () => {
  const boxes = [snippet('one'), snippet('two', '', 480, 400), snippet('three', '', 480, innerHeight + 10)];
  /** How many pictures were in the page as each box was read. */
  const picturesAtRead: number[] = [];
  for (const el of boxes) {
    const read = el.getBoundingClientRect;
    el.getBoundingClientRect = () => (picturesAtRead.push(document.querySelectorAll('picture').length), read());
  }
  await showPictures(early(['one', 'two', 'three'], [gifJson('one'), gifJson('two'), gifJson('three')]), tag(), never);
  assert.equal(picturesAtRead, [0, 0, 0], 'the one below the first screen, read to end the list, too');
  assert.equal(boxes.map((el) => !!el.querySelector('picture')), [true, true, false]);
});

test('a sticker\'s picture is its GIF file (no WebP source), as the player shows it', async () => {
  const el = snippet('one');
  await showPictures(early(['one'], [gifJson('one', { is_sticker: 1 })]), tag(), never);
  assert.is(el.querySelector('source'), null);
  assert.is(el.querySelector('picture > img')!.getAttribute('src'), 'https://media.giphy.com/media/one/giphy-downsized.gif');
});

test('no picture where the player would not show the GIF moving at once: a placeholder\'s or the tag\'s autoplay, the page\'s switch, the reader\'s reduced motion or Data Saver, a clip', async () => {
  const plain = (el: HTMLElement) => el.innerHTML === `<a href="/gifs/${el.dataset.gifId}">Bouncing dots</a>`;
  const cases: [string, () => Promise<HTMLElement>][] = [
    ['data-autoplay="click"', async () => {
      const el = snippet('one', 'data-autoplay="click"');
      await showPictures(early(['one'], [gifJson('one')]), tag(), never);
      return el;
    }],
    ['the tag\'s data-autoplay="hover"', async () => {
      const el = snippet('one');
      await showPictures(early(['one'], [gifJson('one')]), tag({ 'data-autoplay': 'hover' }), never);
      return el;
    }],
    ['GifEmbed.setAutoplay before the answer', async () => {
      const el = snippet('one');
      await showPictures(early(['one'], [gifJson('one')]), tag(), () => true);
      return el;
    }],
    ['reduced motion', async () => {
      matching = ['(prefers-reduced-motion: reduce)'];
      const el = snippet('one');
      await showPictures(early(['one'], [gifJson('one')]), tag(), never);
      return el;
    }],
    ['reduced data', async () => {
      matching = ['(prefers-reduced-data: reduce)'];
      const el = snippet('one');
      await showPictures(early(['one'], [gifJson('one')]), tag(), never);
      return el;
    }],
    ['a clip', async () => {
      const el = snippet('one');
      await showPictures(early(['one'], [gifJson('one', { type: 'video' })]), tag(), never);
      return el;
    }],
  ];
  for (const [name, run] of cases) {
    document.body.innerHTML = '';
    matching = [];
    assert.ok(plain(await run()), name);
  }
  // The control: the same snippet, the tag's autoplay `always`, gets its picture.
  document.body.innerHTML = '';
  matching = [];
  const el = snippet('one');
  await showPictures(early(['one'], [gifJson('one')]), tag({ 'data-autoplay': 'always' }), never);
  assert.ok(el.querySelector('picture'));
});

test('a placeholder is left as the page wrote it: other content than one link of text, no reserved box, hidden, below the first screen, already a player, or not in the answer', async () => {
  document.body.innerHTML = '';
  const figure = snippet('one');
  figure.querySelector('a')!.insertAdjacentHTML('beforeend', '<em>!</em>');
  const caption = snippet('one');
  caption.insertAdjacentHTML('beforeend', '<p>caption</p>');
  const unsized = snippet('one');
  unsized.removeAttribute('style');
  const hidden = snippet('one', '', 0);
  const player = snippet('one');
  player.attachShadow({ mode: 'open' });
  const other = snippet('three');
  // In page order, down the page: the first below the first screen ends the list, and one after
  // it is not even measured.
  const below = snippet('one', '', 480, innerHeight);
  const after = snippet('one');
  let measured = false;
  after.getBoundingClientRect = () => ((measured = true), new DOMRect(0, 0, 480, 360));
  const all = [figure, caption, unsized, hidden, player, other, below, after];
  const before = all.map((el) => el.innerHTML);
  await showPictures(early(['one'], [gifJson('one'), gifJson('two')]), tag(), never);
  assert.equal(all.map((el) => el.innerHTML), before);
  assert.not.ok(measured, 'no box after the first below the first screen is measured');
  // The control: one more such snippet, on the first screen, gets its picture.
  below.remove();
  after.remove();
  const shown = snippet('one', '', 480, innerHeight - 1);
  await showPictures(early(['one'], [gifJson('one')]), tag(), never);
  assert.ok(shown.querySelector('picture'));
});

test('a failed, refused or broken answer, or one whose files are not http(s), puts nothing in and resolves', async () => {
  const el = snippet('one');
  const hostile = gifJson('one', { images: { downsized: { url: 'javascript:alert(1)', webp: 'data:image/webp,x', width: '480', height: '360' } } });
  for (const request of [
    early(['one'], [gifJson('one')], { status: 500 }),
    early(['one'], [], { body: '{"data":' }),
    early(['one'], [], { body: '{"data":{"id":"one"}}' }),
    early(['one'], [hostile]),
    { ...early(['one'], []), answer: Promise.reject(new TypeError('offline')) },
  ]) {
    await showPictures(request, tag(), never);
    assert.is(el.querySelector('picture'), null);
  }
  // The body stays for the player to read.
  const request = early(['one'], [gifJson('one')]);
  await showPictures(request, tag(), never);
  assert.is(((await (await request.answer).json()) as { data: { id: string }[] }).data[0].id, 'one');
});

test.run();
