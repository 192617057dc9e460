/**
 * Follows the page's `lang` attributes (a single-page app's language switch, an element's `lang`
 * around a `<gif-picker>`): the components read the page's language again when it changes. One
 * MutationObserver for the whole SDK, observing while anything listens; changes to the SDK's own
 * roots (which say their language) are not the page's.
 */
import { SDK_ROOT_ATTR } from './sdk-root';

const listeners = new Set<() => void>();
let observer: MutationObserver | undefined;

/** Calls `listener` after each change of a `lang` in the page; returns what stops it. */
export function onPageLanguage(listener: () => void): () => void {
  listeners.add(listener);
  if (!observer && typeof MutationObserver === 'function' && globalThis.document) {
    observer = new MutationObserver((records) => {
      if (records.some((record) => !(record.target as Element).closest?.(`[${SDK_ROOT_ATTR}]`))) for (const fn of [...listeners]) fn();
    });
    observer.observe(document, { attributes: true, attributeFilter: ['lang'], subtree: true });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size) return;
    observer?.disconnect();
    observer = undefined;
  };
}
