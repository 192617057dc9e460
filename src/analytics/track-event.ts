/**
 * trackEvent (spec §7): the product's named events, sent as universal analytics events
 * ({category, action, label, value?}) to whatever analytics the page has.
 */
import { callGa, callGtag, pushDataLayer } from './data-layer';

/** Category of the SDK embed events; a constant of its own so `trackEmbedEvent` does not pull in the table. */
const EMBED_CATEGORY = 'Embed';

/** Event categories of spec §7. */
export const EVENT_CATEGORY = {
  CLICK: 'Click',
  HOVER: 'Hover',
  COPY: 'Copy',
  SOCIAL_SHARING: 'Social Sharing',
  SCROLL_GRID: 'SCROLL GRID',
  /** SDK embed events. */
  EMBED: EMBED_CATEGORY,
} as const;

/** Click actions of spec §7 ('Play {Provider}' comes from `playAction`). */
export const CLICK_ACTION = {
  FAVORITE: 'Favorite',
  SHARE: 'Share',
  PAUSE: 'Pause',
  IMAGE: 'Image',
  EMBED_CODE: 'Embed Code',
  LINK: 'Link',
  VIEW_MORE_CTA: 'View More CTA',
} as const;

/** Hover actions of spec §7. */
export const HOVER_ACTION = { IMAGE: 'Image' } as const;

/** SDK embed events (spec §7): category Embed, action Hover or Click, label Image or Link. */
export const EMBED_ACTION = { HOVER: 'Hover', CLICK: 'Click' } as const;
export const EMBED_LABEL = { IMAGE: 'Image', LINK: 'Link' } as const;
export type EmbedAction = (typeof EMBED_ACTION)[keyof typeof EMBED_ACTION];
export type EmbedLabel = (typeof EMBED_LABEL)[keyof typeof EMBED_LABEL];

/** Provider names as shown in 'Play {Provider}'. */
const PROVIDER_NAMES: Record<string, string> = { youtube: 'YouTube', vimeo: 'Vimeo' };

/** The 'Play {Provider}' click action for a video provider ('youtube' -> 'Play YouTube'). */
export function playAction(provider: string): string {
  const name = PROVIDER_NAMES[provider.toLowerCase()] ?? provider.charAt(0).toUpperCase() + provider.slice(1);
  return `Play ${name}`;
}

/** The universal analytics event (spec §7). */
export interface UniversalEvent {
  category: string;
  action: string;
  label?: string;
  value?: number;
}

/** Data-layer event name for product events. */
export const DATA_LAYER_EVENT = 'GAEvent';

type Listener = (event: UniversalEvent) => void;
const listeners = new Set<Listener>();

/** Calls `listener` for every tracked event (SDK callbacks, tests); returns the unsubscribe. */
export function onTrackEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Builds the universal event: `label` and `value` only when given (a non-finite value is dropped).
 */
export function universalEvent(category: string, action: string, label?: string, value?: number): UniversalEvent {
  const event: UniversalEvent = { category, action };
  if (label !== undefined && label !== '') event.label = label;
  if (typeof value === 'number' && Number.isFinite(value)) event.value = value;
  return event;
}

/**
 * Records an event in the page's data layer, gtag and ga (each only if present).
 * Returns the universal event that was sent. Never throws.
 */
export function trackEvent(category: string, action: string, label?: string, value?: number): UniversalEvent {
  const event = universalEvent(category, action, label, value);
  // The label and value as sent: an empty label or a non-finite value is left out.
  ({ label, value } = event);
  pushDataLayer({ event: DATA_LAYER_EVENT, eventCategory: category, eventAction: action, eventLabel: label, eventValue: value });
  const params: Record<string, unknown> = { event_category: category };
  if (label !== undefined) params.event_label = label;
  if (value !== undefined) params.value = value;
  callGtag('event', action, params);
  callGa('send', 'event', category, action, label, value);
  for (const listener of listeners) {
    try {
      listener(event);
    } catch {
      // A listener's bug must not stop the others or reach the player.
    }
  }
  return event;
}

/** An SDK embed event (spec §7): category 'Embed'. */
export function trackEmbedEvent(action: EmbedAction, label: EmbedLabel): UniversalEvent {
  return trackEvent(EMBED_CATEGORY, action, label);
}
