/**
 * The player page tells the page that frames it how tall its content wants to be, in the three
 * languages frames are resized in:
 * - AMP's `<amp-iframe resizable>`: `{ sentinel: 'amp', type: 'embed-size', height }`;
 * - WordPress, which frames an oEmbed from a provider it does not list in
 *   `sandbox="allow-scripts"` and passes a secret in the frame's address (`#?secret=...`):
 *   `{ message: 'height', value, secret }`. WordPress shows the frame only once it hears from it,
 *   and its script may come after the frame's first words (or, on a page of its own, seconds
 *   later), so the page says its height at once, repeats it every WORDPRESS_REPEAT_MS until
 *   WordPress says `ready` (or for WORDPRESS_REPEAT_FOR_MS), answers `ready` at once and
 *   says every later change; the height is the best known (the frame's own until the GIF's
 *   ratio is known) and never 0. There, a click on a link to this host asks WordPress to follow it
 *   (`{ message: 'link' }`), as the sandbox lets the frame open no window of its own;
 * - everyone else: `{ type: 'gif-embed:height', id, height }`, sent on every change and again
 *   when the parent posts `{ type: 'gif-embed:height' }` (docs/player-page.md).
 */

/** The type of our own height message, and of the parent's request for it. */
export const HEIGHT_MESSAGE = 'gif-embed:height';
/** How often the height is said again to WordPress until it says `ready`. */
export const WORDPRESS_REPEAT_MS = 500;
/** For how long, at most (a blog page whose scripts come late, or never). */
export const WORDPRESS_REPEAT_FOR_MS = 15_000;

/** The secret WordPress puts in the frame's address (letters and digits, as WordPress checks); '' when none. */
export function wordPressSecret(hash: string): string {
  return /[#?&]secret=([A-Za-z0-9]+)(?:&|$)/.exec(hash)?.[1] ?? '';
}

/** The messages that say the page is `height` px tall, for GIF `id`, with WordPress's `secret`. */
export function heightMessages(id: string, height: number, secret: string): object[] {
  const messages: object[] = [{ sentinel: 'amp', type: 'embed-size', height }, { type: HEIGHT_MESSAGE, id, height }];
  if (secret) messages.push({ message: 'height', value: height, secret });
  return messages;
}

export interface HeightReporter {
  /** Reports `height` (rounded up), when it differs from the last one reported. */
  report(height: number): void;
}

/**
 * Reports heights to `win.parent` (nothing when the page is not in a frame), for GIF `id`, with
 * the secret of `win`'s address; answers the parent's requests for the height.
 */
export function reportHeights(win: Window, id: string): HeightReporter {
  const secret = wordPressSecret(win.location.hash);
  const framed = win.parent !== win;
  const wordPress = framed && !!secret;
  let last = 0;
  /** The height to say: the content's, else the frame's own (0 when a hidden frame has none yet). */
  const best = () => last || Math.ceil(win.innerHeight);
  const send = () => {
    if (framed && last) for (const message of heightMessages(id, last, secret)) win.parent.postMessage(message, '*');
  };
  const tellWordPress = () => {
    const height = best();
    if (height > 0) win.parent.postMessage({ message: 'height', value: height, secret }, '*');
  };
  let repeat: ReturnType<typeof setInterval> | undefined;
  const stopRepeating = () => clearInterval(repeat);
  const onMessage = (event: MessageEvent) => {
    if (event.source !== win.parent) return;
    const data = event.data as { type?: unknown; message?: unknown; secret?: unknown } | null;
    if (!data || typeof data !== 'object') return;
    if (data.type === HEIGHT_MESSAGE) send();
    if (wordPress && data.message === 'ready' && data.secret === secret) {
      stopRepeating();
      tellWordPress();
    }
  };
  // WordPress's sandbox allows no popup: a link to this host is followed by WordPress itself.
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    const link = event.composedPath().find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement && !!node.href);
    if (!link || new URL(link.href).host !== win.location.host) return;
    event.preventDefault();
    win.parent.postMessage({ message: 'link', value: link.href, secret }, '*');
  };
  win.addEventListener('message', onMessage);
  if (wordPress) {
    // Only where the frame is WordPress's sandbox: an opaque origin and a secret.
    if (win.origin === 'null') win.addEventListener('click', onClick);
    tellWordPress();
    repeat = setInterval(tellWordPress, WORDPRESS_REPEAT_MS);
    setTimeout(stopRepeating, WORDPRESS_REPEAT_FOR_MS);
  }
  return {
    report(height) {
      const rounded = Math.ceil(height);
      if (rounded <= 0 || rounded === last) return;
      last = rounded;
      send();
    },
  };
}
