/** @jsxImportSource preact */
/**
 * The embed player (spec §2, §4): the GIF filling the placeholder's box, with the desktop
 * chrome (hover header, sliding footer with the related grid and the 'Continue Watching on'
 * bar, share menu) or the mobile chrome (sliding footer with Watch and 'View on').
 * The player is marked ready when its 0.4 s entry animation ends, or after 700 ms.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { getConfig } from '../config';
import { fetchGifs } from '../embed/fetch';
import { loadPlugin, pluginNonce } from '../embed/plugins';
import type { PlaceholderOptions } from '../embed/placeholder';
import { altText, attributionOf, type Gif } from '../model';
import type { PluginContext, PluginName } from '../plugin-types';
import {
  FOOTER_OFFSET_EXTRA_PX, HOVER_HIDE_DELAY_MS, HOVER_HIDE_GRID_ACTIVE_MS, HOVER_REPORT_DELAY_MS,
  HOVER_SHOW_DELAY_MS, MIN_CHROME_HEIGHT_PX, MIN_CHROME_WIDTH_PX, PLUGIN_IDLE_DELAY_MS, READY_FALLBACK_MS,
  FOOTER_PADDING_PX, RELATED_HEIGHT_SHARE, SEEN_THRESHOLD, VIDEO_PROVIDERS,
} from './constants';
import { Icon } from './icons';
import { gifMedia, startsPaused, videoProvider, webpSupported } from './media';
import { PluginSlot } from './PluginSlot';
import { interaction, pingback, seen, track } from './tracking';

export interface PlayerProps {
  gif: Gif;
  options: PlaceholderOptions;
  /** Mobile layout (device string or no hover). */
  mobile: boolean;
  /** The box size when mounting (px), so the first image request already fits it. */
  width: number;
  height: number;
  /** Called once, when the player is ready. */
  onReady(): void;
}

/** Labels of the controls (what a screen reader announces). */
export const LABELS = { pause: 'Pause', play: 'Play', share: 'Share', watch: 'Watch', back: 'GIF' };

type Timer = ReturnType<typeof setTimeout>;

/** Every link of the player opens its page in a new window, without handing it our window. */
const NEW_WINDOW = { target: '_blank', rel: 'noopener' };

