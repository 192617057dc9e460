/**
 * The modules the loader shares with plugin files through `window.GifEmbed.runtime`, keyed by
 * the import specifier a plugin's source uses (build.mjs rewrites those imports to read here).
 * One Preact per page: a second copy would not share hooks state or the render queue.
 *
 * preact/compat itself is NOT shipped: its side effects alone cost ~5.6 KB of dist/embed.js
 * (measured), a fifth of the budget. `react` here is Preact core + hooks plus the few compat
 * pieces plugins written against the React API rely on: `memo`, `forwardRef`, and camelCase
 * SVG presentation attributes (strokeWidth -> stroke-width), added by one small vnode hook
 * (embed/vnode-hook.ts).
 */
import { createContext, createElement, Fragment, render } from 'preact';
import {
  useCallback, useContext, useEffect, useId, useLayoutEffect, useMemo, useReducer, useRef, useState,
} from 'preact/hooks';
import { jsx, jsxs } from 'preact/jsx-runtime';
import { css } from 'goober';
import { cssSink } from './embed/styles';
import { forwardRef } from './embed/vnode-hook';
import type { Runtime } from './plugin-types';

/** React.memo: a render optimisation only, so passing the component through is correct. */
const memo = <T,>(component: T) => component;

// goober's rules land in the shared shadow stylesheet. `styled` is left out: no plugin uses it,
// and with the `setup` it needs it would cost ~0.4 KB of dist/embed.js.
const bound = (flags: object) => (...args: unknown[]) => (css as (...a: unknown[]) => string).apply({ ...flags, target: cssSink }, args);

const hooks = { useCallback, useContext, useEffect, useId, useLayoutEffect, useMemo, useReducer, useRef, useState };
const react = { ...hooks, createElement, createContext, forwardRef, memo, Fragment, render };
const jsxRuntime = { jsx, jsxs, Fragment };

export const runtime: Runtime = {
  preact: { createElement, Fragment, render, h: createElement, createContext },
  'preact/compat': react,
  'preact/hooks': hooks,
  'preact/jsx-runtime': jsxRuntime,
  react,
  'react-dom': react,
  'react/jsx-runtime': jsxRuntime,
  goober: {
    css: bound({}),
    keyframes: bound({ k: 1 }),
    glob: bound({ g: 1 }),
  },
};
