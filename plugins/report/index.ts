/**
 * dist/plugins/report.js: the error reports' envelopes and their sending
 * (src/analytics/error-send.ts), which the player fetches the first time its page has an error to
 * report to a configured DSN (src/embed/error-send.ts). Its session decision reads storage
 * through the player's environment, so both see the same page.
 */
import type { GifEmbedGlobal } from '../../src/embed/global';
import { sendReport } from '../../src/analytics/error-send';

const global = (window as { GifEmbed?: Partial<GifEmbedGlobal> }).GifEmbed;
if (global) global.report = sendReport;
