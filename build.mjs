/**
 * Builds everything `dist/` holds, then prints a size report.
 *   dist/embed.js            the page's classic script tag (src/start.ts): brings the player file
 *   dist/plugins/player-<layout>.<hash>.js  the loader and player IIFE (Preact + goober inside, exposed to
 *                            plugins), one per layout (desktop, mobile): embed.js brings the reader's
 *   dist/plugins/<name>.<hash>.js  one IIFE per plugin, taking React (compat) and shared modules
 *                            from the player; dist/plugins/manifest.json lists them all
 *   dist/embed/index.html    the iframe player page (src/player-page), with its settings block
 *   dist/_headers, _redirects, vercel.json, serve.json   its rewrite and every file's cache rule, for static hosts
 *   dist/sdk.js              the vanilla SDK (renderGrid/renderCarousel/renderGif) with Preact inside
 *   dist/esm/*.js            the ESM package (react left external) and dist/types/*.d.ts
 *   dist/react-example.js    examples/react built with real React (its development build)
 *   .size/*.js               fixtures the size check measures (tree-shaking of gif-embed/api)
 * Usage: node build.mjs [--no-types] [--if-changed]
 *   --if-changed: build only when a source file changed since the last build (`npm start`)
 */
import * as esbuild from 'esbuild';
import { minify } from 'terser';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { minifyCssTemplates, minifyCssText } from './scripts/css-templates.mjs';
import { hostFiles } from './scripts/static-host.mjs';
import { EMBED_LENT, LENT, PAGE_READS, SWAPS } from './scripts/ships.mjs';

const root = new URL('.', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const withTypes = !process.argv.includes('--no-types');
const ifChanged = process.argv.includes('--if-changed');

const define = {
  __SDK_VERSION__: JSON.stringify(pkg.version),
  __BROWSER_ONLY__: 'true',
  'process.env.NODE_ENV': '"production"',
};
/** The package's modules may render on a server (see src/globals.d.ts). */
const packageDefine = { ...define, __BROWSER_ONLY__: 'false' };
const target = ['es2020'];

/** React imports become preact/compat in every bundle that ships Preact (subpaths follow). */
const reactToPreact = { react: 'preact/compat', 'react-dom': 'preact/compat' };

/**
 * The swaps of scripts/ships.mjs for bundle `file` ('player', 'plugins', 'sdk'): an import that
 * names a swapped module (a package by its name, our modules by their path, whoever imports
 * them) resolves to what ships instead, except in that very module, which imports the original.
 */
function swapsFor(file) {
  const swaps = SWAPS.filter((swap) => swap.files.includes(file));
  return {
    name: `swaps-${file}`,
    setup(build) {
      // Every namespace: the runtime the player lends (gif-embed:lent) imports goober too.
      build.onResolve({ filter: /.*/ }, (args) => {
        for (const swap of swaps) {
          const ships = join(root, swap.ships);
          if (args.importer === ships) continue;
          const named = swap.module.startsWith('src/')
            ? /^\.\.?\//.test(args.path) && SOURCE_EXTENSIONS.some((ext) => join(args.resolveDir, args.path + ext) === join(root, swap.module))
            : args.path === swap.module;
          if (named) return { path: ships };
        }
        return undefined;
      });
    },
  };
}

/** The ways an import names a source file: as written, or without its extension or index file. */
const SOURCE_EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
/** The lent modules of ours (src/...), by path from the root. */
const LENT_SOURCES = LENT.filter((key) => key.startsWith('src/'));

/**
 * Plugin builds take from the loader's runtime every module it lends (scripts/ships.mjs LENT):
 * the React of the page (preact/compat), goober, and our shared modules (analytics with its
 * pingback queue, the model, the player's attribution and icons). A plugin bundles only what is
 * its own. `load(key)`: the module that stands for lent module `key`; without one, the lent
 * modules are left out of the bundle as imports of `lent:<key>` (to read what a plugin uses).
 */
const fromLoaderRuntime = (load) => ({
  name: 'loader-runtime',
  setup(build) {
    const lend = (key) => (load ? { path: key, namespace: 'loader-runtime' } : { path: `lent:${key}`, external: true });
    const packages = LENT.filter((key) => !key.startsWith('src/'));
    const filter = new RegExp(`^(${packages.map((m) => m.replace('/', '\\/')).join('|')})$`);
    build.onResolve({ filter }, (args) => lend(args.path));
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.namespace !== 'file') return undefined;
      for (const ext of SOURCE_EXTENSIONS) {
        const file = join(args.resolveDir, args.path + ext);
        const key = file.slice(root.length);
        if (LENT_SOURCES.includes(key) && existsSync(file)) return lend(key);
      }
      return undefined;
    });
    if (load) build.onLoad({ filter: /.*/, namespace: 'loader-runtime' }, (args) => ({ contents: load(args.path), loader: 'js' }));
  },
});

