/**
 * Which file the player shows (spec §5, §9): the rendition picked for the box, its srcset,
 * and the still used while paused or where WebP is unsupported.
 */
import { embedSrcset, mediaUrl, pickRendition, videoFile, type Gif } from '../model';
import type { AutoplayPolicy } from '../ui/motion';

/**
 * A 1x1 lossless WebP (30 bytes, every one below 0x80, so the string is its own bytes in a Blob):
 * a browser that decodes it shows the WebP files we play. Decoded from memory, not loaded as an
 * image: a page whose Content Security Policy limits images to its media hosts would refuse a
 * `data:` URL, and the refusal would read as "no WebP".
 */
const WEBP_PROBE = 'RIFF\x16\0\0\0WEBPVP8L\t\0\0\0/\0\0\0\0(@D\x04\0';

let webp: boolean | undefined;

/**
 * False once the browser has failed to decode a WebP image, else true. The question is whether
 * it can *show* WebP: Safari decodes it but its canvas cannot encode it, so a canvas test would
 * freeze every GIF there. The probe decodes off the main thread and off the first frame's path
 * (the loader asks as it starts, long before an API answer comes back); a player that rendered
 * before the answer and meets a browser without WebP falls back to the GIF file through its
 * image's error. A browser without createImageBitmap (Safari 14) decodes WebP.
 */
export function webpSupported(): boolean {
  if (webp === undefined) {
    webp = true;
    // (The 1x1 bitmap, if made, is left to the garbage collector: no bytes spent closing it.)
    window.createImageBitmap?.(new Blob([WEBP_PROBE], { type: 'image/webp' })).catch(() => {
      webp = false;
    });
  }
  return webp;
}

/** Forgets the answer, so the next `webpSupported` decodes again (tests start from none). */
export function resetWebpSupport(): void {
  webp = undefined;
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
 * Whether the player starts paused on the still: any policy but `always` (src/player/autoplay.ts,
 * the reader's settings applied), or (for GIFs, not stickers or clips) no WebP support. `canMove`:
 * the browser shows WebP, or the page already shows the GIF moving (a progressive snippet's
 * image, which the player adopts: it is never swapped for a still).
 */
export function startsPaused(gif: Gif, policy: AutoplayPolicy, canMove: boolean): boolean {
  return policy != 'always' || (!canMove && !gif.is_sticker && gif.type != 'video');
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
