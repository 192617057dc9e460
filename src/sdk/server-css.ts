/**
 * The SDK's CSS for a server-rendered page. The components style themselves with goober, which
 * on a server collects the rules of everything rendered into a sheet of its own instead of a
 * `<style>` element. Put what `takeServerCss()` returns into the page's head, in a `<style>`
 * whose id is SDK_STYLE_ID: in the browser goober adopts that element (and adds a rule only when
 * it is not there yet), so the first paint is styled and hydration writes nothing twice. In a
 * browser page that was not server-rendered, addSdkStyleElement makes that element the way a
 * page enforcing Trusted Types allows.
 */
import { extractCss } from 'goober';

/** The id goober looks for, and writes into, in the browser. */
export const SDK_STYLE_ID = '_goober';

/** The CSS rendered on this server since the last call; calling it empties the sheet (one page per call). */
export function takeServerCss(): string {
  return extractCss();
}

/**
 * Makes the element goober writes into (`id="_goober"`), in `doc`'s <head>, where there is none yet
 * (a server-rendered page has one), with a text node: goober would make it itself through
 * `innerHTML`, which a page enforcing Trusted Types refuses. A `nonce` (for a nonce-only
 * `style-src`) becomes goober's own `window.__nonce__`, which goober puts on that element at each
 * rule, unless the page set one. dist/sdk.js calls it as it runs, with its tag's nonce; a React
 * app under Trusted Types calls it (or renders that element) before its first render.
 */
export function addSdkStyleElement(nonce = '', doc: Document | undefined = globalThis.document) {
  const win = doc?.defaultView as (Window & { __nonce__?: string }) | null | undefined;
  if (nonce && win && !win.__nonce__) win.__nonce__ = nonce;
  if (!doc?.head || doc.getElementById(SDK_STYLE_ID)) return;
  // Where a document takes constructed sheets, goober writes into a hidden element's text and one
  // such sheet follows it: no policy refuses a constructed sheet, so a page whose policy refuses
  // inline styles (`default-src 'self'`, no nonce) gets the components styled, with no violation
  // reported. Elsewhere, a <style> with the nonce.
  const View = win as unknown as typeof globalThis;
  const adopt = !!View?.CSSStyleSheet && 'adoptedStyleSheets' in doc;
  const el = doc.createElement(adopt ? 'div' : 'style');
  el.id = SDK_STYLE_ID;
  el.textContent = ' ';
  if (adopt) {
    el.hidden = true;
    const sheet = new View.CSSStyleSheet();
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    new View.MutationObserver(() => sheet.replaceSync(el.textContent || '')).observe(el, { characterData: true, subtree: true, childList: true });
  } else (el as HTMLStyleElement).nonce = win?.__nonce__ || '';
  doc.head.append(el);
}
