/**
 * Every parser and regex that reads untrusted text (API data, the page's attributes, ad snippets,
 * addresses pasted into a placeholder) runs in linear time. Property: for adversarial strings of
 * 200 KB, built by repeating short runs of the characters each one's syntax turns on (the inputs
 * a backtracking regex chokes on), each call takes under LINEAR_BUDGET_MS (fastest of three).
 *
 * Each entry names the attack it stands for; the pixel tokenizer's is the one that froze a page
 * for 45 s (`<img ` 40,000 times, no `>`).
 */
import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { bottlePixelSnippets, envelopeUrl, sanitizePixel, virtualPath } from '../../../src/analytics';
import { fillMacros } from '../../../src/analytics/cmp';
import { withConsentMacros } from '../../../src/analytics/consent';
import { imgSources } from '../../../src/analytics/img-sources';
import { buildUrl } from '../../../src/api/url';
import { configure, getConfig } from '../../../src/config';
import { gifIdFrom } from '../../../src/embed/placeholder';
import { avatarAt80 } from '../../../src/model/avatar';
import { plainMediaHost } from '../../../src/model/media-host';
import { videoMp4 } from '../../../src/model/gif';
import { escapeAttr } from '../../../src/model/escape';
import { safeUrl } from '../../../src/model/safe-url';
import { twitterSharePage } from '../../../src/model/share';
import { normalizeGif } from '../../../src/model';
import { parseQuery } from '../../../src/query';
import { readAddress } from '../../../src/player-page/address';
import { wordPressSecret } from '../../../src/player-page/height';
import { readSettings } from '../../../src/player-page/settings';
import { withoutTrailingSlashes } from '../../../src/text';

/**
 * How long one call on 200 KB may take. A linear pass takes at most 15 ms here idle (the URL
 * allow-list and escaping are the slowest) and stays well under this with the machine busy
 * with other work; every quadratic one found took seconds (the old `<img>` regex 6 s at 80 kB,
 * the trailing-slash regex 12 s at 200 kB).
 */
const LINEAR_BUDGET_MS = 400;
const INPUT_CHARS = 200_000;

/** `unit` repeated to INPUT_CHARS characters. */
const repeated = (unit: string) => unit.repeat(Math.ceil(INPUT_CHARS / Math.max(1, unit.length))).slice(0, INPUT_CHARS);

/** The fastest of three calls of `run`, in ms (a busy machine slows one, not all three). */
function fastest(run: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/** Adversarial 200 KB inputs: a short run of `pieces` (and a tail) repeated, as fast-check picks them. */
const adversarial = (pieces: string[]) =>
  fc.tuple(fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 6 }), fc.constantFrom('', '!', '>', '\n', 'x'), fc.constantFrom('', ...pieces))
    .map(([run, tail, head]) => head + repeated(run.join('')) + tail);

/** Asserts `parse` stays under budget on every input fast-check makes from `pieces`, and on `known` ones. */
function linear(name: string, pieces: string[], parse: (input: string) => unknown, known: string[] = []) {
  test(`linear time: ${name}`, () => {
    for (const input of known) {
      const ms = fastest(() => parse(input));
      assert.ok(ms < LINEAR_BUDGET_MS, `${name}: ${ms.toFixed(1)} ms on ${JSON.stringify(input.slice(0, 24))}… (${input.length} chars)`);
    }
    fc.assert(
      fc.property(adversarial(pieces), (input) => {
        const ms = fastest(() => parse(input));
        if (ms >= LINEAR_BUDGET_MS) throw new Error(`${ms.toFixed(1)} ms on ${JSON.stringify(input.slice(0, 40))}…`);
      }),
      { numRuns: 25 },
    );
  });
}

// Pixel snippets: the tokenizer on its own (no size cap), then the whole sanitiser and bottle_data.
linear('the <img> tokenizer (a tag never closed, quotes never closed, comments and raw text never ended)',
  ['<img ', '<IMG', '<img src=', '"', "'", '=', ' ', '<!--', '<!', '<script>', '</', '<', '>', 'src', '/', 'a'],
  imgSources,
  [repeated('<img '), repeated('<img src="'), repeated('<img a="x" '), repeated('<script><img src=x>'), repeated('<!--<img src=x>')]);
