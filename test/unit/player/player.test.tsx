import '../support/dom';
import '../support/english';
import { ENGLISH } from '../../../src/i18n';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FakeResizeObserver, install, intersect, observersOf, resize } from '../support/observers';
import { setTransport, setPingbackClock, onTrackEvent, queuedPingbackCount, resetPingbacks, type UniversalEvent } from '../../../src/analytics';
import { configure } from '../../../src/config';
import { normalizeGif } from '../../../src/model';
import { VISIBILITY_DELAY_MS } from '../../../src/analytics/viewability';
import { renderError, renderFallback, renderPlayer } from '../../../src/player';
import { READY_FALLBACK_MS } from '../../../src/player/constants';
import type { PlaceholderOptions } from '../../../src/embed/placeholder';
import { register } from '../../../src/plugin-files';
import { Chrome } from '../../../plugins/chrome/Chrome';
import type { Plugin } from '../../../src/plugin-types';

const sent: string[] = [];
const events: UniversalEvent[] = [];
let stopListening = () => {};
// Shared state is set when this suite runs (uvu evaluates every file before running any suite)
// and handed back afterwards.
test.before(() => {
  install();
  configure({ apiBase: 'https://api.example', apiKey: 'k', pingbackBase: 'https://pb.example', productName: 'GIF Embed' });
  setPingbackClock();
  resetPingbacks();
  setTransport((_url, body) => {
    sent.push(body);
  });
  stopListening = onTrackEvent((e) => events.push(e));
  // The desktop chrome is a plugin file in the browser; here it is registered up front.
  register('chrome', { Component: Chrome } as Plugin);
});
test.after(() => {
  stopListening();
  setTransport();
  resetPingbacks();
});

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rendition = (name: string) => ({ url: `https://media.x/${name}.gif`, width: 480, height: 360 });
const gif = normalizeGif(
  {
    id: 'g1', url: 'https://site.example/gifs/g1', title: 'Dots',
    images: { original: rendition('o'), original_still: rendition('o_s'), fixed_width: rendition('w') },
    user: { username: 'Pixel Smith', display_name: 'Pixel Smith Studio', is_verified: true },
    bottle_data: { tid: '' },
  },
  { response_id: 'resp1' },
);
const options: PlaceholderOptions = { id: 'g1', width: 480, height: 360, theme: 'dark', hideRelated: true, hideShare: true, pixel: '' };

function mount(mobile: boolean, extra: Partial<PlaceholderOptions> = {}, entering = true, [width, height] = [480, 360]) {
  const container = document.createElement('div');
  document.body.appendChild(container);
  let ready = 0;
  renderPlayer(container, { embed: { el: container, page: {} }, gif, strings: ENGLISH, options: { ...options, ...extra }, mobile, width, height, entering, onReady: () => ready++, onFail: () => {} });
  return { container, root: container.querySelector('.r') as HTMLElement, ready: () => ready };
}

/** Focus in the player: the desktop chrome mounts (the visitor's first intent). */
async function focusIn(root: Element) {
  root.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  // The chrome is fetched from an effect, which runs after the next frame (or preact's timer
  // when no frame comes), and renders once its plugin answers: waited for by its logo link, not
  // for a count of frames, which another suite's timers still due can outrun.
  await when(() => !!root.querySelector('.hd a.ic'));
}

test('desktop: alt text, labelled controls, CTA text, attribution with the verified badge', async () => {
  const { container, root } = mount(false);
  assert.ok(root.classList.contains('d') && !root.querySelector('.mf'), 'desktop layout: its class where both layouts ship, no mobile footer');
  assert.not.ok(root.querySelector('.cta'), 'no desktop chrome before the first hover or focus');
  assert.not.ok(root.querySelector('button[aria-label="Pause"]'), 'no pause control before ready, a hover or focus (it shows only then)');
  root.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  await wait(0);
  assert.ok(root.querySelector('button[aria-label="Pause"]'), 'focus brings the pause control before the chrome');
  await focusIn(root);
  assert.is(root.querySelector('img')!.getAttribute('alt'), 'Dots');
  assert.is(root.querySelector('.cta')!.textContent, 'Continue Watching on GIF Embed');
  assert.is(root.querySelector('.cta')!.getAttribute('target'), '_blank');
  assert.ok(root.querySelector('button[aria-label="Pause"]'));
  assert.not.ok(root.querySelector('button[aria-label="Share"]'), 'data-hide-share');
  assert.is(root.querySelector('.at span')!.textContent, 'Pixel Smith Studio');
  assert.is(root.querySelector('.at small')!.textContent, '@pixelsmith');
  assert.ok(root.querySelector('.at [aria-label="Verified"]'));
  renderFallback(container);
});

