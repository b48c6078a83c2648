import { Field, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { toaster } from '@/components/ui/toaster';
import { firstFieldErrors, firstIssueMessages, getErrorMessage } from '@/lib/errors';
import { createRefinanceRequestSchema, REFINANCE_REASON_MAX } from '@shared/schemas/client';
import { useRequestRefinance } from '../hooks/use-client-area';
import { formatUsd } from '@shared/format';
import type { ClientLoan } from '../types';

const FIELDS = ['loanId', 'requestedAmount', 'reason'] as const;
type Errors = Partial<Record<(typeof FIELDS)[number], string>>;

const NO_LOAN = '';

/** "Request Refinancing": a short form that staff receive in their Refinancing tab. */
export function RefinanceDialog({
  open,
  onOpenChange,
  loans,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  loans: ClientLoan[];
}) {
  const [loanId, setLoanId] = useState(NO_LOAN);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const request = useRequestRefinance();

  function reset() {
    setLoanId(NO_LOAN);
    setAmount('');
    setReason('');
    setErrors({});
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const digits = amount.replace(/[$,\s]/g, '');
    const parsed = createRefinanceRequestSchema.safeParse({
      loanId: loanId || undefined,
      requestedAmount: digits ? Number(digits) : undefined,
      reason,
    });
    if (!parsed.success) {
      setErrors(firstIssueMessages(parsed.error.issues, FIELDS));
      return;
    }
    setErrors({});
    try {
      const result = await request.mutateAsync(parsed.data);
      toaster.create({ type: 'success', title: 'Refinance Request Sent', description: result.message });
      reset();
      onOpenChange(false);
    } catch (error) {
      setErrors(firstFieldErrors(error, FIELDS));
      toaster.create({
        type: 'error',
        title: 'Failed to send refinance request',
        description: getErrorMessage(error),
      });
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onClose={reset}
      title="Request Refinancing"
      onSubmit={handleSubmit}
      submitLabel="Send Request"
      isPending={request.isPending}
    >
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          Tell us what you need. A funding specialist reviews every request and reaches out within 24 hours.
        </Text>
        {loans.length > 0 && (
          <Field.Root invalid={Boolean(errors.loanId)}>
            <Field.Label>Loan to refinance</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={loanId} onChange={(event) => setLoanId(event.currentTarget.value)}>
                <option value={NO_LOAN}>Not a specific loan</option>
                {loans.map((loan) => (
                  <option key={loan.id} value={loan.id}>
                    {loan.businessName} (balance {formatUsd(loan.balance)})
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {errors.loanId && <Field.ErrorText>{errors.loanId}</Field.ErrorText>}
          </Field.Root>
        )}
        <Field.Root invalid={Boolean(errors.requestedAmount)}>
          <Field.Label>Amount needed (optional)</Field.Label>
          <Input
            name="requestedAmount"
            inputMode="numeric"
            placeholder="e.g. 50000"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
          {errors.requestedAmount ? (
            <Field.ErrorText>{errors.requestedAmount}</Field.ErrorText>
          ) : (
            <Field.HelperText>Whole US dollars.</Field.HelperText>
          )}
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.reason)}>
          <Field.Label>
            Why would you like to refinance? <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            name="reason"
            rows={4}
            maxLength={REFINANCE_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          {errors.reason && <Field.ErrorText>{errors.reason}</Field.ErrorText>}
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}
