/**
 * Placeholder attributes (issue 4 snippet): what a `[data-gif-id]` element, or a
 * `<gif-embed gif-id>` element, asks for. Unknown or malformed values are ignored with one debug
 * log; only the id is required.
 */
import { debugLog } from '../debug';
import { queryAll } from '../dom';
import { parseQuery } from '../query';
import type { PlaceholderOptions } from '../player/props';
import { AUTOPLAY_WORDS, autoplayPolicy } from '../ui/motion';
import { attribute, attributeName, AUTHORED_SELECTOR, ELEMENT_NAME, GIF_ID, PLACEHOLDER_SELECTOR } from './placeholder-attribute';

export { attribute, attributeName, AUTHORED_SELECTOR, ELEMENT_NAME, GIF_ID, PLACEHOLDER_SELECTOR };

export type { PlaceholderOptions };

/** The attribute the loader keeps on each placeholder: loading, ready or error. */
export const STATE_ATTR = 'data-gif-embed-state';

const THEMES = ['light', 'dark', 'auto'];
/** A theme as written: light, auto (the reader's `prefers-color-scheme`), else the default dark. */
const themeOf = (value: string | null | undefined) => (value === 'light' || value === 'auto' ? value : 'dark');
/** Values a flag attribute may take: present ('' or 'true') or 'false'. */
const FLAG_VALUES = ['', 'true', 'false'];

/** `value` quoted for a console message: escaped, and cut to a readable length. */
export function quoted(value: string): string {
  return JSON.stringify(value.length > 120 ? `${value.slice(0, 120)}…` : value);
}

/**
 * Attribute `name` of `el` when it is one of `allowed`; null when absent, or (with one debug
 * log) when it holds anything else.
 */
function known(el: Element, name: string, allowed: string[]): string | null {
  const value = attribute(el, name);
  if (value === null || allowed.includes(value)) return value;
  debugLog(`ignored ${attributeName(el, name)}=${quoted(value)}`);
  return null;
}

/** A flag attribute: on when present and not "false". */
const flag = (el: Element, name: string) => {
  const value = known(el, name, FLAG_VALUES);
  return value !== null && value !== 'false';
};

/** Reads a positive size attribute; 0 when absent or malformed. */
function size(el: Element, name: string): number {
  const raw = attribute(el, name);
  if (raw === null) return 0;
  const n = Number(raw);
  if (n > 0 && n < 1e5) return n;
  debugLog(`ignored ${attributeName(el, name)}=${quoted(raw)}`);
  return 0;
}

/** The box `el` reserves: [data-width, data-height], or [0, 0] unless both are valid. */
export function boxSize(el: Element): [number, number] {
  const width = size(el, 'width');
  const height = size(el, 'height');
  return width && height ? [width, height] : [0, 0];
}

/**
 * The widest (and, turned, the tallest) shape a box takes: a 1 x 1e9 GIF (or placeholder) would
 * make the page millions of pixels tall; real GIFs and banners stay well within 16:1.
 */
export const MAX_ASPECT_RATIO = 16;

/** `width` x `height` with its shape brought within MAX_ASPECT_RATIO (the width kept). */
export function saneBox(width: number, height: number): [number, number] {
  return [width, Math.min(Math.max(height, width / MAX_ASPECT_RATIO), width * MAX_ASPECT_RATIO)];
}

/** Where a GIF id sits in the addresses people copy: a GIF page, the iframe player page, a media file. */
const ID_IN_PATH = [
  /^\/(?:gifs|stickers)\/(?:[\w-]*-)?([A-Za-z0-9]{1,64})\/?$/,
  /^\/embed\/([A-Za-z0-9]{1,64})\/?$/,
  /^\/media\/(?:v1\.[^/]+\/)?([A-Za-z0-9]{1,64})\/[^/]+$/,
];

/**
 * The GIF id in `value`: an id as it is, or the id at the end of a GIF page URL
 * (`/gifs/happy-dance-ID`), an iframe player URL (`/embed/ID`) or a media URL
 * (`/media/ID/giphy.gif`). Undefined when it holds none.
 */
export function gifIdFrom(value: string): string | undefined {
  const text = value.trim();
  if (GIF_ID.test(text)) return text;
  const path = address(text)?.pathname ?? '';
  for (const pattern of ID_IN_PATH) {
    const match = pattern.exec(path);
    if (match) return match[1];
  }
  return undefined;
}

/** `value` read as an address (relative ones against a base of no site); undefined when it is none. */
function address(value: string): URL | undefined {
  try {
    return new URL(value.trim(), 'https://placeholder.invalid/');
  } catch {
    return undefined;
  }
}

/**
 * The parameters of the address a placeholder names, as an iframe player address carries them
 * (`/embed/ID?theme=light`); empty when the id is a bare id.
 */
function addressParams(el: Element): URLSearchParams {
  return parseQuery(address(attribute(el, 'gif-id') || '')?.search ?? '');
}

/** The GIF id `el` names (see gifIdFrom); undefined when missing or malformed. Never logs. */
export function placeholderId(el: Element): string | undefined {
  return gifIdFrom(attribute(el, 'gif-id') || '');
}

/**
 * The options of placeholder `el`, or 'badId' (the key of the error to show, src/i18n/en.ts)
 * when the id is missing or malformed.
 */
export function readPlaceholder(el: Element): PlaceholderOptions | 'badId' {
  const id = placeholderId(el);
  if (!id) return 'badId';
  const [width, height] = boxSize(el);
  return {
    id,
    width,
    height,
    // The placeholder's own theme, else the one an iframe player address it names was given.
    theme: themeOf(known(el, 'theme', THEMES) ?? addressParams(el).get('theme')),
    autoplay: autoplayPolicy(known(el, 'autoplay', AUTOPLAY_WORDS)),
    hideRelated: flag(el, 'hide-related'),
    hideShare: flag(el, 'hide-share'),
    pixel: attribute(el, 'pixel') || '',
  };
}

/** The placeholders in `root` (itself included), in page order. */
export function placeholdersIn(root: ParentNode): Element[] {
  const found = [...queryAll(root, PLACEHOLDER_SELECTOR)];
  if (root instanceof Element && root.matches(PLACEHOLDER_SELECTOR)) found.unshift(root);
  return found;
}

/**
 * Makes `<gif-embed>` a defined element (`:defined` styles it, whenDefined waits for it); the
 * loader drives it as it drives placeholders. A page that defined the name keeps its own; a page
 * whose registry throws still has its `<gif-embed>` elements play, unstyled by `:defined`.
 */
export function defineElement(): void {
  if (!customElements.get(ELEMENT_NAME)) customElements.define(ELEMENT_NAME, class extends HTMLElement {});
}
