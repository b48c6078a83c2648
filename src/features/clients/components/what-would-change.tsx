import { Badge, Box, Button, Heading, List, Stack, Text } from '@chakra-ui/react';
import { toaster } from '@/components/ui/toaster';
import { getErrorMessage } from '@/lib/errors';
import { useRequestConsolidation } from '../hooks/use-offers';
import { formatUsd } from '@shared/format';
import { describePosition, describeWhatIf } from '../utils/offers';
import type { OfferMenu } from '../types';

/** The facts that limited the offer, and the outside positions the client may consolidate. */
export function WhatWouldChange({ menu, headingLevel = 'h3' }: { menu: OfferMenu; headingLevel?: 'h3' | 'h4' }) {
  const consolidate = useRequestConsolidation();
  const { consolidation } = menu;
  const names = menu.positions.filter((position) => position.isActive).map((position) => position.counterparty);
  const requestable = names.length > 0 ? names : menu.positions.map((position) => position.counterparty);

  async function handleConsolidate() {
    try {
      await consolidate.mutateAsync({ id: menu.applicationId, positions: requestable });
      toaster.create({
        type: 'success',
        title: 'Consolidation Requested',
        description: 'A funding specialist will include these positions in your offer and reach out within 24 hours.',
      });
    } catch (error) {
      toaster.create({ type: 'error', title: getErrorMessage(error, 'Failed to request consolidation') });
    }
  }

  if (menu.whatWouldChange.length === 0 && menu.positions.length === 0) return null;
  return (
    <Stack gap="5">
      {menu.whatWouldChange.length > 0 && (
        <Stack as="section" aria-labelledby="what-would-change" gap="2">
          <Heading as={headingLevel} size="sm" id="what-would-change">
            What would change this offer
          </Heading>
          <List.Root ps="5" gap="2" fontSize="sm">
            {menu.whatWouldChange.map((item) => (
              <List.Item key={item.fact}>
                <Text fontWeight="semibold">{item.fact}</Text>
                <Text color="fg.muted">{describeWhatIf(item.withoutIt)}</Text>
              </List.Item>
            ))}
          </List.Root>
        </Stack>
      )}
      {menu.positions.length > 0 && (
        <Stack as="section" aria-labelledby="existing-positions" gap="2">
          <Heading as={headingLevel} size="sm" id="existing-positions">
            Existing financing on your statements
          </Heading>
          <List.Root ps="5" gap="1" fontSize="sm">
            {menu.positions.map((position) => (
              <List.Item key={position.counterparty}>
                <Text as="span" fontWeight="semibold">
                  {position.counterparty}
                </Text>
                : {describePosition(position)}{' '}
                <Badge size="sm" colorPalette={position.isActive ? 'orange' : 'gray'}>
                  {position.isActive ? 'Active' : 'Ended'}
                </Badge>
              </List.Item>
            ))}
          </List.Root>
          <Box aria-live="polite">
            {consolidation.requested ? (
              <Stack gap="1" fontSize="sm" bg="bg.muted" p="3" borderRadius="md">
                <Text fontWeight="semibold">
                  Consolidation requested for {consolidation.positions.join(', ') || 'these positions'}.
                </Text>
                {consolidation.estimatedPayoffAmount !== null && (
                  <Text>Estimated payoff: {formatUsd(consolidation.estimatedPayoffAmount)}</Text>
                )}
                {consolidation.estimatedPaymentReduction !== null && (
                  <Text>Estimated payment reduction: {formatUsd(consolidation.estimatedPaymentReduction)}</Text>
                )}
              </Stack>
            ) : (
              <Button
                size="sm"
                variant="outline"
                colorPalette="brand"
                onClick={() => void handleConsolidate()}
                loading={consolidate.isPending}
                loadingText="Requesting..."
              >
                Consolidate these
              </Button>
            )}
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
