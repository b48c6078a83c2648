import {
  Badge,
  Button,
  Field,
  Heading,
  HStack,
  Input,
  List,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { toaster } from '@/components/ui/toaster';
import { firstFieldErrors, firstIssueMessages, getErrorMessage } from '@/lib/errors';
import { LOWER_PAYMENT_REASON_MAX, requestLowerPaymentSchema } from '@shared/schemas/offers';
import { useLowerPaymentRequests, usePayoffQuote, useRenewal, useRequestLowerPayment } from '../hooks/use-offers';
import { formatCalendarDate, formatLocalDate, formatUsd } from '@shared/format';
import { parseDollars, renewalProgress } from '../utils/offers';
import type { ClientLoan } from '../types';

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
    const parsed = requestLowerPaymentSchema.safeParse({
      loanId: loan.id,
      requestedWeeklyPayment: payment.trim() ? parseDollars(payment) : undefined,
      reason,
    });
    const next: LowerErrors = parsed.success ? {} : firstIssueMessages(parsed.error.issues, LOWER_FIELDS);
    if (parsed.success && parsed.data.requestedWeeklyPayment >= loan.weeklyPayment) {
      next.requestedWeeklyPayment = `Please enter less than your current payment of ${formatUsd(loan.weeklyPayment)}`;
    }
    setErrors(next);
    if (!parsed.success || Object.keys(next).length > 0) return;
    try {
      await request.mutateAsync(parsed.data);
      toaster.create({
        type: 'success',
        title: 'Lower Payment Requested',
        description: 'A funding specialist will review your request and reach out within 24 hours.',
      });
      reset();
      onOpenChange(false);
    } catch (error) {
      setErrors(firstFieldErrors(error, LOWER_FIELDS));
      toaster.create({
        type: 'error',
        title: 'Failed to request a lower payment',
        description: getErrorMessage(error),
      });
    }
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
        <Field.Root required invalid={Boolean(errors.requestedWeeklyPayment)}>
          <Field.Label>
            Weekly payment you can afford <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="requestedWeeklyPayment"
            inputMode="numeric"
            placeholder={`Less than ${formatUsd(loan.weeklyPayment)}`}
            value={payment}
            onChange={(event) => setPayment(event.target.value)}
          />
          {errors.requestedWeeklyPayment ? (
            <Field.ErrorText>{errors.requestedWeeklyPayment}</Field.ErrorText>
          ) : (
            <Field.HelperText>Whole US dollars.</Field.HelperText>
          )}
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.reason)}>
          <Field.Label>
            What changed? <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            name="reason"
            rows={4}
            maxLength={LOWER_PAYMENT_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          {errors.reason && <Field.ErrorText>{errors.reason}</Field.ErrorText>}
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}
