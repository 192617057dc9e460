/**
 * The embed's shadow root: made once per element for its whole life (a shadow root cannot be
 * removed, so it survives an unmount, and the element keeps it), holding the container Preact
 * renders into and, after it, a polite live region.
 */
import { createElement } from '../dom';

/** An element that has hosted an embed: its container, kept on it for every later mount. */
type Host = Element & { gifEmbedRoot?: Element };

/**
 * The element that holds the embed's shadow root: the placeholder, or a child when it cannot host
 * one. `registry`: the scoped custom element registry the container is made with (a page's, see
 * page.ts; a new one if not given), where the browser has them.
 */
export function shadowContainer(el: HTMLElement, registry?: CustomElementRegistry): Element {
  let container = (el as Host).gifEmbedRoot;
  if (!container) {
    let shadow: ShadowRoot;
    try {
      shadow = el.attachShadow({ mode: 'open' });
    } catch {
      // Elements like <a> or an existing custom element cannot host our shadow root.
      const host = el.appendChild(createElement('span'));
      host.style.cssText = 'position:absolute;inset:0;display:block';
      shadow = host.attachShadow({ mode: 'open' });
    }
    container = (el as Host).gifEmbedRoot = shadow.appendChild(createElement('div', { customElementRegistry: registry || scopedRegistry() } as ElementCreationOptions));
    const live = shadow.appendChild(createElement('span'));
    live.className = 'sr';
    live.setAttribute('role', 'status');
  }
  return container;
}

/** The live region beside `container` (see shadowContainer). */
export const announcerOf = (container?: Element) => container?.nextElementSibling as HTMLElement | undefined | null;

/**
 * An empty scoped custom element registry, where the browser has them (undefined elsewhere).
 * Preact makes each element with its parent's registry; one made with the page's global registry
 * takes no new child once the player is moved into another document (adoptNode, a
 * picture-in-picture window: Chromium refuses another document's global registry), one made
 * with a scoped registry does. Nothing in a player is a custom element.
 */
export function scopedRegistry(): CustomElementRegistry | undefined {
  try {
    return new CustomElementRegistry();
  } catch {
    // An illegal constructor: no scoped registries here, and no such refusal either.
  }
}
