import { startTransition, StrictMode, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { fetchCurrentUser } from '@/lib/current-user';
import { whenIdle } from '@/lib/idle';
import { sessionOf } from '@/lib/lazy-section-watch';
import { prepareSystem } from '@/theme';
import { IslandShell } from './island-shell';
import { islandIdPrefix, ISLANDS, type IslandEntry } from './registry';

// The browser side of a prerendered public page (docs/architecture.md, "Public pages: islands"), started by
// src/main.tsx once the page has painted. The page stays the build's HTML and CSS; each island (an element
// `[data-island]` that the prerender filled and numbered) becomes a React root of its own when it is wanted: its code
// loads, then it hydrates in a transition. Until then lazy-section-watch.ts holds back what the visitor does in it and
// plays it again once the island is live.

/** Set once the whole app has taken the page over: no island starts after that. */
let isHandedOver = false;

function tree(Component: ComponentType<object>, props: object, onLive?: () => void) {
  return (
    <StrictMode>
      <IslandShell hasPrerenderedStyles onLive={onLive}>
        <Component {...props} />
      </IslandShell>
    </StrictMode>
  );
}

const readProps = (element: HTMLElement): object => JSON.parse(element.dataset.islandProps ?? '{}') as object;

/**
 * An island with server markup: hydrates once its session (near the view, or reached), its code and the page
 * (`isPageReady`: Chakra's system, and on `/` the auth answer) are ready.
 */
function hydrateWhenWanted(element: HTMLElement, entry: IslandEntry, id: string, isPageReady: Promise<boolean>) {
  const session = sessionOf(`island-${id}`);
  if (!session) return;
  let Component: ComponentType<object> | undefined;
  session.attach(() =>
    entry.load().then((loaded) => {
      Component = loaded;
    }),
  );
  if (entry.when === 'painted') session.open();
  Promise.all([session.ready, isPageReady]).then(
    ([, isReady]) => {
      if (!isReady || !Component || !element.isConnected || isHandedOver) return;
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
  isPageReady: Promise<boolean>,
) {
  const render = () => {
    window.removeEventListener('scroll', check);
    void Promise.all([entry.load(), isPageReady]).then(([Component, isReady]) => {
      if (!isReady || !element.isConnected || isHandedOver) return;
      createRoot(element, { identifierPrefix: islandIdPrefix(id) }).render(tree(Component, readProps(element)));
    });
  };
  const check = () => {
    if (window.scrollY > threshold) render();
  };
  window.addEventListener('scroll', check, { passive: true });
  check();
}

/** The notification region (toasts of the signup and contact forms), in a root of its own once the page is idle. */
function mountToaster() {
  whenIdle(
    () => {
      void import('@/components/ui/toaster').then(({ Toaster }) => {
        if (isHandedOver) return;
        const element = document.createElement('div');
        document.body.append(element);
        createRoot(element, { identifierPrefix: 'toaster-' }).render(tree(Toaster, {}));
      });
    },
    { timeout: 3000, fallbackMs: 1000 },
  );
}

/**
 * `/` shows a signed-in visitor their home page, which the build does not make: the whole app takes the page over
 * (src/app/start.tsx renders it from scratch, as on any page the build did not render), before any island hydrates.
 */
function handOverToWholeApp(container: HTMLElement) {
  isHandedOver = true;
  delete container.dataset.prerendered;
  delete container.dataset.islands;
  void import('../start');
}

export function startIslands(container: HTMLElement) {
  // Asked at once, while the islands' code loads and Chakra's system is made (src/theme.ts, in tasks).
  const user = container.dataset.islands === '/' ? fetchCurrentUser() : Promise.resolve(null);
  const isPageReady = Promise.all([prepareSystem(), user]).then(([, signedIn]) => {
    if (!signedIn) return true;
    handOverToWholeApp(container);
    return false;
  });
  for (const element of container.querySelectorAll<HTMLElement>('[data-island][data-island-id]')) {
    const entry = ISLANDS[element.dataset.island ?? ''];
    const id = element.dataset.islandId!;
    if (!entry) continue;
    if (typeof entry.when === 'object')
      renderWhenScrolledPast(element, entry, id, entry.when.scrolledPast, isPageReady);
    else hydrateWhenWanted(element, entry, id, isPageReady);
  }
  void isPageReady.then((isReady) => {
    if (isReady) mountToaster();
  });
}
