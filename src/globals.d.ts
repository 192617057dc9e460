/**
 * Build-time constants injected by build.mjs through esbuild `define`.
 * Under tsx (unit tests) they are not defined, so readers guard with `typeof`.
 */
declare const __SDK_VERSION__: string;
/** The content hash of each file in plugins/ of this build, by name (`{ share: '3f9a1c2b' }` for share.3f9a1c2b.js): dist/embed.js and the player file. */
declare const __PLUGIN_FILES__: Record<string, string>;
/**
 * The player page's script (src/player-page/index.ts), which the player file does not carry:
 * where window.GifEmbed.runtime lends src/embed/lang.ts and src/embed/plugins.ts in this build.
 */
declare const __RUNTIME_LANG__: number;
declare const __RUNTIME_PLUGINS__: number;
/** See src/browser-only.ts, the one reader. */
declare const __BROWSER_ONLY__: boolean;
