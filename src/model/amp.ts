/**
 * The AMP form of the embed code (AMP pages run no script of ours: they frame the player page
 * with `<amp-iframe>`). Its own module: the share plugin, which takes the renditions module
 * from the loader's runtime, does not carry it.
 */
import { altText } from './alt';
import { escapeAttr } from './escape';
import { plainMediaHost } from './media-host';
import { stillImage } from './renditions';
import { safeUrl } from './safe-url';
import { embedSize } from './share';
import type { Gif } from './types';

/** The script an AMP page adds once, in its head, for `<amp-iframe>`. */
export const AMP_IFRAME_SCRIPT = '<script async custom-element="amp-iframe" src="https://cdn.ampproject.org/v0/amp-iframe-0.1.js"></script>';

/**
 * The AMP form of the embed code for `gif`: `<amp-iframe>` of the player page `src` (default
 * gif.embed_url), after the script AMP needs for it. Responsive by default (the GIF's shape at
 * the column's width), fixed at the 480-based size when `responsive` is false. The sandbox lets
 * the player run, keep its storage and open the GIF's page and share windows; `resizable` with
 * its `overflow` button lets the page's height messages (`embed-size`) resize it; the GIF's
 * still is the placeholder AMP shows until the frame loads (and what lets AMP load a frame in
 * the first screen). '' when `src` is not an http(s) URL.
 */
export function ampEmbedCode(gif: Gif, src: string = gif.embed_url, { responsive = true }: { responsive?: boolean } = {}): string {
  const { width, height } = embedSize(gif);
  src = safeUrl(src);
  if (!src) return '';
  const title = escapeAttr(gif.title || altText(gif));
  const still = stillImage(gif);
  // On the plain media host, as the player shows it, whatever host the GIF object names.
  const stillUrl = still && safeUrl(plainMediaHost(still.url));
  const placeholder = stillUrl ? `\n  <amp-img placeholder layout="fill" src="${escapeAttr(stillUrl)}" alt="${title}"></amp-img>` : '';
  return (
    `${AMP_IFRAME_SCRIPT}\n` +
    `<amp-iframe src="${escapeAttr(src)}" width="${width}" height="${height}" layout="${responsive ? 'responsive' : 'fixed'}" title="${title}"` +
    ` sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox" allowfullscreen frameborder="0" resizable>` +
    `${placeholder}\n  <div overflow tabindex="0" role="button" aria-label="Show all">Show all</div>\n</amp-iframe>`
  );
}
