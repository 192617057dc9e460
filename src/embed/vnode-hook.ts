/**
 * One Preact vnode hook for everything rendered by the embed (player and plugins):
 * - DOM event handlers run inside try/catch, so a bug in a click handler stays in the embed
 *   instead of reaching the host page's window.onerror;
 * - camelCase SVG presentation attributes (React's `strokeWidth`) become the DOM's kebab-case,
 *   the one piece of preact/compat behaviour plugins written against React rely on;
 * - `forwardRef` components get their `ref` as a prop.
 */
import { options, type VNode } from 'preact';
import { debugLog } from '../debug';

/** SVG presentation attributes React spells in camelCase. */
const SVG_CAMEL = /^(?:clip|fill|font|stop|stroke|text|dominant|color)[A-Z]/;

type Forwarding = { (props: object): unknown; f?: 1 };

/** React.forwardRef: `render(props, ref)`. */
export const forwardRef = (render: (props: object, ref: unknown) => unknown) => {
  const Forward: Forwarding = (props) => render(props, (props as { ref?: unknown }).ref);
  Forward.f = 1;
  return Forward;
};

/** Runs `handler` and keeps its errors in the embed. */
const contained = (handler: (event: Event) => unknown) => (event: Event) => {
  try {
    return handler(event);
  } catch (error) {
    debugLog('handler failed', error);
  }
};

const previous = options.vnode;
options.vnode = (vnode: VNode) => {
  const type = vnode.type as unknown as Forwarding | string;
  const props = vnode.props as Record<string, unknown>;
  if (typeof type === 'string') {
    for (const key in props) {
      const value = props[key];
      if (key[0] === 'o' && key[1] === 'n' && typeof value === 'function') props[key] = contained(value as (e: Event) => unknown);
      else if (SVG_CAMEL.test(key)) {
        props[key.replace(/[A-Z]/g, '-$&').toLowerCase()] = value;
        delete props[key];
      }
    }
  } else if (type && type.f && vnode.ref) {
    props.ref = vnode.ref;
    vnode.ref = null;
  }
  if (previous) previous(vnode);
};
