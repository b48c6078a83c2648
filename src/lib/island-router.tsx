import type { ReactNode } from 'react';
import { createPath, Router, type Navigator, type To } from 'react-router-dom';

// For islands whose components link with react-router's Link (loaded with them, registry.ts): a router that never
// renders routes. A public page has no client-side routing: following a link loads the next page, prerendered or not.

const href = (to: To) => (typeof to === 'string' ? to : createPath(to));

const fullPageNavigator: Navigator = {
  createHref: href,
  push: (to) => window.location.assign(href(to)),
  replace: (to) => window.location.replace(href(to)),
  go: (delta) => window.history.go(delta),
};

export function IslandRouter({ pathname, children }: { pathname: string; children: ReactNode }) {
  return (
    <Router location={pathname} navigator={fullPageNavigator}>
      {children}
    </Router>
  );
}
