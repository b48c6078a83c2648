import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

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
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