/** Resolves with the time `check` first holds (polled every 5 ms, at most 2 s). */
async function when(check: () => boolean): Promise<number> {
  for (let i = 0; i < 400; i++) {
    if (check()) return performance.now();
    await wait(5);
  }
  throw new Error('condition never held');
}

test('desktop hover: shown 150 ms after entering, hidden 70 ms after leaving, HOVER reported after 200 ms', async () => {
  events.length = 0;
  const { container, root } = mount(false);
  const entered = performance.now();
  root.dispatchEvent(new MouseEvent('mouseenter'));
  const shown = await when(() => root.classList.contains('h'));
  assert.ok(shown - entered >= 150, `shown after ${shown - entered} ms`);
  const reported = await when(() => events.some((e) => e.category === 'Hover' && e.action === 'Image'));
  assert.ok(reported - entered >= 200, `Hover Image after ${reported - entered} ms`);
  assert.ok(events.some((e) => e.category === 'Embed' && e.action === 'Hover' && e.label === 'Image'), 'SDK embed event');
  const left = performance.now();
  root.dispatchEvent(new MouseEvent('mouseleave'));
  const hidden = await when(() => !root.classList.contains('h'));
  assert.ok(hidden - left >= 70 && hidden - left < 1000, `hidden after ${hidden - left} ms`);
  renderFallback(container);
});

test('a small desktop player builds no chrome at a hover or focus; it does once its box is big enough, and drops it when small again', async () => {
  // Spec §2, §9: under 200 px tall or 250 px wide the chrome is hidden, so it is not built either.
  const { container, root } = mount(false, {}, true, [249, 360]);
  root.dispatchEvent(new MouseEvent('mouseenter'));
  root.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  await when(() => root.classList.contains('h'));
  const LOOKED_MS = 200;
  await wait(LOOKED_MS);
  assert.ok(root.classList.contains('s'), 'the small layout');
  assert.ok(root.querySelector('button[aria-label="Pause"]'), 'pause/play stays');
  assert.not.ok(root.querySelector('.hd a.ic, .ft'), 'no chrome built for a small box');
  // The page's observer reports the box's first state, from which its size is watched.
  await watched(root);
  intersect(root, 0.5);
  const grown = performance.now();
  resize(root, 480, 360);
  const built = await when(() => !!root.querySelector('.hd a.ic'));
  // The chrome comes well within the time the small box was looked at: its absence there was no race.
  assert.ok(built - grown < LOOKED_MS, `the chrome came ${built - grown} ms after the box grew`);
  assert.is(root.querySelectorAll('button[aria-label="Pause"]').length, 1, 'one pause/play, now in the chrome');
  resize(root, 200, 150);
  await when(() => !root.querySelector('.hd a.ic'));
  assert.ok(root.classList.contains('s'), 'small again');
  assert.ok(root.querySelector('button[aria-label="Pause"]'), 'pause/play stays');
  renderFallback(container);
});

test('a pass shorter than 200 ms reports no hover', async () => {
  events.length = 0;
  const { container, root } = mount(false);
  root.dispatchEvent(new MouseEvent('mouseenter'));
  root.dispatchEvent(new MouseEvent('mouseleave'));
  await wait(400);
  assert.not.ok(events.some((e) => e.category === 'Hover'));
  assert.not.ok(root.classList.contains('h'), 'never shown');
  renderFallback(container);
});

test('pause records Pause and shows the still; ready fires once (700 ms fallback)', async () => {
  events.length = 0;
  const { container, root, ready } = mount(false);
  root.dispatchEvent(new MouseEvent('mouseenter'));
  await wait(0);
  (root.querySelector('button[aria-label="Pause"]') as HTMLButtonElement).click();
  await wait(0);
  assert.ok(events.some((e) => e.category === 'Click' && e.action === 'Pause'));
  assert.is(root.querySelector('img')!.getAttribute('src'), 'https://media.x/o_s.gif');
  assert.ok(root.querySelector('button[aria-label="Play"]'));
  await wait(750);
  assert.is(ready(), 1);
  renderFallback(container);
});

test('a player rendered out of view has no entry animation, covers the placeholder at once and is ready at once, on both layouts', async () => {
  for (const mobile of [false, true]) {
    const entering = mount(mobile);
    assert.ok(entering.root.classList.contains('e'), 'in view: the entry animation');
    assert.ok(entering.container.querySelector('.u:not(.v) slot'), 'in view: the placeholder shows through until ready');
    const out = mount(mobile, {}, false);
    assert.not.ok(out.root.classList.contains('e'), 'out of view: no entry animation');
    assert.not.ok(out.container.querySelector('.u:not(.v) slot'), 'out of view: nothing shows under the player');
    assert.ok(out.container.querySelector('.u.v slot'), 'out of view: the placeholder\'s content keeps its place in the flow, unpainted');
    assert.ok(out.root.querySelector('img'), 'out of view: the GIF at once');
    if (!mobile) assert.not.ok(out.root.querySelector('button[aria-label="Pause"]'), 'out of view: the controls wait for idle time');
    const waited = performance.now();
    await when(() => out.ready() === 1);
    assert.ok(performance.now() - waited < READY_FALLBACK_MS, 'out of view: ready when the browser is idle, without waiting for an animation or the 700 ms fallback');
    assert.ok(out.root.querySelector('button[aria-label="Pause"]'), 'out of view: the pause button at ready');
    assert.is(entering.ready(), 0, 'in view: ready waits for the animation');
    renderFallback(entering.container);
    renderFallback(out.container);
  }
});

