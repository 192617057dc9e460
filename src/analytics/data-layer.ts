/**
 * The page's own analytics (spec §7: "pushed to a data layer and a web analytics service"):
 * `window.dataLayer`, `window.gtag` and `window.ga`, each used only when the page has it.
 * Nothing here throws into the host page.
 */
import { debugLog } from '../debug';

type AnalyticsWindow = {
  dataLayer?: { push(entry: unknown): unknown };
  gtag?: (...args: unknown[]) => void;
  ga?: (...args: unknown[]) => void;
};

/** The host window's analytics globals (empty outside a browser). */
function analyticsWindow(): AnalyticsWindow {
  return (globalThis as { window?: AnalyticsWindow }).window ?? {};
}

/** Runs `send`, logging (not throwing) when the host's analytics code fails. */
function guarded(what: string, send: () => void) {
  try {
    send();
  } catch (error) {
    debugLog(`analytics: ${what} failed`, error);
  }
}

/** Pushes `entry` to `window.dataLayer` when the page has one; true when pushed. */
export function pushDataLayer(entry: Record<string, unknown>): boolean {
  const layer = analyticsWindow().dataLayer;
  if (!layer || typeof layer.push !== 'function') return false;
  guarded('dataLayer', () => layer.push(entry));
  return true;
}

/** Calls `window.gtag(...args)` when the page has gtag; true when called. */
export function callGtag(...args: unknown[]): boolean {
  const gtag = analyticsWindow().gtag;
  if (typeof gtag !== 'function') return false;
  guarded('gtag', () => gtag(...args));
  return true;
}

/** Calls `window.ga(...args)` when the page has analytics.js; true when called. */
export function callGa(...args: unknown[]): boolean {
  const ga = analyticsWindow().ga;
  if (typeof ga !== 'function') return false;
  guarded('ga', () => ga(...args));
  return true;
}
