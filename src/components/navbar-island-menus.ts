import { withLaterRecipes } from '@/lib/lazy-page';

// The navigation bar island's menus with what they need: the later recipes (src/lib/later-recipes.ts) and a router
// of their own to link with (src/lib/island-router.tsx). A module of its own, loaded when the menus are first wanted:
// the island's first download names only this one, not the menus' many chunks.
export const loadIslandMenus = withLaterRecipes(() =>
  Promise.all([import('./navbar-menus'), import('@/lib/island-router')]).then(([menus, router]) => ({
    menus,
    Router: router.IslandRouter,
  })),
);
