import { createElement, lazy, type ComponentType } from 'react';
import { prepareSystem } from '@/theme';

export type PreloadableComponent = ComponentType & { preload: () => Promise<void> };

/**
 * React.lazy with a `preload()`. Once preloaded, the component renders its module at once instead of going
 * through React.lazy, which suspends on its first render even when the chunk is already here. Hydrating a
 * prerendered page must not suspend: an update (the auth answer) that reaches a still-dehydrated Suspense
 * boundary makes React throw the server markup away and show the fallback, so the page blinks and scrolls to
 * the top.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): PreloadableComponent {
  let loaded: ComponentType | undefined;
  const Lazy = lazy(load);
  const Page = () => createElement(loaded ?? Lazy);
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
    });
  return Object.assign(Page, { preload });
}

/**
 * A loader that also adds Chakra recipes the start-up theme (src/theme.ts) lacks, for code that renders components it
 * has no recipe for: both load in parallel, and the recipes are added once Chakra's system is made (adding them
 * earlier would make it at once, in one long task, instead of in the tasks src/theme.ts runs).
 */
function withRecipes(loadAdd: () => Promise<() => void>) {
  return <T>(load: () => Promise<T>): (() => Promise<T>) =>
    () =>
      Promise.all([load(), Promise.all([loadAdd(), prepareSystem()]).then(([add]) => add())]).then(
        ([loaded]) => loaded,
      );
}

/** With the recipes of the pages outside the public site (src/lib/later-recipes.ts). */
export const withLaterRecipes = withRecipes(() => import('./later-recipes').then((module) => module.addLaterRecipes));

/** With the public pages' recipes beyond the first view (src/lib/page-recipes.ts): the islands further down. */
export const withPageRecipes = withRecipes(() => import('./page-recipes').then((module) => module.addPageRecipes));
