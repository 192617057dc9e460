/**
 * One stylesheet for every player on the page: the player's static CSS and what goober makes
 * for the plugins (embed/goober.ts) go into one constructed stylesheet that each shadow root
 * adopts, so N embeds parse the CSS once. Browsers without adoptedStyleSheets get a
 * `<style nonce>` per shadow root, kept in step.
 */
import { createElement } from '../dom';

// The window's: the CSS its player and plugin files (each run once per window) bring, for every document.
let text = '';
let nonce = '';
/** The detached element goober writes into (./goober.ts), made on first use: no DOM work at load. */
let target: Element | undefined;
/**
 * The shared stylesheet of each document players render in: a constructed sheet belongs to the
 * document it was made for, so a player moved into another one (adoptNode, a picture-in-picture
 * window) adopts that document's.
 */
const sheets = new Map<Document, CSSStyleSheet>();
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
  sheets.forEach((sheet) => sheet.replaceSync(text));
  styleTags.forEach((tag) => (tag.textContent = text));
}

/**
 * Gives `root` the shared stylesheet of its document.
 * Returns a function that detaches the fallback `<style>` (nothing to do for adopted sheets).
 */
export function adoptStyles(root: ShadowRoot): () => void {
  if ('adoptedStyleSheets' in root) {
    try {
      const doc = root.ownerDocument;
      let sheet = sheets.get(doc);
      if (!sheet) {
        sheets.set(doc, (sheet = new doc.defaultView!.CSSStyleSheet()));
        sheet.replaceSync(text);
      }
      root.adoptedStyleSheets = [sheet];
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

/**
 * The detached element goober writes into (./goober.ts). The `<style id="_goober">` goober would
 * look for is made up front with a text node (goober's documented hydration id): goober would
 * otherwise create it through `innerHTML`, which Trusted Types refuses.
 */
export function gooberTarget(): Element {
  if (!target) {
    target = createElement('div');
    const style = target.appendChild(createElement('style'));
    style.id = '_goober';
    style.textContent = ' ';
  }
  return target;
}
