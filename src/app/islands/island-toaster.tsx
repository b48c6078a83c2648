import { createRoot } from 'react-dom/client';
import { startTransition } from 'react';
import { whenIdle } from '@/lib/idle';
import { islandTree } from './island-shell';

let isMounted = false;

/**
 * The notification region (the toasts of the signup and contact forms), in a root of its own: mounted by the islands
 * that notify (island-data.tsx) once they are live, at an idle moment, not by the page's start-up. Its code and its
 * first render (Chakra's toast group and its state machines) were some of the longest tasks of a page of islands
 * starting, for a region that is empty until a form is sent. Once per page.
 */
export function mountIslandToaster() {
  if (isMounted) return;
  isMounted = true;
  whenIdle(
    () => {
      void import('@/components/ui/toaster').then(({ Toaster }) => {
        const element = document.createElement('div');
        document.body.append(element);
        const root = createRoot(element, { identifierPrefix: 'toaster-' });
        startTransition(() => root.render(islandTree(Toaster, {})));
      });
    },
    { timeout: 3000, fallbackMs: 1000 },
  );
}
