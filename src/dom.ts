/**
 * The page's `document`, read through the DOM's own accessors.
 *
 * An element with a `name` (`<img name="currentScript">`, `<form name="head">`, kept by most
 * comment and Markdown sanitisers) or an `<img id>` becomes a property of `document` that
 * shadows the real one (HTML's named properties: DOM clobbering). Read from Document.prototype,
 * the real getter or method answers, whatever the page holds. `Document` itself cannot be
 * shadowed: interface objects are the window's own properties, which named elements never hide.
 */

/** `doc[name]` (default: the page's document), from the prototype: a page element named `name` cannot stand in for it. */
export function fromDocument<K extends keyof Document>(name: K, doc: Document = document): Document[K] {
  return Reflect.get(Document.prototype, name, doc) as Document[K];
}

/** `root.querySelectorAll(selector)`, unshadowed when `root` is the document. */
export function queryAll<E extends Element = Element>(root: ParentNode, selector: string): NodeListOf<E> {
  return root instanceof Document ? fromDocument('querySelectorAll', root).call(root, selector) as NodeListOf<E> : root.querySelectorAll<E>(selector);
}

/** `document.createElement(tag, options)`, unshadowed. */
export function createElement<K extends keyof HTMLElementTagNameMap>(tag: K, options?: ElementCreationOptions): HTMLElementTagNameMap[K] {
  return fromDocument('createElement').call(document, tag, options) as HTMLElementTagNameMap[K];
}

/** The `<script>` running now; null when there is none or it is not a real script element. */
export function runningScript(): HTMLScriptElement | null {
  const script = fromDocument('currentScript');
  return script instanceof HTMLScriptElement ? script : null;
}

/**
 * The longest whenParsed waits for a document still parsing: a frame an ad server writes with
 * `document.write` and never closes stays `loading` for good, and a long page streaming in need
 * not hold back the placeholders already parsed (the loader follows the rest as it comes).
 */
export const PARSE_WAIT_MAX_MS = 1000;
/**
 * The longest afterPaint waits for a frame: Chromium renders no frame for a cross-origin iframe
 * off screen (nor for a hidden tab), and its placeholders are to be found all the same.
 */
export const PAINT_WAIT_MAX_MS = 500;

/** `then` made to run once, whichever of its callers comes first. */
export const once = (then: () => void) => {
  let done = false;
  return () => done || ((done = true), then());
};

/** Runs `then` once the document is parsed (now, when it already is), or after PARSE_WAIT_MAX_MS. */
export function whenParsed(then: () => void) {
  if (fromDocument('readyState') !== 'loading') return then();
  const go = once(then);
  fromDocument('addEventListener').call(document, 'DOMContentLoaded', go);
  setTimeout(go, PARSE_WAIT_MAX_MS);
}

/**
 * Runs `then` in a task after the next frame is rendered, or after PAINT_WAIT_MAX_MS where none is.
 * The frame's callback is the browser's own `setTimeout`, bound: no script of ours runs in the
 * frame's task, which is the page's style, layout and paint (a tool that names a task after the
 * scripts that ran in it would otherwise give the page's first layout to us).
 */
export function afterPaint(then: () => void) {
  const go = once(then);
  requestAnimationFrame(setTimeout.bind(null, go, 0));
  setTimeout(go, PAINT_WAIT_MAX_MS);
}

/** Adds `el` to the document's `<head>` (or its root element on a page without one). */
export function addToHead(el: Element) {
  (fromDocument('head') || fromDocument('documentElement')).appendChild(el);
}
