/**
 * dist/sdk.js's src/i18n/load.ts (build.mjs puts this file in its place there, as a script has
 * no chunks): a table other than English comes as sdk.js's language file of that build,
 * `plugins/sdk-<code>.<hash>.js` beside sdk.js (the embed's `lang-<code>` lacks the picker's
 * words), added as the player adds its plugin files
 * (src/plugin-files.ts), with sdk.js's nonce; it hands its tables to `GifEmbedSDK.register`
 * (./vanilla.tsx). Without sdk.js's own address (a bundled copy), or where the page refuses the
 * script (its CSP or Trusted Types), its readers read English.
 */
import { runningScript } from '../dom';
import { stringsNow } from '../i18n';
import { addPluginScript, setPluginSource } from '../plugin-files';

/** sdk.js's tag, read as it runs: the language files are beside it. */
const sdkScript = runningScript();
if (sdkScript?.src) setPluginSource(new URL('.', sdkScript.src).href, sdkScript.nonce || '');

/** Resolves once the language file `file` ('de', 'zh') ran (its table is here), or failed. */
export const loadTables = (file: string): Promise<void> =>
  sdkScript?.src ? addPluginScript(`sdk-${file}`, () => !!stringsNow(file)) : Promise.resolve();