/**
 * Waits until a pingback batch has gone out (at most `ms`): the SEEN recheck (500 ms) and the
 * batch delay (1000 ms) are timers, which a loaded machine overruns; a fixed sleep would flake.
 */
async function sentWithin(ms: number) {
  for (let waited = 0; !sent.length && waited < ms; waited += 50) await wait(50);
}

/**
 * Waits until the player watches `root` for visibility. The observer is made in an effect, which
 * runs after the next frame: a zero timer, which a loaded machine runs first, reported the box
 * in view to nobody.
 */
const watched = (root: Element) => when(() => observersOf(root).length > 0);

test('seen at 99% sends one SEEN pingback with the response id', async () => {
  resetPingbacks();
  sent.length = 0;
  const { container, root } = mount(false);
  // happy-dom lays nothing out: the box a browser would give the player.
  root.getBoundingClientRect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 480, bottom: 360, width: 480, height: 360 }) as DOMRect;
  await watched(root);
  intersect(root, 0.5);
  intersect(root, 1);
  intersect(root, 1);
  await sentWithin(5000);
  // A second batch would follow a second report: give it the batch delay too.
  await wait(1100);
  const actions = sent.flatMap((b) => JSON.parse(b).sessions.flatMap((s: { events: { response_id: string; actions: { action_type: string }[] }[] }) => s.events.flatMap((e) => e.actions.map((a) => `${a.action_type}:${e.response_id}`))));
  assert.equal(actions, ['SEEN:resp1']);
  renderFallback(container);
});

test('the box\'s size is watched from the intersection observer\'s first report, after the frame that laid it out', async () => {
  // A ResizeObserver reports inside a frame: watched from the start, the player's first frame,
  // its largest layout, would run a callback of ours.
  const { container, root } = mount(false);
  await watched(root);
  const sized = () => [...FakeResizeObserver.all].some((o) => o.targets.has(root));
  assert.not.ok(sized(), 'not watched before');
  intersect(root, 0);
  assert.ok(sized(), 'watched from the first report, whatever it says');
  intersect(root, 1);
  assert.is([...FakeResizeObserver.all].reduce((n, o) => n + (o.targets.has(root) ? 1 : 0), 0), 1, 'once');
  renderFallback(container);
  await when(() => !sized());
});

test('an empty box in view is not seen; once it has a size it is'
, async () => {
  resetPingbacks();
  sent.length = 0;
  const { container, root } = mount(false);
  let box = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0 };
  root.getBoundingClientRect = () => box as DOMRect;
  await watched(root);
  intersect(root, 1);
  await wait(1100);
  assert.equal(sent, [], 'a 0 x 0 box in view is no impression');
  box = { ...box, right: 480, bottom: 360, width: 480, height: 360 };
  // The browser reports the new size: the player looks at the box again at once.
  resize(root, 480, 360);
  // Without IntersectionObserver v2 (happy-dom, Firefox, Safari) the box is hit-tested twice, VISIBILITY_DELAY_MS apart.
  await wait(VISIBILITY_DELAY_MS + 30);
  assert.is(queuedPingbackCount(), 1, 'SEEN is queued at the new size, not at the next 500 ms look');
  const actions = () => sent.flatMap((b) => JSON.parse(b).sessions.flatMap((s: { events: { actions: { action_type: string }[] }[] }) => s.events.flatMap((e) => e.actions.map((a) => a.action_type))));
  await sentWithin(5000);
  assert.equal(actions(), ['SEEN'], 'seen once the box shows');
  renderFallback(container);
});

test('mobile: footer with View on + product name and the logo, no share, no related footer', async () => {
  const { container, root } = mount(true, { hideShare: false, hideRelated: false });
  assert.ok(root.querySelector('.mf') && !root.classList.contains('d'), 'mobile layout: its footer, and not the desktop player\'s class');
  assert.ok(root.querySelector('.g img'), 'the GIF comes with the first render');
  assert.not.ok(root.querySelector('.hd .at, .mf .vo'), 'the header and the footer come with later ones');
  await when(() => !!root.querySelector('.vo'));
  assert.ok(root.querySelector('.hd .at'), 'the attribution too');
  assert.is(root.querySelector('.vo')!.textContent, 'View on GIF Embed');
  assert.ok(root.querySelector('.mf a[aria-label="GIF Embed"]'));
  assert.not.ok(root.querySelector('button[aria-label="Share"]'));
  assert.not.ok(root.querySelector('.ft'));
  assert.not.ok(root.querySelector('.w'), 'no Watch without provider media');
  renderFallback(container);
});

