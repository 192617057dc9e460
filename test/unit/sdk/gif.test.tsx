import { render, run, wait, capturePingbacks, hover, unhover } from './support/render';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { install, intersect, observedCount, place } from '../support/observers';
import { MIN_SEEN_SIDE_PX, VISIBILITY_DELAY_MS } from '../../../src/analytics/viewability';
import { Gif, HOVER_REPORT_DELAY_MS, SEEN_THRESHOLD, type GifOverlayProps } from '../../../src/sdk';
import { BRAND_COLORS, brandColorFor } from '../../../src/ui';
import { makeGif } from './support/fixtures';

const tileOf = (c: HTMLElement) => c.querySelector('.gif-embed-gif') as HTMLElement;
const imgOf = (c: HTMLElement) => c.querySelector('picture img') as HTMLImageElement;
const loadImage = (c: HTMLElement) => imgOf(c).dispatchEvent(new Event('load'));

test.before.each(() => {
  install();
});

test('spec constants: seen at 99%, hover reported after 200 ms', () => {
  assert.is(SEEN_THRESHOLD, 0.99);
  assert.is(HOVER_REPORT_DELAY_MS, 200);
});

test('renders a link with a <picture>: WebP source and GIF img, alt text, size', async () => {
  const gif = makeGif('abc', { title: 'Happy Dance' });
  const r = await render(<Gif gif={gif} width={200} />);
  const tile = tileOf(r.container);
  assert.is(tile.tagName, 'A');
  assert.is(tile.getAttribute('href'), 'https://gifs.example/gifs/abc');
  assert.is(tile.getAttribute('tabindex'), '0', 'keyboard focusable');
  assert.is(tile.style.width, '200px');
  assert.is(tile.style.height, '150px', 'height from the aspect ratio');
  assert.is(tile.getAttribute('aria-label'), 'Happy Dance', 'named before its media loads');
  await run(() => intersect(tile, 1));
  assert.is(imgOf(r.container).getAttribute('alt'), 'Happy Dance');
  assert.ok(BRAND_COLORS.includes(brandColorFor('abc') as never));
  assert.is(tile.style.background, brandColorFor('abc'), 'the brand colour of its id');
  await r.unmount();
});

test('media loads only once on screen, then shows the picked rendition', async () => {
  const gif = makeGif('lazy');
  const r = await render(<Gif gif={gif} width={200} />);
  assert.is(imgOf(r.container), null, 'no image (and no request) off screen');
  assert.is(r.container.querySelector('source'), null);
  await run(() => intersect(tileOf(r.container), 0.3));
  assert.is(imgOf(r.container).getAttribute('src'), 'https://media.example/lazy/fixed_width.gif');
  const source = r.container.querySelector('picture source[type="image/webp"]')!;
  assert.is(source.getAttribute('srcset'), 'https://media.example/lazy/fixed_width.webp');
  // Visitors who asked for less motion get the still (the browser picks it, first source first).
  const still = r.container.querySelector('picture source')!;
  assert.is(still.getAttribute('media'), '(prefers-reduced-motion: reduce)');
  assert.is(still.getAttribute('srcset'), 'https://media.example/lazy/fixed_width_still.gif');
  await run(() => intersect(tileOf(r.container), 0));
  assert.is(imgOf(r.container).getAttribute('src'), 'https://media.example/lazy/fixed_width.gif', 'stays loaded after scrolling away');
  await r.unmount();
  assert.is(observedCount(), 0, 'nothing left observed after unmount');
});

test('stickers: checkered background and no WebP source (plain url)', async () => {
  const r = await render(<Gif gif={makeGif('stk', { sticker: true })} width={200} />);
  await run(() => intersect(tileOf(r.container), 1));
  assert.match(tileOf(r.container).style.background, /conic-gradient/);
  assert.is(r.container.querySelector('source[type="image/webp"]'), null);
  await r.unmount();
});

test('backgroundColor, borderRadius, hideAttribution and noLink props', async () => {
  const clicks: string[] = [];
  const r = await render(
    <Gif gif={makeGif('p')} width={100} backgroundColor="rgb(1, 2, 3)" borderRadius={9} noLink onGifClick={(g) => clicks.push(g.id)} hideAttribution />,
  );
  const tile = tileOf(r.container);
  assert.is(tile.tagName, 'DIV');
  assert.is(tile.getAttribute('role'), 'button');
  assert.is(tile.style.background, 'rgb(1, 2, 3)');
  assert.is(tile.style.borderRadius, '9px');
  await run(() => hover(tile));
  assert.is(r.container.querySelector('[data-gif-attribution]'), null, 'hideAttribution');
  await run(() => tile.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
  assert.equal(clicks, ['p'], 'Enter activates a link-less tile');
  await run(() => tile.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true })));
  assert.equal(clicks, ['p']);
  await r.unmount();
});

