/**
 * `window.GifEmbed`, the one global name the embed takes. An element with `id="GifEmbed"`, a
 * frame named GifEmbed (named access on window) or a value the page put there first is not ours:
 * it is replaced, never called, so a page's markup cannot stop the embeds.
 */
import type { GifEmbedGlobal } from '../loader';
import type { GifEmbedStarter } from '../start';

type Ours = GifEmbedGlobal | GifEmbedStarter;

/**
 * window.GifEmbed when embed.js or the player file set it; undefined for anything else, a frame
 * of another origin named GifEmbed included (reading its properties throws).
 */
export function ourGlobal(): Ours | undefined {
  try {
    const value = (window as { GifEmbed?: unknown }).GifEmbed as Partial<Ours> | undefined;
    if (typeof value?.scan === 'function' && typeof value.version === 'string' && !(value instanceof Node)) return value as Ours;
  } catch {
    // Not ours: replaced by setGlobal.
  }
  return undefined;
}

/**
 * Makes `value` window.GifEmbed, over a page's element or value of that name. Throws only when
 * the page made the name unwritable (then the caller stops: plugins could not find the runtime).
 */
export function setGlobal(value: Ours) {
  const win = window as { GifEmbed?: unknown };
  try {
    win.GifEmbed = value;
  } catch {
    // Made read-only by the page: defined over below.
  }
  if (win.GifEmbed !== value) Object.defineProperty(window, 'GifEmbed', { value, configurable: true, enumerable: true, writable: true });
}
