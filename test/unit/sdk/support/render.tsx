/**
 * Rendering for SDK unit tests: React 19 (what `react` resolves to under tsx) into happy-dom,
 * wrapped in act() so effects and state updates have run when a helper returns.
 */
import '../../support/dom';
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { setTransport, resetPingbacks, flushPingbacks, type PingbackBody } from '../../../../src/analytics';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  container: HTMLElement;
  rerender(element: ReactElement): Promise<void>;
  unmount(): Promise<void>;
}

/** Renders `element` into a fresh attached container. */
export async function render(element: ReactElement): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  let root: Root | undefined;
  await act(async () => {
    root = createRoot(container);
    root.render(element);
  });
  return {
    container,
    async rerender(next) {
      await act(async () => root!.render(next));
    },
    async unmount() {
      await act(async () => root!.unmount());
      container.remove();
    },
  };
}

/** Runs `fn` (events, observer reports) inside act so React settles. */
export async function run(fn: () => unknown) {
  await act(async () => {
    await fn();
  });
}

/** Waits `ms` of real time inside act (timers the component set fire and settle). */
export function wait(ms: number) {
  return act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
}

/** Captures pingback bodies instead of sending them; returns the list it fills. */
export function capturePingbacks(): { bodies: PingbackBody[]; actions(): { action_type: string; gif_id: string; response_id: string; attributes: { key: string; value: string }[] }[]; flush(): Promise<void> } {
  resetPingbacks();
  const bodies: PingbackBody[] = [];
  setTransport((_url, body) => {
    bodies.push(JSON.parse(body));
  });
  return {
    bodies,
    actions: () =>
      bodies.flatMap((b) => b.sessions.flatMap((s) => s.events.flatMap((e) => e.actions.map((a) => ({ ...a, response_id: e.response_id }))))),
    flush: () => flushPingbacks(),
  };
}

/** Dispatches what React turns into onMouseEnter (mouseover from outside). */
export function hover(el: Element) {
  el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: document.body }));
}

/** Dispatches what React turns into onMouseLeave (mouseout to outside). */
export function unhover(el: Element) {
  el.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
}
