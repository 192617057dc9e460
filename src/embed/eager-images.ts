/**
 * The progressive snippet's images that the browser fetches at once: embed.js waits for them
 * before it asks for the player file, and the player's setup waits for them before its first
 * scan, so the page's own pictures get the network and the main thread first.
 */
import { once, queryAll } from '../dom';
import { AUTHORED_SELECTOR } from './placeholder-attribute';

/**
 * The longest either waits for those images: the browser paints each the moment its bytes are
 * there, with no script of ours on the main thread in between, and the player takes over a
 * picture already on screen.
 */
export const PROGRESSIVE_WAIT_MAX_MS = 1000;
/**
 * The progressive snippet's images the browser fetches at once (and an SDK tile's, if the page
 * has one by then: a picture of the page's own too).
 */
export const EAGER_IMAGES = `:is(${AUTHORED_SELECTOR}) img:not([loading=lazy])`;

/** Calls `then` once every eager image of the progressive snippet is decoded or has failed, or after PROGRESSIVE_WAIT_MAX_MS. */
export function whenImagesIn(then: () => void) {
  const eager = [...queryAll<HTMLImageElement>(document, EAGER_IMAGES)];
  let left = eager.length;
  if (!left) return then();
  const done = once(then);
  setTimeout(done, PROGRESSIVE_WAIT_MAX_MS);
  const settled = () => --left || done();
  // Decoded, not only loaded: with decoding="async" a picture reaches the screen a frame or more
  // after its bytes (a failed one rejects, and counts as settled too).
  for (const img of eager) img.decode().then(settled, settled);
}
