import { Button, CloseButton, DataList, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/errors';
import type { ClientApplicationDto, ClientLoanDto } from '@shared/schemas/client';
import { useAcceptFunding } from '../hooks/use-client-area';
import { formatUsd, shortId } from '../utils/format';
import { FundingAcceptedDialog } from './funding-accepted-dialog';

export const LOANS_TAB_HREF = `${paths.dashboard}?tab=loans`;

/**
 * Accept Funding: a confirmation dialog with the offer, then the funding-accepted animation. Returns the
 * opener, what is in flight (the button is hidden meanwhile, spec §4) and the dialogs to render.
 */
export function useAcceptFundingFlow() {
  const [target, setTarget] = useState<ClientApplicationDto | null>(null);
  const [accepted, setAccepted] = useState<ClientLoanDto | null>(null);
  const accept = useAcceptFunding();

  async function handleConfirm() {
    if (!target) return;
    try {
      const result = await accept.mutateAsync({ id: target.id });
      setTarget(null);
      setAccepted(result.loan);
    } catch (error) {
      setTarget(null);
      // Spec §8: "Accept funding failure: the error message or 'Failed to accept funding'".
      toaster.create({ type: 'error', title: getErrorMessage(error, 'Failed to accept funding') });
    }
  }

  const dialogs = (
    <>
      <ConfirmAcceptDialog
        application={target}
        isPending={accept.isPending}
        onConfirm={handleConfirm}
        onCancel={() => setTarget(null)}
      />
      <FundingAcceptedDialog loan={accepted} onClose={() => setAccepted(null)} loansHref={LOANS_TAB_HREF} />
    </>
  );
  return { open: setTarget, isAccepting: accept.isPending, dialogs };
}

function ConfirmAcceptDialog({
  application,
  isPending,
  onConfirm,
  onCancel,
}: {
  application: ClientApplicationDto | null;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const offer = application?.offer ?? null;
  return (
    <Dialog.Root
      open={application !== null}
      onOpenChange={(details) => !details.open && !isPending && onCancel()}
      placement="center"
      role="alertdialog"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>Accept this funding offer?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {application && (
                <Stack gap="4">
                  <Text color="fg.muted">
                    {application.businessName} · Application {shortId(application.id)}
                  </Text>
                  {offer && (
                    <DataList.Root orientation="horizontal" size="md">
                      <DataList.Item>
                        <DataList.ItemLabel>Funding amount</DataList.ItemLabel>
                        <DataList.ItemValue>{formatUsd(offer.amount)}</DataList.ItemValue>
                      </DataList.Item>
                      <DataList.Item>
                        <DataList.ItemLabel>Total payback</DataList.ItemLabel>
                        <DataList.ItemValue>{formatUsd(offer.purchasedAmount)}</DataList.ItemValue>
                      </DataList.Item>
                      <DataList.Item>
                        <DataList.ItemLabel>Weekly payment</DataList.ItemLabel>
                        <DataList.ItemValue>
                          {formatUsd(offer.weeklyPayment)} for {offer.termWeeks} weeks
                        </DataList.ItemValue>
                      </DataList.Item>
                      <DataList.Item>
                        <DataList.ItemLabel>Estimated APR</DataList.ItemLabel>
                        <DataList.ItemValue>{offer.estimatedApr}%</DataList.ItemValue>
                      </DataList.Item>
                    </DataList.Root>
                  )}
                  <Text fontSize="sm" color="fg.muted">
                    Your first weekly payment is due 7 days after funding. A representative will reach out within 24
                    hours to finalize the paperwork.
                  </Text>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={isPending}>
                Cancel
              </Button>
              <Button colorPalette="brand" onClick={onConfirm} loading={isPending} loadingText="Accepting...">
                Confirm and Accept
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={isPending} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
