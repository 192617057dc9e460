/**
 * The player's analytics (spec §4, §7): the plugin context's `track` and `pingback`, and the
 * once-only work done when a GIF is first seen (SEEN pingback, bottle_data and data-pixel images).
 */
import { pingback as queuePingback, trackEmbedEvent, trackEvent, type EmbedLabel, type PingbackActionType } from '../analytics';
import { firePixels } from '../analytics/pixels';
import { PLACEMENT_VIEW } from '../analytics/viewability';
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
 * Reports `gif` seen in a placement, as analytics/viewability.ts firstView says the view is
 * (`view`): a new view sends SEEN and fires the GIF's own pixels (once per page, as its billed
 * SEEN); a new impression of the placement fires its `pixel` snippet, whatever other placements
 * fired.
 */
export function seen(gif: Gif, pixel: string, view: number) {
  if (view > PLACEMENT_VIEW) pingback('SEEN', gif);
  if (view) firePixels(view > PLACEMENT_VIEW ? gif.bottle_data : undefined, pixel);
}
