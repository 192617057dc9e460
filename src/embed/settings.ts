/**
 * The page's settings, from the embed.js tag that brought the player (its hand-over): the API,
 * pingback, site and plugin hosts, the nonce, debug logging, the reader's privacy settings
 * (consent is asked for as the page starts), and the player's styles.
 */
import { setReportSender } from '../analytics/error-report';
import { startConsent } from '../analytics/consent';
import { configure } from '../config';
import { debug } from '../debug';
import { PLAYER_CSS, webpSupported } from '../player';
import type { StartHandOver } from './global';
import { sendReport } from './error-send';
import { setPluginSource } from './plugins';
import { readScript, setEmbedScript } from './script';
import { installScriptSrcSetter } from './script-src';
import { addCss, setStyleNonce } from './styles';

/** Configures the page from `handOver`'s tag. */
export function applySettings(handOver: StartHandOver) {
  const settings = readScript(handOver.script, handOver.base);
  installScriptSrcSetter(handOver.setScriptSrc);
  const { apiKey, apiBase, pingbackBase, siteBase, errorDsn, tcfVendorId, dnt, consentTimeoutMs, locale } = settings;
  if (settings.debug) debug(true);
  if (!apiKey) console.warn(`[gif-embed] No API key: add data-api-key="YOUR KEY" to the embed.js tag.`);
  configure({ apiKey, apiBase, pingbackBase, siteBase, errorDsn, tcfVendorId, dnt, consentTimeoutMs, locale });
  // Reports go through the report plugin, fetched at the first one (./error-send.ts).
  setReportSender(sendReport);
  setPluginSource(settings.base, settings.nonce);
  // The consent platform gets the most time to answer before the first GIF is seen.
  startConsent();
  setStyleNonce(settings.nonce);
  setEmbedScript(settings.tag);
  addCss(PLAYER_CSS);
  // WebP decodes in the next task, while the page is still being scanned (the first player reads
  // the answer), not in the task that runs the player file.
  setTimeout(webpSupported);
}
