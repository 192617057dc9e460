/**
 * The consent platform a test page carries (./cmp-page.ts, the IAB's own packages bundled by
 * esbuild), as inline scripts for a page's <head>: `cmpHead(setup)`.
 */
import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';

let bundle: string | undefined;

/** The platform's code, bundled once per run. */
function cmpBundle(): string {
  bundle ??= buildSync({
    entryPoints: [fileURLToPath(new URL('./cmp-page.ts', import.meta.url))],
    bundle: true, format: 'iife', platform: 'browser', target: 'es2020', write: false, minify: true, logLevel: 'error',
  }).outputFiles[0].text.replace(/<\/script/gi, '<\\/script');
  return bundle;
}

/** What the reader chose: see cmp-page.ts. */
export interface CmpSetup {
  tcf?: string | null;
  gpp?: { fields: Record<string, Record<string, unknown>>; sections: number[] };
}

/** The <head> scripts of a page whose consent platform is `setup`. */
export function cmpHead(setup: CmpSetup): string {
  return `<script>window.__cmpSetup=${JSON.stringify(setup)}</script><script>${cmpBundle()}</script>`;
}
