/**
 * What build.mjs ships: embed.js is the small script tag that brings the player file; the
 * player carries Preact, and every plugin file takes Preact, hooks and goober from the player's
 * runtime and carries no copy of its own. Reads dist/ (npm test builds before this suite).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
// @ts-expect-error: a plain ES module of the build, without declarations
import { minifyCssTemplates } from '../../scripts/css-templates.mjs';

const dist = new URL('../../dist/', import.meta.url);
const read = (path: string) => {
  const file = new URL(path, dist);
  if (!existsSync(file)) throw new Error(`dist/${path} is missing: run node build.mjs first`);
  return readFileSync(file, 'utf8');
};
/** Preact's mangled vnode fields (`__k` children, `__e` DOM node, `__H` hook state) appear in its source and nowhere else. */
const PREACT_SOURCE = /\.__[keH]\b/;

const files = () => JSON.parse(read('plugins/manifest.json')) as Record<string, string>;

test('embed.js names the player files of its build, one per layout, which carry Preact (the marker really identifies its source); embed.js carries none', () => {
  const { 'player-desktop': desktop, 'player-mobile': mobile } = files();
  assert.match(desktop, /^player-desktop\.[0-9a-f]{8}\.js$/, 'content-hashed');
  // The two share one hash, as the language files do: the bundles name each family by its hash (`player:"3f9a1c2b"`), spelt once.
  const hash = desktop.slice('player-desktop.'.length, -'.js'.length);
  assert.is(mobile, `player-mobile.${hash}.js`);
  assert.ok(read('embed.js').includes(`player:"${hash}"`), `embed.js names ${desktop}`);
  for (const player of [desktop, mobile]) assert.ok(PREACT_SOURCE.test(read(`plugins/${player}`)), player);
  assert.not.ok(PREACT_SOURCE.test(read('embed.js')));
});

test('each player file carries its own layout\'s player and not the other\'s', () => {
  const { 'player-desktop': desktop, 'player-mobile': mobile } = files();
  // The metafiles name the modules in each: the desktop player and the mobile one are a file apart.
  const modules = (name: string) => Object.keys(Object.values(JSON.parse(readFileSync(new URL(`../../.size/${name}.meta.json`, import.meta.url), 'utf8')).outputs as Record<string, { inputs: Record<string, unknown> }>)[0].inputs);
  assert.ok(modules('player-desktop').includes('src/player/DesktopPlayer.tsx') && !modules('player-desktop').includes('src/player/MobilePlayer.tsx'), desktop);
  assert.ok(modules('player-mobile').includes('src/player/MobilePlayer.tsx') && !modules('player-mobile').includes('src/player/DesktopPlayer.tsx'), mobile);
});

