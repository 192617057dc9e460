/**
 * The player page's settings: one JSON block in the page itself,
 * `<script type="application/json" id="gif-embed-settings">`. A data block is never run, so the
 * page's Content-Security-Policy (which names its one inline script by hash) holds whatever a
 * team writes there, and reading it costs no request: no round trip before the first frame,
 * and nothing for a CORS rule to refuse where the page runs with an opaque origin (WordPress's
 * sandboxed frames).
 */

import { SETTING_ATTRIBUTES, type PageSettingName } from '../settings';

export { SETTING_ATTRIBUTES };

/** The id of the settings block in dist/embed/index.html. */
export const SETTINGS_BLOCK_ID = 'gif-embed-settings';

/**
 * What the block holds: the page's settings by the names configure() takes (src/settings.ts),
 * each as text, an empty string when unset. embed.js reads them from its tag's attributes, where
 * the player page writes them, with the one parser of every page's settings.
 */
export type PlayerPageSettings = Record<PageSettingName, string>;

/** Names the block took before it took configure()'s, and the setting each is. */
const FORMER_NAMES: Partial<Record<string, PageSettingName>> = { consentTimeout: 'consentTimeoutMs' };

/**
 * The settings `json` (the block's text) holds: strings only (`"tcfVendorId": "755"`,
 * `"dnt": "true"`), unknown keys ignored, `consentTimeout` read as `consentTimeoutMs`; a block that
 * is missing or not JSON reads as no settings (the embed then shows its own error for a missing
 * key), with a warning naming the block.
 */
export function readSettings(json: string | null | undefined): PlayerPageSettings {
  const settings = Object.fromEntries(Object.keys(SETTING_ATTRIBUTES).map((name) => [name, ''])) as PlayerPageSettings;
  let data: unknown;
  try {
    data = JSON.parse(json || '{}');
  } catch {
    console.warn(`[gif-embed] The player page's settings (#${SETTINGS_BLOCK_ID}) are not JSON`);
    return settings;
  }
  if (!data || typeof data !== 'object') return settings;
  for (const [key, value] of Object.entries(data)) {
    // Own names only: `toString` or `constructor` in a block names no setting.
    const own = (names: object) => Object.prototype.hasOwnProperty.call(names, key);
    const name = own(SETTING_ATTRIBUTES) ? (key as PageSettingName) : own(FORMER_NAMES) ? FORMER_NAMES[key] : undefined;
    if (name && typeof value === 'string') settings[name] = value.trim();
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
