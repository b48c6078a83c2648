import { useReducedMotion } from 'framer-motion';

/** framer-motion's reading of prefers-reduced-motion, as a plain boolean. Only use it in effects or handlers
 * (it is already known on the first client render, the server cannot know it). */
export function usePrefersReducedMotion(): boolean {
  return useReducedMotion() ?? false;
}
