/**
 * The embed's shadow root: made once per element for its whole life (a shadow root cannot be
 * removed, so it survives an unmount), holding the container Preact renders into and a polite
 * live region beside it.
 */
import { createElement } from '../dom';

/** The container in each element's shadow root. */
const containers = new WeakMap<Element, Element>();
/** Each element's live region (in its shadow root, beside the container). */
const announcers = new WeakMap<Element, HTMLElement>();

/** The scoped custom element registry the containers are made with (see scopedRegistry). */
let scoped: CustomElementRegistry | undefined;

/**
 * An empty scoped custom element registry, where the browser has them (undefined elsewhere).
 * Preact makes each element with its parent's registry; one made with the page's global registry
 * takes no new child once the player is moved into another document (adoptNode, a
 * picture-in-picture window: Chromium refuses another document's global registry), one made
 * with a scoped registry does. Nothing in a player is a custom element.
 */
function scopedRegistry(): CustomElementRegistry | undefined {
  try {
    return (scoped ??= new CustomElementRegistry());
  } catch {
    // An illegal constructor: no scoped registries here, and no such refusal either.
  }
}

/** The element that holds the embed's shadow root: the placeholder, or a child when it cannot host one. */
export function shadowContainer(el: HTMLElement): Element {
  let container = containers.get(el);
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
    container = shadow.appendChild(createElement('div', { customElementRegistry: scopedRegistry() } as ElementCreationOptions));
    containers.set(el, container);
    const live = shadow.appendChild(createElement('span'));
    live.className = 'sr';
    live.setAttribute('role', 'status');
    announcers.set(el, live);
  }
  return container;
}

/** The live region of `el`'s shadow root; none before shadowContainer made it. */
export const announcerOf = (el: Element): HTMLElement | undefined => announcers.get(el);

