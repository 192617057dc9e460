/**
 * One stylesheet for every player on the page: the player's static CSS and what goober makes
 * for the plugins (embed/goober.ts) go into one constructed stylesheet that each shadow root
 * adopts, so N embeds parse the CSS once. Browsers without adoptedStyleSheets get a
 * `<style nonce>` per shadow root, kept in step.
 */
import { createElement } from '../dom';

let text = '';
let nonce = '';
let shared: CSSStyleSheet | undefined;
/** Fallback `<style>` elements, one per shadow root. */
const styleTags = new Set<HTMLStyleElement>();

/** Sets the CSP nonce put on fallback `<style>` tags. */
export function setStyleNonce(value: string) {
  nonce = value;
}

/** Adds `css` (rules) once. */
export function addCss(css: string) {
  if (text.includes(css)) return;
  text += css;
  if (shared) shared.replaceSync(text);
  styleTags.forEach((tag) => (tag.textContent = text));
}

/**
 * Gives `root` the shared stylesheet.
 * Returns a function that detaches the fallback `<style>` (nothing to do for adopted sheets).
 */
export function adoptStyles(root: ShadowRoot): () => void {
  if ('adoptedStyleSheets' in root) {
    try {
      if (!shared) (shared = new CSSStyleSheet()).replaceSync(text);
      root.adoptedStyleSheets = [shared];
      return () => {};
    } catch {
      // Constructable stylesheets missing: fall through to a <style> tag.
    }
  }
  const tag = createElement('style');
  if (nonce) tag.nonce = nonce;
  tag.textContent = text;
  root.prepend(tag);
  styleTags.add(tag);
  return () => styleTags.delete(tag);
}
