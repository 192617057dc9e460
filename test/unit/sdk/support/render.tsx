/**
 * SDK unit-test helpers over the shared render helpers (test/unit/support/render.tsx).
 */
import { mount, flush, wait, type Mounted } from '../../support/render';
import { setTransport, resetPingbacks, flushPingbacks, type PingbackBody } from '../../../../src/analytics';

export type Rendered = Mounted;
/** Renders `element` into a fresh attached container. */
export const render = mount;
/** Runs `fn` (events, observer reports) inside act so the tree settles. */
export const run = flush;
export { wait };

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

/** Dispatches what a browser does when the pointer enters `el` from outside (mouseover, then mouseenter). */
export function hover(el: Element) {
  el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: document.body }));
  el.dispatchEvent(new MouseEvent('mouseenter', { relatedTarget: document.body }));
}

/** Dispatches what a browser does when the pointer leaves `el` for outside (mouseout, then mouseleave). */
export function unhover(el: Element) {
  el.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
  el.dispatchEvent(new MouseEvent('mouseleave', { relatedTarget: document.body }));
}
