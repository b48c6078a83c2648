import { Badge, Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/hooks/use-page-meta';
import { Island } from '@/lib/island';
import { Faq } from '../components/faq';
import { FinalCta } from '../components/final-cta';
import { SiteIcon } from '../components/icons';
import { PageHero } from '../components/page-hero';
import { Requirements } from '../components/requirements';
import { Section } from '../components/section';
import { BANK_COMPARISON, PRODUCTS } from '../content/products-content';
import { PUBLIC_PAGE_META } from '../meta';
import { lender } from '@/config/lender';

function ProductCards() {
  return (
    <Section
      id="pick-your-product"
      eyebrow="Funding Options"
      title="Pick Your Product"
      subtitle="Four ways to fund your next move."
    >
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="6">
        {PRODUCTS.map((product) => (
          <Card.Root
            key={product.name}
            variant="outline"
            borderRadius="xl"
            borderTopWidth="4px"
            borderTopColor="brand.600"
          >
            <Card.Header>
              <Heading as="h3" size="lg">
                {product.name}
              </Heading>
            </Card.Header>
            <Card.Body gap="4">
              <Stack as="dl" gap="2">
                <HStack justify="space-between">
                  <Text as="dt" color="fg.muted">
                    Maximum
                  </Text>
                  <Text as="dd" fontWeight="bold" color="brand.700">
                    {product.amount}
                  </Text>
                </HStack>
                <HStack justify="space-between">
                  <Text as="dt" color="fg.muted">
                    Term
                  </Text>
                  <Text as="dd" fontWeight="bold">
                    {product.term}
                  </Text>
                </HStack>
              </Stack>
              <Text color="fg.muted">{product.text}</Text>
            </Card.Body>
            <Card.Footer>
              <Button asChild colorPalette="brand" w="full">
                <Link to={paths.apply} aria-label={`Apply Now for ${product.name}`}>
                  Apply Now
                </Link>
              </Button>
            </Card.Footer>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Section>
  );
}

function WhyNotBanks() {
  return (
    <Section
      id="why-not-banks"
      tone="subtle"
      eyebrow="Compare"
      title="Why Not Banks?"
      subtitle="Banks were not built for the speed of small business. We were."
    >
      <Box maxW="4xl" mx="auto" bg="white" borderRadius="xl" borderWidth="1px" overflowX="auto">
        <Table.Root size="lg">
          <Table.Caption srOnly>Traditional banks compared with {lender.brandName}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">
                <Box as="span" srOnly>
                  Criteria
                </Box>
              </Table.ColumnHeader>
              <Table.ColumnHeader scope="col">Banks</Table.ColumnHeader>
              <Table.ColumnHeader scope="col" color="brand.700">
                {lender.brandName}
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {BANK_COMPARISON.map((row) => (
              <Table.Row key={row.label}>
                <Table.Cell as="th" scope="row" fontWeight="semibold">
                  {row.label}
                </Table.Cell>
                <Table.Cell color="fg.muted">{row.bank}</Table.Cell>
                <Table.Cell fontWeight="semibold" color="brand.700">
                  <HStack gap="2">
                    <Box color="green.600">
                      <SiteIcon name="check" size={18} />
                    </Box>
                    <span>{row.us}</span>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Section>
  );
}

export default function ProductsPage() {
  usePageMeta(PUBLIC_PAGE_META.products.title, PUBLIC_PAGE_META.products.description);
  return (
    <>
      <PageHero eyebrow="Our Products" title="Funding Built for Small Business">
        Term loans, debt consolidation, bridge loans and lines of credit, with same-day approval and one transparent
        fee.
        <Badge
          as="span"
          display="block"
          w="fit-content"
          mx="auto"
          mt="4"
          bg="gold.400"
          color="brand.950"
          px="3"
          py="1"
          borderRadius="full"
        >
          Up to $5M in 24 hours
        </Badge>
      </PageHero>
      <Requirements tone="white" />
      <ProductCards />
      <WhyNotBanks />
      <Island name="faq">
        <Faq />
      </Island>
      <FinalCta />
    </>
  );
}
