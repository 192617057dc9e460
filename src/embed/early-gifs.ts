/**
 * The first screen's GIFs, asked for by embed.js itself while the player file comes
 * (src/start.ts: once the page is painted, so its layout is read for free, unless the player has
 * run first). On a phone's network the chain before a plain snippet's GIF was embed.js, the player
 * file, the `gifs?ids=` request, the GIF file: here the request goes out with the player file, and the
 * player takes its answer over (src/embed/fetch.ts gifBatcher) when it would have asked for the
 * very same address.
 */
import { REQUEST_TIMEOUT_MS } from '../api/request';
import { queryAll } from '../dom';
import { withoutTrailingSlashes } from '../text';
import type { EarlyGifs } from './global';
import { LAZY_MARGIN_PX, LOOKAHEAD_MAX_IDS, LOOKAHEAD_VIEWPORTS } from './near';
import { attribute, GIF_ID, PLACEHOLDER_SELECTOR } from './placeholder-attribute';

/**
 * Asks for the GIFs of the placeholders parsed so far that the player's first request would carry
 * (those it starts at once, on the first screen with its start margin, and those of the look-ahead
 * beyond: near.ts; at most LOOKAHEAD_MAX_IDS), as that request would (`{apiBase}/v1/gifs?api_key=…&ids=…`, the settings of `tag`, the
 * one that configures the page: src/settings.ts, src/api/v1.ts v1Url). Undefined when there is none.
 */
export function earlyGifs(tag: HTMLScriptElement): EarlyGifs | undefined {
  const found = new Set<string>();
  for (const el of queryAll(document, PLACEHOLDER_SELECTOR)) {
    // In page order, down the page: the first beyond the reach ends the list (no box further down is measured).
    if (found.size == LOOKAHEAD_MAX_IDS || el.getBoundingClientRect().top > innerHeight * (1 + LOOKAHEAD_VIEWPORTS) + LAZY_MARGIN_PX) break;
    // A bare id, as the snippets write it (an address that names one is left to the player).
    const id = attribute(el, 'gif-id')?.trim() || '';
    if (GIF_ID.test(id)) found.add(id);
  }
  const ids = [...found];
  if (!ids.length) return;
  // The tag's settings as src/settings.ts reads them (its SETTING_ATTRIBUTES), the base as src/config.ts keeps it.
  const key = tag.getAttribute('data-api-key')?.trim();
  const query = new URLSearchParams({ ...(key && { api_key: key }), ids: ids.join() });
  const url = `${withoutTrailingSlashes(tag.getAttribute('data-api-base')?.trim() || new URL(tag.src).origin)}/v1/gifs?${query}`;
  // Sent from a task of its own: a page's first `fetch` call takes Chromium 2-4 ms on an idle
  // page and up to 20 while the page loads, and with the boxes read here it made one of our
  // longest tasks. A `fetch` that throws (a page's own) is a failed answer as well. With the
  // deadline of the player's own requests, its body included (src/api/request.ts).
  const answer = new Promise((go) => setTimeout(go)).then(() => fetch(url, { signal: AbortSignal.timeout?.(REQUEST_TIMEOUT_MS) }));
  // Handled here too: a failure the player never reads (it ran first) is no page error.
  answer.catch(() => {});
  return { url, ids, answer };
}
