/**
 * `configure` as the package and sdk.js export it: the configuration's (src/config.ts), and the
 * sender of error reports, so that a DSN given here reports through ./error-send.ts's sender. The
 * player file gives its own sender (src/embed/page.ts applySettings), and so carries none of this.
 */
import { setReportSender } from '../analytics/error-report';
import { sendReport } from '../analytics/error-send';
import { configure as merge, type Config } from '../config';

/** Merges `partial` into the configuration (see src/config.ts); reports go through the package's sender. */
export function configure(partial: Partial<Config>): Config {
  setReportSender(sendReport);
  return merge(partial);
}
