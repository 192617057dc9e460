/**
 * The YouTube iframe API, loaded on demand (spec §7): the script is added once per page, only
 * when a visitor asks for a YouTube video, with the embed's CSP nonce.
 */
import { VIDEO_EN } from '../../src/i18n/en';
import { notEmbeddableMessage, notFoundMessage } from './providers';
// The loader's Trusted Types policy makes the script URL (and allows this one).
import { setScriptSrc, YOUTUBE_IFRAME_API } from '../../src/plugin-files';

/** YouTube player states (spec §4): ended 0, playing 1, paused 2. */
export const YT_ENDED = 0;
export const YT_PLAYING = 1;
export const YT_PAUSED = 2;

/** The part of a YT.Player the embed uses. */
export interface YouTubePlayer {
  mute(): void;
  playVideo(): void;
  pauseVideo(): void;
  destroy(): void;
}

/** What the video view's pause/play control asks of a provider's player. */
export interface ProviderControls {
  play(): void;
  pause(): void;
}

export interface YouTubePlayerOptions {
  videoId: string;
  width?: string | number;
  height?: string | number;
  playerVars: Record<string, number | string>;
  events: {
    onReady?(event: { target: YouTubePlayer }): void;
    onStateChange?(event: { data: number; target: YouTubePlayer }): void;
    onError?(event: { data: number }): void;
  };
}

/** The `YT` namespace the script defines. */
export interface YouTubeApi {
  Player: new (element: HTMLElement, options: YouTubePlayerOptions) => YouTubePlayer;
  ready?(callback: () => void): void;
}

type WithYT = { YT?: Partial<YouTubeApi> };

/** Message when the script cannot be loaded (offline, blocked by the page's CSP). */
export const YOUTUBE_API_FAILED = VIDEO_EN.youtubeFailed;

/** The load in progress (or done) per document, so two embeds never add two scripts. */
const loading = new WeakMap<Document, Promise<YouTubeApi>>();

/**
 * Loads the iframe API once. `nonce` goes on the script tag (the page's CSP); `doc` is for
 * tests. Resolves with `YT` once its Player can be built; a failed load may be retried.
 */
export function loadYouTubeApi(nonce?: string, doc: Document = document): Promise<YouTubeApi> {
  const win = (doc.defaultView ?? window) as unknown as WithYT;
  if (win.YT?.Player) return Promise.resolve(win.YT as YouTubeApi);
  const pending = loading.get(doc);
  if (pending) return pending;
  const load = new Promise<YouTubeApi>((resolve, reject) => {
    const script = doc.createElement('script');
    try {
      setScriptSrc(script, YOUTUBE_IFRAME_API);
    } catch {
      return reject(new Error(YOUTUBE_API_FAILED));
    }
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onload = () => {
      const yt = win.YT;
      // The API script loads a second file before Player exists; YT.ready waits for it,
      // without taking over the page's global onYouTubeIframeAPIReady.
      if (yt?.Player) resolve(yt as YouTubeApi);
      else if (yt?.ready) yt.ready(() => resolve(win.YT as YouTubeApi));
      else fail();
    };
    const fail = () => {
      script.remove();
      reject(new Error(YOUTUBE_API_FAILED));
    };
    script.onerror = fail;
    doc.head.appendChild(script);
  });
  loading.set(doc, load);
  // A failed load is forgotten: the next play asks again.
  load.catch(() => loading.get(doc) === load && loading.delete(doc));
  return load;
}

/** YouTube player error codes: the video is gone (100) or its owner forbids embedding (101, 150). */
const YT_ERROR_NOT_FOUND = 100;
const YT_ERRORS_NOT_EMBEDDABLE = [101, 150];

/**
 * The spec §5 message for YouTube player error `code` about the video at `url`: "was not found"
 * or "is not embeddable"; undefined for other codes (playback problems the player shows itself).
 */
export function youTubeErrorMessage(code: number, url: string): string | undefined {
  if (code === YT_ERROR_NOT_FOUND) return notFoundMessage(url);
  if (YT_ERRORS_NOT_EMBEDDABLE.includes(code)) return notEmbeddableMessage(url);
  return undefined;
}

/** Whether the back-to-GIF control shows after YouTube state `state` (spec §4: ended 0 or paused 2 show it, playing hides it). */
export function backVisibleAfterYouTube(state: number): boolean | undefined {
  if (state === YT_ENDED || state === YT_PAUSED) return true;
  if (state === YT_PLAYING) return false;
  return undefined;
}
