/**
 * The player file's trackEvent (build.mjs puts this module where the player imports
 * src/analytics/track-event.ts): spec §7's events go to the page's own analytics
 * (`window.dataLayer`, `gtag`, `ga`) through the events plugin file
 * (dist/plugins/events.<hash>.js), fetched the first time an event happens on a page that has one
 * of them. Pages without analytics never download it; events keep their order, and a file that
 * does not come records none.
 */
import { fromPluginFile } from '../plugin-files';

// What else the analytics index names of the module this one stands for (the player uses none of it).
export { EVENT_CATEGORY } from '../analytics/track-event';

/** The page's analytics the events go to (src/analytics/data-layer.ts). */
const PAGE_ANALYTICS = ['dataLayer', 'gtag', 'ga'];

export function trackEvent(category: string, action: string, label?: string): void {
  if (PAGE_ANALYTICS.some((name) => name in window)) void fromPluginFile('events').then((track) => track?.(category, action, label));
}

/** An SDK embed event (spec §7): category 'Embed'. */
export function trackEmbedEvent(action: string, label: string): void {
  trackEvent('Embed', action, label);
}
