import * as esbuild from 'esbuild';
const r = await esbuild.build({ bundle: true, minify: false, target: ['es2020'], define: { 'process.env.NODE_ENV': '"production"', __SDK_VERSION__: '"0.1.0"' }, legalComments: 'none',
  entryPoints: ['src/sdk/vanilla.tsx'], write: false, outfile: '/tmp/sdk.js', format: 'iife', globalName: 'GifEmbedSDK',
  alias: { react: 'preact/compat', 'react-dom': 'preact/compat' } });
const src = r.outputFiles[0].text;
const i = src.indexOf('// node_modules/preact/compat/dist/compat.module.js');
const j = src.indexOf('// ', i + 10);
let k = i; // print compat section
const next = src.slice(i).search(/\n  \/\/ (?!node_modules\/preact\/compat)/);
console.log(src.slice(i, i + next));
