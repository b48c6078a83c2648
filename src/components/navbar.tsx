import {
  Box,
  Button,
  CloseButton,
  Drawer,
  Flex,
  HStack,
  IconButton,
  Link as ChakraLink,
  Menu,
  Portal,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { AuthState } from '@/hooks/use-auth';
import { Logo } from './logo';

const PUBLIC_LINKS: { to: string; label: string }[] = [
  { to: paths.home, label: 'Home' },
  { to: paths.products, label: 'Our Products' },
  { to: paths.apply, label: 'Apply' },
  { to: paths.about, label: 'About' },
  { to: paths.contact, label: 'Contact' },
];

function navLinksFor(auth: AuthState) {
  const links = [...PUBLIC_LINKS];
  if (!auth.isAuthenticated) links.push({ to: paths.login(), label: 'Log In' });
  if (auth.isAuthenticated) links.push({ to: paths.dashboard, label: 'Dashboard' });
  if (auth.isStaff) links.push({ to: paths.admin, label: 'Admin' });
  return links;
}

/** Logout is a browser navigation to /api/logout (spec §2). */
function logOut() {
  window.location.assign(paths.apiLogout);
}

export function Navbar({ auth }: { auth: AuthState }) {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const links = navLinksFor(auth);
  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="white" borderBottomWidth="1px" shadow="xs">
      <Flex as="nav" aria-label="Main" maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} h="16" align="center" gap="6">
        <ChakraLink asChild fontWeight="bold" _hover={{ textDecoration: 'none' }}>
          <Link to={paths.home} aria-label="Summit Funding home">
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
              aria-label="Loading account"
            />
          ) : auth.isAuthenticated ? (
            <AccountMenu auth={auth} />
          ) : (
            <>
              <Button asChild variant="ghost" colorPalette="brand">
                <Link to={paths.login()}>Log In</Link>
              </Button>
              <Button asChild colorPalette="brand">
                <Link to={paths.apply}>Apply</Link>
              </Button>
            </>
          )}
        </HStack>
        <Drawer.Root open={isMenuOpen} onOpenChange={(event) => setMenuOpen(event.open)} placement="end">
          <Drawer.Trigger asChild>
            <IconButton aria-label="Open menu" variant="ghost" ml="auto" display={{ base: 'inline-flex', lg: 'none' }}>
              <MenuIcon />
            </IconButton>
          </Drawer.Trigger>
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content>
                <Drawer.Header>
                  <Drawer.Title>Menu</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body>
                  <Stack as="nav" aria-label="Mobile" gap="1">
                    {links.map((link) => (
                      <Button
                        key={link.label}
                        asChild
                        variant="ghost"
                        justifyContent="flex-start"
                        onClick={() => setMenuOpen(false)}
                      >
                        <Link to={link.to}>{link.label}</Link>
                      </Button>
                    ))}
                    {auth.isAuthenticated && (
                      <Button variant="ghost" justifyContent="flex-start" onClick={logOut}>
                        Log Out
                      </Button>
                    )}
                    <Button asChild colorPalette="brand" mt="4" onClick={() => setMenuOpen(false)}>
                      <Link to={paths.apply}>Get Approved Now</Link>
                    </Button>
                  </Stack>
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="Close menu" />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      </Flex>
    </Box>
  );
}

function AccountMenu({ auth }: { auth: AuthState }) {
  const label = auth.user?.firstName || 'Account';
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="outline" colorPalette="brand" aria-label={`Account menu for ${label}`}>
          <Text as="span" maxW="32" truncate>
            {label}
          </Text>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="dashboard" asChild>
              <Link to={paths.dashboard}>Dashboard</Link>
            </Menu.Item>
            {auth.isStaff && (
              <Menu.Item value="admin" asChild>
                <Link to={paths.admin}>Admin Panel</Link>
              </Menu.Item>
            )}
            <Menu.Item value="logout" onSelect={logOut}>
              Log Out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function MenuIcon() {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}
