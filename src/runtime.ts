/**
 * The modules the loader shares with plugin files through `window.GifEmbed.runtime`, keyed by
 * the import specifier a plugin's source uses (build.mjs rewrites those imports to read here).
 * One Preact per page: a second copy would not share hooks state or the render queue.
 * Only the names plugins use are listed: a whole-namespace export would keep all of
 * preact/compat in dist/embed.js and blow its byte budget.
 */
import { createElement, Fragment, render } from 'preact';
import {
  createContext, forwardRef, memo, useCallback, useContext, useEffect, useId, useLayoutEffect,
  useMemo, useReducer, useRef, useState,
} from 'preact/compat';
import { jsx, jsxs } from 'preact/jsx-runtime';
import { css, keyframes, styled, glob } from 'goober';
import type { Runtime } from './plugin-types';

const hooks = { useCallback, useContext, useEffect, useId, useLayoutEffect, useMemo, useReducer, useRef, useState };
const react = { ...hooks, createElement, createContext, forwardRef, memo, Fragment };
const jsxRuntime = { jsx, jsxs, Fragment };

export const runtime: Runtime = {
  preact: { createElement, Fragment, render, h: createElement },
  'preact/compat': react,
  'preact/hooks': hooks,
  'preact/jsx-runtime': jsxRuntime,
  react,
  'react-dom': react,
  'react/jsx-runtime': jsxRuntime,
  goober: { css, keyframes, styled, glob },
};