/** Plugin `name`'s entry: plugins/<name>/index.tsx, or index.ts (intersection, report, cmp, pixels, events). */
const pluginEntry = (name) => entry(exists(`plugins/${name}/index.ts`) ? `plugins/${name}/index.ts` : `plugins/${name}/index.tsx`);

/**
 * The names of each lent module that the plugin files use, found by building each plugin with
 * the lent modules left out and reading what its bundle imports of them (after tree-shaking,
 * the JSX runtime's own names included), plus PAGE_READS. Sorted: each name's position in the
 * runtime is its place here.
 */
async function lentNames() {
  const names = new Map(LENT.map((key) => [key, new Set(PAGE_READS[key] ?? [])]));
  await Promise.all(PLUGINS.map(async (name) => {
    const { outputFiles } = await esbuild.build({
      ...common, minify: false, write: false, outfile: 'scan.js', format: 'esm', entryPoints: [pluginEntry(name)],
      plugins: [fromLoaderRuntime(), cssTemplates],
    });
    addImportedNames(outputFiles[0].text, 'lent', names);
  }));
  return sortedNames(names);
}

/**
 * Adds to `names` (a set per module key) each binding `code` imports from a left-out module
 * `<prefix>:<key>`: esbuild writes each such import as `import { a, b as c } from "<prefix>:<key>";`.
 */
function addImportedNames(code, prefix, names) {
  for (const [, list, key] of code.matchAll(new RegExp(`^import\\s*\\{([^}]*)\\}\\s*from\\s*"${prefix}:([^"]+)"`, 'gm'))) {
    for (const binding of list.split(',')) names.get(key).add(binding.trim().split(/\s+as\s+/)[0]);
  }
}

/** Each module's names, sorted: a name's position in a hand-over is its place here. */
const sortedNames = (names) => new Map([...names].map(([key, set]) => [key, [...set].filter(Boolean).sort()]));

/**
 * The runtime the player file lends (src/loader.ts imports it as `gif-embed:lent`): each lent
 * module's used names, by position, in LENT's order. The plugin files read the same positions.
 */
function lendRuntime(lent) {
  return {
    name: 'lend-runtime',
    setup(build) {
      build.onResolve({ filter: /^gif-embed:lent$/ }, () => ({ path: 'lent', namespace: 'lend-runtime' }));
      build.onLoad({ filter: /.*/, namespace: 'lend-runtime' }, () => ({
        resolveDir: join(root, 'src'),
        loader: 'js',
        // A module no plugin file reads (none of its names lent) is not imported: nothing of it comes for it.
        contents: `${LENT.map((key, i) => (lent.get(key).length ? `import * as m${i} from ${JSON.stringify(key.startsWith('src/') ? join(root, key) : key)};` : '')).join('\n')}
export const lent = [${LENT.map((key, i) => `[${lent.get(key).map((name) => `m${i}.${name}`).join(', ')}]`).join(',\n')}];`,
      }));
    },
  };
}

/** A plugin's module for lent module `key`: its names read once from the runtime by position (calls stay direct). */
const readFromRuntime = (lent) => (key) => `const shared = globalThis.GifEmbed.runtime[${LENT.indexOf(key)}];\n${
  // Each binding is its own pure read, so a plugin carries only the names it uses; a name the
  // runtime does not lend fails the build instead of being undefined in a browser.
  lent.get(key).map((name, j) => `export const ${name} = /* @__PURE__ */ (() => shared[${j}])();`).join('\n')}`;

/**
 * The player file's build takes the modules embed.js lends (scripts/ships.mjs EMBED_LENT) from
 * embed.js's hand-over, by position. `load(key)`: the module that stands for lent module `key`;
 * without one, they are left out as imports of `embed:<key>` (to read what the player file uses).
 */
const fromEmbed = (load) => ({
  name: 'embed-lent',
  setup(build) {
    const lent = (key) => (load ? { path: key, namespace: 'embed-lent' } : { path: `embed:${key}`, external: true });
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.namespace !== 'file') return undefined;
      for (const ext of SOURCE_EXTENSIONS) {
        const file = join(args.resolveDir, args.path + ext);
        const key = file.slice(root.length);
        if (EMBED_LENT.includes(key) && existsSync(file)) return lent(key);
      }
      return undefined;
    });
    // What the player file lends the plugin files of them is embed.js's copy too (lendRuntime names them by path).
    build.onResolve({ filter: /^\// }, (args) => (args.namespace === 'lend-runtime' && EMBED_LENT.includes(args.path.slice(root.length)) ? lent(args.path.slice(root.length)) : undefined));
    if (!load) return;
    build.onResolve({ filter: /^hand-over$/ }, (args) => ({ path: args.path, namespace: 'embed-lent' }));
    build.onLoad({ filter: /.*/, namespace: 'embed-lent' }, (args) => ({ contents: load(args.path), loader: 'js' }));
  },
});

