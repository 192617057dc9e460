/**
 * The iframe player page's pure parts (src/player-page): its address, its settings block, the
 * height messages it speaks; and the host files build.mjs writes beside it. What the page does
 * in a browser (framed, sandboxed, on another server) is tested in Chromium.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { readAddress } from '../../src/player-page/address';
import { heightMessages, HEIGHT_MESSAGE, reportHeights, wordPressSecret, WORDPRESS_REPEAT_FOR_MS, WORDPRESS_REPEAT_MS } from '../../src/player-page/height';
import { readSettings, withSettings } from '../../src/player-page/settings';
import { cacheControlFor, hostFiles, IMMUTABLE, playerPagePolicy, REVALIDATE, SHORT_LIVED } from '../../scripts/static-host.mjs';

test('the GIF comes from the path (/embed/{id}) or the query (/embed/?id=), on a host\'s root or under a folder', () => {
  const cases: [string, string, string][] = [
    ['https://cdn.example/embed/abc123', 'abc123', 'https://cdn.example/'],
    ['https://cdn.example/embed/abc123/', 'abc123', 'https://cdn.example/'],
    ['https://cdn.example/embed/?id=abc123', 'abc123', 'https://cdn.example/'],
    ['https://cdn.example/embed/index.html?id=abc123', 'abc123', 'https://cdn.example/'],
    ['https://cdn.example/embed/index?id=abc123', 'abc123', 'https://cdn.example/'],
    ['https://cdn.example/gif-embed/0.1.0/embed/abc123?theme=light', 'abc123', 'https://cdn.example/gif-embed/0.1.0/'],
    ['https://cdn.example/embed/', '', 'https://cdn.example/'],
    // A doubled slash is a folder of this host, not another host (it threw before).
    ['https://cdn.example//embed/abc123', 'abc123', 'https://cdn.example//'],
    ['https://cdn.example//embed/?id=//embed/?id=x', '//embed/?id=x', 'https://cdn.example//'],
  ];
  for (const [href, id, root] of cases) {
    const address = readAddress(href);
    assert.is(address.id, id, href);
    assert.is(address.root, root, href);
  }
});

test('?related and ?theme=light are read; any other theme is the default dark; a malformed escape gives no id', () => {
  assert.equal(readAddress('https://x.example/embed/a1?related&theme=light'), { id: 'a1', related: true, theme: 'light', root: 'https://x.example/' });
  assert.is(readAddress('https://x.example/embed/a1?theme=%22%3E%3Cb%3E').theme, 'dark');
  assert.is(readAddress('https://x.example/embed/%E0%A4%A').id, '');
  // The id is handed to the loader as text, which checks it and shows its own error.
  assert.is(readAddress('https://x.example/embed/%22%3E%3Cscript%3E').id, '"><script>');
});

/** Every setting unset. */
const NONE = { apiKey: '', apiBase: '', pingbackBase: '', siteBase: '', tcfVendorId: '', dnt: '', consentTimeout: '' };

test('the settings block: strings only, unknown keys dropped, broken JSON reads as no settings (with a warning)', () => {
  assert.equal(readSettings('{"apiKey":" k ","apiBase":"https://api.example","extra":1,"siteBase":5,"tcfVendorId":"755","dnt":true}'), { ...NONE, apiKey: 'k', apiBase: 'https://api.example', tcfVendorId: '755' });
  const warn = console.warn;
  const warned: unknown[] = [];
  console.warn = (...args: unknown[]) => warned.push(args.join(' '));
  try {
    assert.equal(readSettings('{apiKey:'), NONE);
    assert.equal(readSettings('null'), NONE);
  } finally {
    console.warn = warn;
  }
  assert.equal(warned, ["[gif-embed] The player page's settings (#gif-embed-settings) are not JSON"]);
});

