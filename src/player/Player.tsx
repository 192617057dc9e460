/**
 * The embed player (spec §2, §4): the desktop layout where hover is available, the mobile one
 * elsewhere (embed/device.ts decides). Both are ready when their 0.4 s entry animation ends, or
 * after 700 ms; a player rendered out of view has no entry to show, and is ready at once.
 */
import { DesktopPlayer } from './DesktopPlayer';
import { MobilePlayer } from './MobilePlayer';
import type { ReactNode } from 'react';
import type { PlayerProps } from './props';

/**
 * The player for `props.gif` (see PlayerProps). A player file built for one layout carries only
 * that layout's player, as the player itself (the condition is its build's constant: a file per
 * layout, build.mjs); with both layouts, a player that renders the one `props.mobile` names.
 */
export const Player: (props: PlayerProps) => ReactNode =
  typeof __PLAYER_LAYOUT__ === 'string'
    ? __PLAYER_LAYOUT__ === 'mobile'
      ? MobilePlayer
      : DesktopPlayer
    : (props) => (props.mobile ? <MobilePlayer {...props} /> : <DesktopPlayer {...props} />);
