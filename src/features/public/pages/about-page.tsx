import { Badge, Box, Card, Grid, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { usePageMeta } from '@/hooks/use-page-meta';
import { Island } from '@/lib/island';
import { FeatureCard } from '../components/feature-card';
import { FinalCta } from '../components/final-cta';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { ABOUT_BENEFITS, GROWTH_SCENARIOS } from '../content/about-content';
import { CounterIsland, type CounterIslandProps } from '../islands/counter-island';
import { PUBLIC_PAGE_META } from '../meta';
import { lender } from '@/config/lender';
import type { ABOUT_COUNTERS } from '../utils/counters';

/** A counter of the page: an island of its own (src/lib/island.tsx). */
function AboutCounter({ counter, label }: { counter: keyof typeof ABOUT_COUNTERS; label: string }) {
  const props: CounterIslandProps = { group: 'about', counter, label, tone: 'light' };
  return (
    <Island name="counter" props={props}>
      <CounterIsland {...props} />
    </Island>
  );
}

function AboutStats() {
  return (
    <Section id="our-impact" eyebrow="Our Impact" title="Trusted by Business Owners Nationwide">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="6" maxW="3xl" mx="auto">
        <Card.Root variant="outline" borderRadius="xl">
          <Card.Body>
            <AboutCounter counter="funding" label="Total Funding Deployed" />
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline" borderRadius="xl">
          <Card.Body>
            <AboutCounter counter="clients" label="Total Clients Served" />
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
    </Section>
  );
}

function SuccessStory() {
  return (
    <Section id="success-story" eyebrow="Success Story" title="From One Kitchen to Three Locations">
      <Card.Root variant="outline" borderRadius="2xl" overflow="hidden" maxW="5xl" mx="auto">
        <Grid templateColumns={{ base: '1fr', md: '1fr 1.6fr' }}>
          <Stack bg="brand.900" color="white" p={{ base: '6', md: '10' }} gap="4" justify="center">
            <Badge alignSelf="flex-start" bg="gold.400" color="brand.950" borderRadius="full" px="3">
              Restaurant · Austin, TX
            </Badge>
            <Heading as="h3" size="xl">
              Harvest Table Kitchen
            </Heading>
            <Stack as="dl" gap="3">
              <Box>
                <Text as="dt" fontSize="sm" color="whiteAlpha.900">
                  Funding
                </Text>
                <Text as="dd" fontSize="2xl" fontWeight="bold" color="gold.400">
                  $350,000
                </Text>
              </Box>
              <Box>
                <Text as="dt" fontSize="sm" color="whiteAlpha.900">
                  Revenue growth in 18 months
                </Text>
                <Text as="dd" fontSize="2xl" fontWeight="bold" color="gold.400">
                  +140%
                </Text>
              </Box>
            </Stack>
          </Stack>
          <Stack p={{ base: '6', md: '10' }} gap="4" justify="center">
            <Text fontSize="lg">
              Owner Angela Brooks had outgrown her single kitchen, but her bank asked for two years of tax returns and a
              90-day review. {lender.brandName} reviewed three months of bank statements and approved a $350,000 term loan
              the same day.
            </Text>
            <Text color="fg.muted">
              She opened two new locations within a year, hired 24 people and paid the loan off early. Today Harvest
              Table Kitchen uses a {lender.brandName} line of credit to stock up before every busy season.
            </Text>
            <Text fontStyle="italic" color="brand.800">
              “They looked at how my business actually runs, not at a checklist.” — Angela Brooks
            </Text>
          </Stack>
        </Grid>
      </Card.Root>
    </Section>
  );
}

export default function AboutPage() {
  usePageMeta(PUBLIC_PAGE_META.about.title, PUBLIC_PAGE_META.about.description);
  return (
    <>
      <PageHero eyebrow="About Us" title="Funding the Businesses That Power America">
        For over 10 years {lender.brandName} has helped small-business owners in all 50 states get the capital they need,
        with same-day decisions, transparent pricing and people who pick up the phone.
      </PageHero>
      <AboutStats />
      <Section id="benefits" tone="subtle" eyebrow="Why Business Owners Choose Us" title={`The ${lender.brandName} Advantage`}>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6">
          {ABOUT_BENEFITS.map((benefit) => (
            <FeatureCard key={benefit.title} title={benefit.title} icon={benefit.icon}>
              {benefit.text}
            </FeatureCard>
          ))}
        </SimpleGrid>
      </Section>
      <Section
        id="growth"
        eyebrow="Grow With Us"
        title="What Will You Build Next?"
        subtitle="Typical funding for the moves our clients make."
      >
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6">
          {GROWTH_SCENARIOS.map((scenario) => (
            <FeatureCard
              key={scenario.title}
              title={scenario.title}
              icon={scenario.icon}
              footer={
                <Text fontSize="xl" fontWeight="extrabold" color="brand.700">
                  {scenario.range}
                </Text>
              }
            >
              {scenario.text}
            </FeatureCard>
          ))}
        </SimpleGrid>
      </Section>
      <SuccessStory />
      <FinalCta title="Your Success Story Starts Here" />
    </>
  );
}
