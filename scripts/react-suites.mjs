/**
 * Builds the SDK's React suites (test/react/*.test.tsx) once per React version: `react` and
 * `react-dom` are React 18 (the `react-18` and `react-dom-18` dev dependencies) or React 19
 * (`react`, `react-dom`). esbuild's alias reaches imports inside node_modules too, so react-dom 18
 * gets React 18. Writes .test-build/react-<major>/<name>.test.mjs for uvu to run.
 * Usage: node scripts/react-suites.mjs
 */
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const VERSIONS = {
  18: { react: 'react-18', 'react-dom': 'react-dom-18' },
  19: {},
};
const suites = readdirSync(join(root, 'test/react')).filter((f) => f.endsWith('.test.tsx'));

rmSync(join(root, '.test-build'), { recursive: true, force: true });
await Promise.all(Object.entries(VERSIONS).flatMap(([major, alias]) => suites.map((file) => esbuild.build({
  entryPoints: [join(root, 'test/react', file)],
  outfile: join(root, `.test-build/react-${major}`, file.replace(/\.tsx$/, '.mjs')),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: ['node20'],
  alias,
  // The test tools stay packages; React, react-dom and our code are bundled with the alias applied.
  external: ['uvu', 'uvu/*', 'happy-dom', '@happy-dom/*'],
  define: { __SDK_VERSION__: '"test"' },
  // React's server bundle requires Node built-ins through `require`, which an ESM bundle lacks.
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  jsx: 'automatic',
  logLevel: 'warning',
}))));
console.log(`built ${suites.length} suite(s) for React ${Object.keys(VERSIONS).join(' and ')}`);
