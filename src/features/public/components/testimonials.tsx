import { Box, Card, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { TESTIMONIALS } from '../content/home-content';
import { SiteIcon } from './icons';
import { Section } from './section';
import { lender } from '@/config/lender';

function FiveStars() {
  return (
    <HStack gap="0.5" color="gold.500" role="img" aria-label="5 out of 5 stars">
      {[1, 2, 3, 4, 5].map((star) => (
        <SiteIcon key={star} name="star" size={18} />
      ))}
    </HStack>
  );
}

export function Testimonials() {
  return (
    <Section
      id="testimonials"
      eyebrow="Testimonials"
      title="Real Results"
      subtitle={`Business owners across the country grow with ${lender.brandName}.`}
    >
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="6">
        {TESTIMONIALS.map((item) => (
          <Card.Root as="figure" key={item.name} variant="outline" borderRadius="xl" m="0">
            <Card.Body gap="4">
              <FiveStars />
              <Box as="blockquote" flex="1">
                <Text>“{item.quote}”</Text>
              </Box>
              <Box as="figcaption">
                <Text fontWeight="bold">{item.name}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {item.business}
                </Text>
              </Box>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Section>
  );
}
