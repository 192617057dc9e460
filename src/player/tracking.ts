/**
 * The player's analytics (spec §4, §7): the plugin context's `track` and `pingback`, and the
 * once-only work done when a GIF is first seen (SEEN pingback, bottle_data and data-pixel images).
 */
import { pingback as queuePingback, trackEmbedEvent, trackEvent, type EmbedLabel, type PingbackActionType } from '../analytics';
import { firePixels } from '../analytics/pixels';
import { debugLog } from '../debug';
import type { Gif } from '../model';

/** Records a trackEvent; analytics never break the player. */
export function track(category: string, action: string, label?: string) {
  try {
    trackEvent(category, action, label);
  } catch (error) {
    debugLog('trackEvent failed', error);
  }
}

/** Sends a pingback `action` for `gif` with `attributes` (queued and batched by analytics). */
export function pingback(action: PingbackActionType, gif: Gif, attributes?: Record<string, string>) {
  queuePingback({ gif, actionType: action, attributes });
}

/** A click or hover on the GIF (`label` Image) or a link to its page (`label` Link). */
export function interaction(gif: Gif, kind: 'Click' | 'Hover', label: EmbedLabel, action: string) {
  track(kind, action);
  try {
    trackEmbedEvent(kind, label);
  } catch (error) {
    debugLog('embed event failed', error);
  }
  pingback(kind === 'Click' ? 'CLICK' : 'HOVER', gif);
}

/**
 * Reports `gif` seen (the SEEN pingback only when `newView`: see analytics/viewability.ts
 * firstView) and fires its tracking pixels and the placeholder's `pixel` snippet (once each per page).
 */
export function seen(gif: Gif, pixel: string, newView: boolean) {
  if (newView) pingback('SEEN', gif);
  firePixels(gif.bottle_data, pixel);
}
