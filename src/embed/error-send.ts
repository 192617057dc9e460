/**
 * The player file's sender of error reports (its settings give it to src/analytics/error-report.ts):
 * the envelope code is the report plugin (dist/plugins/report.<hash>.js), fetched the
 * first time the page has something to report, so a page that never reports never downloads it.
 * A report made before the file arrives is sent once it has; a file that does not come loses the
 * report (reporting never becomes the error).
 */
import type { sendReport as send } from '../analytics/error-send';
import { fromPluginFile } from '../plugin-files';

export function sendReport(...args: Parameters<typeof send>) {
  void fromPluginFile('report').then((report) => report?.(...args));
}
