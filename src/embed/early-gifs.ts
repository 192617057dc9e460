/**
 * The first screen's GIFs, asked for by embed.js itself while the player file comes
 * (src/start.ts: once the page is painted, so its layout is read for free, unless the player has
 * run first). On a phone's network the chain before a plain snippet's GIF was embed.js, the player
 * file, the `gifs?ids=` request, the GIF file: here the request goes out with the player file, and the
 * player takes its answer over (src/embed/fetch.ts gifBatcher) when it would have asked for the
 * very same address. Once the answer is in, the hosts its GIF files come from are connected to
 * (a preconnect), so the GIF's own request does not open a connection either.
 */
import { REQUEST_TIMEOUT_MS } from '../api/request';
import { addToHead, createElement, queryAll } from '../dom';
import { plainMediaHost } from '../model/media-host';
import { withoutTrailingSlashes } from '../text';
import type { EarlyGifs } from './global';
import { LAZY_MARGIN_PX, LOOKAHEAD_MAX_IDS, LOOKAHEAD_VIEWPORTS } from './near';
import { attribute, GIF_ID, PLACEHOLDER_SELECTOR } from './placeholder';

/** The most media hosts connected to ahead (GIPHY's answers name a few; a hostile one cannot make more). */
const PRECONNECT_MAX = 3;

/**
 * Asks for the GIFs of the placeholders parsed so far that the player's first request would carry
 * (those it starts at once, on the first screen with its start margin, and those of the look-ahead
 * beyond: near.ts; at most LOOKAHEAD_MAX_IDS), as that request would (`{apiBase}/v1/gifs?api_key=…&ids=…`, the settings of `own`'s tag:
 * src/settings.ts, src/api/v1.ts v1Url). Undefined when there is none.
 */
export function earlyGifs(own: HTMLScriptElement): EarlyGifs | undefined {
  const ids = new Set<string>();
  for (const el of queryAll(document, PLACEHOLDER_SELECTOR)) {
    // A bare id, as the snippets write it (an address that names one is left to the player).
    const id = attribute(el, 'gif-id')?.trim() || '';
    if (GIF_ID.test(id) && ids.size < LOOKAHEAD_MAX_IDS && el.getBoundingClientRect().top < innerHeight * (1 + LOOKAHEAD_VIEWPORTS) + LAZY_MARGIN_PX) ids.add(id);
  }
  if (!ids.size) return;
  // The tag's settings as src/settings.ts reads them (its SETTING_ATTRIBUTES), the base as src/config.ts keeps it.
  const key = own.getAttribute('data-api-key')?.trim();
  const query = new URLSearchParams({ ...(key && { api_key: key }), ids: [...ids].join() });
  const url = `${withoutTrailingSlashes(own.getAttribute('data-api-base')?.trim() || new URL(own.src).origin)}/v1/gifs?${query}`;
  // With the deadline of the player's own requests, its body included (src/api/request.ts).
  const answer = fetch(url, { signal: AbortSignal.timeout?.(REQUEST_TIMEOUT_MS) });
  answer
    .then((response) => response.clone().json())
    .then(({ data }: { data: { images: { original: { url: string } } }[] }) => {
      const hosts = new Set<string>();
      // On the plain media host, as the player shows them (src/model/media-host.ts).
      for (const gif of data) hosts.add(plainMediaHost(new URL(gif.images.original.url).origin));
      // Web hosts only (an opaque origin is "null").
      for (const host of [...hosts].filter((origin) => origin.startsWith('http')).slice(0, PRECONNECT_MAX)) {
        const link = createElement('link');
        link.rel = 'preconnect';
        link.href = host;
        addToHead(link);
      }
    })
    // Nothing to connect to: the player reads the answer (or its failure) itself.
    .catch(() => {});
  return { url, ids: [...ids], answer };
}
