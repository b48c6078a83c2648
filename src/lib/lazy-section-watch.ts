// Runs before any React code arrives (src/main.tsx), without React: it watches the server markup of the sections
// that hydrate later (the islands of a prerendered public page: src/app/islands/start-islands.tsx), opens them when
// they near the viewport or are reached, and holds back what React would drop on markup it cannot hydrate yet, to
// play it again once live.
// It does the same for the whole prerendered page until the app has attached to it (holdPageInput).
import { eachWhenIdle, whenIdle } from './idle';

/** How far below (or above) the viewport a section starts loading and hydrating. */
const ROOT_MARGIN = '300px 0px';
/** Interactions that make a section hydrate at once, before it is in view (keyboard focus, a tap). */
const WAKE_EVENTS = ['focusin', 'pointerdown', 'keydown', 'click', 'submit'] as const;
/**
 * Signs that the visitor is about to use a section, which only open it (never held back, so listened to passively):
 * a touch starting, the pointer coming over it. A section that hydrates only when reached (the bar) starts then.
 */
const REACH_EVENTS = ['touchstart', 'pointerover'] as const;
/**
 * `data-island-when="reached"` on a section's wrapper: it opens only when the visitor reaches it (WAKE_EVENTS,
 * REACH_EVENTS) or the page opens it, never by being near the view (the bar, which is always in view).
 */
const WHEN_ATTRIBUTE = 'data-island-when';
export const ATTRIBUTE = 'data-lazy-section';
/**
 * Set on a section's wrapper once it is live: hydrated, and what the visitor did before then played again. The page's
 * own signal that its part is interactive (e2e tests wait on it: `[data-lazy-section][data-live]`).
 */
export const LIVE_ATTRIBUTE = 'data-live';

type Held = { event: Event; target: Element };

/** What lets a section's content render: its code is here, and (for server markup) it is near the view or reached. */
export type Gate = {
  ready: Promise<void>;
  isOpen: boolean;
  /** Called by the content after its first commit. */
  onLive: () => void;
};

/** A section's server markup, watched from the page's start until its content is live. */
export type Session = Gate & {
  element: HTMLElement;
  held: Held[];
  open: () => void;
  /** The section's code arrived: its loader. */
  attach: (load: () => Promise<void>) => void;
  stop: () => void;
};

/** Server markup of sections not live yet, by their wrapper element. */
const sessions = new Map<HTMLElement, Session>();

const isTextEntry = (element: Element) =>
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLInputElement &&
    !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'file', 'image'].includes(element.type));

/**
 * What React would drop: submits, clicks (but on links, which navigate the ordinary way) and keys on custom widgets
 * (a slider). Typing goes into fields natively (replayTypedText hands it to React); Tab still moves focus, and Enter
 * or Space on a button or link ends in a click (held back in turn) or a navigation.
 */
function isHeldBack(event: Event, target: Element): boolean {
  if (event.type === 'submit') return true;
  if (event.type === 'click') return !target.closest('a[href]');
  if (event instanceof KeyboardEvent) {
    return event.key !== 'Tab' && !isTextEntry(target) && !target.closest('a[href], button, select');
  }
  return false;
}

/** The prerendered page before the app has attached to it (holdPageInput), with what was held back meanwhile. */
let page: { root: HTMLElement; held: Held[] } | null = null;