/** Gives `el` the box layout would (happy-dom lays nothing out). */
const laidOut = (el: HTMLElement, width: number, height: number) => {
  el.getBoundingClientRect = () => ({ x: 0, y: 0, top: 0, left: 0, right: width, bottom: height, width, height }) as DOMRect;
};
/** Waits (at most 2 s) until `check` holds: SEEN is confirmed VISIBILITY_DELAY_MS after the box is first fully in view. */
async function until(check: () => boolean) {
  for (let waited = 0; !check() && waited < 2000; waited += 20) await wait(20);
}
/** Long enough for a SEEN that was going to come. */
const settle = () => wait(VISIBILITY_DELAY_MS * 3);

test('SEEN: by the rule the players count by (99% in view, big enough, nothing over it), once the media loaded, with position; reset when the id changes', async () => {
  const pb = capturePingbacks();
  const seen: string[] = [];
  const onSeen = (g: { id: string }) => seen.push(g.id);
  const r = await render(<Gif gif={makeGif('one')} width={200} onGifSeen={onSeen} />);
  const tile = tileOf(r.container);
  laidOut(tile, 200, 150);
  await run(() => place(tile, 1));
  await settle();
  assert.equal(seen, [], 'not before the media has loaded');
  await run(() => loadImage(r.container));
  await until(() => seen.length > 0);
  assert.equal(seen, ['one']);
  await run(() => place(tile, 0.5));
  await run(() => place(tile, 1));
  await run(() => loadImage(r.container));
  await settle();
  assert.equal(seen, ['one'], 'once per GIF');

  await r.rerender(<Gif gif={makeGif('two')} width={200} onGifSeen={onSeen} />);
  await run(() => place(tile, 0.98));
  await run(() => loadImage(r.container));
  await settle();
  assert.equal(seen, ['one'], '98% is not seen');
  await run(() => place(tile, 0.995));
  await until(() => seen.length > 1);
  assert.equal(seen, ['one', 'two'], 'a new id is seen afresh');

  await pb.flush();
  const actions = pb.actions().filter((a) => a.action_type === 'SEEN');
  assert.equal(actions.map((a) => a.gif_id), ['one', 'two']);
  assert.is(actions[0].response_id, 'resp-1');
  assert.ok(actions[0].attributes.some((a) => a.key === 'position' && /"width"/.test(a.value)));
  await r.unmount();
});

test('SEEN: a tile smaller than the size floor on a side is never seen, as a player is not', async () => {
  const seen: string[] = [];
  const r = await render(<Gif gif={makeGif('tiny')} width={MIN_SEEN_SIDE_PX - 10} onGifSeen={(g) => seen.push(g.id)} />);
  const tile = tileOf(r.container);
  laidOut(tile, MIN_SEEN_SIDE_PX - 10, 30);
  await run(() => place(tile, 1));
  await run(() => loadImage(r.container));
  await settle();
  assert.equal(seen, []);
  await r.unmount();
});

test('onGifVisible fires when the media loads on screen', async () => {
  const visible: string[] = [];
  const r = await render(<Gif gif={makeGif('v')} width={200} onGifVisible={(g) => visible.push(g.id)} />);
  await run(() => intersect(tileOf(r.container), 0.2));
  assert.equal(visible, [], 'not before the media loaded');
  await run(() => loadImage(r.container));
  assert.equal(visible, ['v']);
  await r.unmount();
});

test('a clip plays its mp4 on screen: muted, looping, inline, autoplaying, its still as poster; seen once its video has data', async () => {
  const pb = capturePingbacks();
  const seen: string[] = [];
  const r = await render(<Gif gif={makeGif('clip', { clip: true })} width={200} onGifSeen={(g) => seen.push(g.id)} />);
  const tile = tileOf(r.container);
  assert.is(r.container.querySelector('video'), null, 'no video (and no request) off screen');
  await run(() => intersect(tile, 1));
  const video = r.container.querySelector('video')!;
  assert.is(video.getAttribute('src'), 'https://media.example/clip/fixed_width.mp4', 'the mp4 of the rendition picked for the box');
  assert.is(video.getAttribute('poster'), 'https://media.example/clip/fixed_width_still.gif');
  assert.ok(video.muted && video.loop && video.autoplay, 'muted, looping, autoplaying');
  assert.ok(video.hasAttribute('playsinline'), 'inline on phones');
  assert.is(r.container.querySelector('picture'), null, 'no image of its own: a clip moves only as video');
  assert.is(tile.getAttribute('aria-label'), 'Title clip', 'the tile is named as any tile');
  assert.equal(seen, [], 'not before the video has data');
  laidOut(tile, 200, 150);
  place(tile, 1);
  await run(() => video.dispatchEvent(new Event('loadeddata')));
  await until(() => seen.length > 0);
  assert.equal(seen, ['clip']);
  await pb.flush();
  assert.equal(pb.actions().filter((a) => a.action_type === 'SEEN').map((a) => a.gif_id), ['clip']);
  await r.unmount();
});

