/**
 * The file a placeholder's own image shows, or will show once the browser fetches it: what the
 * player adopts (src/player/media.ts `adoptable`), so the page and the player ask for one file.
 */
import { fromDocument } from '../dom';
import { webpSupported } from '../player/media';

/** The one URL of a `srcset` that names a single file ('' for a list of candidates). */
function singleUrl(srcset: string): string {
  const parts = srcset.trim().split(/\s+/);
  return parts.length === 1 && !parts[0].endsWith(',') ? parts[0] : '';
}

/**
 * The file `img` shows: its `currentSrc` once the browser has picked one. A lazy image still
 * far from the screen has picked nothing yet; for it, the file the browser will pick: the first
 * `<source>` of its `<picture>` whose type the browser decodes and whose media query holds
 * (the progressive snippet's WebP), else its `src`.
 */
export function pageImageFile(img: HTMLImageElement): string {
  if (img.currentSrc) return img.currentSrc;
  const picture = img.parentElement;
  if (picture && picture.tagName === 'PICTURE') {
    for (const source of picture.querySelectorAll<HTMLSourceElement>(':scope > source')) {
      const type = source.getAttribute('type');
      const media = source.getAttribute('media');
      if (type === 'image/webp' && !webpSupported()) continue;
      if (media && !matchMedia(media).matches) continue;
      // A type this file cannot judge, or a list of candidates: which file the browser takes
      // cannot be told from here, so nothing is adopted (the player picks its own).
      const url = type && type !== 'image/webp' ? '' : singleUrl(source.getAttribute('srcset') || '');
      try {
        return url && new URL(url, fromDocument('baseURI')).href;
      } catch {
        return '';
      }
    }
  }
  return img.src;
}