/** Capture on the document runs before React's listener on the root, which would drop these. */
function handleInteraction(event: Event) {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const element = target.closest<HTMLElement>(`[${ATTRIBUTE}]`);
  const session = element && sessions.get(element);
  if (session) session.open();
  const held = session?.held ?? (page?.root.contains(target) ? page.held : null);
  if (!held || !isHeldBack(event, target)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held.push({ event, target });
}

/** Opens the section the visitor is reaching for (REACH_EVENTS). */
function handleReach(event: Event) {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const element = target.closest<HTMLElement>(`[${ATTRIBUTE}]`);
  if (element) sessions.get(element)?.open();
}

let isListening = false;
function listenForInteractions() {
  if (isListening) return;
  isListening = true;
  for (const type of WAKE_EVENTS) document.addEventListener(type, handleInteraction, true);
  for (const type of REACH_EVENTS) document.addEventListener(type, handleReach, { capture: true, passive: true });
}

/** Told when a section opens (src/main.tsx: a page of islands starts React only then). */
let onOpen: (() => void) | undefined;

/** Calls `callback` when a section opens, and at once if one is open already. */
export function whenSectionOpens(callback: () => void) {
  onOpen = callback;
  if ([...sessions.values()].some((session) => session.isOpen)) callback();
}

/**
 * Text typed before hydration is in the DOM but not in React's state, and React's change tracking took the typed
 * value as its own when it hydrated the field. Set the tracked value back through the element's own `value` property
 * (which React watches), restore the text through the prototype's setter (which it does not), and send `input`: React
 * now sees a change and calls onChange with the text (the technique testing libraries use to type into controlled
 * inputs). `root` is a section gone live, or the whole page once the app is attached.
 */
function replayTypedText(root: Element) {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (!isTextEntry(field) || field.value === field.defaultValue) continue;
    if (sessionOwning(field) && !root.hasAttribute(ATTRIBUTE)) continue;
    hydrateNow(field);
    const typed = field.value;
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * Focus that arrived before hydration never reached the components: a slider only takes keys, and an accordion
 * trigger clicks, when they know they are focused.
 */
function replayFocus(root: Element) {
  const focused = document.activeElement;
  if (!focused || focused === root || !root.contains(focused)) return;
  if (sessionOwning(focused) && !root.hasAttribute(ATTRIBUTE)) return;
  // Hydrated first: React would only queue a focus on markup it has not hydrated, and pass it on later.
  hydrateNow(focused);
  focused.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
}

/**
 * Makes React hydrate the part of the page `element` is in, now. React hydrates markup at once when input of a
 * "discrete" kind lands on it; an auxclick (a middle click) is one, and nothing in the app handles it.
 */
function hydrateNow(element: Element) {
  element.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }));
}

/** The session of the section an element is in, while that section is not live. */
function sessionOwning(element: Element): Session | undefined {
  const section = element.closest<HTMLElement>(`[${ATTRIBUTE}]`);
  return section ? sessions.get(section) : undefined;
}

function replay(held: Held[]) {
  for (const { event, target } of held) {
    if (!target.isConnected) continue;
    if (event.type === 'submit') {
      const submitter = event instanceof SubmitEvent ? event.submitter : null;
      if (target instanceof HTMLFormElement) target.requestSubmit(submitter?.isConnected ? submitter : null);
    } else if (event.type === 'click') {
      // Also runs the default action that was held back (a submit button submits its form), for a click on the
      // button's icon too.
      if (target instanceof HTMLElement) target.click();
      else target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
    } else if (event instanceof KeyboardEvent) {
      // The key was pressed while its target had the focus. If the focus has moved on since (the visitor went to
      // another field before the code arrived), the component is told it is focused for the key, then left.
      const hasMovedOn = target !== document.activeElement;
      if (hasMovedOn) target.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      target.dispatchEvent(
        new KeyboardEvent(event.type, {
          key: event.key,
          code: event.code,
          location: event.location,
          repeat: event.repeat,
          shiftKey: event.shiftKey,
          ctrlKey: event.ctrlKey,
          altKey: event.altKey,
          metaKey: event.metaKey,
          bubbles: true,
          cancelable: true,
        }),
      );
      if (hasMovedOn) target.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    }
  }
}

/**
 * Fetches and compiles a chunk without running it (`<link rel="modulepreload">`), once per page. Vite's own preload
 * helper finds the link in place when the chunk is imported, and adds none.
 */
