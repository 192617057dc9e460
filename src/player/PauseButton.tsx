/** The pause/play control (spec §2, §4): the play icon shows while paused. */
import { Icon } from './icons';
import { PAUSE_LABEL, PLAY_LABEL } from './use-player';

export function PauseButton({ paused, onToggle }: { paused: boolean; onToggle(): void }) {
  return (
    <button type="button" className="ic pp" aria-label={paused ? PLAY_LABEL : PAUSE_LABEL} aria-pressed={paused} onClick={onToggle}>
      <Icon name={paused ? 'play' : 'pause'} />
    </button>
  );
}
