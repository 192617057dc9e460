/**
 * Motion rules every animated UI piece shares: people who ask their system for less motion
 * get the end state at once instead of the animation.
 */

/** The reduced-motion preference as a media query (for matchMedia and `<source media>`). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
/** The same as a CSS at-rule. */
export const REDUCED_MOTION = `@media ${REDUCED_MOTION_QUERY}`;

/** CSS (goober nesting) that switches animations and transitions off under reduced motion. */
export const STILL_UNDER_REDUCED_MOTION = `${REDUCED_MOTION} { &, & * { animation: none !important; transition: none !important; } }`;