/** The names of each EMBED_LENT module the player file uses: its build with them left out, read as lentNames reads the plugins'. */
async function embedLentNames(lent) {
  const names = new Map(EMBED_LENT.map((key) => [key, new Set()]));
  // Both player files read one hand-over: what either uses.
  await Promise.all(LAYOUTS.map(async (layout) => {
    const { outputFiles } = await esbuild.build({
      ...common, minify: false, write: false, outfile: 'scan.js', format: 'esm', entryPoints: [entry('src/loader.ts')], alias: reactToPreact,
      plugins: [swapsFor('player'), fromEmbed(), lendRuntime(lent), cssTemplates], define: playerDefine(layout, {}),
    });
    addImportedNames(outputFiles[0].text, 'embed', names);
  }));
  return sortedNames(names);
}

/**
 * The player's layouts (spec §2; src/embed/device.ts decides a reader's): a player file is built
 * for each, without the other's player, and embed.js brings the reader's. A page downloads one.
 */
const LAYOUTS = ['desktop', 'mobile'];

/** The player file's defines for `layout`, naming the files in plugins/ of `files` (see knownFiles). */
const playerDefine = (layout, files) => ({ ...define, __PLAYER_LAYOUT__: JSON.stringify(layout), __PLUGIN_FILES__: JSON.stringify(files) });

/** embed.js's hand-over of them (start.ts imports it as `gif-embed:embed-lent`): every module's names in one list, EMBED_LENT's order. */
function lendToPlayer(embedLent) {
  return {
    name: 'lend-to-player',
    setup(build) {
      build.onResolve({ filter: /^gif-embed:embed-lent$/ }, () => ({ path: 'embed-lent', namespace: 'lend-to-player' }));
      build.onLoad({ filter: /.*/, namespace: 'lend-to-player' }, () => ({
        resolveDir: join(root, 'src'),
        loader: 'js',
        contents: `${EMBED_LENT.map((key, i) => `import * as m${i} from ${JSON.stringify(join(root, key))};`).join('\n')}
export const lent = [${EMBED_LENT.flatMap((key, i) => embedLent.get(key).map((name) => `m${i}.${name}`)).join(', ')}];`,
      }));
    },
  };
}

/**
 * The player file's module for embed.js's module `key`: its names read once from the hand-over
 * by position (`embed-lent:` the list itself). A player file that runs without embed.js's
 * hand-over (included by itself, or a second copy) reads nothing, and its loader stops before
 * calling any of them (src/loader.ts).
 */
const readFromEmbed = (embedLent) => (key) => {
  if (key === HAND_OVER) return 'export const shared = globalThis.GifEmbed?.start?.lent || [];';
  const before = EMBED_LENT.slice(0, EMBED_LENT.indexOf(key)).reduce((n, other) => n + embedLent.get(other).length, 0);
  // Every name is one the player file uses (embedLentNames): read in one destructuring.
  return `import { shared } from ${JSON.stringify(HAND_OVER)};\nexport const [${embedLent.get(key).join(', ')}] = ${before ? `shared.slice(${before})` : 'shared'};`;
};
/** The hand-over's list, one module the readers share. */
const HAND_OVER = 'hand-over';

/** Where the runtime lends binding `name` of module `key`: [module index, position]. */
const lentAt = (lent, key, name) => [LENT.indexOf(key), lent.get(key).indexOf(name)];

const cssTemplates = {
  name: 'css-templates',
  setup(build) {
    build.onLoad({ filter: /\/(src|plugins)\/.*\.tsx?$/ }, (args) => ({
      contents: minifyCssTemplates(readFileSync(args.path, 'utf8')),
      loader: args.path.endsWith('x') ? 'tsx' : 'ts',
    }));
  },
};

const common = { bundle: true, minify: true, target, define, legalComments: 'none', logLevel: 'warning', plugins: [cssTemplates] };

const exists = (p) => existsSync(join(root, p));

/** Hex digits of the content hash in a plugin's file name (`share.3f9a1c2b.js`). */
const HASH_LENGTH = 8;
/** The plugin folders the loader asks for (src/plugin-files.ts PluginFile): index.tsx, or index.ts for intersection and report. */
const PLUGINS = ['chrome', 'share', 'video', 'related', 'widget', 'intersection', 'report', 'cmp', 'pixels', 'events'];
const ESM_ENTRIES = ['api', 'analytics', 'sdk', 'oembed', 'proxy'];
/** The readers' languages with a table besides English (src/i18n/locales/<code>.ts; src/i18n/languages.ts names the same). */
const LANGUAGE_CODES = readdirSync(join(root, 'src/i18n/locales')).map((name) => name.replace(/\.ts$/, '')).sort();

/** `path` (relative to the root), or a build failure naming it: an expected entry is never skipped. */
function entry(path) {
  if (!exists(path)) throw new Error(`build: the entry point ${path} is missing`);
  return join(root, path);
}

