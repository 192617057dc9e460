/**
 * The pause/play control (spec §2, §4): the play icon shows while paused. The GIF's, and in the
 * video view the provider player's (the video plugin takes it from the loader).
 */
import { Icon } from './icons';
import type { Messages } from '../i18n';
import { PLAYER_EN } from '../i18n/en';

/** Its names (in English; the reader reads their own) while playing and while paused; a toggle is recorded as a 'Pause' click either way. */
export const PAUSE_LABEL = PLAYER_EN.pause;
export const PLAY_LABEL = PLAYER_EN.play;

/** Props: whether what it controls is `paused`, `onToggle` to pause or resume it, and the reader's words `m`. */
export function PauseButton({ paused, onToggle, m }: { paused: boolean; onToggle(): void; m: Messages }) {
  return (
    <button type="button" className="ic pp" aria-label={paused ? m.play : m.pause} aria-pressed={paused} onClick={onToggle}>
      <Icon name={paused ? 'play' : 'pause'} />
    </button>
  );
}