test('withSettings writes the block of the shipped page; a value cannot close the block', () => {
  const shipped = readFileSync(new URL('../../src/player-page/index.html', import.meta.url), 'utf8');
  const html = withSettings(shipped, { apiKey: 'key</script><script>alert(1)//', apiBase: 'https://api.example' });
  assert.not.ok(html.includes('</script><script>alert(1)'));
  const block = /<script type="application\/json" id="gif-embed-settings">([^<]*)<\/script>/.exec(html)![1];
  assert.equal(readSettings(block), { ...NONE, apiKey: 'key</script><script>alert(1)//', apiBase: 'https://api.example' });
  assert.throws(() => withSettings('<p>no block</p>', {}), /no #gif-embed-settings block/);
});

test('height messages: AMP\'s embed-size, our own, and WordPress\'s only with its secret', () => {
  assert.equal(heightMessages('a1', 270, ''), [{ sentinel: 'amp', type: 'embed-size', height: 270 }, { type: HEIGHT_MESSAGE, id: 'a1', height: 270 }]);
  assert.equal(heightMessages('a1', 270, 'Ab12')[2], { message: 'height', value: 270, secret: 'Ab12' });
  assert.is(wordPressSecret('#?secret=Ab12Cd34'), 'Ab12Cd34');
  assert.is(wordPressSecret('#?secret=Ab12&x=1'), 'Ab12');
  assert.is(wordPressSecret('#?secret=a"b'), '', 'letters and digits only, as WordPress checks');
  assert.is(wordPressSecret(''), '');
});

/** A framed page's window as reportHeights sees it: what it posts to its parent, and a way to post to it. */
function framedWindow(hash: string, innerHeight: number) {
  const posted: Record<string, unknown>[] = [];
  const listeners: ((event: MessageEvent) => void)[] = [];
  const parent = { postMessage: (message: Record<string, unknown>) => posted.push(message) };
  const win = {
    parent, innerHeight, origin: 'null', location: { hash, host: 'player.example' },
    addEventListener: (type: string, fn: (event: MessageEvent) => void) => type === 'message' && listeners.push(fn),
  };
  const fromParent = (data: unknown) => listeners.forEach((fn) => fn({ source: parent, data } as unknown as MessageEvent));
  const toWordPress = () => posted.filter((m) => m.message === 'height').map((m) => m.value);
  return { win: win as unknown as Window, posted, fromParent, toWordPress };
}

test('WordPress\'s handshake: its height at once and again until WordPress says ready, at once after ready, never 0', async () => {
  const realInterval = globalThis.setInterval;
  const realClear = globalThis.clearInterval;
  const realTimeout = globalThis.setTimeout;
  const timers: { fn: () => void; ms: number; every: boolean; cleared?: boolean }[] = [];
  // Each timer's id is its place in `timers`, plus one.
  globalThis.setInterval = ((fn: () => void, ms: number) => timers.push({ fn, ms, every: true })) as unknown as typeof setInterval;
  globalThis.clearInterval = ((id: number) => void (timers[id - 1] && (timers[id - 1].cleared = true))) as typeof clearInterval;
  globalThis.setTimeout = ((fn: () => void, ms: number) => timers.push({ fn, ms, every: false })) as unknown as typeof setTimeout;
  try {
    // A hidden frame not given its size yet: nothing to say, and not 0.
    const hidden = framedWindow('#?secret=Wp0Secret', 0);
    const report = reportHeights(hidden.win, 'a1');
    assert.equal(hidden.toWordPress(), [], 'no 0');
    const repeat = timers.find((t) => t.every)!;
    assert.is(repeat.ms, WORDPRESS_REPEAT_MS);
    assert.ok(timers.some((t) => !t.every && t.ms === WORDPRESS_REPEAT_FOR_MS), 'repeating ends');
    report.report(269.4);
    repeat.fn();
    assert.equal(hidden.toWordPress(), [270, 270], 'the height once known, and said again');
    assert.not.ok(repeat.cleared, 'said again until WordPress is ready');
    hidden.fromParent({ message: 'ready', secret: 'other' });
    assert.not.ok(repeat.cleared, 'another frame\'s ready stops nothing');
    hidden.fromParent({ message: 'ready', secret: 'Wp0Secret' });
    assert.ok(repeat.cleared, 'no more repeats once WordPress said ready');
    assert.equal(hidden.toWordPress(), [270, 270, 270], 'at once after ready');
    hidden.fromParent({ message: 'ready', secret: 'other' });
    assert.is(hidden.toWordPress().length, 3, 'another frame\'s ready is not ours');

    // A frame with its size: it says it at once, before the GIF's ratio is known.
    const sized = framedWindow('#?secret=Abc#?secret=Wp1Secret', 360);
    reportHeights(sized.win, 'a1');
    assert.equal(sized.posted[0], { message: 'height', value: 360, secret: 'Wp1Secret' }, 'WordPress\'s secret, the last in the address');
    // A WordPress that never says ready: the repeats end after WORDPRESS_REPEAT_FOR_MS.
    const [sizedRepeat, sizedEnd] = timers.slice(-2);
    assert.equal([sizedRepeat.every, sizedEnd.ms], [true, WORDPRESS_REPEAT_FOR_MS]);
    sizedEnd.fn();
    assert.ok(sizedRepeat.cleared, 'repeating ends');
  } finally {
    globalThis.setInterval = realInterval;
    globalThis.clearInterval = realClear;
    globalThis.setTimeout = realTimeout;
  }
});

test('cache rules: hashed plugin files for good; embed.js, sdk.js and the page five minutes; the rest revalidated', () => {
  assert.is(cacheControlFor('plugins/share.3f9a1c2b.js'), IMMUTABLE);
  for (const file of ['embed.js', 'sdk.js', 'embed/index.html']) assert.is(cacheControlFor(file), SHORT_LIVED, file);
  for (const file of ['plugins/manifest.json', 'esm/api.js', 'plugins/share.js']) assert.is(cacheControlFor(file), REVALIDATE, file);
});

test('host files: every ruled file named exactly, the page\'s rewrite and policy in each host\'s own format', () => {
  const html = '<script type="application/json" id="gif-embed-settings">{}</script><style>a{}</style><script>go()</script>';
  const files = hostFiles(['embed.js', 'embed/index.html', 'plugins/player.0123abcd.js', 'plugins/manifest.json'], html);
  assert.equal(Object.keys(files).sort(), ['_headers', '_redirects', 'serve.json', 'vercel.json']);
  assert.match(files._headers, `/plugins/player.0123abcd.js\n  Cache-Control: ${IMMUTABLE}`);
  assert.match(files._headers, `/embed/*\n  Cache-Control: ${SHORT_LIVED}\n  Content-Security-Policy: ${playerPagePolicy(html)}`);
  assert.not.match(files._headers, 'manifest');
  assert.match(files._redirects, /^\/embed\/\*  \/embed\/index\.html  200$/m);
  for (const name of ['vercel.json', 'serve.json']) {
    const config = JSON.parse(files[name]);
    assert.equal(config.rewrites, [{ source: '/embed/:id', destination: '/embed/index.html' }], name);
    assert.is(config.headers.length, 3, name);
  }
  // The settings block is data: only the executable script is hashed.
  assert.match(playerPagePolicy(html), /^script-src 'sha256-[^']+' 'strict-dynamic'; style-src 'sha256-[^']+'; /);
  assert.is(playerPagePolicy(html), playerPagePolicy(html.replace('{}', '{"apiKey":"k"}')));
});

test.run();
