/**
 * The package as its users meet it: the packed package (npm pack of dist/, built before this
 * suite) unpacked into a scratch folder with React beside it (offline: no registry).
 * - TypeScript: a small consumer type-checked under `moduleResolution` bundler, node16 and
 *   nodenext with `skipLibCheck: false`, as an ES module and (node16, nodenext) as CommonJS.
 *   Public names must keep their types (no `any`).
 * - Node: each entry loads with `require` and with `import`.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;

/** The consumer: calls and types a React app uses, and an `any` check on each public name. */
const CONSUMER = `import { configure, search, gif, type Gif, type Rating } from 'gif-embed/api';
import { gif as rootGif } from 'gif-embed';
import { Grid, Carousel, Gif as GifTile, GifPicker, type GridProps, type GifOverlayProps } from 'gif-embed/sdk';
import { createElement } from 'react';
import { pingback } from 'gif-embed/analytics';
import { createOEmbedHandler } from 'gif-embed/oembed';
import { createProxyHandler, tokenBucket } from 'gif-embed/proxy';

type IsAny<T> = 0 extends 1 & T ? true : false;
export const notAny: [IsAny<typeof Grid>, IsAny<GridProps>, IsAny<typeof configure>, IsAny<typeof search>, IsAny<Gif>, IsAny<typeof Carousel>, IsAny<typeof GifTile>, IsAny<typeof pingback>, IsAny<typeof createOEmbedHandler>] =
  [false, false, false, false, false, false, false, false, false];
export const oembed: (request: Request) => Promise<Response> = createOEmbedHandler({ siteBase: 'https://gifs.example', apiBase: 'https://api.example', apiKey: 'KEY' });
export const proxy: (request: Request) => Promise<Response> = createProxyHandler({ apiBase: 'https://api.example', apiKey: 'KEY', limiter: tokenBucket({ burst: 10 }) });

configure({ apiKey: 'KEY', apiBase: 'https://api.example' });
export const props: GridProps = { fetchGifs: (offset: number) => search('cats', { offset, limit: 24 }), columns: 3 };
export const one: Promise<unknown> = gif('abc');
export const same: typeof gif = rootGif;
// @ts-expect-error: a wrong prop type is an error, not silently accepted
export const wrong: GridProps = { fetchGifs: 42 };
// GIPHY's props: a custom overlay, right click, key press, server-rendered GIFs; ratings by name.
export const giphyProps: GridProps = {
  fetchGifs: (offset: number) => search('cats', { offset, rating: 'pg-13' }),
  overlay: ({ gif: g, isHovered }: GifOverlayProps) => (isHovered ? g.title : null),
  onGifRightClick: (g: Gif, e) => e.preventDefault(),
  onGifKeyPress: (g: Gif) => void g.id,
  initialGifs: [],
};
export const rated: Rating[] = ['g', 'pg', 'pg-13', 'r'];
// The README's picker snippet, in a React app under strict: a GIF may lack any one rendition.
export const chosen = { src: '', alt: '' };
export const picker = createElement(GifPicker, { onSelect: (g) => Object.assign(chosen, { src: g.images.fixed_width?.url || g.images.original?.url || '', alt: g.title }) });
// @ts-expect-error: a rating the API does not know is an error
export const unrated: Rating = 'nsfw';
`;

const MODES: Record<string, object> = {
  node10: { module: 'commonjs', moduleResolution: 'node10', esModuleInterop: true },
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
  node16: { module: 'node16', moduleResolution: 'node16' },
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
};

/** The same consumer as CommonJS (a .cts file: its imports become `require`). */
const CJS_CONSUMER = CONSUMER;

const ENTRIES = ['api', 'analytics', 'sdk', 'oembed', 'proxy'];

const test = suite<{ scratch: string; modules: string }>('packed package', { scratch: '', modules: '' });

