import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Providers } from './providers';
import { releasePageInput } from '@/lib/lazy-section-watch';
import { prepareSystem } from '@/theme';
import { AppRoutes, preloadPrerenderedPage } from './routes';
import { pagePath } from '@/config/paths';

// The app itself, started by src/main.tsx.

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root');

// The same tree as scripts/prerender.mjs renders at build time.
const appWith = ({ hasPrerenderedStyles }: { hasPrerenderedStyles: boolean }) => (
  <StrictMode>
    <BrowserRouter>
      <Providers hasPrerenderedStyles={hasPrerenderedStyles}>
        <AppRoutes />
      </Providers>
    </BrowserRouter>
  </StrictMode>
);

const prerendered = container.dataset.prerendered && pagePath(container.dataset.prerendered);

/** Renders once Chakra's system exists (made in tasks: src/theme.ts; src/main.tsx usually waited for it already). */
async function start(root: HTMLElement) {
  await prepareSystem();
  if (prerendered && prerendered === pagePath(window.location.pathname) && root.firstElementChild) {
    // Build-time HTML of this very route: keep it and attach to it once its page code is here (lazy-page.ts).
    // In a transition, React hydrates in slices and yields to the browser between them, instead of one long task
    // (total blocking time); input that reaches markup not yet hydrated makes it hydrate that part first.
    preloadPrerenderedPage(prerendered)
      .catch(() => undefined)
      .finally(() => {
        startTransition(() => void hydrateRoot(root, appWith({ hasPrerenderedStyles: true })));
        releasePageInput();
      });
  } else {
    // No markup, or another route's (the server's fallback page): render this route from scratch.
    releasePageInput();
    root.replaceChildren();
    delete root.dataset.prerendered;
    createRoot(root).render(appWith({ hasPrerenderedStyles: false }));
  }
}

void start(container);