test('a clip under reduced motion shows its still with the play badge, and plays while pointed at or focused', async () => {
  const matchMedia = window.matchMedia;
  window.matchMedia = ((query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)', media: query, addEventListener() {}, removeEventListener() {} })) as never;
  try {
    const r = await render(<Gif gif={makeGif('calm', { clip: true })} width={200} />);
    const tile = tileOf(r.container);
    await run(() => intersect(tile, 1));
    assert.is(r.container.querySelector('video'), null, 'no video while still');
    assert.is(imgOf(r.container).getAttribute('src'), 'https://media.example/calm/fixed_width_still.gif');
    assert.ok(tile.hasAttribute('data-still'), 'the play badge');
    await run(() => hover(tile));
    assert.is(r.container.querySelector('video')!.getAttribute('src'), 'https://media.example/calm/fixed_width.mp4', 'plays while pointed at');
    await run(() => unhover(tile));
    assert.is(r.container.querySelector('video'), null, 'still again');
    await run(() => tile.dispatchEvent(new FocusEvent('focusin', { bubbles: true })));
    assert.ok(r.container.querySelector('video'), 'plays while focused');
    await r.unmount();
  } finally {
    window.matchMedia = matchMedia;
  }
});

/** Spec §9, written out so the timing test does not follow a changed constant. */
const SPEC_HOVER_MS = 200;

test('HOVER: reported only after 200 ms on the tile; leaving earlier cancels it', async () => {
  const pb = capturePingbacks();
  const hovers: string[] = [];
  const r = await render(<Gif gif={makeGif('h')} width={200} onGifHover={(g) => hovers.push(g.id)} />);
  const tile = tileOf(r.container);
  // Real timers on a shared machine: "not yet" is only asserted while less than 200 ms really passed.
  let t0 = performance.now();
  await run(() => hover(tile));
  await wait(60);
  await run(() => unhover(tile));
  const leftEarly = performance.now() - t0 < SPEC_HOVER_MS;
  await wait(SPEC_HOVER_MS + 100);
  if (leftEarly) assert.equal(hovers, [], 'left before 200 ms: no hover');

  hovers.length = 0;
  t0 = performance.now();
  await run(() => hover(tile));
  await wait(100);
  if (performance.now() - t0 < SPEC_HOVER_MS - 20) assert.equal(hovers, [], 'not yet before 200 ms');
  await wait(SPEC_HOVER_MS);
  assert.equal(hovers, ['h'], 'reported after 200 ms');
  await run(() => unhover(tile));
  await pb.flush();
  assert.ok(pb.actions().filter((a) => a.action_type === 'HOVER').length >= 1);
  await r.unmount();
});

test('overlay: absent until the first hover, then fades with hover; needs a user', async () => {
  const r = await render(<Gif gif={makeGif('o')} width={200} />);
  const tile = tileOf(r.container);
  assert.is(r.container.querySelector('[data-gif-attribution]'), null, 'not before any hover');
  await run(() => hover(tile));
  const overlay = () => r.container.querySelector('[data-gif-attribution]') as HTMLElement;
  assert.ok(overlay());
  assert.is(overlay().style.opacity, '1');
  assert.match(overlay().textContent ?? '', 'Pixel Smith');
  assert.ok(overlay().querySelector('svg[aria-label="Verified"]'), 'verified badge for a verified creator');
  await run(() => unhover(tile));
  assert.ok(overlay(), 'kept mounted after the first hover');
  assert.is(overlay().style.opacity, '0', 'faded out');
  await r.unmount();

  const anon = await render(<Gif gif={makeGif('anon', { user: null })} width={200} />);
  await run(() => hover(tileOf(anon.container)));
  assert.is(anon.container.querySelector('[data-gif-attribution]'), null, 'no user: no overlay');
  await anon.unmount();

  const hidden = await render(<Gif gif={makeGif('priv', { user: { is_public: false } })} width={200} />);
  await run(() => hover(tileOf(hidden.container)));
  assert.is(hidden.container.querySelector('[data-gif-attribution]'), null, 'not public: no overlay');
  await hidden.unmount();

  const plain = await render(<Gif gif={makeGif('unv', { user: { is_verified: false } })} width={200} />);
  await run(() => hover(tileOf(plain.container)));
  assert.is(plain.container.querySelector('svg[aria-label="Verified"]'), null, 'no badge when not verified');
  await plain.unmount();
});

test('click reports CLICK and calls onGifClick', async () => {
  const pb = capturePingbacks();
  const clicked: string[] = [];
  const r = await render(<Gif gif={makeGif('c')} width={200} onGifClick={(g, e) => { e.preventDefault(); clicked.push(g.id); }} />);
  await run(() => tileOf(r.container).dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })));
  assert.equal(clicked, ['c']);
  await pb.flush();
  assert.equal(pb.actions().map((a) => a.action_type), ['CLICK']);
  await r.unmount();
});

