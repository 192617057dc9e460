/**
 * What dist/embed.js would weigh without parts of it: the loader entry is bundled and minified
 * as build.mjs does (esbuild, then terser), with the modules of each row replaced by empty
 * stand-ins that export the same names. It answers "how small can the embed get on this stack"
 * with numbers rather than guesses; nothing ships from here.
 * Usage: node scripts/size-floor.mjs   (prints a table; about 5 s)
 */
import * as esbuild from 'esbuild';
import { minify } from 'terser';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;

/** Each row: a label and the source files (regex on the path) replaced by stand-ins. */
const ROWS = [
  ['dist/embed.js as shipped', null],
  ['without analytics (pingbacks, trackEvent, pixels)', /src\/analytics\/(?!index)/],
  ['without analytics, model, api', /src\/(analytics|model|api)\/(?!index)/],
  ['without analytics, model, api, player CSS and tracking', /src\/(analytics|model|api)\/(?!index)|src\/player\/(styles|tracking)\./],
  ['the runtime alone (Preact, hooks, jsx, goober, style sink)', 'runtime'],
];

/** A module exporting every name `path` exports, each undefined. */
function standIn(path) {
  const src = readFileSync(path, 'utf8');
  const own = [...src.matchAll(/export (?:async )?(?:function|const|class|let) (\w+)/g)].map((m) => m[1]);
  const re = [...src.matchAll(/export \{([^}]*)\} from/g)]
    .flatMap((m) => m[1].split(',').map((x) => x.trim()).filter((x) => x && !x.startsWith('type ')).map((x) => x.split(' as ').pop()));
  const stars = [...src.matchAll(/export \* from '([^']+)'/g)].map((m) => `export * from '${m[1]}';`);
  return [...new Set([...own, ...re])].map((n) => `export const ${n} = undefined;`).concat(stars).join('\n');
}

async function measure(replaced) {
  const result = await esbuild.build({
    ...(replaced === 'runtime'
      ? { stdin: { contents: "import { runtime } from './src/runtime'; (globalThis as any).r = runtime;", resolveDir: root, loader: 'ts' } }
      : { entryPoints: [join(root, 'src/loader.ts')] }),
    bundle: true, minify: true, write: false, format: 'iife',
    target: ['es2020'], legalComments: 'none', logLevel: 'error', outfile: 'embed.js',
    define: { __SDK_VERSION__: '"0"', 'process.env.NODE_ENV': '"production"' },
    plugins: [{
      name: 'stand-ins',
      setup(build) {
        build.onLoad({ filter: /\.tsx?$/ }, (args) => (replaced instanceof RegExp && replaced.test(args.path)
          ? { contents: standIn(args.path), loader: 'ts', resolveDir: dirname(args.path) }
          : undefined));
      },
    }],
  });
  const { code } = await minify(result.outputFiles[0].text, { ecma: 2020, compress: { passes: 2 }, mangle: true });
  return [code.length, gzipSync(code, { level: 9 }).length];
}

const kb = (n) => `${(n / 1000).toFixed(1)} kB`.padStart(9);
console.log(`${'dist/embed.js'.padEnd(58)}${'min'.padStart(9)}${'gzip'.padStart(9)}`);
for (const [label, replaced] of ROWS) {
  const [raw, gz] = await measure(replaced);
  console.log(`${label.padEnd(58)}${kb(raw)}${kb(gz)}`);
}
