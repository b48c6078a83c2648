import {
  Box,
  Card,
  Container,
  Flex,
  Grid,
  Heading,
  Link as ChakraLink,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { lender } from '@/config/lender';
import { usePageMeta } from '@/hooks/use-page-meta';
import { Island } from '@/lib/island';
import { ContactForm } from '../components/contact-form';
import { FinalCta } from '../components/final-cta';
import { SiteIcon, type IconName } from '../components/icons';
import { MapCard } from '../components/map-card';
import { PageHero } from '../components/page-hero';
import { PUBLIC_PAGE_META } from '../meta';

function InfoCard({ title, icon, children }: { title: string; icon: IconName; children: ReactNode }) {
  return (
    <Card.Root variant="outline" borderRadius="xl">
      <Card.Body>
        <Flex gap="4" align="flex-start">
          <Flex
            boxSize="11"
            flexShrink={0}
            borderRadius="lg"
            bg="brand.50"
            color="brand.700"
            align="center"
            justify="center"
          >
            <SiteIcon name={icon} size={20} />
          </Flex>
          <Box>
            <Heading as="h3" size="sm" mb="1">
              {title}
            </Heading>
            <Box color="fg.muted">{children}</Box>
          </Box>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

export default function ContactPage() {
  usePageMeta(PUBLIC_PAGE_META.contact.title, PUBLIC_PAGE_META.contact.description);
  return (
    <>
      <PageHero eyebrow="Contact Us" title="We're Here to Help">
        Questions about funding, an application or your account? Send us a message and an advisor will get back to you
        within 24 hours.
      </PageHero>
      <Box as="section" aria-label="Contact details and form" py={{ base: '12', md: '16' }}>
        <Container maxW="7xl" px={{ base: '4', md: '6' }}>
          <Grid templateColumns={{ base: '1fr', lg: '1.5fr 1fr' }} gap="8" alignItems="start">
            <Island name="contact-form">
              <ContactForm />
            </Island>
            <Stack gap="4">
              <Heading as="h2" size="xl">
                Get in Touch
              </Heading>
              <SimpleGrid columns={{ base: 1, sm: 2, lg: 1 }} gap="4">
                <InfoCard title="Office Address" icon="mapPin">
                  <Box as="address" fontStyle="normal">
                    {lender.addressLines.map((line) => (
                      <Text key={line}>{line}</Text>
                    ))}
                  </Box>
                </InfoCard>
                <InfoCard title="Phone" icon="phone">
                  <ChakraLink href={lender.phoneHref} color="brand.700">
                    {lender.phone}
                  </ChakraLink>
                </InfoCard>
                <InfoCard title="Email" icon="mail">
                  <ChakraLink href={`mailto:${lender.supportEmail}`} color="brand.700" wordBreak="break-all">
                    {lender.supportEmail}
                  </ChakraLink>
                </InfoCard>
                <InfoCard title="Business Hours" icon="clock">
                  <Text>{lender.hours}</Text>
                </InfoCard>
              </SimpleGrid>
              <MapCard />
            </Stack>
          </Grid>
        </Container>
      </Box>
      <FinalCta />
    </>
  );
}
