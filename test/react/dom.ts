/**
 * A browser-like document for the React suites (the server renders before it exists), and its
 * removal at the end: happy-dom's window keeps timers that would hold the process open.
 */
import { GlobalRegistrator } from '@happy-dom/global-registrator';

if (!(globalThis as { document?: unknown }).document) {
  GlobalRegistrator.register({ url: 'http://127.0.0.1:8080/', width: 1024, height: 768 });
  // A browser's named access on window (`window._goober` is the element with that id), which
  // goober relies on to find its style element and happy-dom lacks.
  Object.defineProperty(window, '_goober', { configurable: true, get: () => document.getElementById('_goober') ?? undefined });
}

/** Closes the document (call once, after the suite). */
export const closeDom = () => (GlobalRegistrator.isRegistered ? GlobalRegistrator.unregister() : undefined);
