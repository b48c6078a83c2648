import { SimpleGrid, Text } from '@chakra-ui/react';
import { REQUIREMENTS } from '../content/home-content';
import { FeatureCard } from './feature-card';
import { Section } from './section';

export function Requirements({ tone = 'subtle' }: { tone?: 'white' | 'subtle' }) {
  return (
    <Section
      id="requirements"
      tone={tone}
      eyebrow="Qualify in Minutes"
      title="Simple Requirements"
      subtitle="No tax returns, no application fees and only a soft credit inquiry."
    >
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
        {REQUIREMENTS.map((item) => (
          <FeatureCard key={item.title} title={item.title} icon={item.icon}>
            {item.text}
          </FeatureCard>
        ))}
      </SimpleGrid>
      <Text textAlign="center" mt="8" color="fg.muted">
        Verification takes just 4-5 minutes.
      </Text>
    </Section>
  );
}
