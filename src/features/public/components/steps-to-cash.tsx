import { Box, Button, Card, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { STEPS_TO_CASH } from '../content/home-content';
import { Section } from './section';

export function StepsToCash() {
  return (
    <Section
      id="steps"
      eyebrow="How It Works"
      title="3 Steps to Cash"
      subtitle="From application to funding in as little as one day."
    >
      <SimpleGrid as="ol" columns={{ base: 1, md: 3 }} gap="6" listStyleType="none">
        {STEPS_TO_CASH.map((step, index) => (
          <Card.Root as="li" key={step.title} variant="outline" borderRadius="xl">
            <Card.Body gap="3">
              <Flex
                boxSize="12"
                borderRadius="full"
                bg="brand.700"
                color="white"
                align="center"
                justify="center"
                fontWeight="bold"
                fontSize="xl"
                aria-hidden="true"
              >
                {index + 1}
              </Flex>
              <Heading as="h3" size="lg">
                <Box as="span" srOnly>{`Step ${index + 1}: `}</Box>
                {step.title}
              </Heading>
              <Text color="fg.muted">{step.text}</Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <Flex justify="center" mt="10">
        <Button asChild size="xl" colorPalette="brand">
          <Link to={paths.apply}>Start Now</Link>
        </Button>
      </Flex>
    </Section>
  );
}
