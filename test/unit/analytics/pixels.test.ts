import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { bottlePixelSnippets, injectGifPixels, injectPixels, sanitizePixel, PIXEL_ATTRIBUTE } from '../../../src/analytics';
import { firePixels, pixelTemplates, CACHEBUSTER_TOKEN, PIXEL_SNIPPET_MAX_CHARS, PIXELS_PER_GIF_MAX } from '../../../src/analytics/pixels';
import { firstView, NEW_VIEW, OLD_VIEW, PLACEMENT_VIEW } from '../../../src/analytics/viewability';
import { normalizeGif } from '../../../src/model';
import { sponsoredSticker } from '../model/fixtures';
import { DROPPED_PIXEL_SNIPPETS } from './pixel-snippets';

const NOW = 1_763_900_000_000;
/** The only shape the sanitiser may emit. */
const SAFE_IMG = /^<img src="https?:\/\/[^"<>\s]+">$/;

test('an img pixel is kept as a bare <img src>, its cachebuster replaced with the time', () => {
  assert.equal(
    sanitizePixel('<IMG SRC="https://ad.example.com/imp;ord=%%CACHEBUSTER%%?" width="1" height="1" border="0" onerror="steal()">', NOW),
    [`<img src="https://ad.example.com/imp;ord=${NOW}?">`],
  );
  assert.equal(sanitizePixel("<img alt='x' src='http://t.example/p?a=1&amp;b=2'/>", NOW), ['<img src="http://t.example/p?a=1&amp;b=2">']);
  assert.equal(sanitizePixel('<img src=https://bare.example/p.gif>', NOW), ['<img src="https://bare.example/p.gif">']);
});

test('everything that is not an http(s) img is dropped', () => {
  for (const hostile of DROPPED_PIXEL_SNIPPETS) {
    assert.equal(sanitizePixel(hostile, NOW), [], hostile);
  }
});

test('a quoted > or a fake src inside another attribute does not fool the parser', () => {
  assert.equal(sanitizePixel('<img alt="a > b src=https://fake.example/" src="https://real.example/p">', NOW), ['<img src="https://real.example/p">']);
  assert.equal(sanitizePixel('<img src="https://a.example/&quot;onload=&quot;x">', NOW), ['<img src="https://a.example/%22onload=%22x">']);
});

test('only &amp; &lt; &gt; &quot; &apos; and numeric references are decoded; other names stay as written', () => {
  assert.equal(sanitizePixel('<img src="https://a.example/p?x=1&AMP;y=&#x41;&#65;&constructor;&toString;&foo;">', NOW), [
    '<img src="https://a.example/p?x=1&amp;y=AA&amp;constructor;&amp;toString;&amp;foo;">',
  ]);
});

test('several pixels in one snippet; duplicates once', () => {
  assert.equal(
    sanitizePixel('<div><img src="https://a.example/1"><b>x</b><img src="https://b.example/2"><img src="https://a.example/1"></div>', NOW),
    ['<img src="https://a.example/1">', '<img src="https://b.example/2">'],
  );
});

const SRC_VALUES = [
  'https://ad.example.com/imp?ord=%%CACHEBUSTER%%',
  'http://t.example/p?a=1&b=2',
  'javascript:alert(1)',
  'http://b.example/"onerror="x',
  "https://c.example/'q'",
  'data:image/gif;base64,R0l',
  '//proto.example/p',
  'HTTPS://UP.EXAMPLE/%%cachebuster%%',
  'https://d.example/&amp;x&#34;y',
  ' https://e.example/ ',
  'https://f.example/<script>',
  'vbscript:x',
  'https://g.example/a b',
];
const piece = fc.oneof(
  fc.constantFrom('<img', '<IMG', '<img/', '<script>', '</script>', '<iframe ', '>', '/>', ' ', '"', "'", '=', 'src', 'SRC', 'onerror', 'alt', 'data-src', '&quot;', '&#39;', '%%CACHEBUSTER%%'),
  fc.constantFrom(...SRC_VALUES),
  fc.constantFrom(...SRC_VALUES).map((v) => ` src="${v}"`),
  fc.constantFrom(...SRC_VALUES).map((v) => ` src='${v}'`),
  fc.constantFrom(...SRC_VALUES).map((v) => ` src=${v}`),
  fc.string({ maxLength: 12 }),
);
/** An attribute value in any of the three HTML quoting styles, sometimes entity-encoded. */
const attrValue = fc
  .tuple(fc.oneof({ arbitrary: fc.constantFrom(...SRC_VALUES), weight: 3 }, fc.string({ maxLength: 10 })), fc.constantFrom('"', "'", ''), fc.boolean())
  .map(([v, q, encode]) => {
    const text = encode ? v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;') : v;
    return `${q}${text}${q}`;
  });
