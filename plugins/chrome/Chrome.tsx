/**
 * The desktop chrome (spec §2, §5, §9): the header (logo link, attribution line with the
 * verified badge, Watch, the player's pause/play control, share button), the footer that
 * slides up on hover ('Related Gifs' grid and the 'Continue Watching on' bar, with the cutout
 * behind that bar where the GIF shows through) and the share menu. The player owns the hover state and its timings; this draws what hover reveals.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ChromePluginProps } from '../../src/plugin-types';
import { Attribution } from '../../src/player/Attribution';
import { Icon } from '../../src/player/icons';
import { NEW_WINDOW } from '../../src/player/links';
import { FOOTER_OFFSET_EXTRA_PX, FOOTER_PADDING_PX, relatedHeight } from '../../src/player/constants';
import { fill } from '../../src/i18n';
import { CHROME_EN } from '../../src/i18n/en';
import { scriptTagCode } from '../../src/model/share';

/** Label of the share button, in English: its click is recorded so. */
export const SHARE_LABEL = CHROME_EN.share;

/** The desktop chrome for `props.gif` (see ChromePluginProps). */
export function Chrome(props: ChromePluginProps) {
  const { gif, hovered, small, Slot, m } = props;
  const [continueOn, continueAfter] = m.continueOn.split('{0}');
  const footer = useRef<HTMLDivElement>(null);
  const [sharing, setSharing] = useState(false);
  const [shareFailed, setShareFailed] = useState(false);
  // share.js is here: a click on Share opens the menu at once. Until then a click is a request
  // the visitor can take back: the header stays in reach, focus stays on Share, and Escape
  // cancels it (the menu does not open later, out of the blue, once the file arrives).
  const [shareReady, setShareReady] = useState(false);
  const menuOpen = sharing && shareReady;
  const showFooter = hovered && !sharing;
  // The related grid asks for its first page only once the footer has been shown.
  const footerSeen = useRef(false);
  footerSeen.current ||= showFooter;
  const context = { gif, theme: props.theme, autoplay: props.autoplay, track: props.track, pingback: props.pingback, m };
  const share = !props.hideShare && !shareFailed;

  // The header is inert while the menu is open, so the Share button loses focus as it opens:
  // closing the menu (or taking back the request to open it) gives focus back to it here.
  const shareButton = useRef<HTMLButtonElement>(null);
  const wasSharing = useRef(false);
  // Shift+Tab into the player from the page after it lands in the header (the hidden footer is
  // inert): once the footer shows, focus goes on to its last control, the call-to-action, so the
  // way back through the player passes the call-to-action and the grid too. Once per entry, and
  // only before the visitor uses a control: the share menu's opener gets focus back, not that.
  const movedBack = useRef(false);
  useLayoutEffect(() => {
    if (sharing) movedBack.current = true;
    else if (wasSharing.current) shareButton.current?.focus({ preventScroll: true });
    wasSharing.current = sharing;
  }, [sharing]);
  useLayoutEffect(() => {
    if (!props.enteredBackward) movedBack.current = false;
    if (!showFooter || !props.enteredBackward || movedBack.current) return;
    movedBack.current = true;
    const controls = footer.current!.querySelectorAll<HTMLElement>('a[href], button');
    controls[controls.length - 1]?.focus({ preventScroll: true });
  }, [showFooter, props.enteredBackward]);

  useEffect(() => {
    // The share menu is fetched with the chrome, so it opens at the first click.
    if (!props.hideShare) props.load('share').then((plugin) => (plugin ? setShareReady(true) : setShareFailed(true)));
  }, []);

  return (
    <>
      {/* Behind the open share menu, the header is out of reach (the menu is modal). */}
      <div className="hd" inert={menuOpen} onKeyDown={sharing && !shareReady ? (e) => e.key === 'Escape' && setSharing(false) : undefined}>
        <a className="ic" href={props.site || undefined} {...NEW_WINDOW} aria-label={props.productName}>
          <Icon name="logo" />
        </a>
        <Attribution user={gif.user} images={gif.images} m={m} />
        {props.watch && (
          <button type="button" className="ic" aria-label={fill(m.watchOn, props.provider!)} onClick={props.watch} data-watch="">
            <Icon name="play" />
          </button>
        )}
        {props.pause}
        {share && (
          <button
            ref={shareButton}
            type="button"
            className="ic"
            aria-label={m.share}
            aria-haspopup="dialog"
            onClick={() => {
              setSharing(true);
              props.track('Click', SHARE_LABEL);
            }}
          >
            <Icon name="share" />
          </button>
        )}
      </div>
      <div
        ref={footer}
        className="ft"
        // Its own height and a little more, from its first paint: no measuring, nothing moves on arrival.
        style={{ transform: showFooter ? 'none' : `translateY(calc(100% + ${FOOTER_OFFSET_EXTRA_PX}px))` }}
        // Hidden, it is out of the tab order and the accessibility tree, not only out of sight.
        inert={!showFooter}
      >
        {!props.hideRelated && !small && (
          <div className="rl" style={{ height: relatedHeight(props.height) }}>
            <Slot
              name="related"
              props={{
                ...context,
                width: props.width - FOOTER_PADDING_PX * 2,
                shown: footerSeen.current,
                fetchRelated: props.fetchRelated,
                open: showFooter,
                onActiveChange: props.onActiveChange,
              }}
            />
          </div>
        )}
        {/* The cutout: a rounded window in the footer's panel around the call-to-action, where the GIF shows through. */}
        <span className="co" aria-hidden="true" />
        {gif.url && (
          <a className="cta" href={gif.url} {...NEW_WINDOW} onClick={props.onLinkClick}>
            {continueOn}
            <b dir="auto">{props.productName}</b>
            {continueAfter}
          </a>
        )}
      </div>
      {menuOpen && (
        <div className="ov">
          <Slot name="share" props={{ ...context, script: props.script ? scriptTagCode(props.script) : '', siteBase: props.siteBase, onClose: () => setSharing(false) }} />
        </div>
      )}
    </>
  );
}
