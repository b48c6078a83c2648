import { startPlainIslands, whenScrolledPast } from './app/islands/plain-islands';
import { showSignedOutBar } from './components/navbar-island-plain';
import { fetchAuthAnswer, type AuthAnswer } from './lib/current-user';
import { importInTasks, nextTask, yieldTask } from './lib/idle';
import {
  holdPageInput,
  preloadModule,
  sessionOf,
  stopWatchingSections,
  watchServerSections,
  whenSectionOpens,
} from './lib/lazy-section-watch';

// The entry: small on purpose. A prerendered page paints from its HTML and styles (scripts/prerender.mjs), and its
// scripts only hydrate it, so they are requested once that first paint is done instead of competing with it for the
// network (the first and largest paint, the hero's poster, come with the document). Any other page renders
// from its scripts and starts them at once.

const root = document.getElementById('root');

// One place each: every import() names its chunk's dependencies for Vite to preload, in this first download.
const loadThemeConfig = () => import('./theme-config');
const loadApp = () => import('./app/start');
// React DOM's code runs when first imported (a CommonJS module in the framework chunk), and the router and data layer
// are a chunk of their own: each runs in a task of its own before the code that needs them.
const loadReactDom = () => import('react-dom/client');
const loadAppFramework = () => import('react-router-dom');

/**
 * Preloads the prerendered page's chunks (listed by the prerender: the app's and the page's) in short tasks: each link
 * starts its request inside the task that adds it (about a millisecond each at full speed, some five, and /apply has
 * some seventy), so a task adds links for a few milliseconds and then yields.
 */
async function preloadPageChunks() {
  const files = root?.dataset.preload?.split(' ').filter(Boolean) ?? [];
  let sliceStart = performance.now();
  for (const file of files) {
    if (performance.now() - sliceStart >= PRELOAD_SLICE_MS) {
      await yieldTask();
      sliceStart = performance.now();
    }
    preloadModule(file);
  }
}
const PRELOAD_SLICE_MS = 4;

/**
 * The costliest code to run at start-up in tasks of its own: Chakra's code with the theme's configuration
 * (src/theme-config.ts), then Chakra's system made out of it (src/theme.ts, itself in several tasks), then the rest
 * of the app. Shorter tasks block the page less than one long one (total blocking time). The page is on screen
 * already, and all the chunks load in parallel meanwhile. (ICU's collator, which Chakra's media query order used to
 * set up, is not needed any more: build/chakra/sort.ts.)
 */
async function hydratePrerenderedPage() {
  // The page's chunks are requested first, a few per task: each link starts its request inside the task that adds it
  // (~1 ms each on a slow machine). Imported only then, so Vite's own preload helper finds every link in place and adds
  // none (it added the theme configuration's nine in the first task, with the first batch: a 62 ms task at 4x).
  // The modules are imported, so run, one after the other: imported together, modules that arrive together run together.
  await preloadPageChunks();
  await loadThemeConfig();
  await nextTask();
  const { prepareSystem } = await import('./theme');
  await prepareSystem();
  await nextTask();
  const { startApp } = await importInTasks([loadReactDom, loadAppFramework], loadApp);
  startApp();
}

/**
 * Runs `start` once the page's first paint is done: once the image the page preloads for its largest paint (the
 * hero's poster) is on screen (the browser reports that paint, largest-contentful-paint, when the frame is presented).
 * A page without one, or whose largest paint is something else (a wide screen), starts shortly after it has loaded;
 * a hidden tab, which paints nothing, at once.
 */
