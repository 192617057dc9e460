/**
 * Plugin unit-test helpers over the shared render helpers (test/unit/support/render.tsx).
 */
import type { Gif } from '../../../../src/model';
import { makeGifData } from './gifs';

export { mount, flush, type Mounted } from '../../support/render';

/** A normalised GIF fixture (see gifs.ts); `overrides` apply to the raw object. */
export const makeGif = (id: string, overrides: Record<string, unknown> = {}, size = { width: 480, height: 270 }): Gif =>
  makeGifData(id, size, overrides);

/** Dispatches a keydown of `key` on `el` (bubbling, like a real key press). */
export function keydown(el: Element, key: string) {
  el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}
