import { STICKY_BOX_THRESHOLD_PX } from '@/features/public/hooks/use-scrolled-past';
import type { AnyComponent, LaterIsland } from './later-islands';

// The islands of the prerendered public pages (src/lib/island.tsx): by name, how their code loads and when they
// hydrate. The build renders each one from the same entry (scripts/prerender.mjs), so its markup is what the browser
// hydrates. Only what a page shows is fetched, and only when wanted: the islands of the first view of `/` as one
// chunk (first-view.ts), each island further down as its own (later-islands.ts). Those of the first view but the bar
// need no React at all in the browser (`plain`).

export type IslandEntry = {
  load: () => Promise<AnyComponent>;
  /**
   * `plain`: never hydrates on a page of islands, its markup is made live without React by plain-islands.ts;
   * `reached`: only when the visitor reaches for it (a tap, a key, focus, the pointer over it) or the page opens it
   * (the bar, for someone signed in); `near`: when it nears the viewport or the visitor reaches it; `scrolledPast`: it
   * has no markup and first renders once the page is scrolled past that many pixels. The build writes `reached` and
   * `scrolledPast` on the island's wrapper (scripts/prerender.mjs) for src/main.tsx, which runs before this module.
   */
  when: 'plain' | 'reached' | 'near' | { scrolledPast: number };
  /**
   * What the island turns into by itself soon after it starts (the bar once nobody is signed in, the video's
   * control), rendered by the build with the same props: its styles go in the page's head, so the island inserts no
   * rule then (each inserted rule restyles and lays out the whole page again), and its markup in a <template> at the
   * end of the island's wrapper, which plain-islands.ts takes out and uses.
   */
  laterLook?: () => Promise<AnyComponent>;
};

/** The prefix of React's useId ids in island `id` (each is a root of its own), the same at build time. */
export const islandIdPrefix = (id: string) => `i${id}-`;

const firstView = () => import('./first-view');

/**
 * The loaders of the islands further down, in a module of their own: each names the many small chunks its island
 * needs, and the page's first download need not carry that list.
 */
const later = (name: LaterIsland) => () => import('./later-islands').then((module) => module.LATER_ISLANDS[name]());

export const ISLANDS: Record<string, IslandEntry> = {
  navbar: {
    load: () => firstView().then((m) => m.NavbarIsland),
    when: 'reached',
    laterLook: () => firstView().then((m) => m.NavbarSignedOutActions),
  },
  'learn-more': { load: () => firstView().then((m) => m.LearnMoreButton), when: 'plain' },
  counter: { load: () => firstView().then((m) => m.CounterIsland), when: 'plain' },
  'hero-video': {
    load: () => firstView().then((m) => m.HeroVideo),
    when: 'plain',
    laterLook: () => firstView().then((m) => m.PlaybackButtonLook),
  },
  calculator: { load: later('calculator'), when: 'near' },
  'email-signup': { load: later('email-signup'), when: 'near' },
  'sticky-box': { load: later('sticky-box'), when: { scrolledPast: STICKY_BOX_THRESHOLD_PX } },
  faq: { load: later('faq'), when: 'near' },
  'contact-form': { load: later('contact-form'), when: 'near' },
};
