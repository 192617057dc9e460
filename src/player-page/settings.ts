/**
 * The player page's settings: one JSON block in the page itself,
 * `<script type="application/json" id="gif-embed-settings">`. A data block is never run, so the
 * page's Content-Security-Policy (which names its one inline script by hash) holds whatever a
 * team writes there, and reading it costs no request: no round trip before the first frame,
 * and nothing for a CORS rule to refuse where the page runs with an opaque origin (WordPress's
 * sandboxed frames).
 */

/** The id of the settings block in dist/embed/index.html. */
export const SETTINGS_BLOCK_ID = 'gif-embed-settings';

/** What the block holds; each an empty string when unset. */
export interface PlayerPageSettings {
  /** The API key the embed sends. */
  apiKey: string;
  /** The GIPHY-compatible API host ('' = the origin embed.js is served from). */
  apiBase: string;
  /** Where pingbacks go ('' = the origin embed.js is served from). */
  pingbackBase: string;
  /** The main site the logo and "Continue Watching on" lead to ('' = each GIF's own page). */
  siteBase: string;
  /** The service's IAB TCF vendor id ('' = none); the framing page's consent platform is asked for it. */
  tcfVendorId: string;
  /** "true": no id kept in the frame, pingbacks without one. */
  dnt: string;
  /** How long (ms) the consent platform is waited for ('' = 10 s). */
  consentTimeout: string;
}

/** Each setting and the attribute of embed.js's tag that carries it (src/embed/script.ts). */
export const SETTING_ATTRIBUTES: Record<keyof PlayerPageSettings, string> = {
  apiKey: 'data-api-key',
  apiBase: 'data-api-base',
  pingbackBase: 'data-pingback-base',
  siteBase: 'data-site-base',
  tcfVendorId: 'data-tcf-vendor-id',
  dnt: 'data-dnt',
  consentTimeout: 'data-consent-timeout',
};

/**
 * The settings `json` (the block's text) holds: strings only (`"tcfVendorId": "755"`,
 * `"dnt": "true"`), unknown keys ignored; a block that
 * is missing or not JSON reads as no settings (the embed then shows its own error for a missing
 * key), with a warning naming the block.
 */
export function readSettings(json: string | null | undefined): PlayerPageSettings {
  const settings: PlayerPageSettings = { apiKey: '', apiBase: '', pingbackBase: '', siteBase: '', tcfVendorId: '', dnt: '', consentTimeout: '' };
  let data: unknown;
  try {
    data = JSON.parse(json || '{}');
  } catch {
    console.warn(`[gif-embed] The player page's settings (#${SETTINGS_BLOCK_ID}) are not JSON`);
    return settings;
  }
  if (!data || typeof data !== 'object') return settings;
  for (const key of Object.keys(settings) as (keyof PlayerPageSettings)[]) {
    const value = (data as Record<string, unknown>)[key];
    if (typeof value === 'string') settings[key] = value.trim();
  }
  return settings;
}

/** The settings block with `settings` written in, as `html` (a player page) holds it. */
export function withSettings(html: string, settings: Partial<PlayerPageSettings>): string {
  const block = new RegExp(`(<script type="application/json" id="${SETTINGS_BLOCK_ID}">)[^<]*(</script>)`);
  if (!block.test(html)) throw new Error(`The player page has no #${SETTINGS_BLOCK_ID} block`);
  // `<` escaped: a value can never end the block.
  const json = JSON.stringify(settings, null, 2).replace(/</g, '\\u003c');
  return html.replace(block, (_all, open: string, close: string) => `${open}\n${json}\n${close}`);
}
