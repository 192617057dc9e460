/**
 * One Preact vnode hook for everything rendered by the embed (player and plugins): DOM event
 * handlers run inside try/catch, so a bug in a click handler stays in the embed instead of
 * reaching the host page's window.onerror.
 */
import { options, type VNode } from 'preact';
import { debugLog } from '../debug';

/** Runs `handler` and keeps its errors in the embed. */
const contained = (handler: (event: Event) => unknown) => (event: Event) => {
  try {
    return handler(event);
  } catch (error) {
    debugLog('handler failed', error);
  }
};

/** Installs the hook on the page's one Preact (once). */
export function containHandlers() {
  const previous = options.vnode;
  options.vnode = (vnode: VNode) => {
    const props = vnode.props as Record<string, unknown>;
    if (typeof vnode.type === 'string') {
      for (const key in props) {
        const value = props[key];
        if (key[0] === 'o' && key[1] === 'n' && typeof value === 'function') props[key] = contained(value as (e: Event) => unknown);
      }
    }
    if (previous) previous(vnode);
  };
}
