/**
 * The Vimeo player: a plain iframe on the player URL of spec §7, followed through postMessage
 * so the back-to-GIF control shows on pause and end, and paused or resumed the same way.
 */
import { useEffect, useRef } from 'react';
import { vimeoPlayerUrl } from './providers';
import { VIMEO_PLAYER_ORIGIN, backVisibleAfterVimeo, commandVimeo, subscribeVimeoEvents, vimeoEventName } from './vimeo-events';
import type { ProviderControls } from './youtube-api';

export interface VimeoFrameProps {
  videoId: string;
  title: string;
  className: string;
  onBackVisible(visible: boolean): void;
  /** Called once the player said it is ready: it can be paused and resumed by postMessage. */
  onControls(controls: ProviderControls): void;
}

/** Renders the Vimeo iframe for `videoId` and reports play / pause / ended. */
export function VimeoFrame({ videoId, title, className, onBackVisible, onControls }: VimeoFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const win = frame.current?.contentWindow;
      if (event.origin !== VIMEO_PLAYER_ORIGIN || !win || event.source !== win) return;
      const name = vimeoEventName(event.data);
      // The player listens only after it said 'ready'.
      if (name === 'ready') {
        subscribeVimeoEvents(win);
        onControls({ play: () => commandVimeo(win, 'play'), pause: () => commandVimeo(win, 'pause') });
      }
      const visible = backVisibleAfterVimeo(name);
      if (visible !== undefined) onBackVisible(visible);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return (
    <div className={className} data-video-frame="vimeo">
      <iframe
        ref={frame}
        src={vimeoPlayerUrl(videoId)}
        title={title}
        allow="autoplay; fullscreen; picture-in-picture"
        allowFullScreen
      />
    </div>
  );
}
