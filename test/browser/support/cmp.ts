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

/**
 * The <head> script of a page whose platform `setup` comes late, as through a tag manager or an
 * async tag: `window.__installCmp()` stands it up (and `ms`, when given, calls it that long after
 * the page's scripts began).
 */
export function cmpLateHead(setup: CmpSetup, ms?: number): string {
  const later = ms === undefined ? '' : `setTimeout(window.__installCmp, ${ms});`;
  return `<script>window.__cmpSetup=${JSON.stringify(setup)};window.__installCmp=function(){${cmpBundle()}};${later}</script>`;
}
