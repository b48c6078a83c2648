import { Suspense, use, useSyncExternalStore, type ReactNode } from 'react';
import { whenIdle } from './idle';

// Parts of a prerendered page that the whole app hydrates (/apply: docs/architecture.md, "How pages are built and
// hydrated") which need not be live at once: the bar, the footer, the text around the wizard.

let pageIdle: Promise<void> | undefined;
/** Resolves at the page's first idle moment after hydrating began (at the latest 2 s later). */
const whenPageIdle = () =>
  (pageIdle ??= new Promise<void>((resolve) => void whenIdle(() => resolve(), { timeout: 2000, fallbackMs: 500 })));

const subscribeToNothing = () => () => undefined;

/**
 * True while React hydrates build-time markup (the render must match it) and on the server; false in a render of the
 * browser's own, and once hydrated.
 */
export function useIsHydrating() {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}

function WaitWhileHydrating({ children }: { children: ReactNode }) {
  if (useIsHydrating() && typeof window !== 'undefined') use(whenPageIdle());
  return children;
}

/**
 * Hydrates its children once the page is idle, after the rest: until then the build's markup stays on screen as it
 * is (React leaves a suspended boundary's server markup in place), and input that reaches it is played again once it
 * is live. A render in the browser (a navigation inside the app) shows the children at once. For parts that read no
 * state an early update could change: an update that reaches a boundary still waiting makes React drop its markup.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <WaitWhileHydrating>{children}</WaitWhileHydrating>
    </Suspense>
  );
}
