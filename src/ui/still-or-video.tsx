/**
 * The still-or-video element (spec §2): a still image while paused, the looping muted mp4 while
 * playing. Without an mp4 the still stays (a degraded, never broken, element), and so it does for
 * visitors who ask for reduced motion.
 */
import { usePrefersReducedMotion } from './use-reduced-motion';

export interface StillOrVideoProps {
  /** Still image url. */
  still: string;
  /** mp4 url; optional. */
  mp4?: string;
  paused: boolean;
  width: number;
  height: number;
  /** Alt text of the still; the video gets it as its label. */
  alt: string;
  className?: string;
}

/**
 * A still `<img>` when paused (or without an mp4, or under reduced motion), else an autoplaying muted looping `<video>`.
 * Props: still, mp4, paused, width, height, alt.
 */
export function StillOrVideo({ still, mp4, paused, width, height, alt, className }: StillOrVideoProps) {
  const reducedMotion = usePrefersReducedMotion();
  const box = { display: 'block', width, height, objectFit: 'cover' as const };
  if (paused || !mp4 || reducedMotion) return <img className={className} src={still} width={width} height={height} alt={alt} style={box} />;
  return (
    <video
      className={className}
      src={mp4}
      poster={still}
      width={width}
      height={height}
      aria-label={alt}
      autoPlay
      loop
      muted
      playsInline
      style={box}
    />
  );
}
