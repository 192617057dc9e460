/**
 * The page's shared observers (src/shared-observers.ts): one IntersectionObserver per set of
 * options and one ResizeObserver, each handing an element's entries to that element's listeners.
 */
import './support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FakeIntersectionObserver, FakeResizeObserver, install, intersect, observedCount, resize } from './support/observers';
import { onIntersection, onResize } from '../../src/shared-observers';

const OPTIONS = { threshold: [0, 0.99] };

test('one IntersectionObserver per set of options, whatever the number of elements; each listener hears only its element', () => {
  install();
  const [a, b] = [document.createElement('div'), document.createElement('div')];
  const heard: string[] = [];
  const stopA = onIntersection(a, (e) => heard.push(`a ${e.intersectionRatio}`), OPTIONS)!;
  const stopB = onIntersection(b, (e) => heard.push(`b ${e.intersectionRatio}`), OPTIONS)!;
  onIntersection(a, () => heard.push('other options'), { threshold: 0.5 });
  assert.is(FakeIntersectionObserver.all.size, 2, 'two sets of options, two observers');
  intersect(b, 1);
  assert.equal(heard, ['b 1']);
  stopA();
  stopB();
  intersect(a, 0.5);
  assert.equal(heard, ['b 1', 'other options'], 'a stopped listener hears nothing');
});

test('an element is unobserved only when its last listener stops; a second listener is told the state again', () => {
  install();
  const el = document.createElement('div');
  const first: number[] = [];
  const second: number[] = [];
  const stopFirst = onIntersection(el, (e) => first.push(e.intersectionRatio), OPTIONS)!;
  const stopSecond = onIntersection(el, (e) => second.push(e.intersectionRatio), OPTIONS)!;
  const observer = [...FakeIntersectionObserver.all][0];
  assert.ok(observer.targets.has(el));
  stopFirst();
  assert.ok(observer.targets.has(el), 'still watched for the second listener');
  intersect(el, 1);
  assert.equal([first, second], [[], [1]]);
  stopSecond();
  assert.is(observedCount(), 0, 'unobserved with its last listener');
});

test('a listener that throws stops neither the others nor the observer', () => {
  install();
  const [a, b] = [document.createElement('div'), document.createElement('div')];
  const heard: string[] = [];
  onIntersection(a, () => {
    throw new Error('a listener failed');
  }, OPTIONS);
  onIntersection(b, () => heard.push('b'), OPTIONS);
  const observer = [...FakeIntersectionObserver.all][0];
  const entry = (target: Element) => ({ target, intersectionRatio: 1, isIntersecting: true }) as unknown as IntersectionObserverEntry;
  observer.callback([entry(a), entry(b)], observer as unknown as IntersectionObserver);
  assert.equal(heard, ['b']);
});

test('one ResizeObserver for the page; a stopped listener is unobserved', () => {
  install();
  const [a, b] = [document.createElement('div'), document.createElement('div')];
  const widths: number[] = [];
  const stopA = onResize(a, (e) => widths.push(e.contentRect.width))!;
  onResize(b, (e) => widths.push(e.contentRect.width));
  assert.is(FakeResizeObserver.all.size, 1);
  resize(a, 320, 10);
  stopA();
  resize(a, 640, 10);
  resize(b, 100, 10);
  assert.equal(widths, [320, 100]);
});

test('without the observers (an old browser), nothing is watched and no stop is given', () => {
  install();
  const g = globalThis as Record<string, unknown>;
  const kept = [g.IntersectionObserver, g.ResizeObserver];
  try {
    g.IntersectionObserver = undefined;
    g.ResizeObserver = undefined;
    assert.is(onIntersection(document.createElement('div'), () => {}, OPTIONS), undefined);
    assert.is(onResize(document.createElement('div'), () => {}), undefined);
  } finally {
    [g.IntersectionObserver, g.ResizeObserver] = kept;
  }
});

test.run();