function afterFirstPaint(start: () => void) {
  let isStarted = false;
  const startOnce = () => {
    if (isStarted) return;
    isStarted = true;
    start();
  };
  const images = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map(
    (link) => link.href,
  );
  if (images.length && PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some((entry) => images.includes((entry as LargestContentfulPaint).url))) return;
      observer.disconnect();
      setTimeout(startOnce, 0);
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  const afterLoad = () => {
    if (document.visibilityState === 'visible') setTimeout(startOnce, images.length ? 300 : 0);
    else startOnce();
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

/**
 * The React islands of a public page built as HTML and CSS with islands (src/lib/island.tsx), each when wanted
 * (src/app/islands/start-islands.tsx): started only once one of them is (its section opened: near the view, or the
 * visitor reached for it). Chakra's system, which they render with, is made in tasks meanwhile.
 */
async function startIslands(container: HTMLElement) {
  await loadThemeConfig();
  await nextTask();
  // Chakra's system is made in tasks of its own while the islands' code loads; that code (React and Chakra's
  // components) runs in a task of its own, and the islands start in the next.
  const { prepareSystem } = await import('./theme');
  void prepareSystem();
  const { startIslands: start } = await importInTasks([loadReactDom], () => import('./app/islands/start-islands'));
  await nextTask();
  start(container);
}

/**
 * `/` shows a signed-in visitor their home page, which the build does not make: the whole app takes the page over
 * (src/app/start.tsx), starting with the answer it was given in its cache, and no island starts.
 */
async function handOverToWholeApp(initialAuth: NonNullable<AuthAnswer['sent']>) {
  stopWatchingSections();
  await loadThemeConfig();
  await nextTask();
  const { startApp } = await loadApp();
  startApp({ initialAuth });
}

if (root?.dataset.islands) {
  const isHome = root.dataset.islands === '/';
  // The islands that need no React (Learn More, the counters, the video) are live at once, without it
  // (src/app/islands/plain-islands.ts); the others' markup is watched from now on: what the visitor does there before
  // it is live is held back and played again then (src/lib/lazy-section-watch.ts).
  const bars = startPlainIslands(root);
  watchServerSections();
  // The page's one auth request, asked at once. On `/` it decides which page it is: a signed-in visitor's app is
  // started as soon as it answers, without waiting for the landing page's paint.
  const isSignedIn = fetchAuthAnswer().then(({ sent }) => {
    if (sent && isHome) void handOverToWholeApp(sent);
    return Boolean(sent);
  });
  // The bar shows Log In and Apply from the build's markup when nobody is signed in; someone signed in (on another
  // page than `/`) gets the account menu: the bar's island hydrates then (src/components/navbar-island-plain.ts).
  void isSignedIn.then((signedIn) => {
    // A signed-in visitor of `/` gets the whole app instead (its sections are not watched any more).
    if (signedIn && isHome) return;
    for (const { element, signedOutActions } of bars) {
      const session = sessionOf(element.dataset.lazySection ?? '');
      if (!signedIn) showSignedOutBar(element, signedOutActions, Boolean(session?.isOpen));
      else if (!isHome) session?.open();
    }
  });
  // React and Chakra only when an island needs them: a section opens (an island further down nears the view, the
  // visitor reaches for the bar's menus, someone is signed in), or the sticky box is due. Never before the page has
  // painted, and never on a page the whole app takes over.
  const hasPainted = new Promise<void>((resolve) => afterFirstPaint(resolve));
  let isStarting = false;
  const startWhenWanted = () => {
    if (isStarting) return;
    isStarting = true;
    void Promise.all([isSignedIn, hasPainted]).then(([signedIn]) => {
      if (signedIn && isHome) return;
      // Code that failed to load (a deploy in between): the page stays as the build made it, its plain parts live.
      startIslands(root).catch((error: unknown) => console.warn('islands not started', error));
    });
  };
  whenSectionOpens(startWhenWanted);
  whenScrolledPast(root, startWhenWanted);
} else if (root?.dataset.prerendered) {
  // What the visitor does on the page before the app is attached is held back and played again then.
  holdPageInput(root);
  afterFirstPaint(() => void hydratePrerenderedPage());
} else {
  // Nothing on screen until the app renders: one import, all of its chunks at once.
  void loadApp().then(({ startApp }) => startApp());
}
