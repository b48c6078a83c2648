import { useSyncExternalStore } from 'react';
import { prefersReducedMotion, REDUCED_MOTION_QUERY as QUERY } from '../utils/reduced-motion';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * The visitor's prefers-reduced-motion, as a plain boolean (false on the server and while hydrating: only use it in
 * effects or handlers). Read from the browser itself, not through framer-motion: the public pages' first islands
 * (src/app/islands/first-view.ts) would otherwise bring framer-motion's code along for this one question.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
