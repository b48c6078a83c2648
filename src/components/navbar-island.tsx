import { lazy, startTransition, useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import { authStateOf, fetchAuthAnswer, type CurrentUser } from '@/lib/current-user';
import { barShowsSignedOut } from './navbar-island-plain';
import { NavbarContent, SignedOutActions, type NavbarAuth, type NavbarLinks, type NavbarMenus } from './navbar-view';

// The navigation bar as an island of a prerendered public page (src/app/islands/registry.ts): no router and no
// data layer at start-up. Its links are plain ones (the next page loads as a whole); the menus, loaded when wanted,
// link through a router of their own (src/lib/island-router.tsx).

type AnchorProps = ComponentProps<NavbarLinks['NavLink']>;

function PlainLink({ to, ...rest }: AnchorProps) {
  return <a href={to} {...rest} />;
}

/** Marks the current page as react-router's NavLink does: class `active` and aria-current="page". */
function currentPageLink(pathname: string): NavbarLinks['NavLink'] {
  return function PlainNavLink({ to, end = false, className, ...rest }: AnchorProps) {
    const isActive = pathname === to || (!end && to !== '/' && pathname.startsWith(`${to}/`));
    return (
      <a
        href={to}
        aria-current={isActive ? 'page' : undefined}
        className={[className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined}
        {...rest}
      />
    );
  };
}

const loadMenus = () => import('./navbar-island-menus').then((module) => module.loadIslandMenus());

function routed<P extends object>(pick: (menus: Awaited<ReturnType<typeof loadMenus>>['menus']) => ComponentType<P>) {
  return lazy(() =>
    loadMenus().then(({ menus, Router }) => {
      const Menu = pick(menus);
      return {
        default: (props: P) => (
          <Router pathname={window.location.pathname}>
            <Menu {...props} />
          </Router>
        ),
      };
    }),
  );
}

const MENUS: NavbarMenus = {
  preload: () => void loadMenus(),
  MobileMenu: routed((menus) => menus.MobileMenu),
  AccountMenu: routed((menus) => menus.AccountMenu),
};

/** `pathname`: the page's route, from the build (the link to it is marked current). */
export function NavbarIsland({ pathname }: { pathname: string }) {
  const [links] = useState<NavbarLinks>(() => ({ Link: PlainLink, NavLink: currentPageLink(pathname) }));
  // Drawn loading, as the build did, unless the page has shown the signed-out actions on the build's markup already
  // (navbar-island-plain.ts): the first render is what is on the page.
  const [auth, setAuth] = useState<NavbarAuth>(() => authStateOf<CurrentUser>(null, !barShowsSignedOut()));
  useEffect(() => {
    let isCurrent = true;
    void fetchAuthAnswer().then(({ user }) => {
      // In a transition: the bar's new actions render in slices, not in one task (total blocking time).
      if (isCurrent) startTransition(() => setAuth(authStateOf(user, false)));
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  return <NavbarContent auth={auth} links={links} menus={MENUS} />;
}

/**
 * What the bar shows once the auth answer says nobody is signed in (its first render shows a placeholder): rendered by
 * the build only for its styles (src/app/islands/registry.ts).
 */
export function NavbarSignedOutActions() {
  return <SignedOutActions Link={PlainLink} />;
}
