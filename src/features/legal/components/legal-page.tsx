import { Box, Container, Heading, List, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LEGAL_UPDATED } from '@shared/consents';

/** The frame of every legal page: an h1, the date of the wording, then sections with h2 headings. */
export function LegalPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <Container as="article" maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="extrabold" lineHeight="1.15">
            {title}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Last updated {LEGAL_UPDATED}
          </Text>
        </Stack>
        <Text fontSize="lg">{intro}</Text>
        {children}
      </Stack>
    </Container>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section">
      <Heading as="h2" size="lg" mb="3">
        {title}
      </Heading>
      <Stack gap="3" lineHeight="tall">
        {children}
      </Stack>
    </Box>
  );
}

export function LegalList({ items }: { items: ReactNode[] }) {
  return (
    <List.Root ps="5" gap="2">
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List.Root>
  );
}
