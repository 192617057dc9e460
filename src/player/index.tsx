/**
 * The player's public face for the loader: render a player, an error view, or the
 * placeholder's own fallback content into an embed's shadow container.
 */
import { reportError } from '../analytics/error-report';
import { Component, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Player } from './Player';
import { schemeOf } from './scheme';
import type { PlayerProps } from './props';
import type { EmbedError } from '../i18n/en';
import type { Strings } from '../i18n';

export { Player } from './Player';
export type { PlayerProps } from './props';
export { PAUSE_LABEL } from './PauseButton';
export { PLAYER_CSS } from './styles';
export { adoptable, gifMedia, hasMedia, startsPaused, videoProvider, webpSupported } from './media';
export {
  HOVER_SHOW_DELAY_MS, HOVER_HIDE_DELAY_MS, HOVER_HIDE_GRID_ACTIVE_MS, FOOTER_OFFSET_EXTRA_PX, READY_FALLBACK_MS,
  MIN_CHROME_HEIGHT_PX, MIN_CHROME_WIDTH_PX, HOVER_REPORT_DELAY_MS, SEEN_THRESHOLD, PLUGIN_IDLE_DELAY_MS, VIDEO_PROVIDERS,
} from './constants';

/** Turns an error thrown anywhere in the player tree into `onError` (the embed shows the error view). */
class Guard extends Component<{ onError(error: EmbedError): void; children?: ReactNode }> {
  override componentDidCatch(error: unknown) {
    reportError(error, 'render');
    this.props.onError('playerFailed');
  }
  override render() {
    return this.props.children;
  }
}

/** One React root per shadow container, for its whole life. */
const roots = new WeakMap<Element, Root>();
function rootOf(container: Element): Root {
  let root = roots.get(container);
  if (!root) roots.set(container, (root = createRoot(container)));
  return root;
}

/**
 * The player over the placeholder's own content, which stays under it, hidden from assistive
 * technology and out of the keyboard's reach: while the player's box fades in, the page's image
 * shows through, so the takeover has an image on screen in every frame. It is not taken out at
 * ready: in WebKit the page's image and the player's (the progressive snippet's very file) share
 * one animation, which taking the page's one out pauses until the next layout. It stays in the
 * flow (`.u`), under the player laid over the box: a box its content made taller than the GIF
 * (an inline image's descender gap where a CMS stripped the snippet's styles, a caption) keeps
 * that height, and nothing on the page moves. A player rendered out of view does not fade in:
 * it covers the placeholder at once, the content under it unpainted (`.v`).
 */
function Takeover(props: PlayerProps) {
  return (
    <>
      <div className={props.entering ? 'u' : 'u v'} aria-hidden="true" inert>
        <slot />
      </div>
      <Guard onError={props.onFail}>
        <Player {...props} />
      </Guard>
    </>
  );
}

/**
 * Renders the player into `container` (inside the embed's shadow root). `props.onFail`
 * receives the message to show if the player cannot show the GIF or throws.
 */
export function renderPlayer(container: Element, props: PlayerProps) {
  rootOf(container).render(<Takeover {...props} />);
}

/**
 * Renders the error view with `message` into `container`, in the placeholder's `theme` (as it is now for 'auto'); the placeholder's fallback content
 * (a link to the GIF, if the page gave one) stays visible under it. With `onRetry` (a failure
 * that may pass: network, timeout, server error) a 'Try again' button (in `strings`) calls it.
 */
export function renderError(container: Element, message: string, strings: Strings, theme = 'dark', onRetry?: () => void) {
  rootOf(container).render(
    // No live role here: the embed's own live region says the message once, politely.
    <div className={`r e er${schemeOf(theme) == 'light' ? ' l' : ''}`}>
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="rt" onClick={onRetry} data-gif-retry="">
          {strings.m.retry}
        </button>
      )}
      <slot />
    </div>,
  );
}

/** Renders the placeholder's own fallback content (while loading, and after unmount). */
export function renderFallback(container: Element) {
  rootOf(container).render(<slot />);
}
