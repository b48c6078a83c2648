import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Providers } from './app/providers';
import { AppRoutes, preloadPrerenderedPage } from './app/routes';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root');

// The same tree as scripts/prerender.mjs renders at build time.
const app = (
  <StrictMode>
    <BrowserRouter>
      <Providers>
        <AppRoutes />
      </Providers>
    </BrowserRouter>
  </StrictMode>
);

const normalise = (pathname: string) => pathname.replace(/\/+$/, '') || '/';
const prerendered = container.dataset.prerendered && normalise(container.dataset.prerendered);

if (prerendered && prerendered === normalise(window.location.pathname) && container.firstElementChild) {
  // Build-time HTML of this very route: keep it and attach to it once its page code is here (lazy-page.ts).
  preloadPrerenderedPage(prerendered)
    .catch(() => undefined)
    .finally(() => hydrateRoot(container, app));
} else {
  // No markup, or another route's (the server's fallback page): render this route from scratch.
  container.replaceChildren();
  delete container.dataset.prerendered;
  createRoot(container).render(app);
}
