/**
 * The player's icons: one 24x24 path each, drawn in the current text colour.
 */
import { DESKTOP_ONLY } from '../layout-file';

const PATHS = {
  logo: 'M4 2h12l4 4v16H4zm3 3v14h10V8h-3V5zm2 3h3v3H9zm0 5h6v3H9z',
  // Drawn by the desktop chrome's file alone (plugins/chrome): the mobile player file carries none.
  share: DESKTOP_ONLY('M14 4l7 7-7 7v-4c-5 0-8 1.5-11 5 1-5 4-9.5 11-10z'),
  play: 'M7 4v16l13-8z',
  pause: 'M6 4h4v16H6zm8 0h4v16h-4z',
};

export type IconName = keyof typeof PATHS;

/** An icon by name; decorative (the control around it carries the label) unless `label` is given. */
export function Icon({ name, label }: { name: IconName; label?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden={label ? undefined : 'true'} role={label ? 'img' : undefined} aria-label={label} focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
