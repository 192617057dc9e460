/**
 * The names of this build's files in `plugins/`: embed.js knows them all (its Trusted Types
 * policy lets exactly them through) and lends this module to the player file (scripts/ships.mjs
 * EMBED_LENT), so the list of hashes is downloaded once.
 */
import type { PluginName } from './plugin-types';

/**
 * Files in `plugins/`: the component plugins, the IntersectionObserver for browsers without one,
 * the error reports' sender (./error-send.ts), what asks a consent platform (./cmp.ts), the
 * tracking pixels (./pixels.ts), the reader's table of words (./lang.ts), and the player itself, which embed.js brings on every page (src/start.ts).
 */
export type PluginFile = PluginName | 'intersection' | 'report' | 'cmp' | 'pixels' | 'events' | `player-${'desktop' | 'mobile'}` | `lang-${string}` | `sdk-${string}`;

/**
 * The file of plugin `name` in this build (`share.3f9a1c2b.js`; `share.js` outside a build).
 * The language files share one hash, the build's `lang` (`lang-de.5b0e9d2c.js`); sdk.js's theirs, `sdk` (`sdk-de.…js`);
 * the player files theirs, `player` (`player-mobile.…js`).
 */
export function pluginFile(name: PluginFile): string {
  const hash = typeof __PLUGIN_FILES__ === 'object' && __PLUGIN_FILES__[name.split('-')[0]];
  return `${name}${hash ? `.${hash}` : ''}.js`;
}
