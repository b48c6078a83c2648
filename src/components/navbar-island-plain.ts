// The navigation bar of a prerendered public page before (and unless) its React island hydrates
// (src/app/islands/plain-islands.ts): the build drew it loading (NavbarIsland's first render); once the page's one
// auth answer says nobody is signed in, its placeholder is swapped for Log In and Apply from the build's markup of
// them (NavbarSignedOutActions, in a <template>, with its styles in the page's head already). The island itself
// hydrates only when it is really needed: someone is signed in (the account menu), or the visitor reaches for a menu.

let isSignedOutShown = false;

/**
 * True once the bar's markup shows the signed-out actions: the island then hydrates from that state (NavbarIsland),
 * so that its first render is the markup on the page.
 */
export function barShowsSignedOut() {
  return isSignedOutShown;
}

/**
 * Swaps the bar's loading placeholder in `element` (the island's wrapper) for `actions` (the signed-out actions'
 * markup). Not when the island has started hydrating meanwhile (`isHydrating`): it draws that itself then. Answers
 * whether it did.
 */
export function showSignedOutBar(element: HTMLElement, actions: DocumentFragment | undefined, isHydrating: boolean) {
  const placeholder = element.querySelector('[data-testid="auth-placeholder"]');
  if (isHydrating || !placeholder || !actions) return false;
  placeholder.replaceWith(actions);
  isSignedOutShown = true;
  return true;
}