test('overlay: a custom overlay on every tile, with the GIF, its size and the hover state, beside the attribution', async () => {
  const seen: string[] = [];
  const Badge = ({ gif, isHovered, width, height }: GifOverlayProps) => {
    seen.push(`${gif.id} ${width}x${height} ${isHovered}`);
    return <span data-badge="">{isHovered ? 'hovered' : 'HD'}</span>;
  };
  const r = await render(<Gif gif={makeGif('ov')} width={200} overlay={Badge} />);
  const tile = tileOf(r.container);
  const badge = () => r.container.querySelector('[data-badge]')!;
  assert.is(badge().textContent, 'HD', 'from the first render, before any hover');
  assert.ok(tile.contains(badge()), 'drawn inside the tile, over the media');
  await run(() => hover(tile));
  assert.is(badge().textContent, 'hovered');
  assert.ok(r.container.querySelector('[data-gif-attribution]'), 'the attribution still shows');
  assert.ok(seen.includes('ov 200x150 false') && seen.includes('ov 200x150 true'), seen.join(', '));
  await r.unmount();
});

test('onGifRightClick gets the context menu, onGifKeyPress every key on the tile', async () => {
  const calls: string[] = [];
  const r = await render(
    <Gif
      gif={makeGif('k')}
      width={200}
      onGifRightClick={(g, e) => { e.preventDefault(); calls.push(`right ${g.id}`); }}
      onGifKeyPress={(g, e) => calls.push(`key ${g.id} ${(e as unknown as KeyboardEvent).key}`)}
    />,
  );
  const tile = tileOf(r.container);
  const menu = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
  await run(() => tile.dispatchEvent(menu));
  assert.ok(menu.defaultPrevented, 'the handler could keep the browser menu away');
  await run(() => tile.dispatchEvent(new KeyboardEvent('keydown', { key: 'f', bubbles: true })));
  await run(() => tile.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
  assert.equal(calls, ['right k', 'key k f', 'key k Enter']);
  await r.unmount();
});

test('a GIF without images or sizes renders a square tile named by its alt text instead of crashing', async () => {
  const bare = { id: 'bare', title: 'Bare', url: '', images: undefined } as never;
  const r = await render(<Gif gif={bare} width={120} />);
  await run(() => intersect(tileOf(r.container), 1));
  const tile = tileOf(r.container);
  assert.is(tile.style.height, '120px');
  assert.is(imgOf(r.container), null, 'no image: no file to show');
  assert.is(tile.getAttribute('aria-label'), 'Bare');
  await r.unmount();
});

test('autoplay: never and click hold the still alone; hover plays while pointed at; a click under click plays and picks nothing', async () => {
  const still = 'https://media.example/p/fixed_width_still.gif';
  const clicks: string[] = [];
  for (const autoplay of ['never', 'click', 'hover', 'always'] as const) {
    const r = await render(<Gif gif={makeGif('p')} width={200} autoplay={autoplay} onGifClick={(g, e) => (e.preventDefault(), clicks.push(`${autoplay}:${g.id}`))} />);
    await run(() => intersect(tileOf(r.container), 1));
    const src = () => imgOf(r.container).getAttribute('src');
    const sources = () => r.container.querySelectorAll('picture source').length;
    if (autoplay === 'always') {
      assert.is(src(), 'https://media.example/p/fixed_width.gif');
      assert.is(tileOf(r.container).hasAttribute('data-held'), false);
    } else {
      assert.is(src(), still, `${autoplay}: the still`);
      assert.is(sources(), 0, `${autoplay}: no moving source for the browser to pick`);
      assert.is(tileOf(r.container).hasAttribute('data-held'), autoplay !== 'never', `${autoplay}: the play badge where the reader can play it`);
    }
    if (autoplay === 'hover') {
      await run(() => hover(tileOf(r.container)));
      assert.is(src(), 'https://media.example/p/fixed_width.gif', 'plays while pointed at');
      await run(() => unhover(tileOf(r.container)));
      assert.is(src(), still, 'still again');
    }
    if (autoplay === 'click') {
      await run(() => tileOf(r.container).click());
      assert.is(src(), 'https://media.example/p/fixed_width.gif', 'the click played it');
      assert.equal(clicks, [], 'and was no pick');
      await run(() => tileOf(r.container).click());
      assert.equal(clicks, ['click:p'], 'the next click is one');
    }
    await r.unmount();
  }
});

test.run();
