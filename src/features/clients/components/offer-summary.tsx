import { Box, Button, Heading, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { disclosureRows } from '../utils/offers';
import type { OfferDisclosure } from '../types';

// Printing shows the summary alone: a print-only copy sits directly under <body>, everything else is hidden.
const PRINT_CSS = `
@media screen { [data-print-summary] { display: none !important; } }
@media print {
  body > *:not([data-print-summary]) { display: none !important; }
  [data-print-summary] { display: block !important; color: #000; background: #fff; padding: 0; }
}`;

function SummaryList({ disclosure }: { disclosure: OfferDisclosure }) {
  // A plain description list: label over value on a phone, two columns from `sm` up.
  return (
    <Box
      as="dl"
      display="grid"
      gridTemplateColumns={{ base: '1fr', sm: 'minmax(12rem, auto) 1fr' }}
      columnGap="6"
      rowGap={{ base: '0', sm: '2' }}
    >
      {disclosureRows(disclosure).map((row) => (
        <Box key={row.label} display="contents">
          <Text as="dt" color="fg.muted" fontSize="sm" pt={{ base: '2', sm: '0' }}>
            {row.label}
          </Text>
          <Text as="dd" fontWeight="medium" css={{ fontVariantNumeric: 'tabular-nums' }}>
            {row.value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The offer summary shown before the signature and again after it, with "Print summary". `isUpdating` dims it
 * while a new price is on its way (the rows keep their place, so nothing jumps).
 */
export function OfferSummary({
  disclosure,
  headingId,
  heading = 'Offer summary',
  subject,
  isUpdating = false,
  footer,
}: {
  disclosure: OfferDisclosure;
  headingId: string;
  heading?: string;
  /** Who and what the printout is about ("Harbor Bakery · Application 1A2B3C4D"). */
  subject: string;
  isUpdating?: boolean;
  /** Extra lines (the signature) under the rows, on screen and on paper. */
  footer?: ReactNode;
}) {
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3" aria-busy={isUpdating}>
      <HStack justify="space-between" align="center" gap="3" flexWrap="wrap">
        <Heading as="h3" size="md" id={headingId}>
          {heading}
        </Heading>
        <Button size="sm" variant="outline" onClick={() => window.print()}>
          Print summary
        </Button>
      </HStack>
      <Box opacity={isUpdating ? 0.55 : 1} transition="opacity 0.15s">
        <SummaryList disclosure={disclosure} />
      </Box>
      {footer}
      <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
        Summary reference {disclosure.summaryHash}
      </Text>
      <Portal>
        <style>{PRINT_CSS}</style>
        <Box data-print-summary="" p="0">
          <Stack gap="4">
            <Heading as="h1" size="xl">
              {heading}
            </Heading>
            <Text>{subject}</Text>
            <SummaryList disclosure={disclosure} />
            {footer}
            <Text fontSize="xs">Summary reference {disclosure.summaryHash}</Text>
          </Stack>
        </Box>
      </Portal>
    </Stack>
  );
}
