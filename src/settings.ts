/**
 * A page's settings, one shape wherever they are given: `configure({ ... })` in a page's or an
 * app's code (src/config.ts keeps them), the attributes of embed.js's tag, and the keys of the
 * iframe player page's settings block. The last two are text, read here by one parser into the
 * values configure() keeps.
 */
import { CONSENT_TIMEOUT_MS, type Config } from './config';
import { autoplayPolicy } from './ui/motion';

/** Each setting a page gives by name, and the attribute of embed.js's tag that carries it. */
export const SETTING_ATTRIBUTES = {
  apiKey: 'data-api-key',
  apiBase: 'data-api-base',
  pingbackBase: 'data-pingback-base',
  siteBase: 'data-site-base',
  errorDsn: 'data-error-dsn',
  tcfVendorId: 'data-tcf-vendor-id',
  dnt: 'data-dnt',
  consentTimeoutMs: 'data-consent-timeout',
  locale: 'data-lang',
  autoplay: 'data-autoplay',
} as const;

export type PageSettingName = keyof typeof SETTING_ATTRIBUTES;
/** What a page gives, as configure() keeps it. */
export type PageSettings = Pick<Config, PageSettingName>;

/**
 * The settings `read` gives as text (by name; null or undefined when unset), as their values:
 * text trimmed; `dnt` a switch, on when given and not "false"; `tcfVendorId` a whole number
 * (0, none, for anything else); `consentTimeoutMs` ms, CONSENT_TIMEOUT_MS for anything but a
 * positive number; `autoplay` a policy (src/ui/motion.ts autoplayPolicy), `always` for anything else.
 */
export function parseSettings(read: (name: PageSettingName) => string | null | undefined): PageSettings {
  const text = (name: PageSettingName) => (read(name) || '').trim();
  const dnt = read('dnt');
  return {
    apiKey: text('apiKey'),
    apiBase: text('apiBase'),
    pingbackBase: text('pingbackBase'),
    siteBase: text('siteBase'),
    errorDsn: text('errorDsn'),
    tcfVendorId: Math.max(0, Math.floor(Number(text('tcfVendorId')))) || 0,
    dnt: dnt != null && dnt !== 'false',
    consentTimeoutMs: Math.max(0, Number(text('consentTimeoutMs'))) || CONSENT_TIMEOUT_MS,
    locale: text('locale'),
    autoplay: autoplayPolicy(text('autoplay')) || 'always',
  };
}
