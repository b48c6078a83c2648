import { Alert, Button, Field, Input, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { PasswordInput } from '@/components/password-input';
import { toaster, WELCOME_TOAST_ID } from '@/components/ui/toaster';
import { useRefreshAuth } from '@/hooks/use-auth';
import { getErrorMessage } from '@/lib/errors';
import { trpc } from '@/lib/trpc';

export type LoginTexts = {
  successTitle: string;
  successDescription?: string;
  failureTitle: string;
  failureFallback: string;
};

type Props = {
  texts: LoginTexts;
  onSuccess: (result: { redirectTo: string; mfaEnrollmentRequired: boolean }) => void;
  /** Opens the forgot-password dialog with the email typed so far. */
  onForgotPassword?: (email: string) => void;
};

/** Email + password, then (staff with a second factor) the 6-digit code, sent to the same login call. */
export function LoginForm({ texts, onSuccess, onForgotPassword }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [isCodeStep, setCodeStep] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A refused login also stays next to the form (the toast goes away), announced to screen readers.
  const [failure, setFailure] = useState<string | null>(null);
  const refreshAuth = useRefreshAuth();
  const login = trpc.auth.login.useMutation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError('Please enter both email and password');
      return;
    }
    setError(null);
    setFailure(null);
    try {
      const result = await login.mutateAsync({
        email: email.trim(),
        password,
        totpCode: isCodeStep ? code.trim() : undefined,
      });
      if (result.mfaRequired) {
        setCodeStep(true);
        return;
      }
      await refreshAuth();
      toaster.create({
        id: WELCOME_TOAST_ID,
        type: 'success',
        title: texts.successTitle,
        description: texts.successDescription,
      });
      onSuccess(result);
    } catch (caught) {
      const message = getErrorMessage(caught, texts.failureFallback);
      setFailure(message);
      toaster.create({ type: 'error', title: texts.failureTitle, description: message });
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="4">
        <Field.Root required invalid={Boolean(error) && !email.trim()}>
          <Field.Label>
            Email <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
          />
        </Field.Root>
        <Field.Root required invalid={Boolean(error)}>
          <Field.Label>
            Password <Field.RequiredIndicator />
          </Field.Label>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(null);
            }}
          />
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
        {isCodeStep && (
          <Field.Root required>
            <Field.Label>Authentication code</Field.Label>
            <Input
              name="totpCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoFocus
            />
            <Field.HelperText>Enter the 6-digit code from your authenticator app, or a recovery code.</Field.HelperText>
          </Field.Root>
        )}
        {failure && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="brand" loading={login.isPending} loadingText="Logging in...">
          {isCodeStep ? 'Verify and Log In' : 'Log In'}
        </Button>
        {onForgotPassword && (
          <ChakraLink
            as="button"
            type="button"
            alignSelf="center"
            color="brand.700"
            fontSize="sm"
            onClick={() => onForgotPassword(email.trim())}
          >
            Forgot password?
          </ChakraLink>
        )}
      </Stack>
    </form>
  );
}
