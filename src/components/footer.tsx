import { Box, Grid, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { lender } from '@/config/lender';
import { paths } from '@/config/paths';
import { Logo } from './logo';

const COLUMNS = [
  {
    title: 'Funding',
    links: [
      { to: paths.products, label: 'Our Products' },
      { to: paths.apply, label: 'Apply Now' },
      { to: paths.home + '#calculator', label: 'Loan Calculator' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: paths.about, label: 'About Us' },
      { to: paths.contact, label: 'Contact' },
    ],
  },
  {
    title: 'Clients',
    links: [
      { to: paths.clientPortal, label: 'Client Portal' },
      { to: paths.login(), label: 'Log In' },
      { to: paths.rewards, label: 'Rewards' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: paths.privacy, label: 'Privacy Notice' },
      { to: paths.terms, label: 'Terms of Use' },
      { to: paths.eSignConsent, label: 'E-Sign Consent' },
      { to: paths.licensing, label: 'Licensing and Disclosures' },
    ],
  },
];

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Box as="footer" bg="brand.900" color="whiteAlpha.900" mt="auto">
      <Grid
        maxW="7xl"
        mx="auto"
        px={{ base: '4', md: '6' }}
        py="12"
        gap="8"
        templateColumns={{ base: '1fr', md: '2fr 1fr 1fr 1fr 1fr' }}
      >
        <Stack gap="3">
          <Logo inverted />
          <Text fontSize="sm" color="whiteAlpha.800" maxW="sm">
            Same-day business funding up to $5M, with transparent single-term fees. Servicing all 50 States.
          </Text>
        </Stack>
        {COLUMNS.map((column) => (
          <Stack key={column.title} as="nav" aria-label={column.title} gap="2">
            <Text fontWeight="semibold" color="white">
              {column.title}
            </Text>
            {column.links.map((link) => (
              <ChakraLink key={link.label} asChild color="whiteAlpha.800" fontSize="sm" _hover={{ color: 'white' }}>
                <Link to={link.to}>{link.label}</Link>
              </ChakraLink>
            ))}
          </Stack>
        ))}
      </Grid>
      <Box
        borderTopWidth="1px"
        borderColor="whiteAlpha.300"
        py="4"
        textAlign="center"
        fontSize="sm"
        color="whiteAlpha.800"
      >
        <Text maxW="4xl" mx="auto" px="4" mb="2" fontSize="xs">
          {lender.brandName} is a brand of {lender.legalName}, {lender.address}.
          {lender.nmlsId ? ` NMLS ID ${lender.nmlsId}.` : ''} All financing is commercial financing for businesses, not
          consumer loans. Support: {lender.phone}, {lender.supportEmail}.
        </Text>
        {/* Pages are prerendered at build time: the year may have turned since. */}©{' '}
        <span suppressHydrationWarning>{year}</span> {lender.legalName}. All rights reserved.
      </Box>
    </Box>
  );
}
