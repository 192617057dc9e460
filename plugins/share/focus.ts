/**
 * Focus handoff for the share menu: focus moves into the menu when it opens and back to
 * whatever had it (the player's share button) when it closes.
 */

/** The focused element, looking through open shadow roots (the player lives in one). */
export function deepActiveElement(doc: Document = document): HTMLElement | null {
  let active = doc.activeElement as HTMLElement | null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement;
  return active;
}

/**
 * Focuses `el` again if it is still in the page. `el` is what deepActiveElement returned
 * before the menu took focus; returns true when focus was restored.
 */
export function restoreFocus(el: HTMLElement | null): boolean {
  if (!el || !el.isConnected || typeof el.focus !== 'function') return false;
  el.focus();
  return true;
}
