import { lazy, useDeferredValue } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useAuth } from '@/hooks/use-auth';
import { authStateOf, type CurrentUser } from '@/lib/current-user';
import { useIsHydrating } from '@/lib/hydrate-later';
import { withLaterRecipes } from '@/lib/lazy-page';
import { NavbarContent, type NavbarAuth, type NavbarLinks, type NavbarMenus } from './navbar-view';

// The drawer and the account menu (Chakra's Drawer and Menu with their focus, scroll and positioning machinery) are
// about 40 KB of compressed script that no first paint needs: they load when first wanted, with their recipes.
const loadMenus = withLaterRecipes(() => import('./navbar-menus'));
const MENUS: NavbarMenus = {
  preload: () => void loadMenus(),
  MobileMenu: lazy(() => loadMenus().then((module) => ({ default: module.MobileMenu }))),
  AccountMenu: lazy(() => loadMenus().then((module) => ({ default: module.AccountMenu }))),
};
const LINKS: NavbarLinks = { Link, NavLink };

/**
 * The auth answer reaches components through react-query's store subscription, which React renders synchronously, in
 * one task, as soon as it arrives. Here that render stops at this component: the bar is drawn from the deferred
 * state, in a transition that React renders in slices between which the browser can answer input (total
 * blocking time: it was a ~100 ms task on a phone-speed CPU, just after the page hydrated).
 */
export function Navbar() {
  const auth = useAuth();
  // Hydrating build-time markup (drawn while the answer loads), the bar starts as it was drawn even when the answer
  // came first (it hydrates once the page is idle: src/app/layouts/root-layout.tsx), then shows the answer.
  return (
    <NavbarContent
      auth={useDeferredValue<NavbarAuth>(auth, useIsHydrating() ? LOADING_AUTH : auth)}
      links={LINKS}
      menus={MENUS}
    />
  );
}

const LOADING_AUTH = authStateOf<CurrentUser>(null, true);
