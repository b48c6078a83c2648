import { Box, Link as ChakraLink, Text } from '@chakra-ui/react';
import { lender } from '@/config/lender';

/** How to reach the lender, as every legal page ends. */
export function LenderContact() {
  return (
    <Box as="address" fontStyle="normal">
      <Text fontWeight="semibold">{lender.legalName}</Text>
      {lender.addressLines.map((line) => (
        <Text key={line}>{line}</Text>
      ))}
      <Text>
        Phone:{' '}
        <ChakraLink href={lender.phoneHref} color="brand.700" textDecoration="underline">
          {lender.phone}
        </ChakraLink>{' '}
        ({lender.hours})
      </Text>
      <Text>
        Email:{' '}
        <ChakraLink
          href={`mailto:${lender.supportEmail}`}
          color="brand.700"
          textDecoration="underline"
          wordBreak="break-all"
        >
          {lender.supportEmail}
        </ChakraLink>
      </Text>
    </Box>
  );
}
