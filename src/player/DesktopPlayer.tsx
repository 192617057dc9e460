/**
 * The desktop player (spec §2, §4): the GIF as a link to its page, the pause/play control, and
 * the hover state. The chrome that hover reveals (header, attribution, footer with the related
 * grid and 'Continue Watching on', share) is the `chrome` plugin, fetched at the first hover or
 * focus, or when the page is idle after ready. A small player (spec §2, §9: under 200 px tall or
 * 250 px wide) shows none of it, so it builds none (and fetches no chrome or video file) while it
 * is small: a wall of a thousand thumbnails keeps no hidden chrome.
 */
import { useEffect, useState } from 'react';
import { getConfig } from '../config';
import { whenIdle } from '../idle';
import { fetchGifs } from '../api/gif-list';
import { loadPlugin, pluginNonce } from '../plugin-files';
import { safeUrl } from '../model';
import { PLUGIN_IDLE_DELAY_MS, PROVIDER_NAMES, VIDEO_PROVIDERS } from './constants';
import { GifView } from './GifView';
import { NEW_WINDOW } from './links';
import { videoProvider } from './media';
import { PauseButton } from './PauseButton';
import type { PlayerProps } from './props';
import { PluginSlot } from './PluginSlot';
import { MOBILE_ONLY } from '../layout-file';
import { interaction, pingback, track } from './tracking';
import { useHoverIntent } from './use-hover-intent';
import { useMediaView } from './use-media-view';
import { usePlayer } from './use-player';

export function DesktopPlayer(props: PlayerProps) {
  const { gif, options, entering } = props;
  const base = usePlayer(props);
  const [wantChrome, setWantChrome] = useState(false);
  const media = useMediaView(base.root, '.hd button[data-watch]');
  const mediaView = media.open;
  const hover = useHoverIntent(
    () => setWantChrome(true),
    () => interaction(gif, 'Hover', 'Image', 'Image'),
  );
  const provider = videoProvider(gif, VIDEO_PROVIDERS);
  // The hover policy: the GIF plays while the player is pointed at or holds the focus.
  const hovering = base.policy == 'hover' && hover.hovered;
  useEffect(() => {
    if (base.policy == 'hover') base.setPaused(!hovering);
  }, [hovering]);
  const { productName, siteBase } = getConfig();

  // Without a hover or focus, the chrome still comes once the page is idle after ready.
  useEffect(() => {
    if (!base.ready) return undefined;
    let idle: (() => void) | undefined;
    const timer = setTimeout(() => (idle = whenIdle(() => setWantChrome(true))), PLUGIN_IDLE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      idle?.();
    };
  }, [base.ready]);
  // The video plugin comes with the chrome for provider media, so Watch answers at once.
  useEffect(() => {
    if (wantChrome && !base.small && provider) loadPlugin('video');
  }, [wantChrome, base.small]);

  const { m } = props.strings;
  const context = { gif, theme: base.scheme, autoplay: base.autoplay, track, pingback, m };
  const pause = !mediaView && <PauseButton paused={base.paused} onToggle={base.togglePause} m={m} />;
  // The player shows its GIF first, and its header (the pause button, which shows only on hover
  // or focus, or while paused) at ready: when the entry animation ends, or for a player rendered
  // out of view when the browser is next idle; at once at the first hover or focus, or when the
  // GIF starts paused. A page that mounts many players builds their controls in time it has to spare.
  const header = (base.ready || base.paused || wantChrome) && <div className="hd">{pause}</div>;
  const classes = ['r', MOBILE_ONLY('d'), entering && !base.ready && 'e', base.scheme == 'light' && 'l', hover.hovered && 'h', base.paused && 'p', base.small && 's'];

  return (
    <div ref={base.root} className={classes.filter(Boolean).join(' ')} onAnimationEnd={base.onAnimationEnd} {...hover.handlers}>
      {mediaView ? (
        <div className="ov">
          <PluginSlot name="video" props={{ ...context, mobile: false, nonce: pluginNonce(), onBack: media.leave }} />
        </div>
      ) : (
        <a
          className="g"
          href={gif.url || undefined}
          {...NEW_WINDOW}
          // The click policy: a click on the still GIF plays it (lite-youtube's pattern); once it plays, the link.
          onClick={(event) => (base.policy == 'click' && base.paused ? (event.preventDefault(), base.togglePause()) : interaction(gif, 'Click', 'Image', 'Image'))}
        >
          <GifView {...props} width={base.size.width} height={base.size.height} paused={base.paused} />
        </a>
      )}
      {/* One slot throughout: the header's pause button (and its focus) stays until the chrome comes. */}
      <PluginSlot
        name="chrome"
        fallback={header || null}
        // Built once wanted, in a box big enough for it: a page of many players keeps no props for
        // chrome it has not asked for, and a small player none for chrome it would hide.
        props={wantChrome && !base.small ? {
          ...context,
          hideShare: options.hideShare,
          script: props.embed.page.tag,
          siteBase: safeUrl(siteBase),
          hideRelated: options.hideRelated,
          productName,
          site: safeUrl(siteBase) || gif.url,
          hovered: hover.hovered,
          enteredBackward: hover.enteredBackward,
          small: base.small,
          width: base.size.width,
          height: base.size.height,
          pause,
          // A plugin file that failed to load is asked for again at the next click.
          watch: provider && !mediaView ? () => loadPlugin('video').then((plugin) => plugin && media.show()) : undefined,
          provider: PROVIDER_NAMES[provider] || provider,
          onLinkClick: () => interaction(gif, 'Click', 'Link', 'View More CTA'),
          fetchRelated: (id, page) => fetchGifs('gifs/related', { gif_id: id, ...page }),
          onActiveChange: hover.setGridActive,
          Slot: PluginSlot,
          load: loadPlugin,
        } : undefined}
      />
    </div>
  );
}