test.before((context) => {
  context.scratch = mkdtempSync(join(tmpdir(), 'gif-embed-package-'));
  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', context.scratch], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  context.modules = join(context.scratch, 'node_modules');
  mkdirSync(join(context.modules, '@types'), { recursive: true });
  execFileSync('tar', ['-xzf', join(context.scratch, packed[0].filename), '-C', context.modules]);
  renameSync(join(context.modules, 'package'), join(context.modules, 'gif-embed'));
  // React and goober as an app has them (the peer dependency, the dependency), and React's types.
  for (const name of ['react', 'goober', '@types/react', 'csstype']) symlinkSync(join(root, 'node_modules', name), join(context.modules, name));
  writeFileSync(join(context.scratch, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  writeFileSync(join(context.scratch, 'app.ts'), CONSUMER);
  writeFileSync(join(context.scratch, 'app-cjs.cts'), CJS_CONSUMER);
});

test.after(({ scratch }) => rmSync(scratch, { recursive: true, force: true }));

/** Type-checks `file` under each of `modes`; returns the failures. */
function typeCheck(scratch: string, file: string, modes: string[]): string[] {
  const failures: string[] = [];
  for (const mode of modes) {
    const config = join(scratch, `tsconfig.${mode}.${file}.json`);
    writeFileSync(config, JSON.stringify({
      compilerOptions: { ...MODES[mode], target: 'es2022', strict: true, noEmit: true, skipLibCheck: false, lib: ['es2022', 'dom'], types: [], jsx: 'react-jsx' },
      files: [file],
    }));
    try {
      execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', config], { cwd: scratch, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      failures.push(`${mode} ${file}: ${String((error as { stdout?: string }).stdout ?? error).slice(0, 800)}`);
    }
  }
  return failures;
}

test('the declarations type-check under node10 (typesVersions), and as ES modules under bundler, node16 and nodenext, with no any on public names', ({ scratch, modules }) => {
  assert.equal(typeCheck(scratch, 'app.ts', Object.keys(MODES)), []);
  assert.ok(readdirSync(join(modules, 'gif-embed/dist/types/sdk')).includes('index.d.ts'));
});

test('the declarations type-check as CommonJS under node16 and nodenext (the require types)', ({ scratch }) => {
  assert.equal(typeCheck(scratch, 'app-cjs.cts', ['node16', 'nodenext']), []);
});

test('each entry loads with require and with import, and they share one configuration', ({ scratch }) => {
  const script = `
    const out = {};
    (async () => {
      for (const name of ${JSON.stringify(ENTRIES)}) {
        const required = require('gif-embed/' + name);
        const imported = await import('gif-embed/' + name);
        out[name] = { required: Object.keys(required).sort(), imported: Object.keys(imported).sort() };
      }
      // The package's own name is its API entry.
      out.root = { required: require('gif-embed') === require('gif-embed/api'), imported: (await import('gif-embed')).gif === (await import('gif-embed/api')).gif };
      // One module per source file for every CommonJS entry: one configuration, one pingback queue.
      out.configs = Object.keys(require.cache).filter((file) => file.endsWith('/config.js')).length;
      console.log(JSON.stringify(out));
    })().catch((error) => { console.error(error); process.exit(1); });`;
  writeFileSync(join(scratch, 'load.cjs'), script);
  const out = JSON.parse(execFileSync('node', ['load.cjs'], { cwd: scratch, encoding: 'utf8' }));
  for (const name of ENTRIES) {
    assert.ok(out[name].required.length > 3, `${name}: require gives its names`);
    assert.equal(out[name].required, out[name].imported, `${name}: require and import give the same names`);
  }
  assert.ok(out.sdk.required.includes('Grid') && out.api.required.includes('search') && out.analytics.required.includes('pingback') && out.oembed.required.includes('createOEmbedHandler') && out.proxy.required.includes('createProxyHandler'));
  assert.is(out.configs, 1, 'the entries share one config module');
  assert.equal(out.root, { required: true, imported: true }, "require('gif-embed') and import 'gif-embed' are gif-embed/api");
});

test.run();
