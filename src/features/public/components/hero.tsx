import { Badge, Box, Button, Container, Grid, Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Island } from '@/lib/island';
import { HERO_CHIPS } from '../content/hero-content';
import { CounterIsland, type CounterIslandProps } from '../islands/counter-island';
import { HeroVideo } from './hero-video';
import { LearnMoreButton } from './learn-more-button';
import { SiteIcon } from './icons';

const COUNTERS: CounterIslandProps[] = [
  { group: 'hero', counter: 'activeUsers', label: 'Active users', tone: 'dark' },
  { group: 'hero', counter: 'funding', label: 'Total Funding Deployed', tone: 'dark' },
];

/** Hero of the landing and signed-in home pages. Its islands: Learn More, the counters and the video's control. */
export function Hero({ greeting }: { greeting?: string }) {
  return (
    <Box
      as="section"
      aria-labelledby="hero-heading"
      bgGradient="to-br"
      gradientFrom="brand.950"
      gradientTo="brand.700"
      color="white"
      overflow="hidden"
    >
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '12', md: '20' }}>
        <Grid templateColumns={{ base: '1fr', lg: '1.05fr 1fr' }} gap={{ base: '10', lg: '12' }} alignItems="center">
          <Stack gap="6">
            <Badge
              alignSelf="flex-start"
              bg="gold.400"
              color="brand.950"
              px="3"
              py="1"
              borderRadius="full"
              fontSize="sm"
              fontWeight="bold"
            >
              Servicing all 50 States
            </Badge>
            {greeting && (
              <Text fontSize="lg" fontWeight="semibold" color="gold.400">
                {greeting}
              </Text>
            )}
            <Heading
              as="h1"
              id="hero-heading"
              fontSize={{ base: '4xl', md: '5xl', xl: '6xl' }}
              lineHeight="1.1"
              fontWeight="extrabold"
              letterSpacing="tight"
            >
              We Simplify Banking and Loan Methods for Your Business
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="whiteAlpha.900" maxW="xl">
              Same-day approval and funding up to $5M within 24 hours. AI-powered underwriting, zero paperwork hassles
              and one transparent fee.
            </Text>
            <Wrap as="ul" gap="3" listStyleType="none" aria-label="Benefits">
              {HERO_CHIPS.map((chip) => (
                <HStack
                  as="li"
                  key={chip}
                  gap="2"
                  bg="whiteAlpha.200"
                  borderWidth="1px"
                  borderColor="whiteAlpha.300"
                  px="3"
                  py="1.5"
                  borderRadius="full"
                  fontSize="sm"
                  fontWeight="medium"
                >
                  <SiteIcon name="checkCircle" size={16} />
                  <span>{chip}</span>
                </HStack>
              ))}
            </Wrap>
            <HStack gap="4" flexWrap="wrap">
              <Button asChild size="xl" bg="gold.400" color="brand.950" fontWeight="bold" _hover={{ bg: 'gold.500' }}>
                <Link to={paths.apply}>
                  Apply Now <SiteIcon name="arrowRight" size={18} />
                </Link>
              </Button>
              <Island name="learn-more">
                <LearnMoreButton />
              </Island>
            </HStack>
            <Grid templateColumns="repeat(2, minmax(0, 1fr))" gap="4" maxW="md" pt="2">
              {COUNTERS.map((counter) => (
                <Island key={counter.counter} name="counter" props={counter}>
                  <CounterIsland {...counter} />
                </Island>
              ))}
            </Grid>
          </Stack>
          <Island name="hero-video">
            <HeroVideo />
          </Island>
        </Grid>
      </Container>
    </Box>
  );
}
