/**
 * The iframe player page's pure parts (src/player-page): its address, its settings block, the
 * height messages it speaks; and the host files build.mjs writes beside it. What the page does
 * in a browser (framed, sandboxed, on another server) is tested in Chromium.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';

/** The page's HTMLAnchorElement, which the link check asks for (no DOM in this suite). */
class HTMLAnchorElementStandIn {}
(globalThis as { HTMLAnchorElement?: unknown }).HTMLAnchorElement ??= HTMLAnchorElementStandIn;
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

test('?related, ?theme=light or auto and ?lang are read; any other theme is the default dark; a malformed escape gives no id', () => {
  assert.equal(readAddress('https://x.example/embed/a1?related&theme=light'), { id: 'a1', related: true, theme: 'light', lang: '', root: 'https://x.example/' });
  assert.is(readAddress('https://x.example/embed/a1?lang=pt-BR').lang, 'pt-BR');
  assert.is(readAddress('https://x.example/embed/a1?lang=%20he%20').lang, 'he');
  assert.is(readAddress('https://x.example/embed/a1?theme=%22%3E%3Cb%3E').theme, 'dark');
  assert.is(readAddress('https://x.example/embed/a1?theme=auto').theme, 'auto', "the reader's colour scheme");
  assert.is(readAddress('https://x.example/embed/%E0%A4%A').id, '');
  // The id is handed to the loader as text, which checks it and shows its own error.
  assert.is(readAddress('https://x.example/embed/%22%3E%3Cscript%3E').id, '"><script>');
});

/** Every setting unset. */
const NONE = { apiKey: '', apiBase: '', pingbackBase: '', siteBase: '', errorDsn: '', tcfVendorId: '', dnt: '', consentTimeoutMs: '', locale: '', autoplay: '' };

