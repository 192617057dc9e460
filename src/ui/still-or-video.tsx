/**
 * The still-or-video element (spec §2): the still while paused; while playing, the looping muted
 * mp4 when there is one, else the moving image (GIF or WebP, with its srcset). The player's GIF
 * view is one, and so can a host's own tiles be. Reduced motion is the caller's call: it passes
 * `paused` (a visitor who asked for less motion may still press play).
 */
import type { SyntheticEvent } from 'react';

export interface StillOrVideoProps {
  /** Still image url, shown while paused. */
  still: string;
  /** Moving image url (GIF or WebP), shown while playing when there is no mp4. */
  src?: string;
  /** srcset and sizes of the moving image. */
  srcSet?: string;
  sizes?: string;
  /** mp4 url; when given, it plays instead of the moving image. */
  mp4?: string;
  paused: boolean;
  width: number;
  height: number;
  /** Alt text of the images; the video gets it as its label. */
  alt: string;
  /** The language `alt` is written in, where it is not the surrounding text's. */
  lang?: string;
  className?: string;
  /** The shown file failed to load. */
  onError?: (event: SyntheticEvent<HTMLImageElement | HTMLVideoElement>) => void;
}

/**
 * A still `<img>` when paused (or with nothing moving to show), else an autoplaying muted looping
 * `<video>` for an mp4, else the moving `<img>`. The `<img>` element is the same one either way,
 * so pausing swaps its file without a new element.
 */
export function StillOrVideo({ still, src, srcSet, sizes, mp4, paused, width, height, alt, lang, className, onError }: StillOrVideoProps) {
  if (!paused && mp4) {
    return (
      <video className={className} src={mp4} poster={still} width={width} height={height} aria-label={alt} lang={lang} autoPlay loop muted playsInline onError={onError} />
    );
  }
  const moving = !paused && !!src;
  return (
    <img
      className={className}
      src={moving ? src : still}
      srcSet={moving && srcSet ? srcSet : undefined}
      sizes={moving && srcSet ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      lang={lang}
      onError={onError}
    />
  );
}
