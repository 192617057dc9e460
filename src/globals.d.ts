/**
 * Build-time constants injected by build.mjs through esbuild `define`.
 * Under tsx (unit tests) they are not defined, so readers guard with `typeof`.
 */
declare const __SDK_VERSION__: string;
