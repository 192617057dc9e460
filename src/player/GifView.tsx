/**
 * The GIF itself, filling the player's box (spec §2, §5, §9): the rendition picked for the box
 * with the srcset of spec §9, the still while paused. A file that fails to load gives way to
 * the GIF's other files, then its still; when none loads, `onFail` (the embed's error view).
 */
import { useState } from 'react';
import { altText, type Gif } from '../model';
import { gifMedia, webpSupported } from './media';

/** Message of the error view when no file of the GIF loads. */
export const MEDIA_FAILED_MESSAGE = 'This GIF could not be loaded.';

export interface GifViewProps {
  gif: Gif;
  width: number;
  height: number;
  paused: boolean;
  onFail(message: string): void;
}

/** Every file that could stand for the GIF, the preferred first and the still last. */
function candidates(gif: Gif, first: string, still: string, paused: boolean): string[] {
  const moving = Object.entries(gif.images).filter(([name]) => !name.endsWith('_still')).map(([, r]) => r?.url || '');
  const all = paused ? [still, first, ...moving] : [first, ...moving, still];
  return all.filter((url, i) => url && all.indexOf(url) === i);
}

export function GifView({ gif, width, height, paused, onFail }: GifViewProps) {
  const [failed, setFailed] = useState<string[]>([]);
  const media = gifMedia(gif, width, height, webpSupported());
  const src = candidates(gif, media.src, media.still, paused).find((url) => !failed.includes(url));
  // The srcset belongs to the preferred file: once anything failed, files are tried one by one.
  const srcset = !paused && !failed.length && src === media.src ? media.srcset : '';
  const w = Math.round(width);
  return (
    <img
      alt={altText(gif)}
      src={src}
      srcSet={srcset || undefined}
      sizes={srcset ? `${w}px` : undefined}
      width={w}
      height={Math.round(height)}
      onError={(event) => {
        const img = event.currentTarget;
        const gone = [...failed, src || '', img.currentSrc].filter(Boolean);
        setFailed(gone);
        if (!candidates(gif, media.src, media.still, paused).some((url) => !gone.includes(url))) onFail(MEDIA_FAILED_MESSAGE);
      }}
    />
  );
}