/**
 * V8's explicit compile hint (Chromium 136 and later; a plain comment elsewhere): every function of
 * the file is compiled with the script, on the thread that streams an async script in, not
 * lazily on the page's main thread at its first call. The player file's functions nearly all run
 * within its first second (the loader, Preact, the first player's render); compiled lazily they
 * made that render's task 1.4x as long at 4x CPU (docs/benchmarks.md, "Lighthouse on a phone").
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * A second minifier pass over the files a browser downloads: terser's compress passes take
 * a further 4-10% gzip off esbuild's output (measured: 0.7 KB of dist/embed.js, 0.4-0.5 KB of
 * each plugin). Only safe transforms: no `unsafe*`, no property mangling. Each file takes what
 * compresses it smaller (measured with gzip -9): `hoist` moves function declarations to the top
 * of their scope, where the language puts them anyway; grouped there they compress better in
 * the plugin files and embed.js, worse in the player files (0.07 kB gzip) and dist/sdk.js (0.14
 * kB). `passes`: a third pass takes 0.03 kB more off each player file, nothing off the others.
 * `head`: written before the code (COMPILE_HINT, for a script whose functions all run as the
 * page loads it).
 */
async function squeeze(file, { hoist = true, passes = 2, head = '' } = {}) {
  writeFileSync(file, head + await squeezed(readFileSync(file, 'utf8'), { hoist, passes }));
}

/** `code` through that pass (see squeeze). */
async function squeezed(code, { hoist = true, passes = 2 } = {}) {
  return (await minify(code, { ecma: 2020, compress: { passes, hoist_funs: hoist }, mangle: true, format: { comments: false } })).code;
}

/**
 * dist/sdk.js: src/sdk/vanilla.tsx's exports as `window.GifEmbedSDK`, a plain object. (esbuild's
 * `globalName` wraps a module's exports in getters and a CommonJS shim: 0.15 kB gzip for nothing
 * a page uses.) The names are read from the module itself, so the global never drifts from it.
 */
async function sdkScript(langHash) {
  const vanilla = entry('src/sdk/vanilla.tsx');
  const { metafile: names } = await esbuild.build({
    ...common, minify: false, entryPoints: [vanilla], format: 'esm', write: false, outdir: 'out', alias: reactToPreact, metafile: true,
    plugins: [swapsFor('sdk')],
  });
  const exported = Object.values(names.outputs)[0].exports.join(', ');
  const { metafile } = await esbuild.build({
    ...common, outfile: join(root, 'dist/sdk.js'), format: 'iife', alias: reactToPreact, metafile: true, banner: { js: '"use strict";' },
    plugins: [swapsFor('sdk')], define: { ...define, __PLUGIN_FILES__: JSON.stringify({ sdk: langHash }) },
    stdin: { contents: `import { ${exported} } from ${JSON.stringify(vanilla)};\nwindow.GifEmbedSDK = { ${exported} };`, resolveDir: root, loader: 'ts', sourcefile: 'sdk-global.ts' },
  });
  return metafile;
}

/**
 * dist/embed/index.html: the template of src/player-page with its style and its script
 * (src/player-page/index.ts, squeezed) inline, so the page is one request before embed.js.
 */
