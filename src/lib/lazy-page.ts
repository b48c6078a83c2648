import { createElement, lazy, type ComponentType } from 'react';

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
 * A loader that also adds the Chakra recipes of the pages outside the public site (src/lib/later-recipes.ts), for
 * code that renders components the start-up theme (src/theme.ts) has no recipe for. Both load in parallel.
 */
export function withLaterRecipes<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    Promise.all([load(), import('./later-recipes').then((module) => module.addLaterRecipes())]).then(
      ([loaded]) => loaded,
    );
}
