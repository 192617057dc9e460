/**
 * The YouTube player: built with the iframe API into a node Preact does not manage (the API
 * replaces it with its iframe), kept muted, starting one second before `start`.
 */
import { useEffect, useRef } from 'react';
import { HttpError } from '../../src/api/errors';
import { backVisibleAfterYouTube, loadYouTubeApi, youTubeErrorMessage, type ProviderControls, type YouTubePlayer } from './youtube-api';
import { youtubePlayerVars } from './providers';

export interface YouTubeFrameProps {
  videoId: string;
  /** The video's page url (named in error messages). */
  videoUrl: string;
  /** Start offset of the GIF's clip, seconds. */
  start?: number;
  nonce?: string;
  className: string;
  /** Called with true when the back control should show (paused/ended), false while playing. */
  onBackVisible(visible: boolean): void;
  /** Called when the API script or the player fails. */
  onError(error: unknown): void;
  /** Called once the player can be paused and resumed through the iframe API. */
  onControls(controls: ProviderControls): void;
}

/** Mounts a YT.Player for `videoId`; destroys it on unmount. */
export function YouTubeFrame({ videoId, videoUrl, start, nonce, className, onBackVisible, onError, onControls }: YouTubeFrameProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let player: YouTubePlayer | undefined;
    let gone = false;
    loadYouTubeApi(nonce).then(
      (YT) => {
        if (gone || !host.current) return;
        const target = document.createElement('div');
        host.current.appendChild(target);
        try {
          player = new YT.Player(target, {
            videoId,
            width: '100%',
            height: '100%',
            playerVars: youtubePlayerVars(start),
            events: {
              onReady: ({ target: p }) => {
                p.mute();
                p.playVideo();
                onControls({ play: () => p.playVideo(), pause: () => p.pauseVideo() });
              },
              onStateChange: ({ data }) => {
                const visible = backVisibleAfterYouTube(data);
                if (visible !== undefined) onBackVisible(visible);
              },
              onError: ({ data }) => {
                const message = youTubeErrorMessage(data, videoUrl);
                if (message) onError(new HttpError(0, '', message));
                else onBackVisible(true);
              },
            },
          });
        } catch (error) {
          // A broken API script must not throw into the page: the visitor gets the message.
          onError(error);
        }
      },
      (error) => {
        if (!gone) onError(error);
      },
    );
    return () => {
      gone = true;
      try {
        player?.destroy();
      } catch {
        // A half-built player may throw on destroy; the node goes away with us anyway.
      }
    };
  }, [videoId, videoUrl, start, nonce]);
  return <div ref={host} className={className} data-video-frame="youtube" />;
}
