import { Box, Button, Card, Container, Field, Heading, List, Stack, Text } from '@chakra-ui/react';
import { TRPCClientError } from '@trpc/client';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PasswordInput } from '@/components/password-input';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/hooks/use-page-meta';
import { trpc } from '@/lib/trpc';
import { FORGOT_ANSWER, RESET_LINK_INVALID, failedPasswordRules } from '@shared/schemas/auth';
import { PasswordChecklist } from '@/components/password-checklist';
import { ResetEmailField } from '../components/reset-email-field';
import { useRequestReset } from '../hooks/use-request-reset';

// Signed-in : once errors show, the password re-validates 100 ms after a change.
const REVALIDATE_DELAY_MS = 100;

export default function ResetPasswordPage() {
  usePageMeta('Reset Password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [isDone, setDone] = useState(false);
  // The server refused the token (used, expired or unknown): offer a new link instead of the form.
  const [isDead, setDead] = useState(false);

  useEffect(() => {
    if (!token) {
      toaster.create({
        type: 'error',
        title: 'Invalid Link',
        description: 'No reset token was found. Please request a new password reset.',
      });
    }
  }, [token]);

  return (
    <Container maxW="md" py={{ base: '10', md: '16' }}>
      <Card.Root>
        <Card.Body>
          {!token || isDead ? (
            <InvalidLink />
          ) : isDone ? (
            <ResetDone />
          ) : (
            <ResetForm token={token} onDone={() => setDone(true)} onDead={() => setDead(true)} />
          )}
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

function InvalidLink() {
  const request = useRequestReset();
  return (
    <Stack gap="4">
      <Stack gap="2" textAlign="center">
        <Heading as="h1" size="xl">
          Invalid Reset Link
        </Heading>
        <Text color="fg.muted">This password reset link is invalid or has expired.</Text>
      </Stack>
      {request.isSent ? (
        <Text role="status" textAlign="center">
          {FORGOT_ANSWER}
        </Text>
      ) : (
        <form onSubmit={request.submit} noValidate aria-labelledby="request-new-link">
          <Stack gap="3">
            <Heading as="h2" size="md" id="request-new-link">
              Request a new link
            </Heading>
            <ResetEmailField request={request} />
            <Button type="submit" colorPalette="brand" loading={request.isPending}>
              Send Reset Link
            </Button>
          </Stack>
        </form>
      )}
      <Button asChild variant="outline">
        <Link to={paths.login()}>Back to Login</Link>
      </Button>
    </Stack>
  );
}

function ResetDone() {
  return (
    <Stack gap="4" textAlign="center">
      <Heading as="h1" size="xl">
        Password Reset Successful
      </Heading>
      <Text color="fg.muted">Your password has been changed. You can now log in with your new password.</Text>
      <Button asChild colorPalette="brand">
        <Link to={paths.login()}>Continue to Login</Link>
      </Button>
    </Stack>
  );
}

function ResetForm({ token, onDone, onDead }: { token: string; onDone: () => void; onDead: () => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [shownErrors, setShownErrors] = useState<string[] | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const reset = trpc.auth.resetPassword.useMutation();
  const failed = failedPasswordRules(password);
  const isMismatch = confirm.length > 0 && confirm !== password;

  function handlePasswordChange(value: string) {
    setPassword(value);
    if (shownErrors === null) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => setShownErrors(failedPasswordRules(value).map((rule) => rule.message)),
      REVALIDATE_DELAY_MS,
    );
  }

  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!token) {
      toaster.create({ type: 'error', title: 'Error', description: 'Invalid reset token' });
      return;
    }
    if (failed.length > 0) {
      setShownErrors(failed.map((rule) => rule.message));
      toaster.create({
        type: 'error',
        title: 'Validation Error',
        description: 'Please fix the password requirements below',
      });
      return;
    }
    if (password !== confirm) return;
    try {
      await reset.mutateAsync({ token, newPassword: password });
      onDone();
    } catch (error) {
      if (error instanceof TRPCClientError && error.message === RESET_LINK_INVALID) {
        onDead();
        return;
      }
      const description =
        error instanceof TRPCClientError && error.data
          ? error.message || 'Failed to reset password'
          : 'An error occurred. Please try again.';
      toaster.create({ type: 'error', title: 'Error', description });
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="5">
        <Box textAlign="center">
          <Heading as="h1" size="xl">
            Reset Your Password
          </Heading>
          <Text color="fg.muted" mt="1">
            Choose a new password for your account.
          </Text>
        </Box>
        <Field.Root required invalid={Boolean(shownErrors?.length)}>
          <Field.Label>
            New Password <Field.RequiredIndicator />
          </Field.Label>
          <PasswordInput
            name="newPassword"
            autoComplete="new-password"
            value={password}
            onChange={(event) => handlePasswordChange(event.target.value)}
            aria-describedby="password-rules"
          />
        </Field.Root>
        <PasswordChecklist id="password-rules" password={password} />
        <Field.Root required invalid={isMismatch}>
          <Field.Label>
            Confirm New Password <Field.RequiredIndicator />
          </Field.Label>
          <PasswordInput
            name="confirmPassword"
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
          />
          {isMismatch && <Field.ErrorText>Passwords don&apos;t match</Field.ErrorText>}
        </Field.Root>
        {shownErrors && shownErrors.length > 0 && (
          <Box
            role="alert"
            bg="red.50"
            borderWidth="1px"
            borderColor="red.300"
            color="red.800"
            borderRadius="md"
            p="3"
            fontSize="sm"
          >
            <List.Root gap="1" ps="4">
              {shownErrors.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List.Root>
          </Box>
        )}
        <Button type="submit" colorPalette="brand" loading={reset.isPending} loadingText="Resetting Password...">
          Reset Password
        </Button>
        <Button asChild variant="ghost" size="sm">
          <Link to={paths.login()}>Back to Login</Link>
        </Button>
      </Stack>
    </form>
  );
}
