/** The media query of the visitor's wish for less motion (no React here: the plain islands read it too). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Whether the visitor asks for less motion, now. */
export const prefersReducedMotion = () => window.matchMedia(REDUCED_MOTION_QUERY).matches;
