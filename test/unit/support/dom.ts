/**
 * Registers happy-dom's window as the global DOM for unit tests that render.
 * Import it first in a test file that needs `document`; Node-only tests don't.
 */
import { GlobalRegistrator } from '@happy-dom/global-registrator';

if (!(globalThis as { document?: unknown }).document) {
  GlobalRegistrator.register({ url: 'http://127.0.0.1:8080/', width: 1024, height: 768 });
  // happy-dom decodes no image, so its createImageBitmap refuses every one: the browsers the
  // player meets decode WebP (src/player/media.ts asks), and so does this one. A test of a
  // browser that does not replaces it.
  globalThis.createImageBitmap = (async () => ({ width: 1, height: 1, close() {} })) as unknown as typeof createImageBitmap;
}
