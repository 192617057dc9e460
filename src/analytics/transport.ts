/**
 * How a pingback body leaves the page. Normally a JSON POST; while the page is being hidden a
 * request that outlives it (fetch keepalive, else sendBeacon). Tests swap it with `setTransport`.
 */
import { debugLog } from '../debug';

/** Sends `body` (JSON text) to `url`; `unloading` is true when the page is being hidden. */
export type PingbackTransport = (url: string, body: string, unloading: boolean) => Promise<void> | void;

const JSON_TYPE = 'application/json';

/**
 * Queues `body` with sendBeacon as a JSON Blob; false when the browser refuses or lacks it.
 * Chromium refuses Blob types that are not CORS-safelisted, so the same JSON text is then
 * sent as text/plain (the collector reads any content type as JSON).
 */
function beacon(url: string, body: string): boolean {
  const nav = globalThis.navigator as Navigator | undefined;
  if (typeof nav?.sendBeacon !== 'function') return false;
  for (const data of [new Blob([body], { type: JSON_TYPE }), body]) {
    try {
      if (nav.sendBeacon(url, data)) return true;
    } catch {
      // A throw is a refusal: try the next form.
    }
  }
  return false;
}

/** The browser transport: fetch (keepalive while unloading), with sendBeacon as the unload fallback. */
export const browserTransport: PingbackTransport = async (url, body, unloading) => {
  if (typeof globalThis.fetch !== 'function') {
    if (!beacon(url, body)) debugLog('pingback: no fetch or sendBeacon, dropped');
    return;
  }
  let response: Response;
  try {
    response = await globalThis.fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': JSON_TYPE },
      body,
      keepalive: unloading,
      credentials: 'omit',
    });
  } catch (error) {
    // keepalive requests can be refused (body too large, too many in flight): a beacon still goes.
    if (unloading && beacon(url, body)) return;
    throw error;
  }
  if (!response.ok) throw new Error(`pingback failed: ${response.status} ${response.statusText}`);
};

let transport: PingbackTransport = browserTransport;

/** Replaces the transport (tests); no argument restores the browser transport. */
export function setTransport(next?: PingbackTransport) {
  transport = next ?? browserTransport;
}

/** The current transport. */
export function getTransport(): PingbackTransport {
  return transport;
}
