/**
 * Focus handoff for the share menu: focus moves into the menu when it opens and back to
 * whatever had it (the player's share button) when it closes.
 */
// The loader's own (its plugin slot hands lost focus over with it), taken from its runtime.
export { deepActiveElement } from '../../src/player/focus';

/**
 * Focuses `el` again if it is still in the page. `el` is what deepActiveElement returned
 * before the menu took focus; returns true when focus was restored.
 */
export function restoreFocus(el: HTMLElement | null): boolean {
  if (!el || !el.isConnected || typeof el.focus !== 'function') return false;
  el.focus();
  return true;
}
