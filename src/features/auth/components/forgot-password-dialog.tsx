import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { toaster } from '@/components/ui/toaster';
import { getErrorMessage } from '@/lib/errors';
import { trpc } from '@/lib/trpc';

export function ForgotPasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const forgot = trpc.auth.forgotPassword.useMutation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setError('Please enter your email address');
      return;
    }
    try {
      const result = await forgot.mutateAsync({ email: email.trim() });
      toaster.create({ type: 'success', title: 'Reset Email Sent', description: result.message });
      setEmail('');
      onOpenChange(false);
    } catch (failure) {
      toaster.create({ type: 'error', title: 'Failed to send reset email', description: getErrorMessage(failure) });
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reset your password"
      onSubmit={handleSubmit}
      submitLabel="Send Reset Link"
      isPending={forgot.isPending}
    >
      <Stack gap="4">
        <Text color="fg.muted">Enter the email address of your account and we will send you a reset link.</Text>
        <Field.Root required invalid={Boolean(error)}>
          <Field.Label>
            Email <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
          />
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}
