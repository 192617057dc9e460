/** @jsxImportSource preact */
/**
 * The embed player (spec §2, §4): the GIF filling the placeholder's box, the pause/play control,
 * the hover state and the mobile chrome (sliding footer with Watch and 'View on'). The desktop
 * chrome (header, attribution, footer with the related grid and 'Continue Watching on', share)
 * is the `chrome` plugin, fetched at the first hover or focus, or when the page is idle after
 * ready; never on mobile. The player is ready when its 0.4 s entry animation ends, or after 700 ms.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { getConfig } from '../config';
import { fetchGifs } from '../embed/fetch';
import { loadPlugin, pluginNonce } from '../embed/plugins';
import type { PlaceholderOptions } from '../embed/placeholder';
import { altText, safeUrl, type Gif } from '../model';
import type { PluginContext, PluginName, PluginSlotComponent } from '../plugin-types';
import {
  HOVER_HIDE_DELAY_MS, HOVER_HIDE_GRID_ACTIVE_MS, HOVER_REPORT_DELAY_MS, HOVER_SHOW_DELAY_MS,
  MIN_CHROME_HEIGHT_PX, MIN_CHROME_WIDTH_PX, PLUGIN_IDLE_DELAY_MS, READY_FALLBACK_MS, SEEN_THRESHOLD, VIDEO_PROVIDERS,
} from './constants';
import { Attribution } from './Attribution';
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
  const [size, setSize] = useState({ width, height });
  const [hovered, setHovered] = useState(false);
  const [paused, setPaused] = useState(() =>
    startsPaused(gif, options.autoplay, matchMedia('(prefers-reduced-motion: reduce)').matches, webpSupported()),
  );
  const [mediaView, setMediaView] = useState(false);
  const [footerOpen, setFooterOpen] = useState(false);
  const [headerHidden, setHeaderHidden] = useState(false);
  const [gridActive, setGridActive] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  const [wantChrome, setWantChrome] = useState(false);
  const [failed, setFailed] = useState<{ [name in PluginName]?: boolean }>({});
  const timers = useRef<{ [name: string]: Timer | undefined }>({}).current;
  const state = useRef({ ready: false, gridActive: false }).current;

  const { productName, siteBase } = getConfig();
  const provider = videoProvider(gif, VIDEO_PROVIDERS);
  const small = size.height < MIN_CHROME_HEIGHT_PX || size.width < MIN_CHROME_WIDTH_PX;
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
    // The desktop chrome waits for intent (hover, focus) or, failing that, an idle moment after ready.
    else later('idle', PLUGIN_IDLE_DELAY_MS, () => (window.requestIdleCallback || setTimeout)(() => setWantChrome(true)));
  };

  /** Loads plugin `name`, then runs `use`; a plugin that fails only hides its feature. */
  const withPlugin = (name: PluginName, use: () => void) =>
    loadPlugin(name).then((plugin) => (plugin ? use() : setFailed((f) => ({ ...f, [name]: true }))));

  useEffect(() => {
    later('ready', READY_FALLBACK_MS, ready);
    const el = root.current!;
    const sizes = new ResizeObserver(() => setSize({ width: el.clientWidth, height: el.clientHeight }));
    sizes.observe(el);
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
    if (wantChrome && provider) withPlugin('video', () => {});
  }, [wantChrome]);

  const hide = () => {
    setHovered(false);
    setResetKey((k) => k + 1);
    state.gridActive = false;
    setGridActive(false);
  };
  const enter = () => {
    cancel('hide');
    setWantChrome(true);
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
    setWantChrome(true);
    setHovered(true);
  };
  const focusOut = (event: FocusEvent) => {
    if (!root.current!.contains(event.relatedTarget as Node | null)) later('hide', HOVER_HIDE_DELAY_MS, hide);
  };
  const watch = () => withPlugin('video', () => setMediaView(true));
  const clickLink = () => interaction(gif, 'Click', 'Link', 'View More CTA');
  const site = safeUrl(siteBase) || gif.url;
  const tab = footerOpen ? 0 : -1;

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
  const pause = !mediaView && (
    <button
      type="button"
      class="ic pp"
      aria-label={paused ? LABELS.play : LABELS.pause}
      aria-pressed={paused}
      onClick={() => {
        setPaused(!paused);
        track('Click', LABELS.pause);
      }}
    >
      <Icon name={paused ? 'play' : 'pause'} />
    </button>
  );
  const header = <div class="hd">{pause}</div>;

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
        <button type="button" class="g" aria-expanded={footerOpen} onClick={() => setFooterOpen(!footerOpen)}>
          {image}
        </button>
      ) : (
        <a class="g" href={gif.url || undefined} {...NEW_WINDOW} onClick={() => interaction(gif, 'Click', 'Image', 'Image')}>
          {image}
        </a>
      )}
      {mobile ? (
        <>
          <div class="hd">
            <Attribution user={gif.user} />
            {pause}
          </div>
          <div class="mf" aria-hidden={!footerOpen}>
            <a class="ic" href={site || undefined} {...NEW_WINDOW} aria-label={productName} tabIndex={tab}>
              <Icon name="logo" />
            </a>
            {provider && !failed.video && !mediaView && (
              <button type="button" class="w" onClick={watch} tabIndex={tab}>
                {LABELS.watch}
              </button>
            )}
            <a class="vo" href={gif.url || undefined} {...NEW_WINDOW} onClick={clickLink} tabIndex={tab}>
              View on <b>{productName}</b>
            </a>
          </div>
        </>
      ) : wantChrome ? (
        <PluginSlot
          name="chrome"
          fallback={header}
          props={{
            ...context,
            hideShare: options.hideShare,
            hideRelated: options.hideRelated,
            productName,
            site,
            hovered,
            small,
            width: size.width,
            height: size.height,
            pause,
            watch: provider && !failed.video && !mediaView ? watch : undefined,
            provider,
            onLinkClick: clickLink,
            fetchRelated: (id, page) => fetchGifs('gifs/related', { gif_id: id, ...page }),
            scrollResetKey: resetKey,
            onActiveChange: (active) => {
              state.gridActive = active;
              setGridActive(active);
            },
            Slot: PluginSlot as PluginSlotComponent,
            load: loadPlugin,
          }}
        />
      ) : (
        header
      )}
    </div>
  );
}
