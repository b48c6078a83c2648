import { createElement, type ComponentType } from 'react';
import { STICKY_BOX_THRESHOLD_PX } from '@/features/public/hooks/use-scrolled-past';

// The islands of the prerendered public pages (src/lib/island.tsx): by name, how their code loads and when they
// hydrate. The build renders each one from the same entry (scripts/prerender.mjs), so its markup is what the browser
// hydrates. Each loader is its own chunk: only what a page shows is fetched, and only when wanted.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island takes its own props, checked where it is placed
type AnyComponent = ComponentType<any>;

export type IslandEntry = {
  load: () => Promise<AnyComponent>;
  /**
   * `painted`: once the page has painted (it is in the first view on every screen); `near`: when it nears the
   * viewport or the visitor reaches it; `scrolledPast`: it has no markup and first renders once the page is scrolled
   * past that many pixels.
   */
  when: 'painted' | 'near' | { scrolledPast: number };
};

/** The prefix of React's useId ids in island `id` (each is a root of its own), the same at build time. */
export const islandIdPrefix = (id: string) => `i${id}-`;

/** For components whose recipes come later (src/lib/later-recipes.ts): the loader that adds them, loaded with them. */
const withLaterRecipes =
  <T>(load: () => Promise<T>) =>
  () =>
    import('@/lib/lazy-page').then((module) => module.withLaterRecipes(load)());

/** For components that link with react-router's Link: a router of their own, loaded with them. */
const withRouter = (load: () => Promise<AnyComponent>) => () =>
  Promise.all([load(), import('@/lib/island-router')]).then(([Component, { IslandRouter }]) => {
    const pathname = typeof window === 'undefined' ? '/' : window.location.pathname;
    return (props: object) => createElement(IslandRouter, { pathname, children: createElement(Component, props) });
  });

/** For components that send with react-query (and notify through the toaster, mounted by start-islands.tsx). */
const withData = (load: () => Promise<AnyComponent>) => () =>
  Promise.all([load(), import('./island-data')]).then(
    ([Component, { IslandData }]) =>
      (props: object) =>
        createElement(IslandData, { children: createElement(Component, props) }),
  );

export const ISLANDS: Record<string, IslandEntry> = {
  navbar: { load: () => import('@/components/navbar-island').then((m) => m.NavbarIsland), when: 'painted' },
  'learn-more': {
    load: () => import('@/features/public/components/learn-more-button').then((m) => m.LearnMoreButton),
    when: 'near',
  },
  counter: {
    load: () => import('@/features/public/islands/counter-island').then((m) => m.CounterIsland),
    when: 'near',
  },
  'hero-video': {
    load: () => import('@/features/public/components/hero-video').then((m) => m.HeroVideo),
    when: 'near',
  },
  calculator: {
    load: withRouter(() => import('@/features/public/components/loan-calculator').then((m) => m.LoanCalculator)),
    when: 'near',
  },
  'email-signup': {
    load: withData(() => import('@/features/public/components/email-signup').then((m) => m.EmailSignup)),
    when: 'near',
  },
  'sticky-box': {
    load: withRouter(() => import('@/features/public/components/sticky-apply-box').then((m) => m.default)),
    when: { scrolledPast: STICKY_BOX_THRESHOLD_PX },
  },
  faq: {
    load: withLaterRecipes(() => import('@/features/public/components/faq').then((m) => m.Faq)),
    when: 'near',
  },
  'contact-form': {
    load: withData(() => import('@/features/public/components/contact-form').then((m) => m.ContactForm)),
    when: 'near',
  },
};
