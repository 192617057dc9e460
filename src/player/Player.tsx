/**
 * The embed player (spec §2, §4): the desktop layout where hover is available, the mobile one
 * elsewhere (embed/device.ts decides). Both are ready when their 0.4 s entry animation ends, or
 * after 700 ms; a player rendered out of view has no entry to show, and is ready at once.
 */
import type { PlaceholderOptions } from '../embed/placeholder';
import type { Gif } from '../model';
import { DesktopPlayer } from './DesktopPlayer';
import { MobilePlayer } from './MobilePlayer';

export interface PlayerProps {
  gif: Gif;
  options: PlaceholderOptions;
  /** Mobile layout (device string or no hover). */
  mobile: boolean;
  /** The box size when mounting (px), so the first image request already fits it. */
  width: number;
  height: number;
  /**
   * Some of the box is in the viewport as the player renders: it fades in (the 0.4 s entry
   * animation). A player rendered out of view shows at once: nobody would see it fade.
   */
  entering: boolean;
  /**
   * The URL of the image the placeholder already shows (the progressive snippet's `<img>`), when
   * it is one of this GIF's moving files: the player shows that very file while playing, so the
   * takeover downloads nothing twice.
   */
  adopted?: string;
  /** Called once, when the player is ready. */
  onReady(): void;
  /** The player cannot show the GIF (no file of it loads): the embed shows its error view with `message`. */
  onFail(message: string): void;
}

/** The player for `props.gif` (see PlayerProps). */
export function Player(props: PlayerProps) {
  return props.mobile ? <MobilePlayer {...props} /> : <DesktopPlayer {...props} />;
}
