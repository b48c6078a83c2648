// The hero's Learn More on a prerendered public page, without React (src/app/islands/plain-islands.ts): what
// LearnMoreButton (components/learn-more-button.tsx) does on a click, on the build's markup.
import { prefersReducedMotion } from '../utils/reduced-motion';

export const FEATURES_SECTION_ID = 'features';

/** Scrolls to the features and moves the focus to their heading (smooth unless the visitor asks for less motion). */
export function showFeatures() {
  const section = document.getElementById(FEATURES_SECTION_ID);
  if (!section) return;
  section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  // Keyboard and screen-reader users land where the page scrolled to.
  section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}

/** Answers false when the island's markup has no button. */
export function startPlainLearnMore(element: HTMLElement): boolean {
  const button = element.querySelector('button');
  if (!button) return false;
  button.addEventListener('click', showFeatures);
  return true;
}
