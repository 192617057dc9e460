/**
 * True in the files a browser downloads (dist/embed.js, its plugins, dist/sdk.js), which only
 * ever render in a browser: what only a server render and its hydration need is left out of
 * them. False in the package's modules, which a server may render and a browser then hydrate,
 * and under tsx (the tests), where build.mjs's `define` does not run.
 */
export const BROWSER_ONLY = typeof __BROWSER_ONLY__ === 'boolean' && __BROWSER_ONLY__;
