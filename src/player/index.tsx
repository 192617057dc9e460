/** @jsxImportSource preact */
/**
 * The player's public face for the loader: render a player, an error view, or the
 * placeholder's own fallback content into an embed's shadow container.
 */
import { render } from 'preact';
import { Component, type ComponentChildren } from 'preact';
import { Player, type PlayerProps } from './Player';

export { Player, LABELS } from './Player';
export type { PlayerProps } from './Player';
export { PLAYER_CSS } from './styles';
export { gifMedia, hasMedia, startsPaused, videoProvider, webpSupported } from './media';
export * from './constants';

/** Message of the error view when the player itself fails. */
export const PLAYER_FAILED_MESSAGE = 'This GIF could not be shown.';
/** Message of the error view when the GIF has no image file the player may show. */
export const NO_MEDIA_MESSAGE = 'This GIF has no image to show.';

/** Turns an error thrown anywhere in the player tree into `onError` (the loader shows the error view). */
class Guard extends Component<{ onError(message: string): void; children?: ComponentChildren }> {
  override componentDidCatch() {
    this.props.onError(PLAYER_FAILED_MESSAGE);
  }
  override render() {
    return this.props.children;
  }
}

/**
 * Renders the player into `container` (inside the embed's shadow root).
 * `onError` receives the message to show if the player throws.
 */
export function renderPlayer(container: Element, props: PlayerProps, onError: (message: string) => void) {
  render(
    <Guard onError={onError}>
      <Player {...props} />
    </Guard>,
    container,
  );
}

/**
 * Renders the error view with `message` into `container`; the placeholder's fallback content
 * (a link to the GIF, if the page gave one) stays visible under it.
 */
export function renderError(container: Element, message: string, theme: 'light' | 'dark' = 'dark') {
  render(
    <div class={`r er${theme === 'light' ? ' l' : ''}`} role="alert">
      <p>{message}</p>
      <slot />
    </div>,
    container,
  );
}

/** Renders the placeholder's own fallback content (while loading, and after unmount). */
export function renderFallback(container: Element) {
  render(<slot />, container);
}
