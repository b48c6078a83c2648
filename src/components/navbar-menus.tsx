import { Button, CloseButton, Drawer, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { AccountMenuProps, MobileMenuProps } from './nav-links';

// Loaded on demand by navbar.tsx: the phone menu drawer and the signed-in account menu.

export function MobileMenu({ links, isAuthenticated, open, onOpenChange, returnFocusTo }: MobileMenuProps) {
  const close = () => onOpenChange(false);
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(event) => onOpenChange(event.open)}
      placement="end"
      finalFocusEl={returnFocusTo}
    >
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
                  <Button key={link.label} asChild variant="ghost" justifyContent="flex-start" onClick={close}>
                    <Link to={link.to}>{link.label}</Link>
                  </Button>
                ))}
                {isAuthenticated && (
                  <Button
                    variant="ghost"
                    justifyContent="flex-start"
                    onClick={() => window.location.assign(paths.apiLogout)}
                  >
                    Log Out
                  </Button>
                )}
                <Button asChild colorPalette="brand" mt="4" onClick={close}>
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
  );
}

export function AccountMenu({ label, isStaff, onLogOut, defaultOpen }: AccountMenuProps) {
  return (
    <Menu.Root defaultOpen={defaultOpen}>
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
            {isStaff && (
              <Menu.Item value="admin" asChild>
                <Link to={paths.admin}>Admin Panel</Link>
              </Menu.Item>
            )}
            <Menu.Item value="logout" onSelect={onLogOut}>
              Log Out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
