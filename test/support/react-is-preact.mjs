/**
 * `node --import ./test/support/react-is-preact.mjs`: inside this process `react`, `react-dom`
 * and their subpaths are preact/compat, as build.mjs makes them in every file a browser
 * downloads, so the unit suite renders through the renderer that ships.
 */
import { register } from 'node:module';

register('./react-is-preact-hooks.mjs', import.meta.url);
