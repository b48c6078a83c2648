import { Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { useRequestReset } from '../hooks/use-request-reset';
import { ResetEmailField } from './reset-email-field';

/** `initialEmail`: what was typed in the login form, filled in each time the dialog opens. */
export function ForgotPasswordDialog({
  open,
  onOpenChange,
  initialEmail = '',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialEmail?: string;
}) {
  const request = useRequestReset(() => onOpenChange(false));
  const { setEmail } = request;

  useEffect(() => {
    if (open) setEmail(initialEmail);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on opening: typing in the dialog must stay
  }, [open]);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reset your password"
      onSubmit={request.submit}
      submitLabel="Send Reset Link"
      isPending={request.isPending}
    >
      <Stack gap="4">
        <Text color="fg.muted">Enter the email address of your account and we will send you a reset link.</Text>
        <ResetEmailField request={request} />
      </Stack>
    </FormDialog>
  );
}
