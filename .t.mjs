import * as esbuild from 'esbuild';
import { minify } from 'terser';
import { gzipSync } from 'node:zlib';
const r = await esbuild.build({ entryPoints: ['src/sdk/vanilla.tsx'], bundle: true, minify: true, target: process.env.T || 'es2020', write: false, format: 'iife', globalName: 'GifEmbedSDK', alias: { react: 'preact/compat', 'react-dom': 'preact/compat' }, define: { 'process.env.NODE_ENV': '"production"', __SDK_VERSION__: '"1.0.0"' }, legalComments: 'none' });
const code = r.outputFiles[0].text;
const gz = (c) => gzipSync(c, { level: 9 }).length;
console.log('esbuild', code.length, gz(code));
for (const opts of [
  { compress: { passes: 2 }, mangle: true },
  { compress: { passes: 3 }, mangle: true },
  { compress: { passes: 2, pure_getters: true }, mangle: true },
  { compress: { passes: 2, unsafe_arrows: true, unsafe_methods: true }, mangle: true },
  { compress: { passes: 2, hoist_props: true, reduce_funcs: true, collapse_vars: true }, mangle: { toplevel: true } },
]) {
  const { code: c } = await minify(code, { ecma: 2020, format: { comments: false }, ...opts });
  console.log(JSON.stringify(opts), c.length, gz(c));
}
