/**
 * The origins the first screen will need, named by the service on embed.js's own response
 * (server/router.ts embedHints: its media host), opened while the first screen's request goes out:
 * on a phone's network the GIF file's connection (a round trip) is then ready when the answer
 * names the file. The service names each in a `Server-Timing` metric, the one header of a
 * response a script can read (through its Resource Timing entry, with `Timing-Allow-Origin`), and
 * in a `Link` header, which engines that do not let a script read it (WebKit) act on by themselves.
 */
import { addToHead, createElement } from '../dom';
import { safeUrl } from '../model/safe-url';

/** The `Server-Timing` metric whose description is an origin to connect to. */
export const PRECONNECT_HINT = 'preconnect';

/** Opens a connection to each http(s) origin the response of `src` (embed.js's address) names. */
export function preconnectNamed(src: string) {
  try {
    for (const { name, description } of (performance.getEntriesByName(src)[0] as PerformanceResourceTiming).serverTiming) {
      if (name == PRECONNECT_HINT && safeUrl(description)) addToHead(Object.assign(createElement('link'), { rel: 'preconnect', href: description }));
    }
  } catch {
    // No entry (a buffer the page cleared) or no `serverTiming` (an older engine): no head start.
  }
}