export function preloadModule(href: string) {
  if (document.head.querySelector(`link[rel="modulepreload"][href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  document.head.append(link);
}

/** Chunks fetched ahead already (prefetchModule). */
const prefetched = new Set<string>();

/**
 * Fetches a chunk into the browser's HTTP cache (the build's chunks are immutable there) without compiling it, once
 * per page: Chromium compiles a module preload inside the task that appends its link (24-36 ms each at full speed, a
 * long task on a slow phone), and even a prefetch link cost a few ms to add. A plain low-priority fetch does neither;
 * the chunk compiles when it is imported, from the cache.
 */
function prefetchModule(href: string) {
  if (prefetched.has(href) || document.head.querySelector(`link[href="${href}"]`)) return;
  prefetched.add(href);
  void fetch(href, { credentials: 'same-origin', priority: 'low' })
    .then((response) => response.arrayBuffer())
    .catch(() => undefined);
}

/** Watches a section's server markup: near the viewport or reached first, it opens (loads, then hydrates). */
function startSession(element: HTMLElement): Session {
  let load: (() => Promise<void>) | undefined;
  let resolveReady!: () => void;
  let rejectReady!: (error: unknown) => void;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  const start = () => load?.().then(resolveReady, rejectReady);

  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) session.open();
    },
    { rootMargin: ROOT_MARGIN },
  );
  // A wrapper without a box of its own (an island's, display: contents) never intersects: its content does.
  const watched = element.style.display === 'contents' ? (element.firstElementChild ?? element) : element;
  if (element.getAttribute(WHEN_ATTRIBUTE) !== 'reached') observer.observe(watched);

  // Once the page has loaded and is idle, fetch the code, so the section hydrates soon when reached. The chunks the
  // build lists for it (data-island-chunks: scripts/prerender.mjs) are fetched into the cache, neither compiled nor
  // run, one per idle moment: compiling (module preloads) or running a later island's code ahead made long tasks
  // while the page started. A section without that list is loaded as it is, once it has a loader.
  let cancelIdle: (() => void) | undefined;
  const chunks = element.dataset.islandChunks?.split(' ').filter(Boolean) ?? [];
  const prefetch = () => {
    if (chunks.length > 0) {
      // One per idle moment: starting a request takes a few ms on a slow phone.
      cancelIdle = eachWhenIdle(
        chunks.map((file) => () => prefetchModule(file)),
        { timeout: 5000, fallbackMs: 2000 },
      );
      return;
    }
    const fetchCode = () => void load?.().catch(() => undefined);
    cancelIdle = whenIdle(fetchCode, { timeout: 5000, fallbackMs: 2000 });
  };
  if (document.readyState === 'complete') prefetch();
  else window.addEventListener('load', prefetch, { once: true });
  const stopWatching = () => {
    observer.disconnect();
    window.removeEventListener('load', prefetch);
    cancelIdle?.();
  };

  const session: Session = {
    element,
    held: [],
    stop: () => {
      stopWatching();
      sessions.delete(element);
    },
    ready,
    isOpen: false,
    open: () => {
      if (session.isOpen) return;
      session.isOpen = true;
      onOpen?.();
      void start();
    },
    attach: (loader) => {
      if (load) return;
      load = loader;
      if (session.isOpen) void start();
    },
    onLive: () => {
      stopWatching();
      // In tasks of their own, outside React's commit. Input keeps being held back (and queued behind the rest)
      // until the components have seen the typing and the focus.
      window.setTimeout(() => {
        replayTypedText(element);
        replayFocus(element);
        window.setTimeout(() => {
          sessions.delete(element);
          replay(session.held.splice(0));
          element.setAttribute(LIVE_ATTRIBUTE, '');
        }, 0);
      }, 0);
    },
  };
  sessions.set(element, session);
  listenForInteractions();
  return session;
}

/** The session of a section's server markup still on the page, if any. */
export function sessionOf(name: string): Session | undefined {
  if (typeof document === 'undefined') return undefined;
  // Markup left behind by a visit to another page is gone: nothing left to hydrate there.
  for (const [element, session] of sessions) if (!element.isConnected) session.stop();
  const element = document.querySelector<HTMLElement>(`[${ATTRIBUTE}="${name}"]`);
  if (!element) return undefined;
  const session = sessions.get(element);
  if (session) return session;
  return element.firstChild ? startSession(element) : undefined;
}

/** Stops watching every section: the page they are in is being replaced (src/main.tsx, a signed-in visitor of `/`). */
export function stopWatchingSections() {
  for (const session of sessions.values()) session.stop();
}

/**
 * Until the app has attached to the prerendered page (nothing listens before that: a tap on a button would be lost),
 * holds back what the visitor does on it, for releasePageInput to play again. From src/main.tsx.
 */
export function holdPageInput(root: HTMLElement) {
  page = { root, held: [] };
  listenForInteractions();
}

/**
 * The app is attached (src/app/start.tsx, right after hydrateRoot): React takes input from now on, hydrating at once
 * what it lands on, and gets what was held back.
 */
export function releasePageInput() {
  const current = page;
  page = null;
  if (!current) return;
  window.setTimeout(() => {
    // Text typed into the page's fields meanwhile, and the focus (not in sections still waiting: they do it
    // themselves).
    replayTypedText(current.root);
    replayFocus(current.root);
    if (current.held.length) window.setTimeout(() => replay(current.held), 0);
  }, 0);
}

/**
 * Starts watching every section's server markup, before the page's code (which defines the sections) arrives:
 * for a prerendered page about to be hydrated, from src/main.tsx before the app's code is even requested.
 */
export function watchServerSections() {
  for (const element of document.querySelectorAll<HTMLElement>(`[${ATTRIBUTE}]`)) {
    // A section live already (made live without React: src/app/islands/plain-islands.ts) needs no watching.
    if (element.firstChild && !element.hasAttribute(LIVE_ATTRIBUTE) && !sessions.has(element)) startSession(element);
  }
}