const attribute = fc
  .tuple(fc.constantFrom('src', 'src', 'src', 'SRC', 'Src', 'onerror', 'alt', 'data-src', 'width', 'srcset', 'style'), attrValue, fc.constantFrom(' ', '  ', '\n', '/'))
  .map(([name, value, sep]) => `${sep}${name}=${value}`);
/** A tag that is often a real <img> and sometimes something else with the same attributes. */
const tag = fc
  .tuple(fc.constantFrom('img', 'IMG', 'img', 'img', 'script', 'iframe', 'imgx'), fc.array(attribute, { maxLength: 4 }), fc.constantFrom('>', '/>', ' >', ''))
  .map(([name, attrs, end]) => `<${name}${attrs.join('')}${end}`);
const snippet = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.array(piece, { maxLength: 14 }).map((parts) => parts.join('')),
  { arbitrary: fc.array(fc.oneof(tag, tag, piece), { maxLength: 6 }).map((parts) => parts.join('')), weight: 6 },
);

test('property: the sanitiser never emits anything but <img src="http(s)...">', () => {
  fc.assert(
    fc.property(snippet, (html) => {
      for (const tag of sanitizePixel(html, NOW)) {
        if (!SAFE_IMG.test(tag)) return false;
        const src = new URL(tag.slice('<img src="'.length, -2).replace(/&amp;/g, '&').replace(/&#39;/g, "'"));
        if (src.protocol !== 'http:' && src.protocol !== 'https:') return false;
      }
      return true;
    }),
    { numRuns: 3000 },
  );
});

test('the generated snippets do exercise accepted pixels (the properties are not vacuous)', () => {
  const samples = fc.sample(snippet, 2000);
  const withPixels = samples.filter((html) => sanitizePixel(html, NOW).length > 0).length;
  assert.ok(withPixels > 200, `only ${withPixels} of 2000 snippets held a pixel`);
});

test('property: sanitising the output again gives the same output', () => {
  fc.assert(
    fc.property(snippet, (html) => {
      const once = sanitizePixel(html, NOW);
      if (JSON.stringify(sanitizePixel(once.join(''), NOW + 1)) !== JSON.stringify(once)) return false;
      return once.every((tag) => sanitizePixel(tag, NOW + 2).join('') === tag);
    }),
    { numRuns: 3000 },
  );
});

test('property: a well-formed http(s) pixel always survives', () => {
  fc.assert(
    fc.property(fc.webUrl({ withQueryParameters: true }), (url) => {
      const out = sanitizePixel(`<img src="${url.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" width="1">`, NOW);
      return out.length === 1 && SAFE_IMG.test(out[0]);
    }),
    { numRuns: 500 },
  );
});

test('property: injectPixels only ever adds bare http(s) images to <head>', () => {
  const doc = document.implementation.createHTMLDocument('fuzz');
  fc.assert(
    fc.property(fc.array(snippet, { maxLength: 3 }), (snippets) => {
      injectPixels(snippets, doc);
      return true;
    }),
    { numRuns: 300 },
  );
  const added = [...doc.head.children];
  assert.ok(added.length > 5, `the fuzzing did inject pixels (${added.length})`);
  assert.is(doc.body.children.length, 0);
  for (const el of added) {
    if (el.tagName === 'TITLE') continue;
    assert.is(el.tagName, 'IMG');
    assert.equal(el.getAttributeNames().sort(), ['alt', PIXEL_ATTRIBUTE, 'src'].sort());
    assert.match(el.getAttribute('src')!, /^https?:\/\//);
  }
});

test('injectPixels inserts each pixel into <head> once', () => {
  const doc = document.implementation.createHTMLDocument('pixels');
  const added = injectPixels(['<img src="https://ad.example.com/imp?ord=%%CACHEBUSTER%%">', '<script>alert(1)</script>'], doc);
  assert.is(added, 1);
  assert.is(injectPixels(['<img src="https://ad.example.com/imp?ord=%%CACHEBUSTER%%">'], doc), 0, 'same pixel not fired twice');
  const imgs = [...doc.head.querySelectorAll('img')];
  assert.is(imgs.length, 1);
  assert.ok(imgs[0].hasAttribute(PIXEL_ATTRIBUTE));
  assert.match(imgs[0].getAttribute('src')!, /^https:\/\/ad\.example\.com\/imp\?ord=\d{13}$/);
  assert.is(doc.head.querySelectorAll('script').length, 0);
  assert.is(doc.body.querySelectorAll('img').length, 0);
});

test('bottle_data tags: HTML, URLs and JSON are read; broken JSON logs "Error parsing json for"', () => {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
  try {
    const snippets = bottlePixelSnippets({
      tags: [
        '<img src="https://a.example/1">',
        'https://b.example/2?x=1&y=2',
        '["<img src=\\"https://c.example/3\\">", {"url": "https://d.example/4"}]',
        '{"url": "https://e.example/5"',
      ],
    });
    assert.equal(snippets, [
      '<img src="https://a.example/1">',
      '<img src="https://b.example/2?x=1&amp;y=2">',
      '<img src="https://c.example/3">',
      '<img src="https://d.example/4">',
    ]);
    assert.equal(warnings, ['Error parsing json for {"url": "https://e.example/5"']);
  } finally {
    console.warn = original;
  }
});

test('injectGifPixels fires a sponsored GIF\'s pixels from its bottle_data', () => {
  const doc = document.implementation.createHTMLDocument('ad');
  const gif = normalizeGif(sponsoredSticker);
  assert.is(injectGifPixels(gif.bottle_data, doc), 1);
  assert.match(doc.head.querySelector('img')!.getAttribute('src')!, /^https:\/\/ad\.example\.com\/imp\?ord=\d+$/);
  assert.is(injectGifPixels(undefined, doc), 0);
});

test('a placement\'s pixel fires at each of its impressions, each with a cache buster of its own; the GIF\'s own pixels once per page', () => {
  const doc = document.implementation.createHTMLDocument('placements');
  const gif = normalizeGif(sponsoredSticker);
  const placement = '<img src="https://network.example/imp?cb=%%CACHEBUSTER%%">';
  assert.is(firePixels(gif.bottle_data, placement, doc), 2, 'the first placement: the GIF\'s pixel and its own');
  assert.is(firePixels(gif.bottle_data, placement, doc), 1, 'the second: its own only');
  assert.is(firePixels(undefined, placement, doc), 1, 'the third');
  const busters = [...doc.head.querySelectorAll('img')].map((img) => img.getAttribute('src')!).filter((src) => src.startsWith('https://network.example/')).map((src) => new URL(src).searchParams.get('cb'));
  assert.is(busters.length, 3);
  assert.is(new Set(busters).size, 3, `each impression its own cache buster (${busters}), also within one millisecond`);
});

test('the macros\' names; every named reference decoded; numeric ones inside Unicode only', () => {
  assert.is(CACHEBUSTER_TOKEN, '%%CACHEBUSTER%%');
  assert.equal(pixelTemplates('<img src="https://a.example/p?v=&lt;&gt;&quot;&apos;&amp;">'), ['https://a.example/p?v=<>"\'&']);
  assert.equal(pixelTemplates('<img src="https://a.example/p?v=&#0;&#x10FFFF;&#x110000;">'), ['https://a.example/p?v=&#0;\u{10FFFF}&#x110000;']);
});

test('pixelTemplates: a snippet that is not text, too long, or not http(s) gives nothing; sources are trimmed and kept once', () => {
  assert.equal(pixelTemplates(42 as unknown as string), []);
  const img = '<img src="https://a.example/p">';
  assert.equal(pixelTemplates(img + ' '.repeat(PIXEL_SNIPPET_MAX_CHARS - img.length)), ['https://a.example/p'], 'exactly the limit');
  assert.equal(pixelTemplates(img + ' '.repeat(PIXEL_SNIPPET_MAX_CHARS - img.length + 1)), [], 'one character over');
  assert.equal(pixelTemplates('<img src="javascript:alert(1)"><img src="  https://b.example/p  ">'), ['https://b.example/p']);
  // The same address once the cache buster is in (the token is read in any case).
  assert.equal(sanitizePixel('<img src="https://c.example/p?cb=%%CACHEBUSTER%%"><img src="https://c.example/p?cb=%%cachebuster%%">', NOW), [`<img src="https://c.example/p?cb=${NOW}">`]);
});

test('injectPixels: at most PIXELS_PER_GIF_MAX images for one call; each a bare image with an empty alt; nothing without a <head>', () => {
  const doc = document.implementation.createHTMLDocument('pixels');
  const many = Array.from({ length: PIXELS_PER_GIF_MAX + 5 }, (_, i) => `<img src="https://many.example/${i}">`);
  assert.is(injectPixels(many, doc), PIXELS_PER_GIF_MAX);
  const imgs = [...doc.head.querySelectorAll('img')];
  assert.is(imgs.length, PIXELS_PER_GIF_MAX);
  assert.ok(imgs.every((img) => img.getAttribute(PIXEL_ATTRIBUTE) === '' && img.getAttribute('alt') === ''));
  const headless = document.implementation.createHTMLDocument('no head');
  headless.documentElement.replaceChildren();
  assert.is(injectPixels(['<img src="https://a.example/p">'], headless), 0);
});

test('bottle_data tags: bare http and https addresses, padded JSON, every key, nulls and non-text entries', () => {
  const snippets = (tags: unknown[]) => bottlePixelSnippets({ tags } as never);
  assert.equal(snippets(['http://plain.example/p', '  https://padded.example/p  ']), ['<img src="http://plain.example/p">', '<img src="https://padded.example/p">']);
  assert.equal(snippets(['  {"url": "https://json.example/p"}  ']), ['<img src="https://json.example/p">']);
  assert.equal(snippets(['[null, {"src": "https://s.example/p"}, {"html": "<img src=x>"}, {"tag": "https://t.example/p"}]']), [
    '<img src="https://s.example/p">', '<img src=x>', '<img src="https://t.example/p">',
  ]);
  assert.equal(snippets([42, 'https://n.example/p']), ['<img src="https://n.example/p">']);
  const long = `https://long.example/${'a'.repeat(PIXEL_SNIPPET_MAX_CHARS)}`;
  assert.equal(snippets([long.slice(0, PIXEL_SNIPPET_MAX_CHARS)]).length, 1, 'a tag of exactly the limit');
  assert.equal(snippets([long.slice(0, PIXEL_SNIPPET_MAX_CHARS + 1)]), [], 'one character over');
  assert.equal(bottlePixelSnippets({} as never), []);
  assert.equal(bottlePixelSnippets(undefined), []);
});

test('firePixels never throws: a page whose <head> refuses images gets 0', () => {
  const doc = document.implementation.createHTMLDocument('refusing');
  doc.head.appendChild = () => {
    throw new Error('refused');
  };
  assert.is(firePixels(undefined, '<img src="https://a.example/p">', doc), 0);
});

test('firstView: a new view once per GIF and placement; a billed tid seen elsewhere makes a new placement impression, not a new view', () => {
  const [a, b, c] = [{}, {}, {}];
  assert.is(firstView(a, 'plain'), NEW_VIEW);
  assert.is(firstView(a, 'plain'), OLD_VIEW, 'the same placement again');
  assert.is(firstView(b, 'plain'), NEW_VIEW, 'a GIF without a tid in another placement: SEEN again');
  assert.is(firstView(a, 'ad', 'tid-unit-1'), NEW_VIEW);
  assert.is(firstView(c, 'ad', 'tid-unit-1'), PLACEMENT_VIEW, 'the billed GIF in another placement');
  assert.is(firstView(c, 'ad', 'tid-unit-1'), OLD_VIEW);
  assert.is(firstView(c, 'other', 'tid-unit-1'), PLACEMENT_VIEW, 'another GIF billed under the same tid');
  assert.is(firstView(a, 'plain'), OLD_VIEW, 'a placement remembers each GIF it showed, not only the last');
});

test.run();
