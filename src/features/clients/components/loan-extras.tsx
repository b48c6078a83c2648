import { Badge, Button, Heading, HStack, List, Progress, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { submitCheckedForm } from '@/components/form-submit';
import { getErrorMessage } from '@/lib/errors';
import { LOWER_PAYMENT_REASON_MAX, requestLowerPaymentSchema } from '@shared/schemas/offers';
import { useLowerPaymentRequests, usePayoffQuote, useRenewal, useRequestLowerPayment } from '../hooks/use-offers';
import { formatCalendarDate, formatLocalDate, formatUsd } from '@shared/format';
import { parseDollars, renewalProgress } from '../utils/offers';
import type { ClientLoan } from '../types';
import { DollarsField, ReasonField } from './request-fields';

const REQUEST_STATUS_LABELS = { open: 'Open', in_review: 'In review', closed: 'Closed' } as const;

/** Per loan: payoff quote for today, renewal tracker and a request for a lower payment. */
export function LoanExtras({ loan }: { loan: ClientLoan }) {
  const [isLowerOpen, setLowerOpen] = useState(false);
  const requests = useLowerPaymentRequests();
  const mine = (requests.data ?? []).filter((request) => request.loanId === loan.id);
  return (
    <Stack gap="4" borderTopWidth="1px" pt="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <PayoffQuote loanId={loan.id} />
        <RenewalTracker loanId={loan.id} />
      </SimpleGrid>
      {mine.length > 0 && (
        <Stack gap="1">
          <Heading as="h4" size="xs">
            Lower payment requests
          </Heading>
          <List.Root ps="5" fontSize="sm" gap="1">
            {mine.map((request) => (
              <List.Item key={request.id}>
                {`${formatUsd(request.requestedWeeklyPayment)} a week, asked ${formatLocalDate(request.createdAt)} `}
                <Badge size="sm" colorPalette={request.status === 'closed' ? 'gray' : 'blue'}>
                  {REQUEST_STATUS_LABELS[request.status]}
                </Badge>
              </List.Item>
            ))}
          </List.Root>
        </Stack>
      )}
      <HStack justify="flex-end">
        <Button
          size="sm"
          variant="outline"
          onClick={() => setLowerOpen(true)}
          aria-label={`Request a lower payment for ${loan.businessName}`}
        >
          Request a Lower Payment
        </Button>
      </HStack>
      <LowerPaymentDialog loan={loan} open={isLowerOpen} onOpenChange={setLowerOpen} />
    </Stack>
  );
}

function Label({ id, children }: { id?: string; children: string }) {
  return (
    <Text id={id} fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
      {children}
    </Text>
  );
}

function PayoffQuote({ loanId }: { loanId: string }) {
  const quote = usePayoffQuote(loanId);
  return (
    <Stack gap="1" aria-live="polite">
      <Label>Payoff today</Label>
      {quote.isPending ? (
        <Skeleton height="12" width="48" />
      ) : quote.isError ? (
        <Text fontSize="sm" color="fg.error">
          {getErrorMessage(quote.error, 'Failed to load the payoff quote')}
        </Text>
      ) : (
        <>
          <Text fontSize="xl" fontWeight="bold" css={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatUsd(quote.data.payoffAmount)}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {`Balance ${formatUsd(quote.data.balance)} less ${formatUsd(quote.data.discount)} prepayment discount · good for ${formatCalendarDate(quote.data.asOf)}`}
          </Text>
        </>
      )}
    </Stack>
  );
}

function RenewalTracker({ loanId }: { loanId: string }) {
  const labelId = useId();
  const renewal = useRenewal(loanId);
  if (renewal.isPending) {
    return (
      <Stack gap="1">
        <Label>Renewal</Label>
        <Skeleton height="12" />
      </Stack>
    );
  }
  if (renewal.isError) {
    return (
      <Stack gap="1">
        <Label>Renewal</Label>
        <Text fontSize="sm" color="fg.error">
          {getErrorMessage(renewal.error, 'Failed to load renewal eligibility')}
        </Text>
      </Stack>
    );
  }
  const progress = renewalProgress(renewal.data);
  return (
    <Stack gap="1">
      <HStack justify="space-between" gap="2">
        <Label id={labelId}>Renewal</Label>
        {renewal.data.eligible && (
          <Badge colorPalette="green" size="sm">
            Eligible for renewal
          </Badge>
        )}
      </HStack>
      <Progress.Root
        value={progress.towardPct}
        max={100}
        colorPalette={renewal.data.eligible ? 'green' : 'brand'}
        size="sm"
      >
        <Progress.Track aria-labelledby={labelId} aria-valuetext={progress.label}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" color="fg.muted">
        {progress.label}
      </Text>
    </Stack>
  );
}

const LOWER_FIELDS = ['requestedWeeklyPayment', 'reason'] as const;
type LowerErrors = Partial<Record<(typeof LOWER_FIELDS)[number], string>>;

/** "Request a lower payment" when revenue drops; staff see it with the loan. */
function LowerPaymentDialog({
  loan,
  open,
  onOpenChange,
}: {
  loan: ClientLoan;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [payment, setPayment] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<LowerErrors>({});
  const request = useRequestLowerPayment();

  function reset() {
    setPayment('');
    setReason('');
    setErrors({});
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const sent = await submitCheckedForm({
      checked: requestLowerPaymentSchema.safeParse({
        loanId: loan.id,
        requestedWeeklyPayment: payment.trim() ? parseDollars(payment) : undefined,
        reason,
      }),
      fields: LOWER_FIELDS,
      check: (data): LowerErrors =>
        data.requestedWeeklyPayment >= loan.weeklyPayment
          ? {
              requestedWeeklyPayment: `Please enter less than your current payment of ${formatUsd(loan.weeklyPayment)}`,
            }
          : {},
      setErrors,
      send: request.mutateAsync,
      sent: () => ({
        title: 'Lower Payment Requested',
        description: 'A funding specialist will review your request and reach out within 24 hours.',
      }),
      failureTitle: 'Failed to request a lower payment',
    });
    if (!sent) return;
    reset();
    onOpenChange(false);
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onClose={reset}
      title="Request a Lower Payment"
      onSubmit={(event) => void handleSubmit(event)}
      submitLabel="Send Request"
      isPending={request.isPending}
    >
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {`${loan.businessName}: your weekly payment is ${formatUsd(loan.weeklyPayment)}. If your revenue has dropped, tell us what you can pay; a funding specialist reviews every request.`}
        </Text>
        <DollarsField
          required
          name="requestedWeeklyPayment"
          label="Weekly payment you can afford"
          placeholder={`Less than ${formatUsd(loan.weeklyPayment)}`}
          value={payment}
          onChange={setPayment}
          error={errors.requestedWeeklyPayment}
        />
        <ReasonField
          name="reason"
          label="What changed?"
          maxLength={LOWER_PAYMENT_REASON_MAX}
          value={reason}
          onChange={setReason}
          error={errors.reason}
        />
      </Stack>
    </FormDialog>
  );
}
