import { createToaster } from '@chakra-ui/react';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { eachWhenIdle } from '@/lib/idle';

// Where a notification covers no button of the page it lands on: on a phone, under the header over the page's
// heading (at the bottom it sat on the page's actions); on wider screens, bottom right beside the content column.
const isPhone = typeof window !== 'undefined' && window.matchMedia?.('(max-width: 47.99em)').matches === true;

// One notification at a time, 5000 ms by default, F8 focuses the viewport.
export const toaster = createToaster({
  placement: isPhone ? 'top' : 'bottom-end',
  offsets: isPhone ? { top: '4.75rem', right: '1rem', bottom: '1rem', left: '1rem' } : '1rem',
  max: 1,
  duration: 5000,
  pauseOnPageIdle: true,
  hotkey: ['F8'],
});

/** Welcomes share one id: a later welcome replaces one still on screen instead of queueing behind it. */
export const WELCOME_TOAST_ID = 'welcome';

// The viewport (Chakra's Toast and its state machines, about 8 KB of compressed script) is not needed to
// paint a page. It loads once the page is idle, so its live region is in place before later notifications (screen
// readers announce them), or at once when a notification comes first: the store above keeps it until then.
const loadViewport = () => import('./toaster-viewport');
const ToasterViewport = lazy(loadViewport);

let markViewportShown: () => void = () => undefined;
const viewportShown = new Promise<void>((resolve) => {
  markViewportShown = resolve;
});

/** Resolves once the viewport is on screen (toaster-viewport.tsx tells), with any notification made before. */
export function whenToasterShown(): Promise<void> {
  return viewportShown;
}

/** For toaster-viewport.tsx, once it has painted. */
export function notifyToasterShown() {
  markViewportShown();
}

export function Toaster() {
  const [isWanted, setWanted] = useState(false);
  useEffect(() => {
    if (isWanted) return;
    const want = () => setWanted(true);
    const unsubscribe = toaster.subscribe(want);
    if (toaster.getCount() > 0) want();
    // At idle moments: its code first (a task of its own), then the region, rendered in a transition (in slices).
    const cancelIdle = eachWhenIdle([() => void loadViewport(), () => startTransition(want)], {
      timeout: 3000,
      fallbackMs: 1000,
    });
    return () => {
      unsubscribe();
      cancelIdle();
    };
  }, [isWanted]);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <ToasterViewport toaster={toaster} onShown={notifyToasterShown} />
    </Suspense>
  );
}