test('mobile: the GIF, then the header, then the footer, each its own render (an item of the slicing queue each: a phone runs them in tasks of their own), of them alone', async () => {
  // The GIF's renditions, counted as they are read: a render of the whole player reads them (its
  // GIF's files, the header's attribution); a render of the header's or footer's contents alone does not.
  let reads = 0;
  const counted = { ...gif };
  Object.defineProperty(counted, 'images', { get: () => (reads++, gif.images), enumerable: true });
  const container = document.createElement('div');
  document.body.appendChild(container);
  renderPlayer(container, { embed: { el: container, page: {} }, gif: counted, strings: ENGLISH, options, mobile: true, width: 480, height: 360, entering: true, onReady: () => {}, onFail: () => {} });
  const root = container.querySelector('.r')!;
  assert.ok(root.querySelector('.g img'), 'the GIF comes with the first render');
  assert.ok(reads > 0);
  reads = 0;
  /** What each render after the first had built: the header's attribution, the footer's View on. */
  const seen: string[] = [];
  const watch = new MutationObserver(() => seen.push(`${!!root.querySelector('.hd .at')} ${!!root.querySelector('.mf .vo')}`));
  watch.observe(root, { childList: true, subtree: true });
  await when(() => !!root.querySelector('.mf .vo'));
  watch.disconnect();
  assert.equal([...new Set(seen)], ['true false', 'true true'], 'the header, then the footer');
  assert.is(reads, 0, 'the player around them was not rendered again');
  renderFallback(container);
});

test('attribution follows spec §5: none when not public, chrome suppressed or no name; badge only when verified', async () => {
  const cases: [Record<string, unknown> | undefined, boolean, boolean][] = [
    [{ username: 'a', is_public: false }, false, false],
    [{ username: 'a', suppress_chrome: true }, false, false],
    [{ username: '', display_name: '' }, false, false],
    [undefined, false, false],
    [{ username: 'a', display_name: 'A', is_verified: false }, true, false],
    [{ username: 'a', display_name: 'A', is_verified: 1 }, true, true],
  ];
  for (const [user, shown, badge] of cases) {
    const container = document.createElement('div');
    const g = normalizeGif({ id: 'g2', images: { original: rendition('o') }, user }, { response_id: 'r' });
    renderPlayer(container, { embed: { el: container, page: {} }, gif: g, strings: ENGLISH, options, mobile: false, width: 480, height: 360, entering: true, onReady: () => {}, onFail: () => {} });
    await focusIn(container.querySelector('.r')!);
    assert.is(!!container.querySelector('a.at'), shown, JSON.stringify(user));
    assert.is(!!container.querySelector('.at [aria-label="Verified"]'), badge, JSON.stringify(user));
    renderFallback(container);
  }
});

test('the attribution reads as a list in the reader\'s language: its separator and word for verified (Arabic ، , Japanese 、)', async () => {
  const { tables: ar } = await import('../../../src/i18n/locales/ar');
  const { tables: ja } = await import('../../../src/i18n/locales/ja');
  const user = { username: 'pixelsmith', display_name: 'Pixel Smith', is_verified: true, is_public: true };
  for (const [strings, label] of [
    [{ lang: 'ar', dir: 'rtl', m: ar.ar }, `Pixel Smith، ${ar.ar.verified.toLowerCase()}، @pixelsmith`],
    [{ lang: 'ja', dir: 'ltr', m: ja.ja }, `Pixel Smith、${ja.ja.verified}、@pixelsmith`],
  ] as const) {
    const container = document.createElement('div');
    const g = normalizeGif({ id: 'g3', images: { original: rendition('o') }, user }, { response_id: 'r' });
    renderPlayer(container, { embed: { el: container, page: {} }, gif: g, strings, options, mobile: true, width: 480, height: 360, entering: true, onReady: () => {}, onFail: () => {} });
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.is(container.querySelector('a.at')?.getAttribute('aria-label'), label, strings.lang);
    renderFallback(container);
  }
});

test('error view shows the message with the fallback slot', () => {
  const container = document.createElement('div');
  renderError(container, 'This GIF could not be found.', ENGLISH);
  assert.is(container.querySelector('.er p')!.textContent, 'This GIF could not be found.');
  assert.ok(container.querySelector('slot'));
});

test.run();
