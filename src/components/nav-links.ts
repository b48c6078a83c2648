/** A link of the navigation bar, in the bar itself and in the phone menu (navbar-menus.tsx, loaded on demand). */
export type NavLinkItem = { to: string; label: string };
