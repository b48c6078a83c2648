import { Button } from '@chakra-ui/react';
import { showFeatures } from '../islands/plain-learn-more';

export { FEATURES_SECTION_ID } from '../islands/plain-learn-more';

/**
 * The hero's Learn More: scrolls to the features and moves the focus to their heading. On a prerendered public page
 * its markup is made live without React (islands/plain-learn-more.ts), with the same handler.
 */
export function LearnMoreButton() {
  return (
    <Button
      size="xl"
      variant="outline"
      color="white"
      borderColor="whiteAlpha.700"
      _hover={{ bg: 'whiteAlpha.200' }}
      onClick={showFeatures}
    >
      Learn More
    </Button>
  );
}
