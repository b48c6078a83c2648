import { createElement, type ComponentType } from 'react';

// How the islands further down a public page load (registry.ts): each with what only it needs, loaded with it.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island takes its own props, checked where it is placed
export type AnyComponent = ComponentType<any>;

/**
 * A loader of src/lib/lazy-page.ts that adds the recipes a component needs beyond the first view's (withPageRecipes,
 * and withLaterRecipes too for the pages' other components), itself loaded with the component.
 */
const adding =
  (wrapper: 'withLaterRecipes' | 'withPageRecipes') =>
  <T>(load: () => Promise<T>) =>
  () =>
    import('@/lib/lazy-page').then((module) => module[wrapper](load)());
const withLaterRecipes = adding('withLaterRecipes');
const withPageRecipes = adding('withPageRecipes');

/** For components that link with react-router's Link: a router of their own, loaded with them. */
const withRouter = (load: () => Promise<AnyComponent>) => () =>
  Promise.all([load(), import('@/lib/island-router')]).then(([Component, { IslandRouter }]) => {
    const pathname = typeof window === 'undefined' ? '/' : window.location.pathname;
    return (props: object) => createElement(IslandRouter, { pathname, children: createElement(Component, props) });
  });

/** For components that send with react-query (and notify through the toaster, which island-data.tsx mounts). */
const withData = (load: () => Promise<AnyComponent>) => () =>
  Promise.all([load(), import('./island-data')]).then(
    ([Component, { IslandData }]) =>
      (props: object) =>
        createElement(IslandData, { children: createElement(Component, props) }),
  );

export const LATER_ISLANDS = {
  calculator: withRouter(
    withPageRecipes(() => import('@/features/public/components/loan-calculator').then((m) => m.LoanCalculator)),
  ),
  'email-signup': withData(
    withPageRecipes(() => import('@/features/public/components/email-signup').then((m) => m.EmailSignup)),
  ),
  'sticky-box': withRouter(
    withPageRecipes(() => import('@/features/public/components/sticky-apply-box').then((m) => m.default)),
  ),
  faq: withLaterRecipes(withPageRecipes(() => import('@/features/public/components/faq').then((m) => m.Faq))),
  'contact-form': withData(
    withPageRecipes(() => import('@/features/public/components/contact-form').then((m) => m.ContactForm)),
  ),
} satisfies Record<string, () => Promise<AnyComponent>>;

export type LaterIsland = keyof typeof LATER_ISLANDS;
