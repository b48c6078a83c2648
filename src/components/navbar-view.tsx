import { Box, Button, Flex, HStack, IconButton, Link as ChakraLink, Skeleton, Text } from '@chakra-ui/react';
import { memo, Suspense, useEffect, useRef, useState, type ComponentProps, type ComponentType } from 'react';
import { lender } from '@/config/lender';
import { paths } from '@/config/paths';
import type { CurrentUser } from '@/lib/current-user';
import { Logo } from './logo';
import { LineIcon } from './line-icon';
import type { AccountMenuProps, MobileMenuProps, NavLinkItem } from './nav-links';

/** The auth state the bar is drawn from (useAuth's shape: the whole app's, or the island's own). */
export type NavbarAuth = { user: CurrentUser | null; isLoading: boolean; isAuthenticated: boolean; isStaff: boolean };

type AnchorProps = Omit<ComponentProps<'a'>, 'href'> & { to: string };
/** How the bar links: `Link` to a page, `NavLink` marks the current page (class `active`, aria-current). */
export type NavbarLinks = {
  Link: ComponentType<AnchorProps>;
  NavLink: ComponentType<AnchorProps & { end?: boolean }>;
};
export type NavbarMenus = {
  MobileMenu: ComponentType<MobileMenuProps>;
  AccountMenu: ComponentType<AccountMenuProps>;
  preload: () => void;
};

const PUBLIC_LINKS: NavLinkItem[] = [
  { to: paths.home, label: 'Home' },
  { to: paths.products, label: 'Our Products' },
  { to: paths.apply, label: 'Apply' },
  { to: paths.about, label: 'About' },
  { to: paths.contact, label: 'Contact' },
];

function navLinksFor(auth: NavbarAuth) {
  const links = [...PUBLIC_LINKS];
  if (!auth.isAuthenticated) links.push({ to: paths.login(), label: 'Log In' });
  if (auth.isAuthenticated) links.push({ to: paths.dashboard, label: 'Dashboard' });
  if (auth.isStaff) links.push({ to: paths.admin, label: 'Admin' });
  return links;
}

/** Logout is a browser navigation to /api/logout. */
function logOut() {
  window.location.assign(paths.apiLogout);
}

const accountLabel = (auth: NavbarAuth) => auth.user?.firstName || 'Account';

/** The bar's buttons for a visitor nobody is signed in as. */
export function SignedOutActions({ Link }: Pick<NavbarLinks, 'Link'>) {
  return (
    <>
      <Button asChild variant="ghost" colorPalette="brand">
        <Link to={paths.login()}>Log In</Link>
      </Button>
      <Button asChild colorPalette="brand">
        <Link to={paths.apply}>Apply</Link>
      </Button>
    </>
  );
}

/**
 * The bar itself, without a router: the whole app (navbar.tsx) draws its links with react-router's, an island of a
 * prerendered public page (navbar-island.tsx) with plain ones. `menus` are the lazily loaded drawer and account menu.
 */
export const NavbarContent = memo(function NavbarContent({
  auth,
  links: { Link, NavLink },
  menus: { MobileMenu, AccountMenu, preload: preloadMenus },
}: {
  auth: NavbarAuth;
  links: NavbarLinks;
  menus: NavbarMenus;
}) {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const [isMenuRequested, setMenuRequested] = useState(false);
  const [isAccountMenuWanted, setAccountMenuWanted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const links = navLinksFor(auth);
  // Signed in: the account menu is on screen, so fetch its code now.
  useEffect(() => {
    if (auth.isAuthenticated) preloadMenus();
  }, [auth.isAuthenticated, preloadMenus]);
  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="white" borderBottomWidth="1px" shadow="xs">
      <Flex as="nav" aria-label="Main" maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} h="16" align="center" gap="6">
        <ChakraLink asChild fontWeight="bold" _hover={{ textDecoration: 'none' }}>
          <Link to={paths.home} aria-label={`${lender.brandName} home`}>
            <Logo />
          </Link>
        </ChakraLink>
        <HStack as="ul" listStyleType="none" gap="5" display={{ base: 'none', lg: 'flex' }} flex="1">
          {links.map((link) => (
            <li key={link.label}>
              <ChakraLink
                asChild
                color="fg.muted"
                fontWeight="medium"
                _hover={{ color: 'brand.700' }}
                css={{ '&.active': { color: 'brand.700', fontWeight: 'semibold' } }}
              >
                <NavLink to={link.to} end={link.to === paths.home}>
                  {link.label}
                </NavLink>
              </ChakraLink>
            </li>
          ))}
        </HStack>
        <HStack gap="3" ml="auto" display={{ base: 'none', lg: 'flex' }}>
          {auth.isLoading ? (
            <Skeleton
              height="9"
              width="40"
              borderRadius="md"
              data-testid="auth-placeholder"
              role="status"
              aria-label="Loading account"
            />
          ) : auth.isAuthenticated ? (
            <Suspense
              fallback={<AccountButton label={accountLabel(auth)} onClick={() => setAccountMenuWanted(true)} />}
            >
              <AccountMenu
                label={accountLabel(auth)}
                isStaff={auth.isStaff}
                onLogOut={logOut}
                defaultOpen={isAccountMenuWanted}
              />
            </Suspense>
          ) : (
            <SignedOutActions Link={Link} />
          )}
        </HStack>
        <IconButton
          ref={menuButton}
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={isMenuOpen}
          variant="ghost"
          ml="auto"
          display={{ base: 'inline-flex', lg: 'none' }}
          onPointerEnter={preloadMenus}
          onFocus={preloadMenus}
          onClick={() => {
            setMenuRequested(true);
            setMenuOpen(true);
          }}
        >
          <MenuIcon />
        </IconButton>
        {isMenuRequested && (
          <Suspense fallback={null}>
            <MobileMenu
              links={links}
              isAuthenticated={auth.isAuthenticated}
              open={isMenuOpen}
              onOpenChange={setMenuOpen}
              returnFocusTo={() => menuButton.current}
            />
          </Suspense>
        )}
      </Flex>
    </Box>
  );
});

/**
 * Until its code arrives the account button is drawn the same way; a click on it then opens the menu as soon as the
 * menu is there, so no click is lost.
 */
function AccountButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="outline" colorPalette="brand" aria-label={`Account menu for ${label}`} onClick={onClick}>
      <Text as="span" maxW="32" truncate>
        {label}
      </Text>
    </Button>
  );
}

function MenuIcon() {
  return (
    <LineIcon size={24}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </LineIcon>
  );
}
