import { Box, Card, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SiteIcon, type IconName } from './icons';

type Props = { title: string; icon: IconName; children?: ReactNode; footer?: ReactNode; headingLevel?: 'h3' | 'h4' };

/** A card with an icon and an h3; it lifts slightly on hover (not for reduced-motion users). */
export function FeatureCard({ title, icon, children, footer, headingLevel = 'h3' }: Props) {
  return (
    <Card.Root
      as="article"
      variant="outline"
      borderRadius="xl"
      bg="white"
      h="full"
      transition="transform 0.15s ease-out, box-shadow 0.15s ease-out"
      _hover={{ transform: 'translateY(-4px)', shadow: 'md' }}
      _motionReduce={{ transition: 'none', _hover: { transform: 'none' } }}
    >
      <Card.Body gap="3">
        <Box
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          boxSize="12"
          borderRadius="lg"
          bg="brand.50"
          color="brand.700"
        >
          <SiteIcon name={icon} />
        </Box>
        <Heading as={headingLevel} size="md">
          {title}
        </Heading>
        {children && <Text color="fg.muted">{children}</Text>}
      </Card.Body>
      {footer && <Card.Footer>{footer}</Card.Footer>}
    </Card.Root>
  );
}
