import { STICKY_BOX_THRESHOLD_PX } from '@/features/public/hooks/use-scrolled-past';
import type { AnyComponent, LaterIsland } from './later-islands';

// The islands of the prerendered public pages (src/lib/island.tsx): by name, how their code loads and when they
// hydrate. The build renders each one from the same entry (scripts/prerender.mjs), so its markup is what the browser
// hydrates. Only what a page shows is fetched, and only when wanted: the islands of the first view of `/` as one
// chunk (first-view.ts), each island further down as its own (later-islands.ts).

export type IslandEntry = {
  load: () => Promise<AnyComponent>;
  /**
   * `painted`: once the page has painted (it is in the first view on every screen); `near`: when it nears the
   * viewport or the visitor reaches it; `scrolledPast`: it has no markup and first renders once the page is scrolled
   * past that many pixels.
   */
  when: 'painted' | 'near' | { scrolledPast: number };
  /**
   * What the island turns into by itself soon after it starts (the bar once nobody is signed in, the video's
   * control), rendered by the build with the same props only for its styles: they are in the page's head, so the
   * island inserts no rule then (each inserted rule restyles and lays out the whole page again).
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
    when: 'painted',
    laterLook: () => firstView().then((m) => m.NavbarSignedOutActions),
  },
  'learn-more': { load: () => firstView().then((m) => m.LearnMoreButton), when: 'near' },
  counter: { load: () => firstView().then((m) => m.CounterIsland), when: 'near' },
  'hero-video': {
    load: () => firstView().then((m) => m.HeroVideo),
    when: 'near',
    laterLook: () => firstView().then((m) => m.PlaybackButtonLook),
  },
  calculator: { load: later('calculator'), when: 'near' },
  'email-signup': { load: later('email-signup'), when: 'near' },
  'sticky-box': { load: later('sticky-box'), when: { scrolledPast: STICKY_BOX_THRESHOLD_PX } },
  faq: { load: later('faq'), when: 'near' },
  'contact-form': { load: later('contact-form'), when: 'near' },
};
