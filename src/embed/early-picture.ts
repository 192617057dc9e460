/**
 * The first screen's pictures, put in by embed.js from the answer to its early request
 * (./early-gifs.ts) before it asks for the player file (src/start.ts). On a phone's network a
 * plain snippet's GIF file was asked for only once the player file had come and run; now it is
 * asked for as soon as the answer is in, and painted by the browser as the progressive snippet's
 * picture is (src/model/share.ts): the file the player shows in that box, which the player then
 * adopts (src/player/media.ts adoptable), so the file comes once and the player covers a picture
 * already on screen. The player file comes after, as it does for the progressive snippet.
 *
 * The answer is read through the model's own normalisation (src/model/images.ts: sizes, the
 * plain media host, http(s) only) and rendition choice, which embed.js lends the player file.
 *
 * A picture goes only where the player would show the GIF moving at once (autoplay `always` from
 * the placeholder, else the tag, no `GifEmbed.setAutoplay` yet, the reader asking for no less
 * motion or data: src/player/autoplay.ts), a GIF or sticker (a clip moves only as video), on the
 * first screen, into a box the page reserved (an aspect ratio: nothing moves when the picture comes, nor when the
 * player does), in place of the text of the plain snippet's one link (a placeholder with any other
 * content keeps it as it is).
 */
import { createElement, queryAll } from '../dom';
import { isRecord, toBool, toText } from '../model/coerce';
import { normalizeImages } from '../model/images';
import { mediaUrl, pickRendition } from '../model/rendition-choice';
import type { Gif } from '../model/types';
import { asksLess, autoplayPolicy } from '../ui/motion';
import type { EarlyGifs } from './global';
import { attribute, EARLY_PICTURE, PLACEHOLDER_SELECTOR } from './placeholder-attribute';

/**
 * Puts the pictures of `early`'s answer in; `tag`: the script tag that configures the page (its
 * `data-autoplay`); `leave`: true when the pictures are not to go in: the page has set a policy
 * for every player (`GifEmbed.setAutoplay`), or the player has run by now (it shows the GIFs itself,
 * and a placeholder it has read is not changed under it).
 * Resolves once they are in (or there are none: a failed or refused answer, JSON that is not the
 * API's); it never rejects.
 */
export function showPictures(early: EarlyGifs, tag: HTMLScriptElement, leave: () => boolean): Promise<void> {
  return early.answer
    .then((response) => response.ok && response.clone().json())
    .then((json) => {
      const data: unknown[] = isRecord(json) && Array.isArray(json.data) && !leave() && !asksLess() ? json.data : [];
      const pagePolicy = autoplayPolicy(tag.getAttribute('data-autoplay')) || 'always';
      // Every box is read before any picture goes in: a box read after one went in would lay the page out again.
      const boxes: [HTMLAnchorElement, DOMRect, string, Record<string, unknown>][] = [];
      for (const el of queryAll<HTMLElement>(document, PLACEHOLDER_SELECTOR)) {
        const box = el.getBoundingClientRect();
        // On the first screen (the request's look-ahead further down starts as the player's does,
        // when it comes near): in page order, down the page, the first below it ends the list (no
        // box further down is measured).
        if (box.top >= innerHeight) break;
        const id = attribute(el, 'gif-id')?.trim();
        // The answer's GIF of that id (whichever placeholder of the first screen asked for it).
        const raw = data.find((gif) => isRecord(gif) && toText(gif.id) === id);
        const link = el.firstElementChild as HTMLAnchorElement;
        const style = getComputedStyle(el);
        // The box's shape as the page reserved it (`480 / 360`; none where it gave only `auto`).
        const ratio = style.aspectRatio.replace('auto', '');
        // In a reserved box laid out as a block, a link of text alone.
        if (isRecord(raw) && !el.shadowRoot && el.childElementCount == 1 && link.localName == 'a' && !link.childElementCount && (autoplayPolicy(attribute(el, 'autoplay')) || pagePolicy) == 'always' &&
          toText(raw.type) != 'video' && box.width && box.bottom > 0 && style.display != 'inline' && /\d/.test(ratio)) boxes.push([link, box, ratio, raw]);
      }
      for (const [link, { width, height }, ratio, raw] of boxes) {
        const gif = { images: normalizeImages(raw.images), is_sticker: toBool(raw.is_sticker) } as Gif;
        const rendition = pickRendition(gif.images, width, height);
        const src = rendition && mediaUrl(gif, rendition, { webp: false });
        // An mp4 alone is no picture.
        if (!src) continue;
        const webp = mediaUrl(gif, rendition, { webp: true });
        // The link's words name the GIF until the player comes (which says the API's, not these: EARLY_PICTURE).
        const img = Object.assign(createElement('img'), { alt: link.textContent!.trim(), width: rendition.width, height: rendition.height, decoding: 'async' });
        img.setAttribute(EARLY_PICTURE, '');
        // The box keeps the size the page reserved, whatever the GIF's own shape and the page's
        // layout: the picture takes the box's shape and fits the GIF inside it, as the player does
        // (the GIF's own shape would stretch a box of another one; `auto` would let it).
        img.style.cssText = `display:block;width:100%;height:auto;aspect-ratio:${ratio};object-fit:contain`;
        const picture = createElement('picture');
        if (webp != src) picture.append(Object.assign(createElement('source'), { type: 'image/webp', srcset: webp }));
        picture.append(img);
        // Its file last, once in the picture after the WebP's source: an image with an address
        // starts loading it at once in some engines (WebKit), and would load both files.
        img.src = src;
        link.replaceChildren(picture);
      }
    })
    .catch(() => {});
}
