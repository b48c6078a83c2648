import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import { getErrorMessage } from '@/lib/errors';
import { trpc } from '@/lib/trpc';

/**
 * "Email me a new link": the link that lets an applicant attach an application to an account. The answer is the
 * same whether or not the address applied, so it is shown as it comes.
 */
export function ResendClaimForm({ intro }: { intro?: string }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const resend = trpc.application.resendClaimLink.useMutation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setAnswer(null);
    if (!email.trim()) {
      setError('Please enter the email address you applied with');
      return;
    }
    try {
      const result = await resend.mutateAsync({ email: email.trim() });
      setError(null);
      setAnswer(result.message);
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Email me a new link">
      <Stack gap="4">
        {intro && <Text color="fg.muted">{intro}</Text>}
        <Field.Root required invalid={Boolean(error)} ids={{ errorText: `${id}-error` }}>
          <Field.Label>
            Email you applied with <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
          />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={resend.isPending} loadingText="Sending...">
          Email Me a New Link
        </Button>
        <Text role="status" color="fg.muted">
          {answer}
        </Text>
      </Stack>
    </form>
  );
}
