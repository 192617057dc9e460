/** @jsxImportSource preact */
/**
 * The player's icons: one 24x24 path each, drawn in the current text colour.
 */

const PATHS = {
  logo: 'M4 2h12l4 4v16H4zm3 3v14h10V8h-3V5zm2 3h3v3H9zm0 5h6v3H9z',
  share: 'M14 4l7 7-7 7v-4c-5 0-8 1.5-11 5 1-5 4-9.5 11-10z',
  play: 'M7 4v16l13-8z',
  pause: 'M6 4h4v16H6zm8 0h4v16h-4z',
  verified: 'M12 1l3 2.5 4-.3.7 3.9 3.3 2.3-1.8 3.6 1.8 3.6-3.3 2.3-.7 3.9-4-.3L12 23l-3-2.5-4 .3-.7-3.9L1 14.6l1.8-3.6L1 7.4l3.3-2.3.7-3.9 4 .3zm-1.3 13.6L7.4 11.3 6 12.7l4.7 4.7 7.6-7.6-1.4-1.4z',
};

/** An icon by name; decorative (the control around it carries the label) unless `label` is given. */
export function Icon({ name, label }: { name: keyof typeof PATHS; label?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden={label ? undefined : 'true'} role={label ? 'img' : undefined} aria-label={label}>
      <path d={PATHS[name]} />
    </svg>
  );
}
