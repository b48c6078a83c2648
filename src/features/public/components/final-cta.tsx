import { Box, Button, Container, Heading, HStack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

type Props = { title?: string; text?: string; cta?: string };

/** The closing call to action of every public page. */
export function FinalCta({
  title = 'Ready to Grow Your Business?',
  text = 'Apply in minutes, get a same-day decision and receive up to $5M within 24 hours.',
  cta = 'Get My Funding',
}: Props) {
  return (
    <Box
      as="section"
      aria-labelledby="final-cta-heading"
      bgGradient="to-r"
      gradientFrom="brand.800"
      gradientTo="brand.600"
    >
      <Container maxW="4xl" py={{ base: '14', md: '20' }} textAlign="center" color="white">
        <Heading as="h2" id="final-cta-heading" size={{ base: '2xl', md: '4xl' }}>
          {title}
        </Heading>
        <Text fontSize={{ base: 'md', md: 'lg' }} mt="4" color="whiteAlpha.900">
          {text}
        </Text>
        <HStack justify="center" mt="8" gap="4" flexWrap="wrap">
          <Button asChild size="xl" bg="gold.400" color="brand.950" fontWeight="bold" _hover={{ bg: 'gold.500' }}>
            <Link to={paths.apply}>{cta}</Link>
          </Button>
          <Button
            asChild
            size="xl"
            variant="outline"
            color="white"
            borderColor="whiteAlpha.700"
            _hover={{ bg: 'whiteAlpha.200' }}
          >
            <Link to={paths.contact}>Talk to an Advisor</Link>
          </Button>
        </HStack>
      </Container>
    </Box>
  );
}
