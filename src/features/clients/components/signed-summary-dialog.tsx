import { Box, Button, Dialog, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { AppDialog } from '@/components/form-dialog';
import { getErrorStatus } from '@/lib/errors';
import { useOfferSignature } from '../hooks/use-offers';
import { formatDateTimeWithZone, formatUsd, shortId } from '@shared/format';
import { formatTerm } from '../utils/offers';
import { OfferSummary } from './offer-summary';
import { SectionError, SectionLoading } from './query-state';
import type { OfferSignature } from '../types';

/** The signature lines under a signed summary (on screen and on paper). */
export function SignatureLines({ signature }: { signature: OfferSignature }) {
  const { option } = signature;
  return (
    <Stack gap="1" fontSize="sm" borderTopWidth="1px" pt="3">
      <Text>
        <Text as="span" fontWeight="semibold">
          Signed electronically by {signature.fullName}
        </Text>{' '}
        on {formatDateTimeWithZone(signature.signedAt)}
      </Text>
      <Text color="fg.muted">
        {`Chosen option: ${option.label}, ${formatUsd(option.amount)} over ${formatTerm(option.termWeeks)} at ${formatUsd(option.weeklyPayment)} a week.`}
      </Text>
    </Stack>
  );
}

/** The offer summary the client signed, shown again after acceptance. */
export function SignedSummaryDialog({
  applicationId,
  businessName,
  open,
  onOpenChange,
}: {
  applicationId: string;
  businessName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} size="lg" placement="center" unmountOnClose>
      <Dialog.Header>
        <Stack gap="0">
          <Dialog.Title>Signed offer summary</Dialog.Title>
          <Text fontSize="sm" color="fg.muted">
            {businessName} · Application {shortId(applicationId)}
          </Text>
        </Stack>
      </Dialog.Header>
      <Dialog.Body>
        <SignedSummary applicationId={applicationId} businessName={businessName} />
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Close</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
    </AppDialog>
  );
}

function SignedSummary({ applicationId, businessName }: { applicationId: string; businessName: string }) {
  const headingId = useId();
  const signature = useOfferSignature(applicationId, true);
  if (signature.isPending) {
    return (
      <Box minH="60">
        <SectionLoading label="Loading the signed summary" />
      </Box>
    );
  }
  // An acceptance from before signatures has no record: the server answers 404 (or null), not a failure.
  const isMissing = signature.isError ? getErrorStatus(signature.error) === 404 : !signature.data;
  if (signature.isError && !isMissing) {
    return (
      <SectionError
        error={signature.error}
        fallback="Failed to load the signed summary"
        onRetry={() => void signature.refetch()}
      />
    );
  }
  if (isMissing || !signature.data) {
    return (
      <Text color="fg.muted">
        This funding was accepted before offers were signed electronically, so there is no signed summary on file.
      </Text>
    );
  }
  return (
    <OfferSummary
      disclosure={signature.data.disclosure}
      headingId={headingId}
      heading="Offer summary"
      subject={`${businessName} · Application ${shortId(applicationId)}`}
      footer={<SignatureLines signature={signature.data} />}
    />
  );
}
