/**
 * Vimeo player state through its postMessage API, so the back-to-GIF control can follow
 * play / pause / ended without loading Vimeo's player SDK.
 */

/** The origin Vimeo's player posts from (and the only one we listen to). */
export const VIMEO_PLAYER_ORIGIN = 'https://player.vimeo.com';
/** Player events the embed follows. */
export const VIMEO_EVENTS = ['play', 'pause', 'ended'] as const;

/**
 * The event name in a message from the Vimeo player (`data` is a JSON string or an object),
 * e.g. 'ready', 'play', 'pause'; undefined for anything else.
 */
export function vimeoEventName(data: unknown): string | undefined {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  const event = value && typeof value === 'object' ? (value as { event?: unknown }).event : undefined;
  return typeof event === 'string' ? event : undefined;
}

/** Asks the player in `frame` to report play, pause and ended. */
export function subscribeVimeoEvents(frame: Window) {
  for (const value of VIMEO_EVENTS) {
    frame.postMessage(JSON.stringify({ method: 'addEventListener', value }), VIMEO_PLAYER_ORIGIN);
  }
}

/** Asks the player in `frame` to `method` ('play' or 'pause'), through its postMessage API. */
export function commandVimeo(frame: Window, method: 'play' | 'pause') {
  frame.postMessage(JSON.stringify({ method }), VIMEO_PLAYER_ORIGIN);
}

/** Whether the back-to-GIF control shows after Vimeo `event`; undefined leaves it as it is. */
export function backVisibleAfterVimeo(event: string | undefined): boolean | undefined {
  if (event === 'pause' || event === 'ended') return true;
  if (event === 'play') return false;
  return undefined;
}
