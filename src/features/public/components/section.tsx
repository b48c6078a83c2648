import { Box, Container, Heading, Stack, Text, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type Props = Omit<BoxProps, 'title'> & {
  /** Also names the heading (`<id>-heading`). */
  id: string;
  eyebrow?: string;
  title: ReactNode;
  subtitle?: ReactNode;
  tone?: 'white' | 'subtle' | 'brand';
  children: ReactNode;
};

/** A page section with its h2, labelled for assistive technology. */
export function Section({ id, eyebrow, title, subtitle, tone = 'white', children, ...rest }: Props) {
  const headingId = `${id}-heading`;
  const isDark = tone === 'brand';
  return (
    <Box
      as="section"
      id={id}
      aria-labelledby={headingId}
      py={{ base: '14', md: '20' }}
      bg={tone === 'subtle' ? 'brand.50' : isDark ? 'brand.900' : 'white'}
      color={isDark ? 'white' : undefined}
      scrollMarginTop="16"
      {...rest}
    >
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Stack gap="3" textAlign="center" maxW="3xl" mx="auto" mb={{ base: '10', md: '12' }}>
          {eyebrow && (
            <Text
              fontSize="sm"
              fontWeight="bold"
              letterSpacing="wider"
              textTransform="uppercase"
              color={isDark ? 'gold.400' : 'brand.600'}
            >
              {eyebrow}
            </Text>
          )}
          <Heading as="h2" id={headingId} size={{ base: '2xl', md: '3xl' }} tabIndex={-1}>
            {title}
          </Heading>
          {subtitle && (
            <Text fontSize={{ base: 'md', md: 'lg' }} color={isDark ? 'whiteAlpha.900' : 'fg.muted'}>
              {subtitle}
            </Text>
          )}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}
