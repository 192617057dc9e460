/**
 * Renders a plugin component into the happy-dom document with React (the components are
 * written against the React API; the build runs them on Preact) and flushes effects with act().
 */
import '../../support/dom';
import { act, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { Gif } from '../../../../src/model';
import { makeGifData } from './gifs';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Mounted {
  container: HTMLElement;
  rerender(element: ReactElement): Promise<void>;
  unmount(): Promise<void>;
}

/** Mounts `element` in a fresh container attached to the document. */
export async function mount(element: ReactElement): Promise<Mounted> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  await act(async () => root.render(element));
  return {
    container,
    rerender: (next) => act(async () => root.render(next)),
    async unmount() {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

/** Runs `fn` (an event, a resolved promise) inside act() so state updates and effects flush. */
export async function flush(fn: () => unknown = () => undefined) {
  await act(async () => {
    await fn();
  });
}

/** A normalised GIF fixture (see gifs.ts); `overrides` apply to the raw object. */
export const makeGif = (id: string, overrides: Record<string, unknown> = {}, size = { width: 480, height: 270 }): Gif =>
  makeGifData(id, size, overrides);

/** Dispatches a keydown of `key` on `el` (bubbling, like a real key press). */
export function keydown(el: Element, key: string) {
  el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}
