/**
 * dist/plugins/events.js: the player's trackEvent (spec §7: src/analytics/track-event.ts, into
 * the page's `window.dataLayer`, `gtag` and `ga`), which the player fetches the first time an
 * event happens on a page that has one of them (src/embed/track-event.ts).
 */
import type { GifEmbedGlobal } from '../../src/embed/global';
import { trackEvent } from '../../src/analytics/track-event';

const global = (window as { GifEmbed?: Partial<GifEmbedGlobal> }).GifEmbed;
if (global) global.events = trackEvent;
