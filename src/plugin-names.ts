/**
 * The names of this build's files in `plugins/`: embed.js knows them all (its Trusted Types
 * policy lets exactly them through) and lends this module to the player file (scripts/ships.mjs
 * EMBED_LENT), so the list of hashes is downloaded once.
 */
import type { PluginFile } from './plugin-files';

/**
 * The file of plugin `name` in this build (`share.3f9a1c2b.js`; `share.js` outside a build).
 * The language files share one hash, the build's `lang` (`lang-de.5b0e9d2c.js`); sdk.js's theirs, `sdk` (`sdk-de.…js`).
 */
export function pluginFile(name: PluginFile): string {
  const hash = typeof __PLUGIN_FILES__ === 'object' && __PLUGIN_FILES__[name.split('-')[0]];
  return `${name}${hash ? `.${hash}` : ''}.js`;
}
