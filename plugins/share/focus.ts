/**
 * Focus in the share menu: where it is (through shadow roots), for the menu's Tab cycle. Focus
 * goes back to Share, as the menu closes, by the chrome that opened it (plugins/chrome/Chrome.tsx).
 */
// The loader's own (its plugin slot hands lost focus over with it), taken from its runtime.
export { deepActiveElement } from '../../src/player/focus';
