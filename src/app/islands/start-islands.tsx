import { startTransition, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { addLaterStyles } from '@/lib/later-styles';
import { LIVE_ATTRIBUTE, sessionOf } from '@/lib/lazy-section-watch';
import { prepareSystem } from '@/theme';
import { islandTree as tree } from './island-shell';
import { islandIdPrefix, ISLANDS, type IslandEntry } from './registry';

// The React side of a prerendered public page (docs/architecture.md, "Public pages: islands"), started by
// src/main.tsx once an island needs it (never before the page has painted). The page stays the build's HTML and
// CSS; each island (an element `[data-island]` that the prerender filled and numbered) becomes a React root of its own
// when it is wanted: its code loads, then it hydrates in a transition. Until then lazy-section-watch.ts holds back
// what the visitor does in it and plays it again once the island is live, and marks it live (`data-live`). The
// plain islands (plain-islands.ts) are live already and never hydrate.

const readProps = (element: HTMLElement): object => JSON.parse(element.dataset.islandProps ?? '{}') as object;

/**
 * An island with server markup: hydrates once its session (near the view, or reached: lazy-section-watch.ts), its
 * code and the page (`isPageReady`: Chakra's system) are ready.
 */
function hydrateWhenWanted(element: HTMLElement, entry: IslandEntry, id: string, isPageReady: Promise<unknown>) {
  const session = sessionOf(`island-${id}`);
  if (!session) return;
  let Component: ComponentType<object> | undefined;
  session.attach(() =>
    entry.load().then((loaded) => {
      Component = loaded;
    }),
  );
  Promise.all([session.ready, isPageReady]).then(
    () => {
      if (!Component || !element.isConnected) return;
      const Loaded = Component;
      startTransition(() => {
        hydrateRoot(
          element,
          tree(Loaded, readProps(element), () => session.onLive()),
          {
            identifierPrefix: islandIdPrefix(id),
          },
        );
      });
    },
    // A chunk that failed to load (a deploy in between): the page stays as the build made it.
    (error: unknown) => console.warn('island not loaded', element.dataset.island, error),
  );
}

/** An island without markup (the sticky box): rendered the first time the page is scrolled past its threshold. */
function renderWhenScrolledPast(
  element: HTMLElement,
  entry: IslandEntry,
  id: string,
  threshold: number,
  isPageReady: Promise<unknown>,
) {
  const render = () => {
    window.removeEventListener('scroll', check);
    void Promise.all([entry.load(), isPageReady]).then(([Component]) => {
      if (!element.isConnected) return;
      createRoot(element, { identifierPrefix: islandIdPrefix(id) }).render(
        tree(Component, readProps(element), () => element.setAttribute(LIVE_ATTRIBUTE, '')),
      );
    });
  };
  const check = () => {
    if (window.scrollY > threshold) render();
  };
  window.addEventListener('scroll', check, { passive: true });
  check();
}

/**
 * Starts the islands of a page of islands (src/main.tsx, after the first paint; on `/` only for a visitor who is
 * not signed in: a signed-in one gets the whole app instead).
 */
export function startIslands(container: HTMLElement) {
  addLaterStyles();
  // Made in tasks (src/theme.ts) while the islands' code loads.
  const isPageReady = prepareSystem();
  for (const element of container.querySelectorAll<HTMLElement>('[data-island][data-island-id]')) {
    const entry = ISLANDS[element.dataset.island ?? ''];
    const id = element.dataset.islandId!;
    // The plain ones are live already, without React (plain-islands.ts).
    if (!entry || entry.when === 'plain') continue;
    if (typeof entry.when === 'object')
      renderWhenScrolledPast(element, entry, id, entry.when.scrolledPast, isPageReady);
    else hydrateWhenWanted(element, entry, id, isPageReady);
  }
}