/** The player for `props.gif` (see PlayerProps). */
export function Player({ gif, options, mobile, width, height, onReady }: PlayerProps) {
  const root = useRef<HTMLDivElement>(null);
  const footer = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width, height });
  const [footerHeight, setFooterHeight] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [paused, setPaused] = useState(() =>
    startsPaused(gif, options.autoplay, matchMedia('(prefers-reduced-motion: reduce)').matches, webpSupported()),
  );
  const [sharing, setSharing] = useState(false);
  const [mediaView, setMediaView] = useState(false);
  const [footerOpen, setFooterOpen] = useState(false);
  const [headerHidden, setHeaderHidden] = useState(false);
  const [gridActive, setGridActive] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  const [wantPlugins, setWantPlugins] = useState(false);
  const [failed, setFailed] = useState<{ [name in PluginName]?: boolean }>({});
  const timers = useRef<{ [name: string]: Timer | undefined }>({}).current;
  const state = useRef({ ready: false, gridActive: false }).current;

  const { productName, siteBase } = getConfig();
  const provider = videoProvider(gif, VIDEO_PROVIDERS);
  const small = size.height < MIN_CHROME_HEIGHT_PX || size.width < MIN_CHROME_WIDTH_PX;
  const attribution = attributionOf(gif.user);
  const media = gifMedia(gif, size.width, size.height, webpSupported());
  const context: PluginContext = { gif, theme: options.theme, track, pingback };
  const later = (name: string, ms: number, run: () => void) => {
    clearTimeout(timers[name]);
    timers[name] = setTimeout(run, ms);
  };
  const cancel = (name: string) => clearTimeout(timers[name]);

  const ready = () => {
    if (state.ready) return;
    state.ready = true;
    onReady();
    if (mobile) setFooterOpen(true);
    // Desktop plugins wait for intent (hover) or, failing that, an idle moment after ready.
    else later('idle', PLUGIN_IDLE_DELAY_MS, () => (window.requestIdleCallback || setTimeout)(() => setWantPlugins(true)));
  };

  /** Loads plugin `name`, then runs `use`; a plugin that fails only hides its feature. */
  const withPlugin = (name: PluginName, use: () => void) =>
    loadPlugin(name).then((plugin) => (plugin ? use() : setFailed((f) => ({ ...f, [name]: true }))));

  useEffect(() => {
    later('ready', READY_FALLBACK_MS, ready);
    const el = root.current!;
    const sizes = new ResizeObserver(() => {
      setSize({ width: el.clientWidth, height: el.clientHeight });
      if (footer.current) setFooterHeight(footer.current.offsetHeight);
    });
    sizes.observe(el);
    if (footer.current) sizes.observe(footer.current);
    const visibility = new IntersectionObserver(
      ([entry]) => {
        if (entry.intersectionRatio >= SEEN_THRESHOLD) {
          visibility.disconnect();
          seen(gif, options.pixel);
        }
      },
      { threshold: SEEN_THRESHOLD },
    );
    visibility.observe(el);
    const onScroll = () => setHeaderHidden(el.getBoundingClientRect().top < 0);
    if (mobile) addEventListener('scroll', onScroll, { passive: true });
    return () => {
      sizes.disconnect();
      visibility.disconnect();
      removeEventListener('scroll', onScroll);
      for (const name in timers) clearTimeout(timers[name]);
    };
  }, []);

  useEffect(() => {
    if (!wantPlugins || mobile) return;
    if (!options.hideShare) withPlugin('share', () => {});
    if (!options.hideRelated) withPlugin('related', () => {});
    if (provider) withPlugin('video', () => {});
  }, [wantPlugins]);

  const hide = () => {
    setHovered(false);
    setResetKey((k) => k + 1);
    state.gridActive = false;
    setGridActive(false);
  };
  const enter = () => {
    cancel('hide');
    setWantPlugins(true);
    later('show', HOVER_SHOW_DELAY_MS, () => setHovered(true));
    later('report', HOVER_REPORT_DELAY_MS, () => interaction(gif, 'Hover', 'Image', 'Image'));
  };
  const leave = () => {
    cancel('show');
    cancel('report');
    later('hide', state.gridActive ? HOVER_HIDE_GRID_ACTIVE_MS : HOVER_HIDE_DELAY_MS, hide);
  };
  const focusIn = () => {
    cancel('hide');
    setWantPlugins(true);
    setHovered(true);
  };
  const focusOut = (event: FocusEvent) => {
    if (!root.current!.contains(event.relatedTarget as Node | null)) later('hide', HOVER_HIDE_DELAY_MS, hide);
  };
  const togglePause = () => {
    setPaused((p) => !p);
    track('Click', LABELS.pause);
  };
  const openShare = () =>
    withPlugin('share', () => {
      setSharing(true);
      track('Click', LABELS.share);
    });
  const watch = () => withPlugin('video', () => setMediaView(true));
  const clickLink = () => interaction(gif, 'Click', 'Link', 'View More CTA');
  const site = siteBase || gif.url;
  const showFooter = hovered && !sharing;

  const image = (
    <img
      alt={altText(gif)}
      src={paused ? media.still || media.src : media.src}
      srcset={paused ? undefined : media.srcset || undefined}
      sizes={`${Math.round(size.width)}px`}
      width={Math.round(size.width)}
      height={Math.round(size.height)}
    />
  );

  return (
    <div
      ref={root}
      class={`r${options.theme === 'light' ? ' l' : ''}${hovered ? ' h' : ''}${paused ? ' p' : ''}${small ? ' s' : ''}${mobile ? ' m' : ''}${footerOpen ? ' o' : ''}`}
      data-layout={mobile ? 'mobile' : 'desktop'}
      data-header-hidden={headerHidden ? '' : undefined}
      data-grid-active={gridActive ? '' : undefined}
      onAnimationEnd={(event) => event.target === root.current && ready()}
      onMouseEnter={mobile ? undefined : enter}
      onMouseLeave={mobile ? undefined : leave}
      onFocusIn={mobile ? undefined : focusIn}
      onFocusOut={mobile ? undefined : focusOut}
    >
      {mediaView ? (
        <div class="ov">
          <PluginSlot name="video" props={{ ...context, mobile, nonce: pluginNonce(), onBack: () => setMediaView(false) }} />
        </div>
      ) : mobile ? (
        <button type="button" class="g" aria-expanded={footerOpen} onClick={() => setFooterOpen((o) => !o)}>
          {image}
        </button>
      ) : (
        <a class="g" href={gif.url} {...NEW_WINDOW} onClick={() => interaction(gif, 'Click', 'Image', 'Image')}>
          {image}
        </a>
      )}
      <div class="hd">
        {!mobile && (
          <a class="ic" href={site} {...NEW_WINDOW} aria-label={productName}>
            <Icon name="logo" />
          </a>
        )}
        {attribution ? (
          <a class="at" href={attribution.profileUrl || undefined} {...NEW_WINDOW}>
            {attribution.avatarUrl && <img src={attribution.avatarUrl} alt="" />}
            <span>{attribution.name}</span>
            {attribution.verified && <Icon name="verified" label="Verified" />}
            {attribution.handle && <small>{attribution.handle}</small>}
          </a>
        ) : (
          <span class="at" />
        )}
        {!mobile && provider && !failed.video && !mediaView && (
          <button type="button" class="ic" aria-label={`${LABELS.watch} on ${provider}`} onClick={watch}>
            <Icon name="play" />
          </button>
        )}
        {!mediaView && (
          <button type="button" class="ic pp" aria-label={paused ? LABELS.play : LABELS.pause} aria-pressed={paused} onClick={togglePause}>
            <Icon name={paused ? 'play' : 'pause'} />
          </button>
        )}
        {!mobile && !options.hideShare && !failed.share && (
          <button type="button" class="ic" aria-label={LABELS.share} aria-haspopup="dialog" onClick={openShare}>
            <Icon name="share" />
          </button>
        )}
      </div>
      {mobile ? (
        <div class="mf" aria-hidden={!footerOpen}>
          <a class="ic" href={site} {...NEW_WINDOW} aria-label={productName} tabIndex={footerOpen ? 0 : -1}>
            <Icon name="logo" />
          </a>
          {provider && !failed.video && !mediaView && (
            <button type="button" class="w" onClick={watch} tabIndex={footerOpen ? 0 : -1}>
              {LABELS.watch}
            </button>
          )}
          <a class="vo" href={gif.url} {...NEW_WINDOW} onClick={clickLink} tabIndex={footerOpen ? 0 : -1}>
            View on <b>{productName}</b>
          </a>
        </div>
      ) : (
        <div
          ref={footer}
          class="ft"
          style={{ transform: showFooter ? 'none' : `translateY(${footerHeight + FOOTER_OFFSET_EXTRA_PX}px)` }}
          aria-hidden={!showFooter}
        >
          {wantPlugins && !options.hideRelated && !failed.related && !small && (
            <div class="rl" style={{ height: Math.round(size.height * RELATED_HEIGHT_SHARE) }}>
              <PluginSlot
                name="related"
                props={{
                  ...context,
                  width: size.width - FOOTER_PADDING_PX * 2,
                  fetchRelated: (id, page) => fetchGifs('gifs/related', { gif_id: id, ...page }),
                  scrollResetKey: resetKey,
                  onActiveChange: (active) => {
                    state.gridActive = active;
                    setGridActive(active);
                  },
                }}
              />
            </div>
          )}
          <a class="cta" href={gif.url} {...NEW_WINDOW} onClick={clickLink} tabIndex={showFooter ? 0 : -1}>
            Continue Watching on <b>{productName}</b>
          </a>
        </div>
      )}
      {sharing && (
        <div class="ov">
          <PluginSlot name="share" props={{ ...context, onClose: () => setSharing(false) }} />
        </div>
      )}
    </div>
  );
}
