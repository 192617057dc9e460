/**
 * What marks a placeholder and how its attributes are read: what embed.js needs to find the first
 * screen's GIFs (./early-gifs.ts), lent to the player file (scripts/ships.mjs EMBED_LENT), which
 * reads the rest of a placeholder (./placeholder.ts).
 */
import { SDK_ROOT_ATTR } from '../sdk/sdk-root';

/**
 * The custom element (`<gif-embed gif-id="ID" width="480" height="270">`): the placeholder's
 * attributes without `data-`, for pages and frameworks that prefer an element.
 */
export const ELEMENT_NAME = 'gif-embed';

/** What a page author writes: placeholders and the custom element. */
export const AUTHORED_SELECTOR = `[data-gif-id],${ELEMENT_NAME}`;
/**
 * What the loader takes: what an author writes, never at or inside anything the SDK renders (its
 * tiles carry `data-gif-id` too).
 */
export const PLACEHOLDER_SELECTOR = `:is(${AUTHORED_SELECTOR}):not([${SDK_ROOT_ATTR}],[${SDK_ROOT_ATTR}] *)`;

/**
 * The placeholder attribute `name` (`gif-id`, `theme`, ...) of `el` as written on it: `data-name`
 * on a placeholder; `name` on a `<gif-embed>` (or `data-name`, as on a placeholder).
 */
export function attributeName(el: Element, name: string): string {
  return el.localName === ELEMENT_NAME && el.hasAttribute(name) ? name : `data-${name}`;
}

/** The value of placeholder attribute `name` (see attributeName); null when absent. */
export function attribute(el: Element, name: string): string | null {
  return el.getAttribute(attributeName(el, name));
}

/**
 * Marks the image of a picture embed.js put into a plain snippet (./early-picture.ts): its alt is
 * the snippet's link text, which the player does not take for the author's words.
 */
export const EARLY_PICTURE = 'data-gif-early';

/** GIF ids are short letters-and-digits words; anything else cannot name a GIF. */
export const GIF_ID = /^[A-Za-z0-9]{1,64}$/;
