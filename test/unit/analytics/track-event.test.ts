import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  onTrackEvent,
  playAction,
  trackEmbedEvent,
  trackEvent,
  universalEvent,
  CLICK_ACTION,
  EMBED_ACTION,
  EMBED_LABEL,
  EVENT_CATEGORY,
  HOVER_ACTION,
} from '../../../src/analytics';

type W = { dataLayer?: unknown[]; gtag?: unknown; ga?: unknown };
const win = window as unknown as W;

test.after.each(() => {
  delete win.dataLayer;
  delete win.gtag;
  delete win.ga;
});

test('event names are the spec\'s', () => {
  assert.equal(Object.values(CLICK_ACTION), ['Favorite', 'Share', 'Pause', 'Image', 'Embed Code', 'Link', 'View More CTA']);
  assert.is(playAction('youtube'), 'Play YouTube');
  assert.is(playAction('vimeo'), 'Play Vimeo');
  assert.is(playAction('dailymotion'), 'Play Dailymotion');
  assert.is(HOVER_ACTION.IMAGE, 'Image');
  assert.equal(
    [EVENT_CATEGORY.CLICK, EVENT_CATEGORY.HOVER, EVENT_CATEGORY.COPY, EVENT_CATEGORY.SOCIAL_SHARING, EVENT_CATEGORY.SCROLL_GRID],
    ['Click', 'Hover', 'Copy', 'Social Sharing', 'SCROLL GRID'],
  );
  assert.is(EVENT_CATEGORY.EMBED, 'Embed');
  assert.equal(Object.values(EMBED_ACTION), ['Hover', 'Click']);
  assert.equal(Object.values(EMBED_LABEL), ['Image', 'Link']);
});

test('the universal event has category, action, label and an optional value', () => {
  assert.equal(universalEvent('Click', 'Share'), { category: 'Click', action: 'Share' });
  assert.equal(universalEvent('Click', 'Share', 'gif-1', 3), { category: 'Click', action: 'Share', label: 'gif-1', value: 3 });
  assert.equal(universalEvent('Click', 'Share', '', NaN), { category: 'Click', action: 'Share' });
});

test('without any analytics on the page, trackEvent does nothing and does not throw', () => {
  assert.equal(trackEvent('Click', 'Favorite'), { category: 'Click', action: 'Favorite' });
});

test('events go to dataLayer, gtag and ga when the page has them', () => {
  win.dataLayer = [];
  const gtagCalls: unknown[][] = [];
  const gaCalls: unknown[][] = [];
  win.gtag = (...args: unknown[]) => gtagCalls.push(args);
  win.ga = (...args: unknown[]) => gaCalls.push(args);
  trackEvent(EVENT_CATEGORY.CLICK, CLICK_ACTION.EMBED_CODE, 'abc', 1);
  assert.equal(win.dataLayer, [{ event: 'GAEvent', eventCategory: 'Click', eventAction: 'Embed Code', eventLabel: 'abc', eventValue: 1 }]);
  assert.equal(gtagCalls, [['event', 'Embed Code', { event_category: 'Click', event_label: 'abc', value: 1 }]]);
  assert.equal(gaCalls, [['send', 'event', 'Click', 'Embed Code', 'abc', 1]]);
});

test('a host analytics function that throws does not reach the caller', () => {
  win.gtag = () => {
    throw new Error('host bug');
  };
  win.dataLayer = { push: () => { throw new Error('broken layer'); } } as unknown as unknown[];
  assert.equal(trackEvent('Hover', 'Image'), { category: 'Hover', action: 'Image' });
});

test('SDK embed events use category Embed', () => {
  const seen: unknown[] = [];
  const off = onTrackEvent((e) => seen.push(e));
  trackEmbedEvent('Hover', 'Image');
  trackEmbedEvent('Click', 'Link');
  off();
  trackEmbedEvent('Click', 'Image');
  assert.equal(seen, [
    { category: 'Embed', action: 'Hover', label: 'Image' },
    { category: 'Embed', action: 'Click', label: 'Link' },
  ]);
});

test.run();
