/**
 * Tracking pixels (spec §5): snippets from bottle_data are untrusted HTML. Only `<img>` tags with
 * an http(s) src survive, rebuilt as a bare `<img src="...">`; everything else is dropped.
 * The images are injected into <head> once each. The snippet is read by a small tokenizer
 * (./img-sources.ts, linear time), not the browser's HTML parser: `DOMParser` is a Trusted Types
 * sink, and parsing a `style` attribute reports a CSP violation on strict pages.
 *
 * Pixels fire only once the page's consent platform has decided (or timed out), with the IAB
 * macros (`${GDPR}`, `${GDPR_CONSENT_n}`, `${GPP_STRING}`, ...) filled; one naming a vendor that
 * lacks consent where GDPR applies is withheld (./consent.ts).
 */
import { fromDocument } from '../dom';
import { debugLog } from '../debug';
import { imgSources } from './img-sources';
import { consentPending, whenConsentDecided, withConsentMacros } from './consent';
import { escapeAttr } from '../model/escape';
import { safeUrl } from '../model/safe-url';
import type { BottleData } from '../model';

/** Token replaced with the current time so every impression is a fresh request. */
export const CACHEBUSTER_TOKEN = '%%CACHEBUSTER%%';
const CACHEBUSTER = /%%CACHEBUSTER%%/gi;
/**
 * A pixel snippet (or a bottle_data tag) longer than this is refused whole, logged in debug: a
 * real pixel tag is a few hundred characters, and a page must not spend its main thread on a
 * megabyte an ad server sent by mistake or on purpose.
 */
export const PIXEL_SNIPPET_MAX_CHARS = 16_384;
/** At most this many pixels fire for one GIF; the rest are dropped (logged in debug). */
export const PIXELS_PER_GIF_MAX = 20;
/** Marks the images we inject, for dedupe across calls. */
export const PIXEL_ATTRIBUTE = 'data-gif-embed-pixel';

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** Largest Unicode code point; larger character references stay as written. */
const MAX_CODE_POINT = 0x10ffff;

/** Decodes character references in an attribute value (one pass, so `&amp;lt;` stays `&lt;`). */
function decodeEntities(text: string): string {
  // Only the names we decode are matched: a lookup of `&constructor;` must not reach Object's prototype.
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED_ENTITIES[ref.toLowerCase()];
    // '#65' -> '065' and '#x41' -> '0x41': Number reads both (no octal for a leading 0).
    const code = Number(`0${ref.slice(1)}`);
    return code > 0 && code <= MAX_CODE_POINT ? String.fromCodePoint(code) : whole;
  });
}

/** `src` as a canonical http(s) URL (the model's one allow-list), or undefined. */
const httpUrl = (src: string) => safeUrl(src) || undefined;

/**
 * The pixel URLs in `snippet`, with %%CACHEBUSTER%% still in place (used as dedupe keys).
 * Returns each distinct http(s) img src once.
 */
export function pixelTemplates(snippet: string): string[] {
  const found = new Set<string>();
  if (typeof snippet !== 'string') return [];
  if (snippet.length > PIXEL_SNIPPET_MAX_CHARS) {
    debugLog(`pixels: a snippet of ${snippet.length} characters refused (at most ${PIXEL_SNIPPET_MAX_CHARS})`);
    return [];
  }
  for (const raw of imgSources(snippet)) {
    const src = decodeEntities(raw);
    // Validate with a placeholder in place of the token: it must not change what is accepted.
    if (httpUrl(src.replace(CACHEBUSTER, '0'))) found.add(src.trim());
  }
  return [...found];
}

/**
 * `template` with %%CACHEBUSTER%% replaced by `now` and the IAB macros filled, canonicalised;
 * undefined if not http(s), or withheld for want of its vendor's consent.
 */
function pixelUrl(template: string, now: number): string | undefined {
  const url = withConsentMacros(template.replace(CACHEBUSTER, String(now)));
  return url && httpUrl(url);
}

/**
 * Sanitises a pixel snippet: returns one `<img src="...">` per distinct http(s) img in it,
 * with %%CACHEBUSTER%% replaced by `now` (ms) and the src escaped. Everything else is dropped.
 */
