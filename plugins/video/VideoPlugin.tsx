/**
 * The video plugin (spec §2, §4, §5): mounted when the visitor asks for the video (Watch), it
 * opens the provider's player at once, showing the GIF's still and a loader while the video is
 * checked and its player loads; until that click the page holds only the GIF, not a byte of the
 * provider's. A back-to-GIF control shows while the video is paused or ended. Failures become a
 * message inside the embed.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { deepActiveElement } from '../../src/player/focus';
import { HttpError, ValidationError } from '../../src/api/errors';
import { EVENT_CATEGORY, playAction } from '../../src/analytics/track-event';
import { EMBED_BASE_PX, pickRendition } from '../../src/model';
import type { VideoPluginProps } from '../../src/plugin-types';
import { Loader } from '../../src/ui/loader';
import { PauseButton, PAUSE_LABEL } from '../../src/player/PauseButton';
import { fetchOembed } from './oembed';
import { PROVIDERS, isProvider, resolveVideo } from './providers';
import { videoStyles } from './styles';
import { VimeoFrame } from './VimeoFrame';
import { YOUTUBE_API_FAILED, type ProviderControls } from './youtube-api';
import { VIDEO_EN } from '../../src/i18n/en';
import { YouTubeFrame } from './YouTubeFrame';

/** Visible text of the back control (spec §2: "a back control labelled GIF") and its full name. */
export const BACK_TEXT = 'GIF';
export const BACK_LABEL = VIDEO_EN.backToGif;
/** Shown for a provider the embed does not play, and for failures without a readable message (in English; the reader reads their own). */
export const UNSUPPORTED_PROVIDER = VIDEO_EN.videoUnsupported;
export const VIDEO_FAILED = VIDEO_EN.videoFailed;

type Phase = 'checking' | 'playing' | 'error';

/** The text shown for `error`: the spec §5 messages as they are, a generic line otherwise. */
export function videoErrorText(error: unknown): string {
  if (error instanceof ValidationError || error instanceof HttpError) return error.message;
  if (error instanceof Error && error.message === YOUTUBE_API_FAILED) return error.message;
  return VIDEO_FAILED;
}

/** Opens the youtube or vimeo player for `gif.external_media`. */
export function VideoPlugin({ gif, mobile, onBack, track, nonce, m }: VideoPluginProps) {
  const s = videoStyles();
  const media = gif.external_media;
  const provider = media?.provider_name;
  const supported = isProvider(provider);
  const [phase, setPhase] = useState<Phase>(supported ? 'checking' : 'error');
  const [message, setMessage] = useState(supported ? '' : UNSUPPORTED_PROVIDER);
  // Our own messages in the reader's language; the spec's (which quote an address) as they are.
  const shown = message === UNSUPPORTED_PROVIDER ? m.videoUnsupported : message === VIDEO_FAILED ? m.videoFailed : message === YOUTUBE_API_FAILED ? m.youtubeFailed : message;
  const [video, setVideo] = useState({ id: '', url: '' });
  const [backVisible, setBackVisible] = useState(true);
  const still = pickRendition(gif.images, EMBED_BASE_PX, EMBED_BASE_PX, { stills: true });
  // The provider player's pause and play, once it can take them (its pause/play control shows then).
  const [controls, setControls] = useState<ProviderControls>();
  const root = useRef<HTMLDivElement>(null);
  const backButton = useRef<HTMLButtonElement>(null);

  // The control that opened the video is gone once it shows: keyboard focus moves to the way
  // back. When that hides (the video plays), focus that was on it stays in the view, so Escape
  // still closes it; focus the visitor took elsewhere is left alone.
  // In the commit itself: the Watch control is gone by then, and a key pressed before a later
  // effect would land on the page instead of the video view (Escape would do nothing).
  useLayoutEffect(() => {
    if (phase !== 'playing') backButton.current?.focus({ preventScroll: true });
  }, [phase]);
  useLayoutEffect(() => {
    const now = deepActiveElement();
    if (!backVisible && (!now || now === document.body)) root.current?.focus({ preventScroll: true });
  }, [backVisible]);

  const fail = (error: unknown) => {
    setControls(undefined);
    setMessage(videoErrorText(error));
    setPhase('error');
    setBackVisible(true);
  };

  // The click on Watch was the visitor's 'Play {Provider}'.
  const play = async () => {
    if (!supported) return;
    track(EVENT_CATEGORY.CLICK, playAction(provider));
    try {
      const found = resolveVideo(provider, { id: media?.asset_uid });
      await fetchOembed(provider, found.url);
      setVideo(found);
      setBackVisible(false);
      setPhase('playing');
    } catch (error) {
      fail(error);
    }
  };
  useEffect(() => {
    play();
  }, []);

  const name = supported ? PROVIDERS[provider].name : '';
  return (
    <div
      ref={root}
      className={s.root}
      tabIndex={-1}
      data-video-plugin={phase}
      onKeyDown={(event) => {
        // Escape leaves the video view, as Back does.
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onBack();
      }}
    >
      {phase !== 'playing' && still && <img className={s.still} src={still.url} alt="" />}
      {phase === 'checking' && (
        <div className={s.message}>
          <Loader label={m.loading} />
        </div>
      )}
      {phase === 'error' && (
        <div className={s.message} role="alert" data-video-error="">
          {shown}
        </div>
      )}
      {phase === 'playing' && supported && provider === 'youtube' && (
        <YouTubeFrame
          videoId={video.id}
          videoUrl={video.url}
          start={media?.start}
          nonce={nonce}
          className={s.frame}
          onBackVisible={setBackVisible}
          onError={fail}
          onControls={setControls}
        />
      )}
      {phase === 'playing' && supported && provider === 'vimeo' && (
        <VimeoFrame videoId={video.id} title={gif.title || name} className={s.frame} onBackVisible={setBackVisible} onControls={setControls} />
      )}
      {/* The player's pause/play control stays in the video view: it pauses and resumes the
          provider's player (paused while the back control shows) and records a 'Pause' click. */}
      {phase === 'playing' && controls && (
        <div className={mobile ? `${s.pause} ${s.pauseMobile}` : s.pause}>
          <PauseButton
            m={m}
            paused={backVisible}
            onToggle={() => {
              (backVisible ? controls.play : controls.pause)();
              track(EVENT_CATEGORY.CLICK, PAUSE_LABEL);
            }}
          />
        </div>
      )}
      {backVisible && (
        <button
          ref={backButton}
          type="button"
          className={mobile ? `${s.back} ${s.backMobile}` : s.back}
          aria-label={m.backToGif}
          onClick={onBack}
          data-video-back={mobile ? 'mobile' : 'desktop'}
        >
          <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M15.4 4.6 14 3.2 5.2 12l8.8 8.8 1.4-1.4L8 12z" />
          </svg>
          {BACK_TEXT}
        </button>
      )}
    </div>
  );
}
