/**
 * One related GIF: the rendition picked for its box, WebP with the GIF as fallback, alt text,
 * and a link that opens the GIF page in a new tab.
 */
import type { CSSProperties, MouseEvent } from 'react';
import { altText, mediaUrl, pickRendition, type Gif } from '../../src/model';
import { CHECKERED_BACKGROUND, randomBrandColor } from '../../src/ui';

export interface TileProps {
  gif: Gif;
  /** Position in the grid, 0-based (the pingback position attribute). */
  index: number;
  /** Box in the grid, px. */
  box: { x: number; y: number; width: number; height: number };
  className: string;
  onClick(gif: Gif, index: number, event: MouseEvent): void;
}

/** Tile backgrounds are a random brand colour (spec §9), fixed per GIF id so re-renders keep it. */
const backgrounds = new Map<string, string>();
const backgroundOf = (gif: Gif) => {
  if (gif.is_sticker) return CHECKERED_BACKGROUND;
  let colour = backgrounds.get(gif.id);
  if (!colour) backgrounds.set(gif.id, (colour = randomBrandColor()));
  return colour;
};

/** The tile: an `<a>` around a `<picture>` sized to `box`. */
export function Tile({ gif, index, box, className, onClick }: TileProps) {
  const rendition = pickRendition(gif.images, box.width, box.height);
  const style: CSSProperties = { left: box.x, top: box.y, width: box.width, height: box.height, background: backgroundOf(gif) };
  const gifUrl = rendition ? mediaUrl(gif, rendition, { webp: false }) : '';
  const webpUrl = rendition ? mediaUrl(gif, rendition, { webp: true }) : '';
  return (
    <a
      className={className}
      style={style}
      href={gif.url || undefined}
      target="_blank"
      rel="noopener"
      data-related-gif={gif.id}
      onClick={(event) => onClick(gif, index, event)}
    >
      {rendition && (
        <picture>
          {webpUrl && webpUrl !== gifUrl && <source type="image/webp" srcSet={webpUrl} />}
          <img src={gifUrl} alt={altText(gif)} width={box.width} height={box.height} loading="lazy" decoding="async" />
        </picture>
      )}
    </a>
  );
}
