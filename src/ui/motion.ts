/**
 * Motion rules every animated UI piece shares: people who ask their system for less motion
 * get the end state at once instead of the animation.
 */

/** Media query for the reduced-motion preference. */
export const REDUCED_MOTION = '@media (prefers-reduced-motion: reduce)';

/** CSS (goober nesting) that switches animations and transitions off under reduced motion. */
export const STILL_UNDER_REDUCED_MOTION = `${REDUCED_MOTION} { &, & * { animation: none !important; transition: none !important; } }`;
