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

/**
 * Calls the page's `find(window)` (a function, and the `this` it is called on) with `args` when
 * the page defines it; true when called. `what` names it in the debug log when the host's
 * analytics code throws (never rethrown). A frame of another origin under that name (reading its
 * properties throws) is no analytics.
 */
function callHost(what: string, find: (win: AnalyticsWindow) => [self: unknown, fn: unknown], args: unknown[]): boolean {
  let self: unknown;
  let fn: unknown;
  try {
    [self, fn] = find(analyticsWindow());
  } catch {
    return false;
  }
  if (typeof fn !== 'function') return false;
  try {
    fn.apply(self, args);
  } catch (error) {
    debugLog(`analytics: ${what} failed`, error);
  }
  return true;
}

/** Pushes `entry` to `window.dataLayer` when the page has one; true when pushed. */
export function pushDataLayer(entry: Record<string, unknown>): boolean {
  return callHost('dataLayer', (win) => [win.dataLayer, win.dataLayer?.push], [entry]);
}

/** Calls `window.gtag(...args)` when the page has gtag; true when called. */
export function callGtag(...args: unknown[]): boolean {
  return callHost('gtag', (win) => [undefined, win.gtag], args);
}

/** Calls `window.ga(...args)` when the page has analytics.js; true when called. */
export function callGa(...args: unknown[]): boolean {
  return callHost('ga', (win) => [undefined, win.ga], args);
}