test('the settings block: strings only, unknown keys dropped, broken JSON reads as no settings (with a warning)', () => {
  assert.equal(readSettings('{"apiKey":" k ","apiBase":"https://api.example","extra":1,"siteBase":5,"tcfVendorId":"755","dnt":true}'), { ...NONE, apiKey: 'k', apiBase: 'https://api.example', tcfVendorId: '755' });
  // The settings by configure()'s names; a block written with the former name of the timeout still holds.
  assert.equal(readSettings('{"consentTimeout":"500"}'), { ...NONE, consentTimeoutMs: '500' });
  assert.equal(readSettings('{"consentTimeoutMs":"700","locale":"de"}'), { ...NONE, consentTimeoutMs: '700', locale: 'de' });
  // Names an object has from its prototype name no setting.
  const hostile = readSettings('{"toString":"x","constructor":"y","__proto__":"z","hasOwnProperty":"w"}');
  assert.equal(hostile, NONE);
  assert.equal(Object.keys(hostile).sort(), Object.keys(NONE).sort());
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
  assert.is(HEIGHT_MESSAGE, 'gif-embed:height', 'the type docs/player-page.md names');
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

/** A timer `withTimers` recorded: it runs only when a test calls `fn`; `cleared` once cleared. */
type FakeTimer = { fn: () => void; ms: number; every: boolean; cleared?: boolean };

/**
 * Runs `body` with setInterval, clearInterval and setTimeout recorded instead of run (each
 * timer's id is its place in the list, plus one): the handshake's repeats and its 15 s end are
 * looked at, and none is left to keep the process waiting.
 */
async function withTimers(body: (timers: FakeTimer[]) => unknown) {
  const real = [globalThis.setInterval, globalThis.clearInterval, globalThis.setTimeout] as const;
  const timers: FakeTimer[] = [];
  globalThis.setInterval = ((fn: () => void, ms: number) => timers.push({ fn, ms, every: true })) as unknown as typeof setInterval;
  globalThis.clearInterval = ((id: number) => void (timers[id - 1] && (timers[id - 1].cleared = true))) as typeof clearInterval;
  globalThis.setTimeout = ((fn: () => void, ms: number) => timers.push({ fn, ms, every: false })) as unknown as typeof setTimeout;
  try {
    await body(timers);
  } finally {
    [globalThis.setInterval, globalThis.clearInterval, globalThis.setTimeout] = real;
  }
}

test('WordPress\'s handshake: its height at once and again until WordPress says ready, at once after ready, never 0', async () => {
  await withTimers(async (timers) => {
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
    hidden.fromParent({ message: 'height', secret: 'Wp0Secret' });
    assert.not.ok(repeat.cleared, 'another of WordPress\'s messages stops nothing');
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
  });
});

/**
 * A page's window as reportHeights sees it, framed or not (`parent` itself when not), its origin
 * opaque (WordPress's sandbox) or not: what it posts and to which origin, a way for the parent
 * (or another frame) to post to it, and a click dispatched on an element.
 */
function playerWindow({ hash = '', framed = true, origin = 'null', innerHeight = 300 } = {}) {
  const posted: { message: Record<string, unknown>; to: string }[] = [];
  const listeners: Record<string, ((event: Event) => void)[]> = {};
  const parent = { postMessage: (message: Record<string, unknown>, to: string) => posted.push({ message, to }) };
  const win: Record<string, unknown> = { innerHeight, origin, location: { hash, host: 'player.example' } };
  win.parent = framed ? parent : win;
  win.addEventListener = (type: string, fn: (event: Event) => void) => (listeners[type] ??= []).push(fn);
  const fromWindow = (source: unknown, data: unknown) => (listeners.message ?? []).forEach((fn) => fn({ source, data } as unknown as MessageEvent));
  const click = (path: unknown[], init: { button?: number; defaultPrevented?: boolean } = {}) => {
    let prevented = false;
    const event = { button: init.button ?? 0, defaultPrevented: !!init.defaultPrevented, composedPath: () => path, preventDefault: () => (prevented = true) };
    (listeners.click ?? []).forEach((fn) => fn(event as unknown as MouseEvent));
    return prevented;
  };
  return { win: win as unknown as Window, parent, posted, fromParent: (data: unknown) => fromWindow(parent, data), fromWindow, click, listeners };
}

test('our own height message: sent on each new height, rounded up, never 0 nor twice the same; again when the parent asks, to the parent alone', () => {
  const page = playerWindow();
  const report = reportHeights(page.win, 'a1');
  page.fromParent({ type: HEIGHT_MESSAGE });
  assert.equal(page.posted, [], 'no height known yet: nothing to say');
  report.report(269.2);
  report.report(270);
  report.report(0);
  report.report(-5);
  const ours = () => page.posted.filter(({ message }) => message.type === HEIGHT_MESSAGE);
  assert.equal(ours().map(({ message, to }) => [message, to]), [[{ type: HEIGHT_MESSAGE, id: 'a1', height: 270 }, '*']]);
  assert.ok(page.posted.some(({ message }) => message.sentinel === 'amp' && message.height === 270), 'AMP\'s too');
  page.fromParent({ type: HEIGHT_MESSAGE });
  assert.is(ours().length, 2, 'said again when the parent asks');
  page.fromWindow({}, { type: HEIGHT_MESSAGE });
  page.fromParent(null);
  page.fromParent('gif-embed:height');
  assert.is(ours().length, 2, 'another window, or a message that is no object: nothing');
  report.report(300.5);
  assert.equal(ours().at(-1)!.message.height, 301);
});

test('a page that is not framed says nothing, even with a secret in its address', () => {
  const page = playerWindow({ framed: false, hash: '#?secret=Ab12' });
  reportHeights(page.win, 'a1').report(270);
  assert.equal(page.posted, []);
  assert.equal(page.listeners.click ?? [], [], 'no link handling');
});

test('WordPress\'s handshake only in a WordPress frame (a secret), its heights posted to WordPress\'s page whatever its origin', async () => {
  const page = playerWindow({ hash: '' });
  reportHeights(page.win, 'a1');
  page.fromParent({ message: 'ready', secret: '' });
  assert.equal(page.posted.filter(({ message }) => message.message === 'height'), []);
  await withTimers(() => {
    const wordPress = playerWindow({ hash: '#?secret=Wp3Secret', innerHeight: 240 });
    reportHeights(wordPress.win, 'a1');
    assert.equal(wordPress.posted, [{ message: { message: 'height', value: 240, secret: 'Wp3Secret' }, to: '*' }]);
  });
});

test('in WordPress\'s sandbox a click on a link to this host asks WordPress to follow it; other clicks are left alone', () => withTimers(() => {
  const page = playerWindow({ hash: '#?secret=Wp2Secret' });
  reportHeights(page.win, 'a1');
  // An object of the page's link class with its address (happy-dom's, where another suite of this process installed it).
  const link = (href: string) => Object.defineProperty(Object.create((globalThis as unknown as { HTMLAnchorElement: { prototype: object } }).HTMLAnchorElement.prototype), 'href', { value: href });
  const asked = () => page.posted.filter(({ message }) => message.message === 'link');
  assert.ok(page.click([{}, link('https://player.example/gifs/a1'), {}]), 'the default is prevented');
  assert.equal(asked().map(({ message, to }) => [message, to]), [[{ message: 'link', value: 'https://player.example/gifs/a1', secret: 'Wp2Secret' }, '*']]);
  assert.not.ok(page.click([link('https://elsewhere.example/')]), 'another host: the browser\'s own');
  assert.not.ok(page.click([link('https://player.example/x')], { button: 1 }), 'not the main button');
  assert.not.ok(page.click([link('https://player.example/x')], { defaultPrevented: true }), 'handled already');
  assert.not.ok(page.click([link('')]), 'a link without an address');
  assert.not.ok(page.click([{ href: 'https://player.example/x' }]), 'not a link');
  assert.is(asked().length, 1);
  // A WordPress frame whose origin is not opaque (no sandbox) opens its own links.
  const open = playerWindow({ hash: '#?secret=Wp2Secret', origin: 'https://blog.example' });
  reportHeights(open.win, 'a1');
  assert.equal(open.listeners.click ?? [], []);
}));

test('cache rules: hashed plugin files for good; embed.js, sdk.js and the page five minutes; the rest revalidated', () => {
  for (const file of ['plugins/share.3f9a1c2b.js', 'plugins/lang-de.3f9a1c2b.js', 'plugins/lang-pt-BR.3f9a1c2b.js']) assert.is(cacheControlFor(file), IMMUTABLE, file);
  for (const file of ['embed.js', 'sdk.js', 'embed/index.html']) assert.is(cacheControlFor(file), SHORT_LIVED, file);
  for (const file of ['plugins/manifest.json', 'esm/api.js', 'plugins/share.js']) assert.is(cacheControlFor(file), REVALIDATE, file);
});

test('host files: every ruled file named exactly (serve\'s hashed files by their form), the page\'s rewrite and policy in each host\'s own format', () => {
  const html = '<script type="application/json" id="gif-embed-settings">{}</script><style>a{}</style><script>go()</script>';
  const files = hostFiles(['embed.js', 'embed/index.html', 'plugins/player-mobile.0123abcd.js', 'plugins/manifest.json'], html);
  assert.equal(Object.keys(files).sort(), ['_headers', '_redirects', 'serve.json', 'vercel.json']);
  assert.match(files._headers, `/plugins/player-mobile.0123abcd.js\n  Cache-Control: ${IMMUTABLE}`);
  assert.match(files._headers, `/embed/*\n  Cache-Control: ${SHORT_LIVED}\n  Content-Security-Policy: ${playerPagePolicy(html)}`);
  assert.not.match(files._headers, 'manifest');
  assert.match(files._redirects, /^\/embed\/\*  \/embed\/index\.html  200$/m);
  for (const name of ['vercel.json', 'serve.json']) {
    const config = JSON.parse(files[name]);
    assert.equal(config.rewrites, [{ source: '/embed/:id', destination: '/embed/index.html' }], name);
    assert.is(config.headers.length, 3, name);
  }
  // serve takes at most 50 rules, and a build has more hashed files: one pattern of their form, which the manifest does not match.
  const many = hostFiles(['embed.js', 'embed/index.html', ...Array.from({ length: 60 }, (_, i) => `plugins/lang-${i}.0123abcd.js`), 'plugins/manifest.json'], html);
  const serve = JSON.parse(many['serve.json']).headers as { source: string; headers: { key: string; value: string }[] }[];
  assert.ok(serve.length <= 50, `${serve.length} rules`);
  const forever = serve.filter((rule) => rule.headers.some((h) => h.value === IMMUTABLE)).map((rule) => rule.source);
  assert.equal(forever, ['plugins/*.[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f].js']);
  assert.is(JSON.parse(many['vercel.json']).headers.length, 62, 'Vercel names each');
  // The settings block is data: only the executable script is hashed.
  assert.match(playerPagePolicy(html), /^script-src 'sha256-[^']+' 'strict-dynamic'; style-src 'sha256-[^']+'; /);
  assert.is(playerPagePolicy(html), playerPagePolicy(html.replace('{}', '{"apiKey":"k"}')));
});

test.run();
