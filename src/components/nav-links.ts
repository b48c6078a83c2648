/** A link of the navigation bar, in the bar itself and in the phone menu (navbar-menus.tsx, loaded on demand). */
export type NavLinkItem = { to: string; label: string };

/** The phone menu's props (navbar-menus.tsx): the bar passes them to it. */
export type MobileMenuProps = {
  links: NavLinkItem[];
  isAuthenticated: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: () => HTMLElement | null;
};

/** The account menu's props (navbar-menus.tsx). */
export type AccountMenuProps = {
  label: string;
  isStaff: boolean;
  onLogOut: () => void;
  /** The button was clicked before this code arrived. */
  defaultOpen: boolean;
};
