/**
 * The progressive snippet's images that the browser fetches at once: embed.js waits for them
 * before it asks for the player file, and the player's setup waits for them before its first
 * scan, so the page's own pictures get the network and the main thread first.
 */
import { PLACEHOLDER_SELECTOR } from './placeholder';

/**
 * The longest either waits for those images: the browser paints each the moment its bytes are
 * there, with no script of ours on the main thread in between, and the player takes over a
 * picture already on screen.
 */
export const PROGRESSIVE_WAIT_MAX_MS = 1000;
/** The progressive snippet's images the browser fetches at once. */
export const EAGER_IMAGES = `:is(${PLACEHOLDER_SELECTOR}) img:not([loading=lazy])`;

/** The eager images of the page that are still loading. */
const loadingImages = () => [...document.querySelectorAll<HTMLImageElement>(EAGER_IMAGES)].filter((img) => !img.complete);

/** Calls `then` once every eager image of the progressive snippet has loaded or failed, or after PROGRESSIVE_WAIT_MAX_MS. */
export function whenImagesIn(then: () => void) {
  const loading = loadingImages();
  if (!loading.length) return then();
  let left = loading.length;
  const done = () => {
    if (left < 0) return;
    left = -1;
    clearTimeout(timer);
    then();
  };
  const timer = setTimeout(done, PROGRESSIVE_WAIT_MAX_MS);
  const settled = () => --left || done();
  for (const img of loading) {
    img.addEventListener('load', settled, { once: true });
    img.addEventListener('error', settled, { once: true });
  }
}