async function playerPage(lent) {
  const { outputFiles, metafile } = await esbuild.build({
    ...common, entryPoints: [entry('src/player-page/index.ts')], format: 'iife', write: false, outfile: 'page.js', metafile: true,
    // The page names itself in the reader's words, lent by the player (src/runtime.ts) once it ran.
    define: {
      ...define,
      __RUNTIME_LENT__: JSON.stringify({
        ...Object.fromEntries(Object.entries(PAGE_READS).flatMap(([key, names]) => names.map((name) => [name, lentAt(lent, key, name)]))),
      }),
    },
  });
  const code = await squeezed(outputFiles[0].text);
  if (/<\/script/i.test(code)) throw new Error('build: the player page script holds "</script"');
  const style = minifyCssText(readFileSync(entry('src/player-page/style.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')).trim();
  const html = readFileSync(entry('src/player-page/index.html'), 'utf8').replace('{{style}}', () => style).replace('{{script}}', () => code);
  mkdirSync(join(root, 'dist/embed'), { recursive: true });
  writeFileSync(join(root, 'dist/embed/index.html'), html);
  return metafile;
}

/** What module `path` exports, read at build time (a locale's tables, the English sections). */
async function exportsOf(path) {
  const { outputFiles } = await esbuild.build({ entryPoints: [entry(path)], bundle: true, format: 'cjs', write: false, logLevel: 'warning' });
  const module = { exports: {} };
  new Function('module', 'exports', outputFiles[0].text)(module, module.exports);
  return module.exports;
}

/**
 * The language files, one per language and reader: dist/plugins/lang-<code>.<hash>.js, the
 * embed's, registering its tables with `GifEmbed` (`{ de: {...} }`; Chinese's file holds
 * Simplified and Traditional) without the picker's words (SDK_EN), which no embed shows; and
 * dist/plugins/sdk-<code>.<hash>.js, sdk.js's, with the SDK's words (the UI kit's and SDK_EN: the
 * player's and the plugins' are no component's), registering with `GifEmbedSDK`.
 * Each family shares one hash, of all its contents, so its bundle names every file with one word
 * (src/plugin-files.ts pluginFile). Resolves to the two hashes.
 */
async function languageFiles() {
  const { SDK_EN, UI_EN } = await exportsOf('src/i18n/en.ts');
  const families = { lang: [], sdk: [] };
  /** `tables` with only the words `keep` keeps. */
  const only = (tables, keep) => Object.fromEntries(Object.entries(tables).map(([name, m]) => [name, Object.fromEntries(Object.entries(m).filter(([key]) => keep(key)))]));
  await Promise.all(LANGUAGE_CODES.map(async (code) => {
    const { tables } = await exportsOf(`src/i18n/locales/${code}.ts`);
    const embed = only(tables, (key) => !(key in SDK_EN));
    const sdk = only(tables, (key) => key in SDK_EN || key in UI_EN);
    for (const [family, global, shown] of [['lang', 'GifEmbed', embed], ['sdk', 'GifEmbedSDK', sdk]]) {
      const text = await squeezed(`window.${global}?.register?.(${JSON.stringify(`${family}-${code}`)}, { tables: ${JSON.stringify(shown)} });`);
      families[family].push([code, text]);
    }
  }));
  const hashes = {};
  for (const [family, built] of Object.entries(families)) {
    built.sort(([a], [b]) => (a < b ? -1 : 1));
    const hash = (hashes[family] = createHash('sha256').update(built.map(([code, text]) => `${code}\n${text}`).join('\n')).digest('hex').slice(0, HASH_LENGTH));
    for (const [code, text] of built) writeFileSync(join(root, `dist/plugins/${family}-${code}.${hash}.js`), text);
  }
  return hashes;
}

/** The static hosts' files (scripts/static-host.mjs) for every file now in dist/. */
function writeHostFiles() {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(join(root, 'dist', dir))) {
      const path = dir ? `${dir}/${name}` : name;
      if (statSync(join(root, 'dist', path)).isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk('');
  const html = readFileSync(join(root, 'dist/embed/index.html'), 'utf8');
  for (const [name, text] of Object.entries(hostFiles(files, html))) writeFileSync(join(root, 'dist', name), text);
}

/** What a build reads: a change to any file under these makes dist/ stale. */
const BUILD_INPUTS = ['src', 'plugins', 'examples', 'scripts', 'build.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];
/** Where the last build's fingerprint of its inputs is kept (beside the size fixtures, not in dist/). */
const BUILD_STAMP = join(root, '.size/build-stamp');

/** The inputs' fingerprint: every file's path, size and time of change, and the build's options. */
function inputsFingerprint() {
  const hash = createHash('sha256').update(`types:${withTypes}\n`);
  const walk = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) for (const name of readdirSync(path).sort()) walk(join(path, name));
    else hash.update(`${path.slice(root.length)} ${stat.size} ${stat.mtimeMs}\n`);
  };
  for (const input of BUILD_INPUTS) walk(join(root, input));
  return hash.digest('hex');
}

/** Says how far the build is, `started` ms ago. */
const progress = (what) => console.log(`  ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

/**
 * What the bundles know of the files in plugins/: each name's content hash (`share` ->
 * `3f9a1c2b`, for `share.3f9a1c2b.js`), the names spelt once (src/plugin-files.ts pluginFile).
 */
const fileHashes = (files) => Object.fromEntries(Object.entries(files).map(([name, file]) => [name, file.slice(name.length + 1, -'.js'.length)]));

async function buildAll() {
  rmSync(join(root, 'dist'), { recursive: true, force: true });
  rmSync(join(root, '.size'), { recursive: true, force: true });
  mkdirSync(join(root, 'dist/plugins'), { recursive: true });
  // .size/: what the size check measures, and each file's metafile (what is inside, for esbuild's analyzer).
  mkdirSync(join(root, '.size'), { recursive: true });
  const jobs = [];

  /**
   * Squeezes dist/plugins/<name>.js and renames it to carry its content hash; resolves to the new
   * name.
   */
  const hashed = async (name) => `${name}.${await hashedFamily([name])}.js`;
  /**
   * The same for each of `names`, named with one hash of them all (`player-desktop.<hash>.js`,
   * `player-mobile.<hash>.js`), so a bundle names each with the family's word (src/plugin-names.ts
   * pluginFile); resolves to the hash. `squeezing`: squeeze's options for them.
   */
  const hashedFamily = async (names, squeezing = {}) => {
    const files = names.map((name) => join(root, `dist/plugins/${name}.js`));
    await Promise.all(files.map((file) => squeeze(file, squeezing)));
    const digest = createHash('sha256');
    for (const file of files) digest.update(readFileSync(file));
    const hash = digest.digest('hex').slice(0, HASH_LENGTH);
    names.forEach((name, i) => renameSync(files[i], join(root, `dist/plugins/${name}.${hash}.js`)));
    return hash;
  };

  // What the player lends the plugins: the names they use of each lent module (in .size/ for
  // the tests that read a plugin's view of the runtime in a browser).
  const lent = await lentNames();
  writeFileSync(join(root, '.size/lent.json'), `${JSON.stringify(Object.fromEntries(lent), null, 2)}\n`);
  // What embed.js lends the player file: the names the player file uses of EMBED_LENT.
  const embedLent = await embedLentNames(lent);
  writeFileSync(join(root, '.size/embed-lent.json'), `${JSON.stringify(Object.fromEntries(embedLent), null, 2)}\n`);
  // Plugins first: the player names the exact (content-hashed) plugin files it is built with,
  // and embed.js the exact player file.
  const pluginFiles = Object.fromEntries(await Promise.all(PLUGINS.map(async (name) => {
    const { metafile } = await esbuild.build({
      ...common, entryPoints: [pluginEntry(name)],
      outfile: join(root, `dist/plugins/${name}.js`), format: 'iife', plugins: [fromLoaderRuntime(readFromRuntime(lent)), cssTemplates], metafile: true,
    });
    writeFileSync(join(root, `.size/${name}.meta.json`), JSON.stringify(metafile));
    return [name, await hashed(name)];
  })));
  const { lang: langHash, sdk: sdkLangHash } = await languageFiles();
  progress(`plugin files: ${PLUGINS.join(', ')}; languages: ${LANGUAGE_CODES.join(', ')}`);
  /** What the bundles know of plugins/: each file's hash, and the languages' one. */
  const knownFiles = (files) => ({ ...fileHashes(files), lang: langHash });

  // The player, a file per layout: the loader, the player, preact/compat and goober, lent to the
  // plugins as the runtime.
  const players = LAYOUTS.map((layout) => `player-${layout}`);
  await Promise.all(LAYOUTS.map(async (layout, i) => {
    const { metafile } = await esbuild.build({
      ...common, entryPoints: [entry('src/loader.ts')], outfile: join(root, `dist/plugins/${players[i]}.js`),
      format: 'iife', alias: reactToPreact, plugins: [swapsFor('player'), fromEmbed(readFromEmbed(embedLent)), lendRuntime(lent), cssTemplates], metafile: true,
      define: playerDefine(layout, knownFiles(pluginFiles)),
    });
    writeFileSync(join(root, `.size/${players[i]}.meta.json`), JSON.stringify(metafile));
  }));
  // Each player file starts with V8's explicit compile hint (COMPILE_HINT), and is squeezed
  // without hoisting and with a third pass (see squeeze).
  const playerHash = await hashedFamily(players, { hoist: false, passes: 3, head: COMPILE_HINT });
  progress(`the player files: ${LAYOUTS.join(', ')}`);
  // The list of this build's files in plugins/, for a host that preloads them or pins their hashes.
  const languages = Object.fromEntries(LANGUAGE_CODES.flatMap((code) => [[`lang-${code}`, `lang-${code}.${langHash}.js`], [`sdk-${code}`, `sdk-${code}.${sdkLangHash}.js`]]));
  const playerNames = Object.fromEntries(players.map((name) => [name, `${name}.${playerHash}.js`]));
  writeFileSync(join(root, 'dist/plugins/manifest.json'), `${JSON.stringify({ ...playerNames, ...pluginFiles, ...languages }, null, 2)}\n`);

  // embed.js, the page's script tag: brings the player file. It knows every file's name, so its
  // Trusted Types policy lets exactly this build's files through.
  jobs.push(esbuild.build({
    ...common, entryPoints: [entry('src/start.ts')], outfile: join(root, 'dist/embed.js'),
    format: 'iife', metafile: true, plugins: [lendToPlayer(embedLent)], define: { ...define, __PLUGIN_FILES__: JSON.stringify({ ...knownFiles(pluginFiles), player: playerHash }) },
  }).then(({ metafile }) => writeFileSync(join(root, '.size/embed.meta.json'), JSON.stringify(metafile))));

  jobs.push(sdkScript(sdkLangHash).then((metafile) => writeFileSync(join(root, '.size/sdk.meta.json'), JSON.stringify(metafile))));

  const esmEntries = Object.fromEntries(ESM_ENTRIES.map((n) => [n, entry(`src/${n}/index.ts`)]));
  jobs.push(esbuild.build({
    ...common, minify: false, entryPoints: esmEntries, outdir: join(root, 'dist/esm'), define: packageDefine,
    format: 'esm', splitting: true, packages: 'external', chunkNames: 'chunks/[name]-[hash]',
  }));

  jobs.push(buildCommonJs(esmEntries));

  // The example pages' own scripts (served beside embed.js by the local service; not in the package).
  // The React example imports the package by its name, as an app does; here the names are the sources.
  jobs.push(esbuild.build({
    // React's development build, as an app's dev server gives it: StrictMode runs every effect
    // twice, and hydration mismatches are told in the console.
    ...common, entryPoints: [entry('examples/react/main.tsx')], outfile: join(root, 'dist/react-example.js'),
    // Its CSS as written, as the server renders it (server/react-example.ts runs the sources):
    // the same CSS makes the same class names, and the hydration matches.
    format: 'iife', absWorkingDir: root, define: { ...packageDefine, 'process.env.NODE_ENV': '"development"' }, minify: false, plugins: [],
    alias: Object.fromEntries(ESM_ENTRIES.map((name) => [`gif-embed/${name}`, `./src/${name}/index.ts`])),
  }));
  jobs.push(esbuild.build({
    ...common, entryPoints: [entry('examples/snippet/main.ts')], outfile: join(root, 'dist/snippet-builder.js'),
    format: 'iife',
  }));

  // What a consumer bundles when it imports only `gif` from gif-embed/api.
  jobs.push(esbuild.build({
    ...common, format: 'esm', outfile: join(root, '.size/api-gif.js'),
    stdin: { contents: `import { gif } from '${entry('src/api/index.ts')}'; export const load = (id) => gif(id);`, resolveDir: root, loader: 'ts' },
  }));

  // What a React app bundles for the GIF picker alone (its React is its own), and what is inside:
  // .size/picker/picker.js, the languages' chunks beside it (fetched only by their readers).
  jobs.push(esbuild.build({
    ...common, format: 'esm', outdir: join(root, '.size/picker'), entryNames: 'picker', splitting: true, define: packageDefine, metafile: true,
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    stdin: { contents: `export { GifPicker } from '${entry('src/sdk/picker/index.ts')}';`, resolveDir: root, loader: 'ts' },
  }).then(({ metafile }) => writeFileSync(join(root, '.size/picker.meta.json'), JSON.stringify(metafile))));

  jobs.push(playerPage(lent).then((metafile) => writeFileSync(join(root, '.size/page.meta.json'), JSON.stringify(metafile))));

  await Promise.all(jobs);
  progress('embed.js, sdk.js, the ESM and CommonJS package, the player page, the examples\' scripts');
  const shipped = ['dist/embed.js', 'dist/sdk.js'];
  // embed.js runs all of itself at once too (its evaluation at 4x CPU: 36 to 23 ms of the main
  // thread's time, median of 6).
  await Promise.all(shipped.filter(exists).map((f) => squeeze(join(root, f), f === 'dist/embed.js' ? { head: COMPILE_HINT } : { hoist: false })));
  writeHostFiles();
  progress('terser\'s pass and the static hosts\' files');
  progress(`what ships where: ${writeShipsMap()} source files, mapped in docs/contributing.md`);
  if (withTypes) console.log('  the package\'s types (tsc)...');

  if (withTypes) {
    const typeEntries = Object.values(esmEntries).map((p) => p.slice(root.length));
    {
      execFileSync(join(root, 'node_modules/.bin/tsc'), [
        '--declaration', '--emitDeclarationOnly', '--outDir', 'dist/types',
        '--rootDir', 'src', '--jsx', 'react-jsx', '--strict', '--skipLibCheck', '--target', 'ES2020',
        '--module', 'ESNext', '--moduleResolution', 'Bundler', '--lib', 'ES2022,DOM,DOM.Iterable',
        '--types', 'node', '--esModuleInterop', '--resolveJsonModule', ...typeEntries,
        ...(exists('src/globals.d.ts') ? ['src/globals.d.ts'] : []),
      ], { cwd: root, stdio: 'inherit' });
    }
    withExtensions(join(root, 'dist/types'));
    // The same declarations beside the CommonJS files: under dist/cjs/ (type commonjs) TypeScript
    // reads them as CommonJS, what a `require` consumer under node16 or nodenext needs.
    cpSync(join(root, 'dist/types'), join(root, 'dist/cjs'), { recursive: true });
  }
}

/**
 * CommonJS beside the ESM (`require('gif-embed/api')` for Jest, ts-node and CJS tools): every
 * source module the ESM entries reach, transpiled one to one into dist/cjs/ (its package.json
 * says commonjs), not three bundles. So the entries share their modules as the ESM chunks do:
 * one configuration, one pingback queue, one cache, whichever entry a consumer requires first.
 */
async function buildCommonJs(esmEntries) {
  const { metafile } = await esbuild.build({
    ...common, minify: false, entryPoints: esmEntries, write: false, outdir: join(root, 'dist/cjs'), define: packageDefine,
    format: 'esm', packages: 'external', metafile: true,
  });
  const modules = Object.keys(metafile.inputs).filter((p) => p.startsWith('src/')).map((p) => join(root, p));
  await esbuild.build({
    ...common, bundle: false, minify: false, entryPoints: modules, outbase: join(root, 'src'), outdir: join(root, 'dist/cjs'), define: packageDefine,
    // The language tables' import() becomes require(): Node resolves a CommonJS file by its name without extension only there.
    format: 'cjs', platform: 'neutral', supported: { 'dynamic-import': false },
  });
  writeFileSync(join(root, 'dist/cjs/package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
}

/**
 * Gives every relative import in the declarations under `dir` its `.js` file name
 * (`./grid` -> `./grid.js`, `../model` -> `../model/index.js`): TypeScript under `node16` and
 * `nodenext` resolves ES module declarations only by full names, as Node does.
 */
function withExtensions(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      withExtensions(path);
      continue;
    }
    if (!name.endsWith('.d.ts')) continue;
    const text = readFileSync(path, 'utf8').replace(/((?:from|import)\s*\(?\s*)(['"])(\.\.?\/[^'"]*)\2/g, (all, lead, quote, spec) => {
      if (/\.(js|json)$/.test(spec)) return all;
      const target = join(dir, spec);
      if (existsSync(`${target}.d.ts`)) return `${lead}${quote}${spec}.js${quote}`;
      if (existsSync(join(target, 'index.d.ts'))) return `${lead}${quote}${spec}/index.js${quote}`;
      return all;
    });
    writeFileSync(path, text);
  }
}

/** Where the map of what ships where is kept, between these two lines of docs/contributing.md. */
const SHIPS_DOC = join(root, 'docs/contributing.md');
const SHIPS_BEGIN = '<!-- what ships where: written by build.mjs -->';
const SHIPS_END = '<!-- end of what ships where -->';

/**
 * The map of what ships where, read from this build's bundles (their metafiles in .size/): each
 * source file and the files a browser downloads that carry it, then the declared swaps
 * (scripts/ships.mjs). Written into docs/contributing.md where it changed; returns how many
 * source files ship.
 */
function writeShipsMap() {
  const shipped = [['embed', 'embed.js'], ...LAYOUTS.map((layout) => [`player-${layout}`, `the ${layout} player file`]), ...PLUGINS.map((name) => [name, `plugins/${name}`]), ['sdk', 'sdk.js'], ['page', 'the player page']];
  const where = new Map();
  for (const [meta, label] of shipped) {
    const { outputs } = JSON.parse(readFileSync(join(root, `.size/${meta}.meta.json`), 'utf8'));
    for (const output of Object.values(outputs)) {
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
        if (!bytesInOutput || !/^(src|plugins)\//.test(input)) continue;
        if (!where.has(input)) where.set(input, new Set());
        where.get(input).add(label);
      }
    }
  }
  const rows = [...where].sort(([a], [b]) => a.localeCompare(b)).map(([input, labels]) => `| \`${input}\` | ${[...labels].join(', ')} |`);
  const swaps = SWAPS.map((swap) => `| \`${swap.module}\` | \`${swap.ships}\` | ${swap.files.map((file) => (file === 'player' ? 'the player file' : `${file}.js`)).join(', ')} | ${swap.why} |`);
  const map = [
    SHIPS_BEGIN,
    '',
    'Each source file and the files a browser downloads that carry it (the ESM package carries every file its entries reach).',
    '',
    '| source | ships in |',
    '|---|---|',
    ...rows,
    '',
    'Swapped (scripts/ships.mjs): in those files, the module is another, whoever imports it.',
    '',
    '| module | ships instead | in | why |',
    '|---|---|---|---|',
    ...swaps,
    '',
    SHIPS_END,
  ].join('\n');
  if (existsSync(SHIPS_DOC)) {
    const doc = readFileSync(SHIPS_DOC, 'utf8');
    const at = doc.indexOf(SHIPS_BEGIN);
    const end = doc.indexOf(SHIPS_END);
    if (at < 0 || end < at) throw new Error(`build: ${SHIPS_DOC.slice(root.length)} has no place for the map of what ships where`);
    const next = `${doc.slice(0, at)}${map}${doc.slice(end + SHIPS_END.length)}`;
    if (next !== doc) writeFileSync(SHIPS_DOC, next);
  }
  return where.size;
}