linear('the pixel sanitiser (entities, cachebuster)', ['<img src="https://a.example/', '&#', '&#x', '&amp', ';', '%%CACHEBUSTER%', '"', '>', '1'],
  (input) => sanitizePixel(input));
linear('bottle_data tags (JSON, URLs, HTML)', ['[', '{"html":', '"', '<img ', ']', '}', ',', 'https://'],
  (input) => bottlePixelSnippets({ tags: [input, input] }));
linear('the IAB macros of a pixel URL (a macro never closed, vendor ids of any length)', ['$' + '{', '$%7B', 'GDPR', '_CONSENT_', 'GPP_STRING', '_', '1', '}', '%7D'],
  (input) => {
    withConsentMacros(input);
    fillMacros(input, new Map([['tcf', { store: false, ids: false, macros: { GDPR: '1' } }]]));
  });
// Addresses and hosts from the page's attributes and the API.
linear('trailing slashes on hosts (data-api-base, data-site-base)', ['/', 'a', '//'], (input) => {
  withoutTrailingSlashes(input);
  buildUrl(input, input);
  configure({ apiBase: input });
}, [`${'/'.repeat(INPUT_CHARS - 1)}x`]);
linear('a channel search term for the page view (@name term)', ['@', 'a', ' ', '\n', '\t'],
  (input) => virtualPath(`https://api.example/v1/gifs/search?q=${encodeURIComponent(input)}`), [`@${'a'.repeat(INPUT_CHARS)} x\n`]);
linear('a channel page path for the page view', ['/v1/channels/', 'a', '/', 'gifs'], (input) => virtualPath(`https://api.example${input}`));
linear('the error-report DSN (data-error-dsn)', ['/', 'a', 'é', '.'], (input) => envelopeUrl(`https://key@sentry.example${input}`));
linear('an id or address pasted into data-gif-id', ['/gifs/', 'a-', 'a', '-', '/', '/embed/', '/media/', 'v1.'], gifIdFrom);
linear('avatar addresses', ['/avatars/', '1', 'h', '.', '/', 'a'], (input) => avatarAt80(`https://media.example${input}`));
linear('media hosts and mp4 paths', ['media', '1', '.', 'a', ':', '/', '.mp4', '?'], (input) => {
  plainMediaHost(input);
  videoMp4({ hd: { url: '', width: 1, height: 1, mp4: input } } as never);
});
linear('query strings (1000 keys read)', ['&', 'a=', '=', '%', '?'], parseQuery);
linear('URLs through the allow-list and escaping', ['https://', 'a', '"', '<', '&', '/', '%'], (input) => {
  safeUrl(input);
  escapeAttr(input);
});
linear('a whole GIF object of hostile strings', ['a', '/', '.', '@', '<', '"'], (input) =>
  normalizeGif({ id: 'x', title: input, slug: input, url: input, user: { username: input, avatar_url: input }, images: { original: { url: input, width: '1', height: '1' } } }));
linear('the twitter share page (data-site-base)', ['/', 'a'], (input) => twitterSharePage(normalizeGif({ id: 'x', url: 'https://a.example/gifs/x' })!, input, false));

// The iframe player page: its own address (any link can hand it one) and its settings block.
linear('the player page\'s address (/embed/{id}, ?id=, a folder above)', ['/embed/', 'embed/', '/', 'a', '%', '?id=', '&', 'index.html'], (input) => readAddress(`https://cdn.example${input.startsWith('/') ? input : `/${input}`}`));
linear('WordPress\'s secret in the player page\'s address', ['#', '?', '&', 'secret=', 'a', '1', '!'], wordPressSecret, [`#${'?secret=a'.repeat(25_000)}`, `#?secret=${'a'.repeat(200_000)}!`]);
linear('the player page\'s settings block', ['{', '"apiKey":', '"', ',', '}', '[', 'a'], (input) => {
  // A block that is not JSON says so once per page; here, once per try: kept out of the output.
  const warn = console.warn;
  console.warn = () => {};
  try {
    readSettings(input);
  } finally {
    console.warn = warn;
  }
});

test('configure keeps what it was given apart from trailing slashes', () => {
  configure({ apiBase: 'https://api.example//' });
  assert.is(getConfig().apiBase, 'https://api.example');
});

test.run();
