import { Button } from '@chakra-ui/react';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';

export const FEATURES_SECTION_ID = 'features';

/** The hero's Learn More: scrolls to the features and moves the focus to their heading. */
export function LearnMoreButton() {
  const isReduced = usePrefersReducedMotion();

  function handleLearnMore() {
    const section = document.getElementById(FEATURES_SECTION_ID);
    if (!section) return;
    section.scrollIntoView({ behavior: isReduced ? 'auto' : 'smooth', block: 'start' });
    // Keyboard and screen-reader users land where the page scrolled to.
    section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  }

  return (
    <Button
      size="xl"
      variant="outline"
      color="white"
      borderColor="whiteAlpha.700"
      _hover={{ bg: 'whiteAlpha.200' }}
      onClick={handleLearnMore}
    >
      Learn More
    </Button>
  );
}