export function sanitizePixel(snippet: string, now: number = Date.now()): string[] {
  const tags: string[] = [];
  for (const template of pixelTemplates(snippet)) {
    const url = pixelUrl(template, now);
    const tag = url && `<img src="${escapeAttr(url)}">`;
    if (tag && !tags.includes(tag)) tags.push(tag);
  }
  return tags;
}

/** Snippets injected per document, by template, so a pixel fires once per page. */
const injected = new WeakMap<Document, Set<string>>();
/** The last %%CACHEBUSTER%% given: each impression's is new, also within one millisecond. */
let lastBuster = 0;

/**
 * Inserts the images of `snippets` into `doc`'s <head>, each pixel once per document (`once`;
 * otherwise at every call: one impression each); while the consent platform has not decided,
 * once it has. Returns the number of images added now.
 */
export function injectPixels(snippets: string[], doc: Document = globalThis.document, once = true): number {
  const head = doc && fromDocument('head', doc);
  if (!head) return 0;
  if (consentPending()) {
    whenConsentDecided(() => injectPixels(snippets, doc, once));
    return 0;
  }
  let done = injected.get(doc);
  if (!done) injected.set(doc, (done = new Set()));
  let added = 0;
  const now = (lastBuster = Math.max(Date.now(), lastBuster + 1));
  for (const snippet of snippets) {
    for (const template of pixelTemplates(snippet)) {
      if (once && done.has(template)) continue;
      if (added === PIXELS_PER_GIF_MAX) {
        debugLog(`pixels: more than ${PIXELS_PER_GIF_MAX} for one GIF; the rest dropped`);
        return added;
      }
      const url = pixelUrl(template, now);
      if (!url) {
        debugLog(`pixels: ${template} withheld`);
        continue;
      }
      done.add(template);
      const img = fromDocument('createElement', doc).call(doc, 'img') as HTMLImageElement;
      img.setAttribute(PIXEL_ATTRIBUTE, '');
      img.alt = '';
      img.src = url;
      head.appendChild(img);
      added++;
    }
  }
  return added;
}

/** A tag entry read as JSON when it looks like JSON; otherwise the text itself. */
function parseTag(tag: string): unknown {
  if (tag.length > PIXEL_SNIPPET_MAX_CHARS) return undefined;
  const text = tag.trim();
  if (!/^[[{"]/.test(text)) return text;
  try {
    return JSON.parse(text);
  } catch {
    console.warn(`Error parsing json for ${text}`);
    return undefined;
  }
}

/** Flattens a parsed tag into snippets: text, lists, and objects with url/src/html/tag. */
function snippetsOf(value: unknown, out: string[]) {
  if (typeof value === 'string') {
    // A bare URL is a pixel address; anything else is HTML for the sanitiser.
    out.push(/^https?:\/\//i.test(value.trim()) ? `<img src="${escapeAttr(value.trim())}">` : value);
  } else if (Array.isArray(value)) {
    for (const entry of value) snippetsOf(entry, out);
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of ['url', 'src', 'html', 'tag']) snippetsOf(record[key], out);
  }
}

/**
 * The pixel snippets in a GIF's bottle_data.tags. Entries may be HTML, a URL, or JSON holding
 * those; JSON that does not parse logs "Error parsing json for {tag}" and is skipped.
 */
export function bottlePixelSnippets(bottle: BottleData | undefined): string[] {
  const out: string[] = [];
  for (const tag of bottle?.tags ?? []) {
    if (typeof tag === 'string') snippetsOf(parseTag(tag), out);
  }
  return out;
}

/**
 * Fires the tracking pixels of a GIF's bottle_data in `doc` (each once per page, as its billed
 * SEEN), and a placement's own `pixel` snippet (at every call: the caller's placement
 * impression, its %%CACHEBUSTER%% new). Returns the number of images added now; never throws.
 */
export function firePixels(bottle: BottleData | undefined, pixel = '', doc?: Document): number {
  try {
    return injectPixels(bottlePixelSnippets(bottle), doc) + injectPixels([pixel], doc, false);
  } catch (error) {
    debugLog('pixels: could not inject', error);
    return 0;
  }
}

/** Fires the tracking pixels of a GIF's bottle_data in `doc` (once each per page); see firePixels. */
export const injectGifPixels = (bottle: BottleData | undefined, doc?: Document) => firePixels(bottle, '', doc);
