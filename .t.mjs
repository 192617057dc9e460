import { minify } from 'terser';
import { readFileSync } from 'fs';
import { gzipSync } from 'zlib';
import * as esbuild from 'esbuild';
const r = await esbuild.build({ bundle: true, minify: true, target: ['es2020'], define: { 'process.env.NODE_ENV': '"production"', __SDK_VERSION__: '"0.1.0"' }, legalComments: 'none',
  entryPoints: ['src/sdk/vanilla.tsx'], write: false, outfile: '/tmp/sdk.js', format: 'iife', globalName: 'GifEmbedSDK',
  alias: { react: 'preact/compat', 'react-dom': 'preact/compat' } });
const src = r.outputFiles[0].text;
const g = (s) => (gzipSync(s, { level: 9 }).length / 1000).toFixed(2);
console.log('esbuild', g(src));
for (const opts of [
  { compress: { passes: 2 }, mangle: true },
  { compress: { passes: 3 }, mangle: true },
  { compress: { passes: 3, unsafe_arrows: true, unsafe_methods: true }, mangle: true },
  { compress: { passes: 3, pure_getters: true }, mangle: true },
  { compress: { passes: 3, pure_getters: true, hoist_funs: true }, mangle: true, toplevel: true },
]) {
  const { code } = await minify(src, { ecma: 2020, format: { comments: false }, ...opts });
  console.log(JSON.stringify(opts), g(code), code.length);
}
