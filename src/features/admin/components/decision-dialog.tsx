import { Alert, Checkbox, Field, Spinner, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { toaster } from '@/components/ui/toaster';
import { getErrorMessage, getFieldErrors } from '@/lib/errors';
import { trpc } from '@/lib/trpc';
import {
  DECISION_NOTE_MAX_LENGTH,
  OTHER_REASON_MAX_LENGTH,
  reasonsFor,
  type DecisionReasonCode,
  type StaffDecision,
} from '@shared/decisions';
import { formatUsd } from '@shared/format';
import { useInvalidateAdmin } from '../hooks/use-invalidate-admin';

type Props = {
  application: { id: string; businessName: string };
  /** The decision being made; null: closed. */
  decision: StaffDecision | null;
  onClose: () => void;
};

/**
 * Approving or declining: principal reasons from the one list, pre-selected from the engine's facts, the sentence
 * for "other" that the applicant reads, and a staff-only note (docs/product.md 6.7).
 */
export function DecisionDialog({ application, decision, onClose }: Props) {
  return <DecisionForm application={application} decision={decision} onClose={onClose} key={decision ?? 'closed'} />;
}

function DecisionForm({ application, decision, onClose }: Props) {
  const invalidate = useInvalidateAdmin();
  const context = trpc.admin.decisionContext.useQuery({ id: application.id }, { enabled: decision !== null });
  const setStatus = trpc.admin.setApplicationStatus.useMutation();
  const [reasons, setReasons] = useState<DecisionReasonCode[] | null>(null);
  const [otherReason, setOtherReason] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  // Pre-select what the engine's facts imply, once they have loaded.
  const suggested = decision ? context.data?.suggested[decision] : undefined;
  useEffect(() => {
    if (suggested && reasons === null) setReasons(suggested);
  }, [suggested, reasons]);

  if (decision === null) return null;
  const chosen = reasons ?? [];
  const isDecline = decision === 'declined';
  const data = context.data;
  const isCounterOffer =
    !isDecline && data !== undefined && data.approvalAmount !== null && data.approvalAmount < data.requestedAmount;

  function toggle(code: DecisionReasonCode, checked: boolean) {
    setReasons((current) => {
      const list = current ?? [];
      return checked ? [...list.filter((item) => item !== code), code] : list.filter((item) => item !== code);
    });
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!decision) return;
    try {
      await setStatus.mutateAsync({
        id: application.id,
        status: decision,
        reasons: chosen,
        otherReason: chosen.includes('other') ? otherReason : undefined,
        note: note || undefined,
      });
      toaster.create({ type: 'success', title: 'Application status updated successfully' });
      void invalidate();
      onClose();
    } catch (failure) {
      setErrors(getFieldErrors(failure));
      toaster.create({
        type: 'error',
        title: 'Failed to update application status',
        description: getErrorMessage(failure),
      });
    }
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${isDecline ? 'Decline' : 'Approve'} ${application.businessName}`}
      onSubmit={handleSubmit}
      submitLabel={isDecline ? 'Decline application' : 'Approve application'}
      pendingLabel="Saving..."
      isPending={setStatus.isPending}
    >
      {context.isPending ? (
        <Spinner aria-label="Loading the decision form" />
      ) : (
        <Stack gap="4">
          {context.data && (
            <Text fontSize="sm" color="fg.muted">
              Requested {formatUsd(context.data.requestedAmount)}
              {!isDecline && context.data.approvalAmount !== null
                ? `; an approval offers ${formatUsd(context.data.approvalAmount)}.`
                : '.'}
            </Text>
          )}
          {(isDecline || isCounterOffer) && (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Description>
                {isDecline
                  ? 'The applicant is emailed an adverse action notice with the reasons below in plain words.'
                  : 'This approval is for less than requested: the applicant is emailed an adverse action notice with the reasons against the full amount.'}
              </Alert.Description>
            </Alert.Root>
          )}
          <chakra.fieldset aria-describedby={errors.reasons ? 'decision-reasons-error' : 'decision-reasons-help'}>
            <chakra.legend fontWeight="medium" mb="1">
              Principal reasons (up to 4)
            </chakra.legend>
            <Text id="decision-reasons-help" fontSize="sm" color="fg.muted" mb="2">
              Pre-selected from the automated analysis; change them as you judge.
            </Text>
            <Stack gap="2">
              {reasonsFor(decision).map((reason) => (
                <Checkbox.Root
                  key={reason.code}
                  checked={chosen.includes(reason.code)}
                  onCheckedChange={(details) => toggle(reason.code, details.checked === true)}
                  colorPalette="brand"
                >
                  <Checkbox.HiddenInput name="reasons" value={reason.code} />
                  <Checkbox.Control />
                  <Checkbox.Label fontWeight="normal">{reason.label}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
            {errors.reasons && (
              <Text id="decision-reasons-error" fontSize="sm" color="fg.error" mt="2">
                {errors.reasons[0]}
              </Text>
            )}
          </chakra.fieldset>
          {chosen.includes('other') && (
            <Field.Root required invalid={Boolean(errors.otherReason)}>
              <Field.Label>Other reason, as the applicant will read it</Field.Label>
              <Textarea
                value={otherReason}
                maxLength={OTHER_REASON_MAX_LENGTH}
                rows={2}
                onChange={(event) => setOtherReason(event.target.value)}
              />
              {errors.otherReason && <Field.ErrorText>{errors.otherReason[0]}</Field.ErrorText>}
            </Field.Root>
          )}
          <Field.Root invalid={Boolean(errors.note)}>
            <Field.Label>Note for staff (optional)</Field.Label>
            <Textarea
              value={note}
              maxLength={DECISION_NOTE_MAX_LENGTH}
              rows={3}
              onChange={(event) => setNote(event.target.value)}
            />
            <Field.HelperText>Never shown to the applicant.</Field.HelperText>
            {errors.note && <Field.ErrorText>{errors.note[0]}</Field.ErrorText>}
          </Field.Root>
        </Stack>
      )}
    </FormDialog>
  );
}
