import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { STATS } from '../content/home-content';
import { Section } from './section';

export function StatsSection() {
  return (
    <Section
      id="stats"
      tone="brand"
      eyebrow="Our Numbers"
      title="Get loan from 3 simple process"
      subtitle="Apply, choose your terms and receive your funding: trusted by business owners nationwide."
    >
      <SimpleGrid as="dl" columns={{ base: 2, md: 5 }} gap={{ base: '6', md: '8' }}>
        {STATS.map((stat) => (
          <Stack key={stat.label} gap="1" textAlign="center" flexDirection="column-reverse">
            <Text as="dt" fontSize="sm" fontWeight="medium" color="whiteAlpha.900">
              {stat.label}
            </Text>
            <Text as="dd" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="extrabold" color="gold.400">
              {stat.value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Section>
  );
}
