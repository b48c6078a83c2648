import { SimpleGrid } from '@chakra-ui/react';
import { FEATURES } from '../content/home-content';
import { FeatureCard } from './feature-card';
import { FEATURES_SECTION_ID } from './learn-more-button';
import { Section } from './section';
import { lender } from '@/config/lender';

export function FeaturesGrid() {
  return (
    <Section
      id={FEATURES_SECTION_ID}
      tone="subtle"
      eyebrow={`Why ${lender.brandName}`}
      title="Everything Your Business Needs to Grow"
      subtitle="Fast, transparent funding built for small-business owners."
    >
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
        {FEATURES.map((feature) => (
          <FeatureCard key={feature.title} title={feature.title} icon={feature.icon}>
            {feature.text}
          </FeatureCard>
        ))}
      </SimpleGrid>
    </Section>
  );
}
