/**
 * Build-time constants injected by build.mjs through esbuild `define`.
 * Under tsx (unit tests) they are not defined, so readers guard with `typeof`.
 */
declare const __SDK_VERSION__: string;
/** The content hash of each file in plugins/ of this build, by name (`{ share: '3f9a1c2b' }` for share.3f9a1c2b.js): dist/embed.js and the player file. */
declare const __PLUGIN_FILES__: Record<string, string>;
/**
 * The player page's script (src/player-page/index.ts), which the player file does not carry:
 * where window.GifEmbed.runtime lends what it reads (scripts/ships.mjs PAGE_READS) in this
 * build, each as [module index, position].
 */
declare const __RUNTIME_LENT__: Record<'languageOf' | 'stringsOf' | 'whenTable' | 'loadPlugin', [number, number]>;
/**
 * The layout the player file is built for (build.mjs builds one per layout; embed.js brings the
 * reader's, src/start.ts). Undefined under tsx and where no player file is built: both layouts.
 */
declare const __PLAYER_LAYOUT__: 'desktop' | 'mobile';
/** See src/browser-only.ts, the one reader. */
declare const __BROWSER_ONLY__: boolean;

/** The runtime the player file lends the plugin files: each lent module's names by position (build.mjs makes it from scripts/ships.mjs). */
declare module 'gif-embed:lent' {
  export const lent: unknown[][];
}

/** What embed.js lends the player file: the names the player file uses of scripts/ships.mjs EMBED_LENT's modules, by position (build.mjs). */
declare module 'gif-embed:embed-lent' {
  export const lent: unknown[];
}
