/**
 * Tracking pixels for the embed (spec §5): the same rule as the analytics layer's
 * `sanitizePixel` (only `<img>` with an http(s) src survives, %%CACHEBUSTER%% becomes the time,
 * each pixel fires once per page), but the snippet is read by the browser's own HTML parser
 * instead of a hand-written one, which would cost the embed ~1 KB.
 */
import { PIXEL_ATTRIBUTE } from '../analytics';

/** Pixel templates already fired on this page. */
const fired = new Set<string>();

/**
 * The pixel URLs in `snippet`: one canonical http(s) URL per distinct `<img src>`, with the
 * cachebuster replaced by `now` (ms), paired with the template they came from (the dedupe key).
 * The parsed document is inert: no script runs and no image loads.
 */
export function snippetPixels(snippet: string, now: number): [template: string, url: string][] {
  const found: [string, string][] = [];
  for (const img of new DOMParser().parseFromString(snippet, 'text/html').images) {
    const template = (img.getAttribute('src') || '').trim();
    try {
      const url = new URL(template.replace(/%%CACHEBUSTER%%/gi, String(now)));
      if (/^https?:$/.test(url.protocol) && !found.some(([t]) => t === template)) found.push([template, url.href]);
    } catch {
      // Not a URL: dropped like any other non-http(s) source.
    }
  }
  return found;
}

/** Adds the images of `snippets` to <head>, each pixel once per page. */
export function firePixels(snippets: string[]) {
  const now = Date.now();
  for (const snippet of snippets) {
    for (const [template, url] of snippetPixels(snippet, now)) {
      if (fired.has(template)) continue;
      fired.add(template);
      const img = document.createElement('img');
      img.setAttribute(PIXEL_ATTRIBUTE, '');
      img.alt = '';
      img.src = url;
      document.head.appendChild(img);
    }
  }
}
