/**
 * The vanilla SDK (dist/sdk.js, global `GifEmbedSDK`): the same components mounted into plain
 * elements. The build aliases React to Preact here, so a page needs no framework.
 */
import { createElement, type FunctionComponent } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { categories, gif, gifs, random, related, search, trending, videos } from '../api';
import { configure } from '../api/configure';
import { getConfig } from '../config';
import { debug } from '../debug';
import { normalizeGif, type Gif as GifData } from '../model';
import { Carousel, type CarouselProps } from './carousel';
import { Gif, type GifProps } from './gif';
import { GifById, type GifByIdProps } from './gif-by-id';
import { Grid, type GridProps } from './grid';
import { GifPicker, type GifPickerProps } from './picker/picker';
import { definePickerElement } from './picker/element';
import { addTable } from '../i18n';
import { addSdkStyleElement } from './server-css';
import type { LanguageFile } from '../plugin-types';

// The public calls a Grid or a Carousel is fed with, and those a page asks for itself.
export { configure, getConfig, search, trending, related, gif, gifs, random, categories, videos, normalizeGif, debug };

// `<script src="sdk.js" data-debug>` turns debug logging on, as on the embed's script tag.
const script = globalThis.document?.currentScript as HTMLScriptElement | null | undefined;
if (script?.hasAttribute('data-debug') && script.getAttribute('data-debug') !== 'false') debug(true);
// The components' sheet, made before goober would make it through innerHTML (Trusted Types), with sdk.js's nonce.
addSdkStyleElement(script?.nonce || script?.getAttribute('nonce') || '');
export { masonryLayout, pickBreakpoint } from './masonry';

/** Where to mount: an element or a CSS selector for one. */
export type Target = Element | string;

/** Stops rendering and empties the element. */
export type Unmount = () => void;

/** The element for `target`; a clear error when there is none (the page's bug, reported plainly). */
function resolveTarget(target: Target, caller: string): Element {
  const el = typeof target === 'string' ? globalThis.document?.querySelector(target) : target;
  if (!el || typeof (el as Element).appendChild !== 'function') {
    throw new TypeError(`${caller}: no element to render into (${typeof target === 'string' ? JSON.stringify(target) : String(target)})`);
  }
  return el as Element;
}

/** Roots by element, so rendering into an element again updates it in place (a new search). */
const roots = new WeakMap<Element, Root>();

/**
 * Mounts `component` with `props` into `target`, or re-renders it there when something is
 * already mounted (props change, state is kept). Returns the unmount function.
 */
function mount<P extends object>(component: FunctionComponent<P>, props: P, target: Target, caller: string): Unmount {
  const el = resolveTarget(target, caller);
  let root = roots.get(el);
  if (!root) {
    root = createRoot(el);
    roots.set(el, root);
  }
  root.render(createElement(component, props));
  const mine = root;
  return () => {
    if (roots.get(el) !== mine) return;
    roots.delete(el);
    mine.unmount();
  };
}

/**
 * Renders a Grid into `target` (element or selector) with `options` (GridProps).
 * Returns a function that unmounts it.
 */
export function renderGrid(target: Target, options: GridProps): Unmount {
  if (typeof options?.fetchGifs !== 'function') throw new TypeError('renderGrid: options.fetchGifs must be a function');
  return mount(Grid, options, target, 'renderGrid');
}

/**
 * Renders a Carousel into `target` with `options` (CarouselProps).
 * Returns a function that unmounts it.
 */
export function renderCarousel(target: Target, options: CarouselProps): Unmount {
  if (typeof options?.fetchGifs !== 'function') throw new TypeError('renderCarousel: options.fetchGifs must be a function');
  return mount(Carousel, options, target, 'renderCarousel');
}

/** Options of renderGif: a GIF object, or the id of one to fetch. */
export type RenderGifOptions = Omit<GifByIdProps, 'id'> & ({ gif: GifData | Record<string, unknown>; id?: never } | { id: string; gif?: never });

/**
 * Renders one GIF tile into `target`. `options.gif` is a GIF from the API (raw or normalised),
 * or `options.id` names one to fetch. Returns a function that unmounts it.
 */
export function renderGif(target: Target, options: RenderGifOptions): Unmount {
  if (!options || (typeof options.width !== 'number' || !(options.width > 0))) throw new TypeError('renderGif: options.width must be a positive number');
  if (options.gif) return mount(Gif, { ...options, gif: normalizeGif(options.gif) } as GifProps, target, 'renderGif');
  if (typeof options.id !== 'string' || !options.id) throw new TypeError('renderGif: options.gif or options.id is required');
  return mount(GifById, options as GifByIdProps, target, 'renderGif');
}

/**
 * Renders the GIF picker into `target` with `options` (GifPickerProps: `onSelect` required).
 * Returns a function that unmounts it. `<gif-picker>` elements render the same picker.
 */
export function renderPicker(target: Target, options: GifPickerProps): Unmount {
  if (typeof options?.onSelect !== 'function') throw new TypeError('renderPicker: options.onSelect must be a function');
  return mount(GifPicker, options, target, 'renderPicker');
}

/**
 * Called by a language file (`plugins/lang-<code>.<hash>.js` beside sdk.js, fetched the first
 * time a component needs its reader's words, ./lang-files.ts): keeps its tables.
 */
export function register(_name: string, file: LanguageFile) {
  for (const name in file?.tables) addTable(name, file.tables[name]);
}

definePickerElement(renderPicker);
