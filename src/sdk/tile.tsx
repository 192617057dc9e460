/**
 * The GIF tile (spec §2, §4, §5): one GIF or sticker, loaded only when on screen, reporting
 * SEEN (once per GIF, by the rule the embed's players count by: analytics/viewability.ts), HOVER (after 200 ms) and CLICK pingbacks, and what
 * its owner draws over it. The SDK's Gif (gif.tsx) is this tile with a custom overlay and the
 * attribution overlay; the embed's related grid uses it bare (its tiles never show attribution),
 * so the related plugin file carries neither.
 */
import { css } from 'goober';
import { useEffect, useRef, useState, type ComponentType, type CSSProperties, type RefObject, type KeyboardEvent, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import { pingback, type AttributeInput, type PingbackActionType } from '../analytics';
import { altText, pickRendition, videoFile, type Gif as GifData } from '../model';
import { brandColorFor, CHECKERED_BACKGROUND, DARK_SURFACE, FOCUS_RING } from '../ui/colors';
import { REDUCED_MOTION_QUERY, savesData, type AutoplayPolicy } from '../ui/motion';
import { BROWSER_ONLY } from '../browser-only';
import { gifHeightFor } from './gif-size';
import { VIEW_THRESHOLDS, watchSeen, type SeenWatch } from '../analytics/viewability';
import { onIntersection } from '../shared-observers';
import { SDK_ROOT } from './sdk-root';
import type { ColorScheme } from './theme';

/** Spec §4/§9: a hover is reported only after this long on the tile. */
export const HOVER_REPORT_DELAY_MS = 200;
/** Default corner radius of a tile, px. */
export const DEFAULT_BORDER_RADIUS = 4;
/** Class every tile carries, for hosts that style or query tiles. */
export const GIF_TILE_CLASS = 'gif-embed-gif';
const FOCUS_RING_PX = 3;
/** The play badge a still tile shows under reduced motion (WCAG 2.2's minimum target size). */
const PLAY_BADGE_PX = 24;
/** Its CSS: ▶ on a dark disc at the bottom right. */
const PLAY_BADGE = `content: '\\25B6\\FE0E'; position: absolute; z-index: 1; right: 6px; bottom: 6px; width: ${PLAY_BADGE_PX}px; border-radius: 50%; background: rgba(18, 18, 18, 0.8); color: #fff; font: 11px/${PLAY_BADGE_PX}px sans-serif; text-align: center; pointer-events: none;`;

/** Callbacks a tile fires; Grid and Carousel pass them through. */
export interface GifEvents {
  /** Clicked or activated with Enter. Call `e.preventDefault()` to stop the link opening. */
  onGifClick?: (gif: GifData, e: SyntheticEvent) => void;
  /** At least 99% visible for the first time (once per GIF id), with its box on screen. */
  onGifSeen?: (gif: GifData, rect: DOMRectReadOnly) => void;
  /** Its media loaded while on screen (perhaps only partly visible). */
  onGifVisible?: (gif: GifData, e: SyntheticEvent) => void;
  /** Hovered for 200 ms. */
  onGifHover?: (gif: GifData, e: SyntheticEvent) => void;
  /** Right-clicked (the context menu). Call `e.preventDefault()` to keep the browser's menu away. */
  onGifRightClick?: (gif: GifData, e: SyntheticEvent) => void;
  /** A key pressed while the tile has focus (before the tile's own Enter and Space handling). */
  onGifKeyPress?: (gif: GifData, e: SyntheticEvent) => void;
}

/** What a custom `overlay` is drawn with. */
export interface GifOverlayProps {
  gif: GifData;
  /** The pointer is over the tile, or the tile has keyboard focus. */
  isHovered: boolean;
  /** The tile's size in px. */
  width: number;
  height: number;
}

/** What a list (Grid, Carousel) passes through to each of its tiles. */
export type TileOptions = GifEvents & Pick<GifProps, 'noLink' | 'newTab' | 'hideAttribution' | 'borderRadius' | 'backgroundColor' | 'tabIndex' | 'overlay' | 'locale' | 'theme' | 'describe' | 'autoplay'>;

export interface GifProps extends GifEvents {
  gif: GifData;
  /** Tile width in px. */
  width: number;
  /** Tile height in px; defaults to the GIF's aspect ratio at `width`. */
  height?: number;
  /** Background behind the media; default a brand colour picked by the GIF's id, checkered for stickers. */
  backgroundColor?: string;
  /** No link to the GIF's page: the tile becomes a button (onGifClick still fires). */
  noLink?: boolean;
  /** The link opens the GIF's page in a new tab (a grid inside an embed must not navigate its host page). */
  newTab?: boolean;
  /** Never show the attribution overlay. */
  hideAttribution?: boolean;
  /** Corner radius in px or any CSS length (default 4). */
  borderRadius?: number | string;
  className?: string;
  /** Tab order (default 0: focusable). */
  tabIndex?: number;
  /** Extra inline style on the tile (the Grid positions tiles with it). */
  style?: CSSProperties;
  /** Extra pingback attributes (layout_type etc.). */
  pingbackAttributes?: AttributeInput;
  /** Drawn over the media of every tile (a badge, a caption, a favourite button), beside the attribution. */
  overlay?: ComponentType<GifOverlayProps>;
  /** Set by a Grid: the GIFs it has seen, so a tile rendered again is not counted twice. */
  seenIds?: Set<string>;
  /**
   * The reader's language, a BCP 47 tag (`de`, `pt-BR`, `zh-TW`), for the words the SDK shows;
   * default `configure({ locale })`, else the page's `<html lang>`, else the browser's languages.
   */
  locale?: string;
  /**
   * 'light', 'dark' or 'auto' (the reader's `prefers-color-scheme`, live): the tones behind a
   * sticker and the app's `--gif-picker-*` properties (docs/sdk.md). Default: neither, the page's.
   */
  theme?: ColorScheme;
  /**
   * When the GIF plays (docs/embed.md, "Autoplay"): 'always' (on screen), 'hover' (while pointed
   * at or focused), 'click' (still until a click or Enter, which picks nothing), 'never' (still).
   * Default `configure({ autoplay })` (the embed's related grid: its player's). Under the reader's reduced motion or Data Saver a tile is
   * still until pointed at or focused, with a play badge.
   */
  autoplay?: AutoplayPolicy;
  /** More to say of the tile than its GIF's alt text (`aria-description`): a state its owner marks, such as a favourite. */
  describe?: (gif: GifData) => string | undefined;
}

/**
 * Made once in a browser: goober would otherwise hash this CSS again for every tile on every
 * render. Not on a server, where each page's CSS is taken from goober's sheet (takeServerCss) and
 * only a css() call puts the rule back for the next page. The picture fills the tile
 * (renditions differ from its ratio by a pixel or so: never letterbox); the focus ring is drawn over the media, since an outline would be clipped by
 * overflow: hidden in a tight grid. (Comments stay out of the CSS text: they would ship.)
 */
let tileClassName = '';
const tileClass = () => {
  const name = tileClassName || css`
  display: block;
  position: relative;
  isolation: isolate;
  overflow: hidden;
  text-decoration: none;
  color: inherit;
  cursor: pointer;
  outline: none;
  & > picture,
  & > picture > img,
  & > video {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  &:focus-visible::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: inherit;
    box-shadow: inset 0 0 0 ${FOCUS_RING_PX}px var(--gif-picker-focus, ${FOCUS_RING}), inset 0 0 0 ${FOCUS_RING_PX + 2}px ${DARK_SURFACE};
    pointer-events: none;
  }
  &[data-held]::before {${PLAY_BADGE}}
  @media ${REDUCED_MOTION_QUERY} {
    &[data-still]::before {${PLAY_BADGE}}
  }
`;
  if (BROWSER_ONLY || typeof document == 'object') tileClassName = name;
  return name;
};

/** The tile's box as a plain record, the pingback position attribute. */
function positionOf(rect: DOMRectReadOnly): Record<string, number> {
  return { top: Math.round(rect.top), left: Math.round(rect.left), width: Math.round(rect.width), height: Math.round(rect.height) };
}

/** A tile and what it draws over its media (the SDK's Gif: the custom overlay and the attribution). */
export interface TileProps extends GifProps {
  /**
   * What is drawn over the media, given the hover state (pointer over the tile or focus in it),
   * whether the tile has been hovered yet, and the tile's height.
   */
  renderOverlay?: (isHovered: boolean, hoveredOnce: boolean, height: number) => ReactNode;
  /**
   * Rendered on the server, or hydrating what the server rendered: there is no screen to wait
   * for, so the media is in the HTML from the start (read at the first render only).
   */
  serverRendered?: boolean;
}

/**
 * One GIF tile. Props: see TileProps; renders an `<a href={gif.url}>` (or a button-like `<div>`
 * with `noLink`) holding a `<picture>` with the WebP and the GIF.
 */
export function Tile({
  gif,
  width,
  height: forcedHeight,
  backgroundColor,
  noLink = false,
  newTab = false,
  borderRadius = DEFAULT_BORDER_RADIUS,
  className,
  tabIndex = 0,
  style,
  pingbackAttributes,
  renderOverlay,
  serverRendered,
  onGifClick,
  onGifSeen,
  onGifVisible,
  onGifHover,
  onGifRightClick,
  onGifKeyPress,
  seenIds,
  describe,
  autoplay,
}: TileProps) {
  const height = forcedHeight && forcedHeight > 0 ? forcedHeight : gifHeightFor(gif, width);
  const container = useRef<HTMLElement | null>(null);
  // On screen at least once: media loads (and stays, so scrolling back does not flash). A tile
  // rendered on the server holds the real <img> in its HTML (for crawlers and the first paint;
  // loading=lazy leaves the browser to defer it off screen), and hydration keeps it.
  const fromServer = !BROWSER_ONLY && useState(!!serverRendered)[0];
  const [showMedia, setShowMedia] = useState(fromServer);
  const [isHovered, setHovered] = useState(false);
  // Under reduced motion a tile stands still until the visitor points at it or focuses it.
  const [isFocused, setFocused] = useState(false);
  // The overlay mounts only after the first hover (spec §2), then fades with isHovered.
  const [hoveredOnce, setHoveredOnce] = useState(false);
  // Under the click policy: the reader played it.
  const [played, setPlayed] = useState(false);
  // Mutable facts the observers and timers read without re-subscribing.
  const live = useRef({ seenId: '', seen: undefined as SeenWatch | undefined, hoverTimer: undefined as ReturnType<typeof setTimeout> | undefined });
  // Latest props for callbacks fired from the observer and timers.
  const latest = useRef({ gif, onGifSeen, pingbackAttributes });
  latest.current = { gif, onGifSeen, pingbackAttributes };

  const report = (actionType: PingbackActionType, rect: DOMRectReadOnly | undefined) => {
    const { gif: g, pingbackAttributes: attributes } = latest.current;
    pingback({ gif: g, actionType, attributes, position: rect ? positionOf(rect) : undefined });
  };

  /**
   * Counts SEEN for the GIF shown now, its media in: by the rule every player counts by too
   * (analytics/viewability.ts), once per tile and once per grid.
   */
  const watchForSeen = () => {
    const el = container.current;
    const g = latest.current.gif;
    live.current.seen?.stop();
    live.current.seen = undefined;
    if (!el || live.current.seenId === g.id || seenIds?.has(g.id)) return;
    live.current.seen = watchSeen(el, () => {
      live.current.seen = undefined;
      if (latest.current.gif.id !== g.id || seenIds?.has(g.id)) return;
      live.current.seenId = g.id;
      seenIds?.add(g.id);
      const rect = el.getBoundingClientRect();
      report('SEEN', rect);
      latest.current.onGifSeen?.(g, rect);
    });
  };

  useEffect(() => {
    const el = container.current;
    if (!el) return undefined;
    // The media loads once the tile comes on screen (the shared observer every tile and player
    // watches with); without an IntersectionObserver, at once.
    const stop = onIntersection(el, (entry) => entry.isIntersecting && setShowMedia(true), { threshold: VIEW_THRESHOLDS });
    if (!stop) setShowMedia(true);
    return () => {
      stop?.();
      live.current.seen?.stop();
      clearTimeout(live.current.hoverTimer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new GIF in the same tile: it must load and be seen afresh (spec §4: reset when the id changes).
  const shownId = useRef(gif.id);
  if (shownId.current !== gif.id) {
    shownId.current = gif.id;
    live.current.seen?.stop();
    live.current.seen = undefined;
  }

  // A GIF straight from a host's own code may lack images: show the background, not a crash.
  const rendition = gif.images ? pickRendition(gif.images, width, height) : undefined;
  const poster = gif.images && pickRendition(gif.images, width, height, { stills: true })?.url;
  // A visitor who asked for less motion sees the still (the browser picks it, and follows the
  // setting live), with a play badge, and the GIF plays while pointed at or focused.
  const stillUrl = !isHovered && !isFocused && poster;
  // The policy, and the reader's Data Saver (read in the browser): the still alone, and nothing
  // moving fetched, until the reader points at it (hover, Data Saver) or plays it (click). Reduced
  // motion stays the browser's pick among the picture's sources, which follows the setting live.
  const policy = autoplay || 'always';
  const held = !!poster && (policy == 'never' || (policy == 'click' && !played) || (!!stillUrl && (policy == 'hover' || (!fromServer && savesData()))));
  // Video media (a clip) plays its mp4 (spec §5: the box's rendition's, else the GIF's video)
  // muted and looping, the still as its poster; browsers pause such a video off screen and play
  // it again on screen. Under reduced motion a clip shows its still until pointed at or focused
  // (read at render: a server render and its hydration show the video).
  const clip = videoFile(gif, rendition);
  const mp4 = clip && !held && !(stillUrl && !fromServer && (BROWSER_ONLY || typeof matchMedia == 'function') && matchMedia(REDUCED_MOTION_QUERY).matches) ? clip : '';
  const gifUrl = rendition?.url || (clip && poster);
  // Stickers use the plain url (spec §5): no WebP source for them.
  const webpUrl = !gif.is_sticker && rendition?.webp ? rendition.webp : '';
  // (goober cannot nest `&:not(:hover)::before`: the badge follows this attribute instead.)
  const background = backgroundColor || (gif.is_sticker ? CHECKERED_BACKGROUND : brandColorFor(gif.id));

  const onLoad = (e: SyntheticEvent) => {
    if (!showMedia) return;
    onGifVisible?.(gif, e);
    watchForSeen();
  };

  const onMouseEnter = (e: MouseEvent) => {
    setHovered(true);
    setHoveredOnce(true);
    clearTimeout(live.current.hoverTimer);
    // React pools nothing since 17, and Preact never did: the event is safe to keep for the timer.
    live.current.hoverTimer = setTimeout(() => {
      report('HOVER', container.current?.getBoundingClientRect());
      onGifHover?.(latest.current.gif, e);
    }, HOVER_REPORT_DELAY_MS);
  };

  const onMouseLeave = () => {
    clearTimeout(live.current.hoverTimer);
    setHovered(false);
  };

  /** A click, Enter or Space: plays a tile held by the click policy (nothing else: no CLICK), else is its click. */
  const activate = (e: SyntheticEvent) => {
    if (held && policy == 'click') {
      e.preventDefault();
      return setPlayed(true);
    }
    report('CLICK', container.current?.getBoundingClientRect());
    onGifClick?.(gif, e);
  };

  // An <a> turns Enter into a click by itself; the link-less tile (a button) does Enter and Space here.
  const onKeyDown = (e: KeyboardEvent) => {
    onGifKeyPress?.(gif, e);
    if (noLink && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      activate(e);
    }
  };

  const label = altText(gif);
  const props = {
    ref: container as RefObject<never>,
    ...SDK_ROOT,
    className: [GIF_TILE_CLASS, tileClass(), className].filter(Boolean).join(' '),
    style: { width, height, borderRadius, background, ...style },
    tabIndex,
    'data-gif-id': gif.id,
    'aria-description': describe?.(gif),
    'data-still': stillUrl && showMedia ? '' : undefined,
    // A held tile the reader can play shows the play badge whatever the motion setting.
    'data-held': held && policy != 'never' && showMedia ? '' : undefined,
    onMouseEnter,
    onMouseLeave,
    onFocus: () => setFocused(true),
    onBlur: () => setFocused(false),
    onClick: activate,
    onKeyDown,
    onContextMenu: onGifRightClick && ((e: MouseEvent) => onGifRightClick(gif, e)),
  };
  const content = (
    <>
      {/* Until the tile is on screen (or when the GIF has no usable file) the tile's own size and
          background hold its place: no request, and no data: URL for a strict CSP to refuse. */}
      {showMedia && mp4 ? (
        <video src={mp4} poster={poster} width={width} height={height} autoPlay muted loop playsInline onLoadedData={onLoad} />
      ) : showMedia && held ? (
        <picture>
          <img src={poster} width={width} height={height} alt={label} onLoad={onLoad} />
        </picture>
      ) : showMedia && gifUrl ? (
        <picture>
          {stillUrl ? <source media={REDUCED_MOTION_QUERY} srcSet={stillUrl} /> : null}
          {webpUrl ? <source type="image/webp" srcSet={webpUrl} /> : null}
          <img src={gifUrl} width={width} height={height} alt={label} loading={fromServer ? 'lazy' : undefined} onLoad={onLoad} />
        </picture>
      ) : null}
      {renderOverlay?.(isHovered || isFocused, hoveredOnce, height)}
    </>
  );
  return noLink ? (
    <div {...props} role="button" aria-label={label}>
      {content}
    </div>
  ) : (
    <a {...props} aria-label={label} href={gif.url || undefined} target={newTab ? '_blank' : undefined} rel={newTab ? 'noopener' : undefined}>
      {content}
    </a>
  );
}
