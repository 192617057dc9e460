import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { boxSize, gifIdFrom, quoted, readPlaceholder } from '../../../src/embed/placeholder';
import { PLAYER_EN } from '../../../src/i18n/en';

/** The key of the error a bad id shows (src/i18n/en.ts). */
const BAD_ID_MESSAGE = 'badId' as const;

function el(attrs: Record<string, string>, tag = 'div') {
  const div = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) div.setAttribute(k, v);
  return div;
}

test('reads every placeholder attribute', () => {
  const options = readPlaceholder(el({
    'data-gif-id': 'abc123', 'data-width': '480', 'data-height': '270', 'data-theme': 'light',
    'data-autoplay': 'false', 'data-hide-related': '', 'data-hide-share': 'true', 'data-pixel': '<img src="https://x/p">',
  }));
  assert.equal(options, {
    id: 'abc123', width: 480, height: 270, theme: 'light', autoplay: 'never',
    hideRelated: true, hideShare: true, pixel: '<img src="https://x/p">',
  });
});

test('<gif-embed> reads the same attributes without data-, and data- ones as a placeholder does', () => {
  const options = readPlaceholder(el({
    'gif-id': 'abc123', width: '480', height: '270', theme: 'light',
    autoplay: 'false', 'hide-related': '', 'data-hide-share': 'true', pixel: '<img src="https://x/p">',
  }, 'gif-embed'));
  assert.equal(options, {
    id: 'abc123', width: 480, height: 270, theme: 'light', autoplay: 'never',
    hideRelated: true, hideShare: true, pixel: '<img src="https://x/p">',
  });
  // A <div> with the element's attribute names is not a placeholder's way of saying them.
  assert.is(readPlaceholder(el({ 'gif-id': 'abc123' })), BAD_ID_MESSAGE);
  assert.equal(boxSize(el({ 'gif-id': 'abc', width: '480', height: '270' })), [0, 0]);
});

test("defaults: dark theme, the page's autoplay, nothing hidden, no box", () => {
  assert.equal(readPlaceholder(el({ 'data-gif-id': 'abc' })), {
    id: 'abc', width: 0, height: 0, theme: 'dark', autoplay: undefined, hideRelated: false, hideShare: false, pixel: '',
  });
});

test('data-autoplay: the four policies, and the flag it was (present or true: always; false: never)', () => {
  const policy = (value: string) => (readPlaceholder(el({ 'data-gif-id': 'abc', 'data-autoplay': value })) as { autoplay?: string }).autoplay;
  for (const name of ['always', 'hover', 'click', 'never']) assert.is(policy(name), name);
  assert.is(policy(''), 'always');
  assert.is(policy('true'), 'always');
  assert.is(policy('false'), 'never');
  assert.is(policy('Hover'), undefined, 'written as the table writes it');
  assert.is(policy('toString'), undefined);
});

test('data-theme="auto" is kept for the player to follow the reader', () => {
  assert.is((readPlaceholder(el({ 'data-gif-id': 'abc', 'data-theme': 'auto' })) as { theme: string }).theme, 'auto');
  assert.is((readPlaceholder(el({ 'gif-id': 'abc', theme: 'auto' }, 'gif-embed')) as { theme: string }).theme, 'auto');
});

test('missing or malformed ids give the error message, not a blank box', () => {
  for (const id of [undefined, '', '   ', 'a/b', '"><img src=x onerror=alert(1)>', 'x'.repeat(65), 'javascript:alert(1)']) {
    assert.is(readPlaceholder(el(id === undefined ? {} : { 'data-gif-id': id })), BAD_ID_MESSAGE, String(id));
  }
  assert.is(PLAYER_EN[BAD_ID_MESSAGE], 'This embed has no valid GIF id.', 'the key names the message');
});

test('unknown or malformed values are ignored', () => {
  const options = readPlaceholder(el({ 'data-gif-id': 'abc', 'data-theme': 'neon', 'data-autoplay': 'maybe', 'data-hide-share': 'false', 'data-width': 'wide', 'data-height': '200' }));
  assert.ok(typeof options !== 'string');
  if (typeof options === 'string') return;
  assert.is(options.theme, 'dark');
  assert.is(options.autoplay, undefined, "the page's policy");
  assert.is(options.hideShare, false);
  assert.is(options.width, 0, 'a box needs both sizes');
  assert.is(options.height, 0);
});

test('a GIF page, iframe player or media URL pasted as the id is reduced to its id', () => {
  assert.is(gifIdFrom('gifPlainBounce01'), 'gifPlainBounce01');
  assert.is(gifIdFrom(' https://giphy.com/gifs/happy-dance-l0MYt5jPR6QX5pnqM '), 'l0MYt5jPR6QX5pnqM');
  assert.is(gifIdFrom('http://127.0.0.1:8080/gifs/bouncing-dots-gifPlainBounce01/'), 'gifPlainBounce01');
  assert.is(gifIdFrom('https://giphy.com/stickers/star-stkStarCutout01'), 'stkStarCutout01');
  assert.is(gifIdFrom('https://giphy.com/embed/l0MYt5jPR6QX5pnqM'), 'l0MYt5jPR6QX5pnqM');
  assert.is(gifIdFrom('https://media4.giphy.com/media/v1.Y2lkPTc5/l0MYt5jPR6QX5pnqM/giphy.gif'), 'l0MYt5jPR6QX5pnqM');
  assert.is(gifIdFrom('https://media.giphy.com/media/l0MYt5jPR6QX5pnqM/200w.webp'), 'l0MYt5jPR6QX5pnqM');
  for (const bad of ['', 'https://giphy.com/', 'https://giphy.com/gifs/', 'javascript:alert(1)', '<b>x</b>', '../gifs/a b']) {
    assert.is(gifIdFrom(bad), undefined, bad);
  }
});

test("an iframe player address keeps its ?theme=light unless the placeholder sets a theme; the query's 1001st key is not read", () => {
  const light = readPlaceholder(el({ 'data-gif-id': 'https://giphy.com/embed/l0MYt5jPR6QX5pnqM?theme=light' }));
  assert.is(typeof light === 'object' && light.theme, 'light');
  const own = readPlaceholder(el({ 'data-gif-id': '/embed/l0MYt5jPR6QX5pnqM?theme=light', 'data-theme': 'dark' }));
  assert.is(typeof own === 'object' && own.theme, 'dark');
  const filler = Array.from({ length: 1000 }, (_, i) => `k${i}=1`).join('&');
  const far = readPlaceholder(el({ 'data-gif-id': `/embed/l0MYt5jPR6QX5pnqM?${filler}&theme=light` }));
  assert.is(typeof far === 'object' && far.theme, 'dark');
});

test('warnings quote the refused value, escaped and cut to length', () => {
  assert.is(quoted('"><script>'), '"\\"><script>"');
  assert.is(quoted('x'.repeat(200)), `"${'x'.repeat(120)}…"`);
});

test('boxSize: both sizes positive and finite, else none', () => {
  assert.equal(boxSize(el({ 'data-width': '480', 'data-height': '270' })), [480, 270]);
  assert.equal(boxSize(el({ 'data-width': '-5', 'data-height': '270' })), [0, 0]);
  assert.equal(boxSize(el({ 'data-width': 'Infinity', 'data-height': '270' })), [0, 0]);
  assert.equal(boxSize(el({ 'data-width': '480' })), [0, 0]);
});

test.run();
