/**
 * The mobile player (spec §2, §4): the GIF as a button that opens and closes the footer, the
 * header with the attribution line and pause/play, and the footer that slides in at ready with
 * the logo, Watch (youtube/vimeo media only) and 'View on'. No share menu, no related grid.
 * When the header has scrolled out at the top, the footer carries pause/play instead.
 */
import { fill } from '../i18n';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useScrollObserver } from '../sdk/use-observers';
import { getConfig } from '../config';
import { loadPlugin, pluginNonce } from '../plugin-files';
import { altText, safeUrl } from '../model';
import { Attribution } from './Attribution';
import { VIDEO_PROVIDERS } from './constants';
import { GifView } from './GifView';
import { Icon } from './icons';
import { later } from './later';
import { NEW_WINDOW } from './links';
import { videoProvider } from './media';
import { PauseButton } from './PauseButton';
import type { PlayerProps } from './props';
import { PluginSlot } from './PluginSlot';
import { interaction, pingback, track } from './tracking';
import { useMediaView } from './use-media-view';
import { usePlayer } from './use-player';

/**
 * The header-hidden flag (spec §2): true while the header `el` has scrolled out at the top of the
 * window, as the scroll observer reports it (its first step is the header's top edge leaving).
 */
function useHeaderHidden(header: RefObject<HTMLElement | null>): boolean {
  const [hidden, setHidden] = useState(false);
  useScrollObserver(header, (entry) => setHidden(entry.boundingClientRect.top < (entry.rootBounds?.top ?? 0)));
  return hidden;
}

/**
 * `children` from a render of their own, an item of the queue of a player's later renders
 * (./later.ts): that render is of them alone, not of the whole player around them.
 */
function Later({ children }: { children: ReactNode }) {
  const [shown, show] = useState(false);
  useEffect(() => later.add([() => show(true)]), []);
  return shown && children;
}

export function MobilePlayer(props: PlayerProps) {
  const { gif, entering } = props;
  const base = usePlayer(props);
  // The footer opens at ready (in the same render), and the visitor's tap on the GIF toggles it from then on.
  const [toggled, setToggled] = useState<boolean>();
  const footerOpen = toggled ?? base.ready;
  const media = useMediaView(base.root, '.mf button.w');
  const mediaView = media.open;
  const header = useRef<HTMLDivElement>(null);
  const headerHidden = useHeaderHidden(header);
  const provider = videoProvider(gif, VIDEO_PROVIDERS);
  const { productName, siteBase } = getConfig();
  const { m } = props.strings;
  const [viewOn, viewOnAfter] = m.viewOn.split('{0}');

  const context = { gif, theme: base.scheme, track, pingback, m };
  const pause = !mediaView && <PauseButton paused={base.paused} onToggle={base.togglePause} m={m} />;
  const tab = footerOpen ? 0 : -1;
  const classes = ['r', entering && !base.ready && 'e', base.scheme == 'light' && 'l', base.paused && 'p', base.small && 's', footerOpen && 'o'];

  return (
    <div
      ref={base.root}
      className={classes.filter(Boolean).join(' ')}
      onAnimationEnd={base.onAnimationEnd}
    >
      {mediaView ? (
        <div className="ov">
          <PluginSlot name="video" props={{ ...context, mobile: true, nonce: pluginNonce(), onBack: media.leave }} />
        </div>
      ) : (
        <button
          type="button"
          className="g"
          aria-label={fill(m.showLinks, props.alt || altText(gif))}
          aria-expanded={footerOpen}
          // Under the hover and click policies a tap on the still GIF plays it; else it opens or closes the footer.
          onClick={() => (base.paused && (base.policy == 'hover' || base.policy == 'click') ? base.togglePause() : setToggled(!footerOpen))}
        >
          <GifView {...props} width={base.size.width} height={base.size.height} paused={base.paused} />
        </button>
      )}
      {/* The header's contents come with the renders after the first, then the footer's. */}
      <div ref={header} className="hd">
        <Later>
          <Attribution user={gif.user} images={gif.images} m={m} />
          {!headerHidden && pause}
        </Later>
      </div>
      <div className="mf" inert={!footerOpen}>
        <Later>
          <a className="ic" href={safeUrl(siteBase) || gif.url || undefined} {...NEW_WINDOW} aria-label={productName} tabIndex={tab}>
            <Icon name="logo" />
          </a>
          {headerHidden && pause}
          {provider && !mediaView && (
            <button
              type="button"
              className="w"
              onClick={() => loadPlugin('video').then((plugin) => plugin && media.show())}
              tabIndex={tab}
            >
              {m.watch}
            </button>
          )}
          {gif.url && (
            <a className="vo" href={gif.url} {...NEW_WINDOW} onClick={() => interaction(gif, 'Click', 'Link', 'View More CTA')} tabIndex={tab}>
              {viewOn}
              <b dir="auto">{productName}</b>
              {viewOnAfter}
            </a>
          )}
        </Later>
      </div>
    </div>
  );
}
