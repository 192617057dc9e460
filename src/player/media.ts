/**
 * Which file the player shows (spec §5, §9): the rendition picked for the box, its srcset,
 * and the still used while paused or where WebP is unsupported.
 */
import { createElement } from '../dom';
import { embedSrcset, mediaUrl, pickRendition, videoFile, type Gif } from '../model';

let webp: boolean | undefined;

/** True when the browser decodes WebP (asked once: a canvas only encodes formats it knows). */
export function webpSupported(): boolean {
  if (webp === undefined) {
    try {
      // A 1x1 canvas: encoding the default 300x150 one took 6 ms (24 ms on a 4x slower CPU),
      // on the main thread, as the first player rendered.
      const canvas = createElement('canvas');
      canvas.width = canvas.height = 1;
      webp = canvas.toDataURL('image/webp').startsWith('data:image/webp');
    } catch {
      webp = false;
    }
  }
  return webp;
}

export interface GifMedia {
  /** Animated file for the box ('' when the GIF has none). */
  src: string;
  /** srcset of spec §9 for the animated file. */
  srcset: string;
  /** Still frame for the box ('' when none). */
  still: string;
  /** The mp4 played for video media (a clip): the GIF's video (spec §3: hd when an .mp4, else the original's), else the box's rendition's; '' for a GIF. */
  mp4: string;
}

/**
 * The files for `gif` in a `width` x `height` box; `canWebp`: browser supports WebP.
 * Stickers and stills always use the plain url.
 */
export function gifMedia(gif: Gif, width: number, height: number, canWebp: boolean): GifMedia {
  const moving = pickRendition(gif.images, width, height);
  const still = pickRendition(gif.images, width, height, { stills: true });
  const video = videoFile(gif, moving);
  return {
    src: moving ? mediaUrl(gif, moving, { webp: canWebp }) : '',
    srcset: embedSrcset(gif, canWebp),
    still: still ? still.url : '',
    // The player's box is the embed's: the GIF's video, as spec §3 prefers it, before the rendition's.
    mp4: video && (gif.video || video),
  };
}

/**
 * Whether the player starts paused on the still: autoplay turned off, reduced motion asked
 * for, or (for GIFs, not stickers or clips) no WebP support.
 */
export function startsPaused(gif: Gif, autoplay: boolean, reducedMotion: boolean, canWebp: boolean): boolean {
  return !autoplay || reducedMotion || (!canWebp && !gif.is_sticker && gif.type != 'video');
}

/** True when `gif` has a file to show (renditions whose every URL was refused are gone). */
export function hasMedia(gif: Gif): boolean {
  return Object.values(gif.images).some((rendition) => rendition && (rendition.url || rendition.webp || rendition.mp4));
}

/** The video provider of `gif` when the video plugin can play it, else ''. */
export function videoProvider(gif: Gif, providers: readonly string[]): string {
  const name = gif.external_media ? gif.external_media.provider_name : '';
  return providers.includes(name) ? name : '';
}

/**
 * `url` when it is one of `gif`'s moving files (a rendition's GIF or WebP), else ''. The player
 * adopts only a file the API named for this GIF, never an arbitrary image of the page.
 */
export function adoptable(gif: Gif, url: string): string {
  if (!url) return '';
  for (const [name, rendition] of Object.entries(gif.images)) {
    if (rendition && !name.endsWith('_still') && (rendition.url === url || rendition.webp === url)) return url;
  }
  return '';
}
