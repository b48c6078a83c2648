import { Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { submitCheckedForm } from '@/components/form-submit';
import { createRefinanceRequestSchema, REFINANCE_REASON_MAX } from '@shared/schemas/client';
import { useRequestRefinance } from '../hooks/use-client-area';
import { formatUsd } from '@shared/format';
import type { ClientLoan } from '../types';
import { DollarsField, ReasonField } from './request-fields';

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
    const sent = await submitCheckedForm({
      checked: createRefinanceRequestSchema.safeParse({
        loanId: loanId || undefined,
        requestedAmount: digits ? Number(digits) : undefined,
        reason,
      }),
      fields: FIELDS,
      setErrors,
      send: request.mutateAsync,
      sent: (result) => ({ title: 'Refinance Request Sent', description: result.message }),
      failureTitle: 'Failed to send refinance request',
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
        <DollarsField
          name="requestedAmount"
          label="Amount needed (optional)"
          placeholder="e.g. 50000"
          value={amount}
          onChange={setAmount}
          error={errors.requestedAmount}
        />
        <ReasonField
          name="reason"
          label="Why would you like to refinance?"
          maxLength={REFINANCE_REASON_MAX}
          value={reason}
          onChange={setReason}
          error={errors.reason}
        />
      </Stack>
    </FormDialog>
  );
}
