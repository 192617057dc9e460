/**
 * A placeholder's box: what reserving it takes (read without writing, so a scan reads every box
 * before it writes any), the size a GIF's box takes where the page gave none, and where a box is
 * against the viewport.
 */
import { EMBED_BASE_PX, pickRendition, type Gif } from '../model';
import { saneBox } from './placeholder';

/**
 * The inline styles a placeholder's box needs: watching writes them all but `position`, which
 * is written when the player comes.
 */
export type BoxStyles = Partial<Record<'position' | 'display' | 'width' | 'maxWidth' | 'aspectRatio', string>>;

/**
 * What reserving the box of `el` for a `width` x `height` GIF takes, read without writing
 * anything: the page's own styles stay as they are. Reading (getComputedStyle) after another
 * box was written forces a style calculation, so a scan reads every box before writing any.
 */
export function boxPlan(el: HTMLElement, width: number, height: number, layout = true): BoxStyles {
  const style = el.style;
  const plan: BoxStyles = {};
  if (layout) {
    const computed = getComputedStyle(el);
    // The player is positioned against the box; a hostile `* { all: unset }` makes it inline.
    if (computed.position === 'static') plan.position = 'relative';
    if (computed.display === 'inline' || computed.display === 'contents') plan.display = 'block';
  }
  if (!width || style.height) return plan;
  // The GIF's width, as far as the container allows. A fixed width (not a percentage) gives
  // shrink-to-fit hosts (table cells, floats, inline-blocks, flex items) a size to fit: with a
  // percentage they resolve to 0. A max-width the page set (the older snippet's max-width:Wpx)
  // still holds, and so does the container's width.
  if (!style.width) {
    plan.width = `${width}px`;
    plan.maxWidth = style.maxWidth ? `min(${style.maxWidth}, 100%)` : '100%';
  }
  if (!style.aspectRatio) plan.aspectRatio = saneBox(width, height).join('/');
  return plan;
}

/**
 * The size a GIF's box takes where the page gave none: its original's, else that of its largest
 * rendition with a known size (pickRendition without a target), else the embed code's
 * EMBED_BASE_PX square (the data said none).
 */
export function gifSize(gif: Gif): [number, number] {
  const original = gif.images.original;
  const known = original?.width && original.height ? original : pickRendition(gif.images, 0, 0);
  return known ? [known.width, known.height] : [EMBED_BASE_PX, EMBED_BASE_PX];
}

/** A box as an IntersectionObserver saw it (or as measured), and whether any of it was in the viewport then. */
export type Seen = [box: DOMRectReadOnly, visible: boolean];

/** Whether any of `box` lies within the rectangle from (left, top) to (right, bottom). */
export const inViewport = (box: DOMRectReadOnly, left: number, top: number, right: number, bottom: number) =>
  box.bottom > top && box.top < bottom && box.right > left && box.left < right;

/** The box of `el` measured now (a layout, if anything changed since the last), and whether any of it is in the viewport. */
export function measured(el: Element): Seen {
  const box = el.getBoundingClientRect();
  return [box, inViewport(box, 0, 0, innerWidth, innerHeight)];
}

/** A hidden placeholder (no box) may never show: it waits for its own turn, and rides along no request. */
export const hasBox = (box: DOMRectReadOnly) => !!(box.width || box.height);