test('each player file\'s stylesheet has its own layout\'s rules and not the other\'s: the mobile footer, the desktop header\'s fade on hover', () => {
  const desktop = read(`plugins/${files()['player-desktop']}`);
  const mobile = read(`plugins/${files()['player-mobile']}`);
  assert.ok(mobile.includes('.o .mf{transform:none}'), 'the mobile footer in the mobile file');
  assert.not.ok(desktop.includes('.mf{') || desktop.includes('.d .hd'), 'none of it in the desktop file, nor what tells the two apart where both ship');
  assert.ok(desktop.includes('.hd:before,.hd>*{opacity:0') && desktop.includes('.h .hd:before'), 'the header hidden until hovered in the desktop file');
  assert.not.ok(/\.hd[^{]*\{opacity:0/.test(mobile) || mobile.includes('.h .hd'), 'the mobile header is always shown: no rule hides it');
});

test('the share icon, which the desktop chrome alone draws, is in the desktop player file and not the mobile one', () => {
  const share = 'M14 4l7 7-7 7v-4c-5 0-8 1.5-11 5 1-5 4-9.5 11-10z';
  assert.ok(read(`plugins/${files()['player-desktop']}`).includes(share));
  assert.not.ok(read(`plugins/${files()['player-mobile']}`).includes(share));
});

test('embed.js and the player files open with V8\'s compile hint; the players\' name is the hash of what they hold, the hint included', () => {
  const players = [files()['player-desktop'], files()['player-mobile']];
  const codes = players.map((player) => read(`plugins/${player}`));
  for (const code of codes) assert.ok(code.startsWith('//# allFunctionsCalledOnLoad\n"use strict";'), 'every function compiled with the script, and the file still strict');
  assert.ok(read('embed.js').startsWith('//# allFunctionsCalledOnLoad\n'), 'embed.js too');
  const hash = codes.reduce((digest, code) => digest.update(code), createHash('sha256')).digest('hex').slice(0, 8);
  assert.equal(players, [`player-desktop.${hash}.js`, `player-mobile.${hash}.js`]);
});

test('every plugin folder is built, and no plugin contains a copy of Preact', () => {
  const folders = readdirSync(new URL('../../plugins/', import.meta.url));
  assert.ok(folders.length >= 3, 'share, video and related');
  const players = [read(`plugins/${files()['player-desktop']}`), read(`plugins/${files()['player-mobile']}`)];
  const embed = read('embed.js');
  for (const name of folders) {
    const file = files()[name];
    assert.match(file, new RegExp(`^${name}\\.[0-9a-f]{8}\\.js$`), 'content-hashed');
    // embed.js names every file of its build, and lends the player file the names (scripts/ships.mjs EMBED_LENT).
    const named = `${name}:"${file.slice(name.length + 1, -'.js'.length)}"`;
    assert.ok(embed.includes(named), `embed.js names ${file}`);
    for (const player of players) assert.not.ok(player.includes(named), `the player file has no second copy of the names (${file})`);
    const source = read(`plugins/${file}`);
    assert.not.ok(PREACT_SOURCE.test(source), `${name}.js contains Preact's source`);
    // The component plugins render on the loader's React; the IntersectionObserver stands alone.
    if (name === 'intersection') assert.not.ok(source.includes('GifEmbed'), 'intersection.js needs nothing from the loader');
    else assert.ok(source.includes('GifEmbed.runtime'), `${name}.js reads the loader's runtime`);
    assert.ok(source.length < 20_000, `${name}.js is ${source.length} bytes: too big to be plugin code alone`);
  }
});

test('the ESM package leaves react and preact to the consumer and ships types', () => {
  for (const entry of ['api', 'analytics', 'sdk', 'oembed', 'proxy']) {
    const source = read(`esm/${entry}.js`);
    assert.not.ok(PREACT_SOURCE.test(source), `esm/${entry}.js bundles Preact`);
    assert.ok(existsSync(new URL(`types/${entry}/index.d.ts`, dist)), `types/${entry}/index.d.ts`);
  }
  assert.match(read('esm/sdk.js'), /from ["']react["']/);
});

test('the first-party proxy ships only in gif-embed/proxy: no file a browser downloads holds it', () => {
  // Words only the proxy's handler holds (src/proxy): its error for an unknown address, its cache's name.
  const marks = ['This proxy serves no such address', 'gif-embed-proxy', 'x-gif-embed-stored-at'];
  assert.ok(marks.every((mark) => read('esm/proxy.js').includes(mark)), 'the marks are the proxy\'s');
  const player = readdirSync(new URL('plugins/', dist)).filter((name) => name.endsWith('.js')).map((name) => `plugins/${name}`);
  for (const file of ['embed.js', 'sdk.js', ...player, 'esm/sdk.js', 'esm/api.js']) {
    const source = read(file);
    assert.ok(marks.every((mark) => !source.includes(mark)), `${file} holds none of the proxy`);
  }
});

test('one React: outside src/runtime.ts no source imports preact, and none sets a JSX import source', () => {
  const offenders: string[] = [];
  const walk = (dir: URL) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const url = new URL(entry.name + (entry.isDirectory() ? '/' : ''), dir);
      if (entry.isDirectory()) walk(url);
      else if (/\.tsx?$/.test(entry.name)) {
        const text = readFileSync(url, 'utf8');
        const path = url.pathname.slice(new URL('../../', import.meta.url).pathname.length);
        if (path !== 'src/runtime.ts' && /from ['"]preact/.test(text)) offenders.push(`${path} imports preact`);
        if (/jsxImportSource/.test(text)) offenders.push(`${path} sets jsxImportSource`);
      }
    }
  };
  walk(new URL('../../src/', import.meta.url));
  walk(new URL('../../plugins/', import.meta.url));
  assert.equal(offenders, []);
});

test('gif-embed/api lets a caller configure its hosts and key', async () => {
  assert.match(read('types/api/index.d.ts'), /configure/);
  const api = await import(new URL('esm/api.js', dist).href);
  api.configure({ apiBase: 'https://api.example/', apiKey: 'k' });
  assert.equal({ apiBase: api.getConfig().apiBase, apiKey: api.getConfig().apiKey }, { apiBase: 'https://api.example', apiKey: 'k' });
});

test('the packed package: the loader, its plugins, sdk.js, the player page and the static hosts\' files are in it; the example scripts are not', () => {
  const root = new URL('../../', import.meta.url);
  const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  const files = (pack.files as { path: string }[]).map((f) => f.path);
  for (const needed of ['dist/embed.js', 'dist/sdk.js', 'dist/plugins/manifest.json', 'dist/embed/index.html', 'dist/_headers', 'dist/_redirects', 'dist/vercel.json', 'dist/serve.json']) assert.ok(files.includes(needed), needed);
  assert.ok(files.some((f) => /^dist\/plugins\/share\.[0-9a-f]{8}\.js$/.test(f)), 'the hashed plugin files');
  assert.ok(files.some((f) => /^dist\/plugins\/player-mobile\.[0-9a-f]{8}\.js$/.test(f)) && files.some((f) => /^dist\/plugins\/player-desktop\.[0-9a-f]{8}\.js$/.test(f)), 'the player files embed.js brings');
  assert.not.ok(files.includes('dist/react-example.js'), 'the example app stays out');
  assert.not.ok(files.includes('dist/snippet-builder.js'), 'the snippet builder page script stays out');
  // Nothing else: the loader and its plugins, sdk.js, the player page and the hosts' files, the module builds and their types, and the package's own files.
  const shipped = /^(dist\/(embed\.js|sdk\.js|plugins\/|embed\/index\.html|_headers|_redirects|vercel\.json|serve\.json|esm\/|cjs\/|types\/)|package\.json$|README\.md$|LICENSE$|docs\/[\w-]+\.md$|(src\/sdk|server|bench)\/README\.md$)/;
  assert.equal(files.filter((f) => !shipped.test(f)), []);
  // Every document the README links to is in the package beside it.
  const readme = readFileSync(new URL('README.md', root), 'utf8');
  const linked = [...new Set([...readme.matchAll(/\]\(([^)#:]+\.md)(#[^)]*)?\)/g)].map((m) => m[1]))];
  assert.ok(linked.length >= 4, `links found: ${linked}`);
  assert.equal(linked.filter((doc) => !files.includes(doc)), [], 'linked documents missing from the package');
  assert.ok(files.includes('LICENSE'), 'the license the package names');
  const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
  assert.is(manifest.scripts.prepack, 'node build.mjs --if-changed', 'npm pack from a clean clone builds dist/ first (after a build, not again)');
  const exports = manifest.exports;
  assert.is(exports['./sdk.js'], './dist/sdk.js');
  assert.is(exports['./plugins/*'], './dist/plugins/*');
});

test('goober templates ship without layout whitespace; values beside expressions and strings keep their spaces', () => {
  const source = [
    'const a = css`',
    '  box-shadow: inset 0 0 0 ${RING}px ${COLOR};',
    "  font: 13px/1.3 system-ui, 'Segoe UI', sans-serif;",
    '  & > picture img,',
    '  &:focus-visible::after { content: \'\'; }',
    '  @media ${QUERY} { &[data-still]::before { width: ${W}px; } }',
    '`;',
    '// the same `css`, `keyframes` words in a comment are left alone:   spaced',
    "const text = 'a:  b';",
  ].join('\n');
  assert.is(
    minifyCssTemplates(source),
    [
      "const a = css`box-shadow:inset 0 0 0 ${RING}px ${COLOR};font:13px/1.3 system-ui,'Segoe UI',sans-serif;&>picture img,&:focus-visible::after{content:'';}@media ${QUERY}{&[data-still]::before{width:${W}px;}}`;",
      '// the same `css`, `keyframes` words in a comment are left alone:   spaced',
      "const text = 'a:  b';",
    ].join('\n'),
  );
  // Wherever an expression can start: after ||, ??, &&, ? and return too.
  assert.is(minifyCssTemplates('x = memo || css`\n  a: b;\n`; y = c ? css` d: e; ` : 0; return css`\n  f: g;\n`'), 'x = memo || css`a:b;`; y = c ? css`d:e;` : 0; return css`f:g;`');
});

test.run();
