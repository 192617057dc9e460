import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { announcerOf, shadowContainer } from '../../../src/embed/shadow';
import { boxPlan, gifSize, hasBox, inViewport, measured } from '../../../src/embed/box';
import { normalizeGif } from '../../../src/model';

const rect = (top: number, left: number, width: number, height: number) =>
  ({ top, left, width, height, right: left + width, bottom: top + height, x: left, y: top }) as DOMRectReadOnly;

test('shadowContainer: an open shadow root holding the container and, after it, a polite live region; the same for every later mount', () => {
  const el = document.body.appendChild(document.createElement('div'));
  const container = shadowContainer(el);
  assert.is(container.parentNode, el.shadowRoot);
  const live = announcerOf(container)!;
  assert.is(live.getAttribute('role'), 'status');
  assert.is(live.className, 'sr');
  assert.is(shadowContainer(el), container, 'a shadow root cannot be removed: the element keeps it');
  assert.is(announcerOf(undefined), undefined, 'no live region before the container');
  el.remove();
});

test('shadowContainer: an element that cannot host our shadow root (it has one) gets a child that does, covering it', () => {
  const el = document.body.appendChild(document.createElement('div'));
  el.attachShadow({ mode: 'open' });
  const container = shadowContainer(el);
  const host = (container.getRootNode() as ShadowRoot).host as HTMLElement;
  assert.is(host.parentElement, el);
  assert.is(host.style.position, 'absolute');
  assert.is(shadowContainer(el), container);
  el.remove();
});

test('boxPlan: the reservation a GIF needs, leaving what the page set', () => {
  const el = document.body.appendChild(document.createElement('span'));
  // The computed style a browser gives a plain <span> (happy-dom computes none).
  const computed = globalThis.getComputedStyle;
  globalThis.getComputedStyle = (() => ({ position: 'static', display: 'inline' })) as unknown as typeof getComputedStyle;
  try {
    assert.equal(boxPlan(el, 480, 270), { position: 'relative', display: 'block', width: '480px', maxWidth: '100%', aspectRatio: '480/270' });
  } finally {
    globalThis.getComputedStyle = computed;
  }
  el.style.maxWidth = '300px';
  assert.is(boxPlan(el, 480, 270, false).maxWidth, 'min(300px, 100%)', 'a max-width the page set still holds');
  el.style.height = '100px';
  assert.equal(boxPlan(el, 480, 270, false), {}, 'a height the page set: nothing to reserve');
  el.style.height = '';
  assert.is(boxPlan(el, 1, 1e9, false).aspectRatio, '1/16', 'a shape beyond 16:1 is brought within it');
  assert.equal(boxPlan(el, 0, 0, false), {}, 'no size: nothing');
  el.remove();
});

test('gifSize: the original\'s size, else its largest rendition\'s, else the embed square', () => {
  const gif = (images: object) => normalizeGif({ id: 'g', images }, {});
  assert.equal(gifSize(gif({ original: { url: 'https://m.x/o.gif', width: '320', height: '240' } })), [320, 240]);
  assert.equal(gifSize(gif({ fixed_width: { url: 'https://m.x/w.gif', width: '200', height: '100' } })), [200, 100]);
  assert.equal(gifSize(gif({})), [480, 480]);
});

test('inViewport, hasBox, measured: where a box is against the viewport', () => {
  assert.ok(inViewport(rect(10, 10, 10, 10), 0, 0, 100, 100));
  assert.not.ok(inViewport(rect(100, 0, 10, 10), 0, 0, 100, 100), 'an edge that touches is outside');
  assert.ok(hasBox(rect(0, 0, 0, 1)));
  assert.not.ok(hasBox(rect(0, 0, 0, 0)));
  const el = document.body.appendChild(document.createElement('div'));
  el.getBoundingClientRect = () => rect(innerHeight + 10, 0, 10, 10) as DOMRect;
  const [box, visible] = measured(el);
  assert.is(box.top, innerHeight + 10);
  assert.is(visible, false);
  el.remove();
});

test.run();
