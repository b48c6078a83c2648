import { Button, Flex, SimpleGrid, Text, VStack } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { FUND_ANYTHING } from '../content/home-content';
import { SiteIcon } from './icons';
import { Section } from './section';

export function FundAnything() {
  return (
    <Section
      id="fund-anything"
      tone="subtle"
      eyebrow="Use It Your Way"
      title="Fund Anything"
      subtitle="Whatever your business needs next, our funding moves with you."
    >
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, md: 4 }} gap="4">
        {FUND_ANYTHING.map((tile) => (
          <VStack
            as="li"
            key={tile.title}
            gap="3"
            py="6"
            px="3"
            bg="white"
            borderRadius="xl"
            borderWidth="1px"
            textAlign="center"
          >
            <Flex boxSize="12" borderRadius="full" bg="brand.700" color="white" align="center" justify="center">
              <SiteIcon name={tile.icon} />
            </Flex>
            <Text fontWeight="semibold">{tile.title}</Text>
          </VStack>
        ))}
      </SimpleGrid>
      <Flex justify="center" mt="10">
        <Button asChild size="lg" variant="outline" colorPalette="brand">
          <Link to={paths.products}>See All Options</Link>
        </Button>
      </Flex>
    </Section>
  );
}
