/**
 * Analytics (spec §7): pingbacks, trackEvent and page views for the page's analytics, the
 * user-session data layer, the share helper, and tracking pixels.
 */
export {
  pingback,
  flushPingbacks,
  resetPingbacks,
  queuedPingbackCount,
  pingbackUrl,
  setPingbackClock,
  PINGBACK_DEBOUNCE_MS,
  DEFAULT_PINGBACK_EVENT_TYPE,
  POSITION_ATTRIBUTE,
} from './pingback';
export type {
  PingbackActionType,
  PingbackAction,
  PingbackEvent,
  PingbackSession,
  PingbackBody,
  PingbackInput,
  PingbackClock,
} from './pingback';
export { setTransport, browserTransport } from './transport';
export type { PingbackTransport } from './transport';
export { mergeAttributes } from './attributes';
export type { Attribute, AttributeInput } from './attributes';
export {
  randomId,
  cookieUserId,
  setLoggedInUserId,
  rememberSearchResponseId,
  priorResponseId,
  searchResponseIds,
  resetSessionIds,
  USER_ID_COOKIE,
  RANDOM_ID_KEY,
  SEARCH_RESPONSE_IDS_KEY,
} from './session-ids';
export {
  trackEvent,
  trackEmbedEvent,
  universalEvent,
  playAction,
  onTrackEvent,
  EVENT_CATEGORY,
  CLICK_ACTION,
  HOVER_ACTION,
  EMBED_ACTION,
  EMBED_LABEL,
  DATA_LAYER_EVENT,
} from './track-event';
export type { UniversalEvent, EmbedAction, EmbedLabel } from './track-event';
export { virtualPath, trackPageView, DEFAULT_PAGE_LIMIT, PAGE_VIEW_EVENT } from './page-view';
export type { PageViewContext } from './page-view';
export { userSessionData, trackUserSession, LOGGED_IN, LOGGED_OUT, VERIFIED, NOT_VERIFIED } from './user-session';
export type { UserSessionData, SessionUser } from './user-session';
export { trackShare } from './share-analytics';
export { reportError } from './error-report';
export { envelopeUrl, errorEnvelope, resetErrorReports, ERROR_SAMPLE_RATE, ERROR_SAMPLED_KEY, ERROR_REPORT_LIMIT } from './error-send';
export {
  sanitizePixel,
  pixelTemplates,
  injectPixels,
  injectGifPixels,
  bottlePixelSnippets,
  CACHEBUSTER_TOKEN,
  PIXEL_ATTRIBUTE,
} from './pixels';
