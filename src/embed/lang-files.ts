/**
 * The player file's src/i18n/load.ts (build.mjs puts this file in its place there): a table other
 * than English comes as a language file of this build, `plugins/lang-<code>.<hash>.js`, added as
 * the plugin files are (src/plugin-files.ts); it hands its tables to `GifEmbed.register`.
 */
import { stringsNow } from '../i18n';
import { addPluginScript } from '../plugin-files';

/** Resolves once the language file `file` ('de', 'zh') ran (its table is here), or failed. */
export const loadTables = (file: string): Promise<void> => addPluginScript(`lang-${file}`, () => !!stringsNow(file));
