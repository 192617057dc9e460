/**
 * The pause/play control (spec §2, §4): the play icon shows while paused. The GIF's, and in the
 * video view the provider player's (the video plugin takes it from the loader).
 */
import { Icon } from './icons';

/** Its names while playing and while paused; a toggle is recorded as a 'Pause' click either way. */
export const PAUSE_LABEL = 'Pause';
export const PLAY_LABEL = 'Play';

/** Props: whether what it controls is `paused`, and `onToggle` to pause or resume it. */
export function PauseButton({ paused, onToggle }: { paused: boolean; onToggle(): void }) {
  return (
    <button type="button" className="ic pp" aria-label={paused ? PLAY_LABEL : PAUSE_LABEL} aria-pressed={paused} onClick={onToggle}>
      <Icon name={paused ? 'play' : 'pause'} />
    </button>
  );
}
