/**
 * The pause/play control (spec §2, §4): the play icon shows while paused. The GIF's, and in the
 * video view the provider player's (the video plugin takes it from the loader).
 */
import { Icon } from './icons';
import type { Messages } from '../i18n';
import { PLAYER_EN } from '../i18n/en';

/** Its name while playing, in English: a toggle is recorded as a 'Pause' click either way (the reader reads `m.pause` or `m.play`). */
export const PAUSE_LABEL = PLAYER_EN.pause;

/** Props: whether what it controls is `paused`, `onToggle` to pause or resume it, and the reader's words `m`. */
export function PauseButton({ paused, onToggle, m }: { paused: boolean; onToggle(): void; m: Messages }) {
  return (
    <button type="button" className="ic pp" aria-label={paused ? m.play : m.pause} aria-pressed={paused} onClick={onToggle}>
      <Icon name={paused ? 'play' : 'pause'} />
    </button>
  );
}
