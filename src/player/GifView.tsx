/**
 * The GIF itself, filling the player's box (spec §2, §5, §9): the UI kit's still-or-video
 * element with the rendition picked for the box and the srcset of spec §9 while playing (a
 * clip's mp4 as a muted looping inline video, its still as poster), the still while paused. A file that fails to load gives way to the GIF's other files, then its
 * still; when none loads, `onFail` (the embed's error view). A clip shows its still first, and
 * its video from a render of its own (./later.ts): a video element's insertion is most of a clip
 * player's first render (the engine sets up its media player there).
 */
import type { EmbedError } from '../i18n/en';
import { useEffect, useState } from 'react';
import { altText, type Gif } from '../model';
import { StillOrVideo } from '../ui/still-or-video';
import { later } from './later';
import { gifMedia, webpSupported } from './media';

export interface GifViewProps {
  gif: Gif;
  width: number;
  height: number;
  paused: boolean;
  /** The file the page already shows for this GIF (see PlayerProps.adopted): played as it is, no srcset. */
  adopted?: string;
  /** The author's alt text (see PlayerProps.alt); else the one built from the GIF. */
  alt?: string;
  /**
   * The language the author's alt is written in (PlayerProps.altLang); the one built from the
   * API's title and tags is marked English, the language the service writes them in.
   */
  altLang?: string;
  onFail(error: EmbedError): void;
}

/** Every file that could stand for the GIF, the preferred first and the still last. */
function candidates(gif: Gif, first: string, still: string, paused: boolean): string[] {
  const moving = Object.entries(gif.images).filter(([name]) => !name.endsWith('_still')).map(([, r]) => r?.url || '');
  const all = paused ? [still, first, ...moving] : [first, ...moving, still];
  return all.filter((url, i) => url && all.indexOf(url) === i);
}

export function GifView({ gif, width, height, paused, adopted, alt, altLang, onFail }: GifViewProps) {
  const [failed, setFailed] = useState<string[]>([]);
  const picked = gifMedia(gif, width, height, webpSupported());
  const media = adopted ? { ...picked, src: adopted, srcset: '' } : picked;
  /** Files not failed yet, in the order to try them for a paused or a playing GIF. */
  const left = (gone: string[], stillFirst: boolean) => candidates(gif, media.src, media.still, stillFirst).filter((url) => !gone.includes(url));
  const still = left(failed, true)[0] || '';
  const moving = left(failed, false)[0] || '';
  // Video media (a clip) plays its mp4 until that fails; then the images stand in.
  const mp4 = failed.includes(media.mp4) ? '' : media.mp4;
  const [held, hold] = useState(true);
  useEffect(() => void (mp4 && later.add([() => hold(false)])), [!!mp4]);
  // Paused, or a clip whose video's slice has not come yet: the still.
  const stilled = paused || (held && !!mp4);
  const shown = stilled ? still : mp4 || moving;
  // The srcset belongs to the preferred file: once anything failed, files are tried one by one.
  const srcset = !failed.length && moving === media.src ? media.srcset : '';
  const w = Math.round(width);
  return (
    <StillOrVideo
      alt={alt || altText(gif)}
      lang={alt ? altLang : 'en'}
      paused={stilled}
      still={still}
      src={moving}
      mp4={mp4}
      srcSet={srcset}
      sizes={`${w}px`}
      width={w}
      height={Math.round(height)}
      onError={(event) => {
        const gone = [...failed, shown, (event.currentTarget as HTMLImageElement).currentSrc].filter(Boolean);
        setFailed(gone);
        if (!left(gone, stilled).length) onFail('loadFailed');
      }}
    />
  );
}
