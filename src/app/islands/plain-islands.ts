import { LIVE_ATTRIBUTE } from '@/lib/lazy-section-watch';
import { counterSpecOf, startPlainCounter } from '@/features/public/islands/plain-counter';
import { startPlainHeroVideo } from '@/features/public/islands/plain-hero-video';
import { startPlainLearnMore } from '@/features/public/islands/plain-learn-more';

// The islands of a prerendered public page that need neither React nor Chakra (docs/architecture.md, "Public pages:
// islands"): a few lines of DOM code each make the build's markup do what the component does, from the entry
// (src/main.tsx) as soon as it runs. Their React components are still what the build renders (registry.ts, `plain`),
// and what the whole app renders on other pages.

type PlainStart = (element: HTMLElement, props: Record<string, unknown>, laterLook?: DocumentFragment) => boolean;

const PLAIN: Record<string, PlainStart> = {
  'learn-more': (element) => startPlainLearnMore(element),
  counter: (element, props) => {
    const spec = counterSpecOf(props);
    return spec ? startPlainCounter(element, spec) : false;
  },
  'hero-video': (element, _, laterLook) => startPlainHeroVideo(element, laterLook),
};

/** The attribute of the <template> the build puts at the end of an island's wrapper (scripts/prerender.mjs). */
const LATER_LOOK = 'data-later-look';

/**
 * Takes the build's markup of what an island turns into by itself (registry.ts, laterLook) out of its wrapper: a
 * React island hydrates the wrapper's markup, which the template is not part of.
 */
function takeLaterLook(element: HTMLElement): DocumentFragment | undefined {
  const template = element.querySelector<HTMLTemplateElement>(`:scope > template[${LATER_LOOK}]`);
  if (!template) return undefined;
  template.remove();
  return template.content;
}

const readProps = (element: HTMLElement): Record<string, unknown> => {
  try {
    const props: unknown = JSON.parse(element.dataset.islandProps ?? '{}');
    return typeof props === 'object' && props !== null ? (props as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** A navigation bar's wrapper and the build's markup of its signed-out actions. */
export type PlainBar = { element: HTMLElement; signedOutActions: DocumentFragment | undefined };

/**
 * Makes the page's plain islands live (`data-live`), and answers its navigation bars, whose signed-out look the
 * entry shows once the auth answer is in (src/components/navbar-island-plain.ts). An island whose markup is not
 * what its code expects stays as the build made it.
 */
export function startPlainIslands(root: HTMLElement): PlainBar[] {
  const bars: PlainBar[] = [];
  for (const element of root.querySelectorAll<HTMLElement>('[data-island][data-island-id]')) {
    const name = element.dataset.island ?? '';
    const laterLook = takeLaterLook(element);
    if (name === 'navbar') bars.push({ element, signedOutActions: laterLook });
    const start = Object.hasOwn(PLAIN, name) ? PLAIN[name] : undefined;
    if (start?.(element, readProps(element), laterLook)) element.setAttribute(LIVE_ATTRIBUTE, '');
  }
  return bars;
}

/**
 * Calls `callback` once the page is scrolled past the threshold of an island without markup
 * (`data-island-scrolled-past`: the sticky box), which React renders then (start-islands.tsx).
 */
export function whenScrolledPast(root: HTMLElement, callback: () => void) {
  const thresholds = [...root.querySelectorAll<HTMLElement>('[data-island-scrolled-past]')].map((element) =>
    Number(element.dataset.islandScrolledPast),
  );
  const finite = thresholds.filter(Number.isFinite);
  if (!finite.length) return;
  const threshold = Math.min(...finite);
  const check = () => {
    if (window.scrollY <= threshold) return;
    window.removeEventListener('scroll', check);
    callback();
  };
  // Scroll events only (a restored scroll position sends one too): reading the position at once would lay the page
  // out inside the entry's task.
  window.addEventListener('scroll', check, { passive: true });
}
