/**
 * dist/sdk.js's src/i18n/load.ts (build.mjs puts this file in its place there, as a script has
 * no chunks): a table other than English comes as the embed's language file of that build,
 * `plugins/lang-<code>.<hash>.js` beside sdk.js, which hands its tables to `GifEmbedSDK.register`
 * (./vanilla.tsx). Without sdk.js's own address (a bundled copy), or where the page refuses the
 * script (its CSP or Trusted Types), its readers read English.
 */

/** sdk.js's tag, read as it runs: the language files are beside it, and take its nonce. */
const sdkScript = globalThis.document?.currentScript as HTMLScriptElement | null | undefined;

/** Resolves once the language file `file` ('de', 'zh') ran, or failed. */
export function loadTables(file: string): Promise<void> {
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.onload = script.onerror = () => resolve();
    try {
      script.src = new URL(`plugins/lang-${file}.${__PLUGIN_FILES__.lang}.js`, sdkScript!.src).href;
    } catch {
      return resolve();
    }
    script.async = true;
    if (sdkScript!.nonce) script.nonce = sdkScript!.nonce;
    document.head.append(script);
  });
}
