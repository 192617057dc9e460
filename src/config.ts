/**
 * Where the product talks to: every host and key is configuration, nothing is hard-coded.
 * `configure(partial)` merges; `getConfig()` returns the current values.
 */
import { withoutTrailingSlashes } from './text';
import type { AutoplayPolicy } from './ui/motion';

/** The SDK's identity headers' prefix unless configured (`sdkHeaderPrefix`): `X-Gif-Embed-SDK-Name`, ... */
export const DEFAULT_SDK_HEADER_PREFIX = 'X-Gif-Embed-SDK-';

export interface Config {
  /** GIPHY-compatible public API base, without the trailing `/v1` (e.g. `https://api.giphy.com`). */
  apiBase: string;
  /** API key sent as `api_key` on public API calls and `apikey` on pingbacks. */
  apiKey: string;
  /** Main site (site paths, channels, moderation, GIF pages). */
  siteBase: string;
  /** Stories gateway. */
  storiesBase: string;
  /** Trending scheduler. */
  schedulerBase: string;
  /** Imaging service (video info, trim). */
  imagingBase: string;
  /** Pingback collector; POST {pingbackBase}/pingback. */
  pingbackBase: string;
  /** Name of the product shown in 'Continue Watching on' / 'View on'. */
  productName: string;
  /** Error-reporting DSN (`https://KEY@host/PROJECT`, Sentry's form); '' (the default) reports nothing. */
  errorDsn: string;
  /**
   * How the SDK's three identity headers on public API calls are named: this prefix, then
   * `Name`, `Version`, `Platform` (default `X-Gif-Embed-SDK-`). Any such header makes a call
   * from another origin need a CORS preflight that the API host must answer by listing them in
   * `Access-Control-Allow-Headers`: rename them to names the host allows, or set '' to send none.
   */
  sdkHeaderPrefix: string;
  /**
   * The service's vendor id in the IAB Global Vendor List (0, the default: none). Where the page's
   * consent platform says GDPR applies, nothing is kept on the device unless this vendor is
   * consented too (src/analytics/consent.ts).
   */
  tcfVendorId: number;
  /** The publisher's do-not-track switch: no id kept on the device, pingbacks sent without one. */
  dnt: boolean;
  /** How long a consent platform that has not decided is waited for before acting as refused. */
  consentTimeoutMs: number;
  /**
   * The reader's language for the UI's words, a BCP 47 tag (`de`, `pt-BR`, `zh-TW`); '' (the
   * default): the page's `lang`, else the browser's languages. See src/i18n.
   */
  locale: string;
  /**
   * When GIFs play (src/ui/motion.ts): 'always' (the default), 'hover', 'click' or 'never'. A
   * placeholder's `data-autoplay` or a component's `autoplay` prop says otherwise for its own;
   * the reader's reduced motion and Data Saver come before either.
   */
  autoplay: AutoplayPolicy;
}

/** The consent platform's answer is waited for this long by default (ms). */
export const CONSENT_TIMEOUT_MS = 10_000;

const config: Config = {
  apiBase: '',
  apiKey: '',
  siteBase: '',
  storiesBase: '',
  schedulerBase: '',
  imagingBase: '',
  pingbackBase: '',
  productName: 'GIF Embed',
  errorDsn: '',
  sdkHeaderPrefix: DEFAULT_SDK_HEADER_PREFIX,
  tcfVendorId: 0,
  dnt: false,
  consentTimeoutMs: CONSENT_TIMEOUT_MS,
  locale: '',
  autoplay: 'always',
};

/**
 * Merges `partial` into the configuration; trailing slashes on hosts are dropped, and a value
 * of another type than the setting's (a string where a number goes) is ignored.
 */
export function configure(partial: Partial<Config>): Config {
  for (const key of Object.keys(partial) as (keyof Config)[]) {
    const value = partial[key];
    if (typeof value !== typeof config[key] || value !== value) continue;
    (config as unknown as Record<string, unknown>)[key] = typeof value === 'string' && key.endsWith('Base') ? withoutTrailingSlashes(value) : value;
  }
  return config;
}

/** The current configuration (a live object: read it when you need it, don't keep copies). */
export function getConfig(): Readonly<Config> {
  return config;
}