/** Prints raw, gzip and brotli sizes of every shipped file. */
function sizeReport() {
  const rows = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) { if (name !== 'types' && name !== 'esm' && name !== 'cjs') walk(p); continue; }
      if (!p.endsWith('.js')) continue;
      const buf = readFileSync(p);
      rows.push([p.slice(root.length), buf.length, gzipSync(buf, { level: 9 }).length, brotliCompressSync(buf).length]);
    }
  };
  walk(join(root, 'dist'));
  if (existsSync(join(root, '.size'))) walk(join(root, '.size'));
  // kB = 1000 bytes, as size-limit and the README count.
  const kb = (n) => `${(n / 1000).toFixed(2)} kB`.padStart(10);
  console.log(`${'file'.padEnd(34)}${'min'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`);
  for (const [file, raw, gz, br] of rows) console.log(`${file.padEnd(34)}${kb(raw)}${kb(gz)}${kb(br)}`);
}

const started = Date.now();
const fingerprint = inputsFingerprint();
if (ifChanged && existsSync(join(root, 'dist/embed.js')) && existsSync(BUILD_STAMP) && readFileSync(BUILD_STAMP, 'utf8') === fingerprint) {
  console.log('dist/ is up to date with the sources: not rebuilt (npm run build rebuilds it)');
} else {
  // A first build on 2 cores takes up to a minute (types included): say so before it starts.
  console.log(`building dist/${withTypes ? ' and its types' : ''} (up to a minute on 2 cores)...`);
  await buildAll();
  sizeReport();
  writeFileSync(BUILD_STAMP, fingerprint);
  console.log(`built in ${Date.now() - started} ms`);
}
