/**
 * The attribution overlay on a GIF tile (spec §2, §5): the creator's avatar, name and verified
 * badge, fading in with hover. The tile mounts it only after its first hover.
 */
import { css, keyframes } from 'goober';
import { attributionOf, type Gif } from '../model';
import { useStrings } from './use-strings';
import { VerifiedBadge } from '../ui';
import { STILL_UNDER_REDUCED_MOTION } from '../ui/motion';

/** Avatars are taken at 80 px height (the model's avatarAt80) and shown at a quarter of that on a tile. */
const AVATAR_PX = 20;
/** Fade of the overlay (the spec's overlay animation, 0.4 s). */
export const OVERLAY_FADE_MS = 400;

/** The first showing fades in too: the overlay mounts at the first hover, already visible. */
const fadeIn = () => keyframes`from { opacity: 0; }`;

const overlayClass = () => css`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  display: flex;
  align-items: center;
  gap: 6px;
  padding: 24px 8px 6px;
  background: linear-gradient(rgba(0, 0, 0, 0), rgba(0, 0, 0, 0.6));
  color: #fff;
  font: 600 12px/1.3 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  pointer-events: none;
  transition: opacity ${OVERLAY_FADE_MS}ms ease;
  animation: ${fadeIn()} ${OVERLAY_FADE_MS}ms ease;
  & img {
    width: ${AVATAR_PX}px;
    height: ${AVATAR_PX}px;
    border-radius: 2px;
    object-fit: cover;
    flex: none;
  }
  & span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    min-width: 0;
  }
  ${STILL_UNDER_REDUCED_MOTION}
`;

export interface AttributionOverlayProps {
  gif: Pick<Gif, 'user' | 'images'>;
  /** The tile is hovered now: fully visible; otherwise faded out. */
  isHovered: boolean;
  /** The reader's language (see GifProps.locale). */
  locale?: string;
}

/**
 * The overlay for `gif`, or nothing when its creator is not to be shown (no user, not public,
 * chrome suppressed: the model's attribution rules). Props: gif, isHovered.
 */
export function AttributionOverlay({ gif, isHovered, locale }: AttributionOverlayProps) {
  // Mounted at a tile's first hover: only then are its words looked for.
  const { lang, dir, m } = useStrings(locale);
  const attribution = attributionOf(gif.user, gif.images);
  if (!attribution) return null;
  return (
    <div className={overlayClass()} style={{ opacity: isHovered ? 1 : 0 }} data-gif-attribution="" aria-hidden={!isHovered} lang={lang} dir={dir}>
      {attribution.avatarUrl ? <img src={attribution.avatarUrl} alt="" height={AVATAR_PX} width={AVATAR_PX} /> : null}
      <span dir="auto">{attribution.name}</span>
      {attribution.verified ? <VerifiedBadge label={m.verified} /> : null}
    </div>
  );
}
