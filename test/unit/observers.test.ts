import './support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { install, intersect, resize, observedCount } from './support/observers';

test('the IntersectionObserver stand-in reports only observed elements', () => {
  install();
  const seen: number[] = [];
  const a = document.createElement('div');
  const b = document.createElement('div');
  const io = new IntersectionObserver((entries) => entries.forEach((e) => seen.push(e.intersectionRatio)));
  io.observe(a);
  intersect(a, 0.5);
  intersect(b, 1);
  assert.equal(seen, [0.5]);
  io.disconnect();
  assert.is(observedCount(), 0);
});

test('the ResizeObserver stand-in reports the new size', () => {
  install();
  const el = document.createElement('div');
  let width = 0;
  new ResizeObserver((entries) => { width = entries[0].contentRect.width; }).observe(el);
  resize(el, 640, 10);
  assert.is(width, 640);
});

test.run();
