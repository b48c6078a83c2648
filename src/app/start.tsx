import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Providers } from './providers';
import type { AuthAnswer } from '@/lib/current-user';
import { releasePageInput } from '@/lib/lazy-section-watch';
import { addLaterStyles } from '@/lib/later-styles';
import { addPageRecipes } from '@/lib/page-recipes';
import { prepareSystem } from '@/theme';
import { AppRoutes, preloadPrerenderedPage, preloadSignedInHome } from './routes';
import { pagePath } from '@/config/paths';

// The app itself, started by src/main.tsx.

type AppOptions = { hasPrerenderedStyles: boolean; initialAuth?: AuthAnswer['sent'] };

// The same tree as scripts/prerender.mjs renders at build time.
const appWith = ({ hasPrerenderedStyles, initialAuth }: AppOptions) => (
  <StrictMode>
    <BrowserRouter>
      <Providers hasPrerenderedStyles={hasPrerenderedStyles} initialAuth={initialAuth}>
        <AppRoutes />
      </Providers>
    </BrowserRouter>
  </StrictMode>
);

/**
 * Renders once Chakra's system exists (made in tasks: src/theme.ts; src/main.tsx usually waited for it already), with
 * the public pages' recipes added (src/lib/page-recipes.ts).
 */
async function start(root: HTMLElement) {
  await prepareSystem();
  addPageRecipes();
  const prerendered = root.dataset.prerendered && pagePath(root.dataset.prerendered);
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

/**
 * A signed-in visitor of `/`, whose page arrived as the landing page's islands (src/main.tsx): the app starts with
 * the auth answer the page already has in its cache and renders the home page. The landing page stays on screen
 * until then: React replaces the container's markup when it commits, and the home page's code is loaded first, so
 * that commit shows it (not a loading spinner).
 */
async function takeOver(root: HTMLElement, initialAuth: NonNullable<AuthAnswer['sent']>) {
  await Promise.all([prepareSystem(), preloadSignedInHome().catch(() => undefined)]);
  addPageRecipes();
  addLaterStyles();
  delete root.dataset.prerendered;
  delete root.dataset.islands;
  // The landing page's head holds the global styles and many of the rules the home page uses too.
  createRoot(root).render(appWith({ hasPrerenderedStyles: true, initialAuth }));
}

/** `initialAuth`: the auth answer a page of islands was given (src/lib/current-user.ts), for the app's cache. */
export function startApp({ initialAuth }: { initialAuth?: AuthAnswer['sent'] } = {}) {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root');
  void (initialAuth ? takeOver(container, initialAuth) : start(container));
}
