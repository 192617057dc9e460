/**
 * The modules the loader shares with plugin files through `window.GifEmbed.runtime`, keyed by
 * the import specifier a plugin's source uses (build.mjs rewrites those imports to read here).
 * One Preact per page: a second copy would not share hooks state or the render queue.
 *
 * preact/compat itself is NOT shipped: its side effects alone cost ~5.6 KB of dist/embed.js
 * (measured), a fifth of the budget. `react` here is Preact core plus the hooks the plugins
 * use; every byte of this object is in dist/embed.js, so it holds what plugins import and no
 * more (a plugin needing another hook adds it here). Event handlers of everything the embed
 * renders are contained by one vnode hook (embed/vnode-hook.ts).
 */
import { createElement, Fragment, render } from 'preact';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'preact/hooks';
import { jsx, jsxs } from 'preact/jsx-runtime';
import { css } from 'goober';
import { cssSink } from './embed/styles';
import { containHandlers } from './embed/vnode-hook';
import type { Runtime } from './plugin-types';

// goober's rules land in the shared shadow stylesheet. `styled` is left out: no plugin uses it,
// and with the `setup` it needs it would cost ~0.4 KB of dist/embed.js.
const bound = (flags: object) => (...args: unknown[]) => (css as (...a: unknown[]) => string).apply({ ...flags, target: cssSink }, args);

containHandlers();

const hooks = { useCallback, useEffect, useId, useMemo, useRef, useState };
const react = { ...hooks, createElement, Fragment, render };
const jsxRuntime = { jsx, jsxs, Fragment };

export const runtime: Runtime = {
  preact: react,
  'preact/hooks': hooks,
  'preact/jsx-runtime': jsxRuntime,
  react,
  'react/jsx-runtime': jsxRuntime,
  goober: {
    css: bound({}),
    keyframes: bound({ k: 1 }),
    glob: bound({ g: 1 }),
  },
};
