/**
 * The SDK's CSS for a server-rendered page. The components style themselves with goober, which
 * on a server collects the rules of everything rendered into a sheet of its own instead of a
 * `<style>` element. Put what `takeServerCss()` returns into the page's head, in a `<style>`
 * whose id is SDK_STYLE_ID: in the browser goober adopts that element (and adds a rule only when
 * it is not there yet), so the first paint is styled and hydration writes nothing twice.
 */
import { extractCss } from 'goober';

/** The id goober looks for, and writes into, in the browser. */
export const SDK_STYLE_ID = '_goober';

/** The CSS rendered on this server since the last call; calling it empties the sheet (one page per call). */
export function takeServerCss(): string {
  return extractCss();
}
