import { Box, Container, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The dark band with the h1 at the top of the inner public pages. */
export function PageHero({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <Box
      as="section"
      aria-labelledby="page-heading"
      bgGradient="to-br"
      gradientFrom="brand.950"
      gradientTo="brand.700"
      color="white"
    >
      <Container maxW="4xl" px={{ base: '4', md: '6' }} py={{ base: '14', md: '20' }} textAlign="center">
        {eyebrow && (
          <Text fontSize="sm" fontWeight="bold" letterSpacing="wider" textTransform="uppercase" color="gold.400" mb="3">
            {eyebrow}
          </Text>
        )}
        <Heading
          as="h1"
          id="page-heading"
          fontSize={{ base: '4xl', md: '5xl' }}
          fontWeight="extrabold"
          lineHeight="1.1"
        >
          {title}
        </Heading>
        {children && (
          <Text fontSize={{ base: 'lg', md: 'xl' }} color="whiteAlpha.900" mt="5">
            {children}
          </Text>
        )}
      </Container>
    </Box>
  );
}
