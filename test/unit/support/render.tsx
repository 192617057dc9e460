/**
 * Rendering for unit tests: `react` is preact/compat in this process (test/support/react-is-preact.mjs),
 * so components render into happy-dom through the same renderer the browser files ship.
 * Helpers wrap work in compat's act(), so effects and state updates have run when they return.
 */
import './dom';
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { act } from 'preact/test-utils';
import { beforeInstall } from './observers';

/**
 * Trees still mounted. A test that fails before its unmount leaves its tree, with the module-wide
 * observers and timers it holds (the tiles share one observer); the next test's `install()`
 * unmounts it first, so one failure stays in its own test.
 */
const live = new Set<() => void>();
beforeInstall.add(() => {
  for (const drop of [...live]) drop();
});

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
  const drop = () => {
    live.delete(drop);
    act(() => root.unmount());
    container.remove();
  };
  live.add(drop);
  await act(() => root.render(element));
  return {
    container,
    rerender: (next) => act(() => root.render(next)),
    async unmount() {
      live.delete(drop);
      await act(() => root.unmount());
      container.remove();
    },
  };
}

/**
 * Runs `fn` (an event, a resolved promise) inside act() so state updates and effects flush.
 * It waits one task after `fn`: an answer that travels through a chain of promises has then
 * reached the component's state.
 */
export async function flush(fn: () => unknown = () => undefined) {
  await act(async () => {
    await fn();
    await new Promise((resolve) => setTimeout(resolve));
  });
}

/** Waits `ms` of real time inside act (timers the component set fire and settle). */
export function wait(ms: number) {
  return flush(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
}
