import { useState, type FormEvent } from 'react';
import { toaster } from '@/components/ui/toaster';
import { getErrorMessage } from '@/lib/errors';
import { trpc } from '@/lib/trpc';

/** The request-a-reset-link form's state, for the forgot-password dialog and the dead-link page alike. */
export function useRequestReset(onSent?: () => void) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const forgot = trpc.auth.forgotPassword.useMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setError('Please enter your email address');
      return;
    }
    try {
      const result = await forgot.mutateAsync({ email: email.trim() });
      toaster.create({ type: 'success', title: 'Reset Email Sent', description: result.message });
      setEmail('');
      onSent?.();
    } catch (failure) {
      toaster.create({ type: 'error', title: 'Failed to send reset email', description: getErrorMessage(failure) });
    }
  }

  return {
    email,
    error,
    isPending: forgot.isPending,
    isSent: forgot.isSuccess,
    setEmail: (value: string) => {
      setEmail(value);
      setError(null);
    },
    submit,
  };
}
