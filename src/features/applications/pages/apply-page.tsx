import { Box, Container, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { usePageMeta } from '@/hooks/use-page-meta';
import { HydrateLater } from '@/lib/hydrate-later';
import { ApplicationWizard } from '../components/application-wizard';

// The spec's four stated requirements.
const REQUIREMENTS = [
  { title: 'FICO 550+', text: 'Fair credit welcome' },
  { title: '3 months of statements', text: 'Your latest business bank statements' },
  { title: '1+ year in business', text: 'Over one year of operating history' },
  { title: '$10K+ monthly revenue', text: 'At least $10,000 a month' },
];

export default function ApplyPage() {
  usePageMeta('Apply Below', 'Apply for same-day business funding up to $5M with an instant AI underwriting decision.');
  return (
    <Box bg="bg.subtle" minH="full">
      <Container maxW="5xl" py={{ base: '8', md: '14' }} px={{ base: '3', md: '6' }}>
        <Box textAlign="center" mb={{ base: '6', md: '10' }}>
          <Heading as="h1" size={{ base: '2xl', md: '4xl' }}>
            Apply Below
          </Heading>
          <Text color="fg.muted" mt="2">
            Get a decision in minutes and funding within 24 hours.
          </Text>
          {/* Static text: on the prerendered page it hydrates once the page is idle, after the wizard's step. */}
          <HydrateLater>
            <SimpleGrid
              as="ul"
              listStyleType="none"
              columns={{ base: 2, md: 4 }}
              gap="3"
              mt="6"
              aria-label="Requirements"
            >
              {REQUIREMENTS.map((item) => (
                <Box as="li" key={item.title} bg="white" borderRadius="md" p="3" borderWidth="1px">
                  <Text fontWeight="semibold">{item.title}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {item.text}
                  </Text>
                </Box>
              ))}
            </SimpleGrid>
          </HydrateLater>
        </Box>
        <ApplicationWizard />
      </Container>
    </Box>
  );
}
