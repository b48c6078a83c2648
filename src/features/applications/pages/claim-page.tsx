import { Alert, Box, Button, Card, Container, DataList, Heading, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ResendClaimForm } from '@/components/resend-claim-form';
import { paths } from '@/config/paths';
import { useAuth } from '@/hooks/use-auth';
import { usePageMeta } from '@/hooks/use-page-meta';
import { getErrorMessage } from '@/lib/errors';
import { trpc } from '@/lib/trpc';
import { LoginForm } from '@/features/auth/components/login-form';
import { formatUsd } from '@shared/format';
import { CreateAccountStep } from '../components/create-account-step';

const STATUS_TEXT: Record<string, string> = {
  approved: 'Pre-approved',
  review: 'Under review by an underwriter',
  pending: 'Being processed',
  declined: 'Not approved',
};

/**
 * `/applications/claim?token=...`: the page the receipt email links to. Shows the decision, then lets the applicant
 * create an account or sign in with the email applied with, and attaches the application to that account.
 */
export default function ClaimPage() {
  usePageMeta('Your Application', 'See your decision and create your account to track your application.');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [claimError, setClaimError] = useState<string | null>(null);
  const preview = trpc.application.claimPreview.useQuery({ token }, { retry: false, enabled: token !== '' });
  const claim = trpc.application.claim.useMutation();

  async function claimIt() {
    setClaimError(null);
    try {
      await claim.mutateAsync({ token });
      await queryClient.invalidateQueries();
      await navigate(paths.dashboard);
    } catch (error) {
      setClaimError(getErrorMessage(error));
    }
  }

  if (token !== '' && preview.isPending) {
    return (
      <Container maxW="lg" py="16" textAlign="center">
        <Spinner size="lg" aria-label="Loading your application" />
      </Container>
    );
  }

  if (token === '' || preview.isError) {
    return (
      <Container maxW="md" py={{ base: '10', md: '16' }}>
        <Card.Root>
          <Card.Body>
            <Stack gap="6">
              <Heading as="h1" size="2xl" textAlign="center">
                This link can no longer be used
              </Heading>
              <Text>
                {preview.error
                  ? getErrorMessage(preview.error)
                  : 'This link is incomplete. Open it again from the email.'}
              </Text>
              <ResendClaimForm />
            </Stack>
          </Card.Body>
        </Card.Root>
      </Container>
    );
  }

  const summary = preview.data;
  if (!summary) return null;
  return (
    <Container maxW="lg" py={{ base: '10', md: '16' }}>
      <Stack gap="6">
        <Box textAlign="center">
          <Heading as="h1" size="2xl">
            Your Application
          </Heading>
          <Text color="fg.muted" mt="1">
            Create an account or sign in with {summary.maskedEmail} to keep track of it.
          </Text>
        </Box>
        <Card.Root>
          <Card.Body>
            <DataList.Root orientation="horizontal">
              <DataList.Item>
                <DataList.ItemLabel>Business</DataList.ItemLabel>
                <DataList.ItemValue>{summary.businessName}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Reference</DataList.ItemLabel>
                <DataList.ItemValue>{summary.reference}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Requested</DataList.ItemLabel>
                <DataList.ItemValue>{formatUsd(summary.loanAmount)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Decision</DataList.ItemLabel>
                <DataList.ItemValue>{STATUS_TEXT[summary.status] ?? summary.status}</DataList.ItemValue>
              </DataList.Item>
              {summary.approvedAmount !== null && (
                <DataList.Item>
                  <DataList.ItemLabel>Pre-approved amount</DataList.ItemLabel>
                  <DataList.ItemValue>{formatUsd(summary.approvedAmount)}</DataList.ItemValue>
                </DataList.Item>
              )}
            </DataList.Root>
          </Card.Body>
        </Card.Root>
        {claimError && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{claimError}</Alert.Description>
          </Alert.Root>
        )}
        <Card.Root>
          <Card.Body>
            {auth.user ? (
              <Stack gap="4">
                <Text>Signed in as {auth.user.email}.</Text>
                <Button colorPalette="brand" size="lg" loading={claim.isPending} onClick={() => void claimIt()}>
                  Add This Application to My Account
                </Button>
              </Stack>
            ) : (
              <Tabs.Root defaultValue="create" fitted>
                <Tabs.List>
                  <Tabs.Trigger value="create">Create Account</Tabs.Trigger>
                  <Tabs.Trigger value="login">Sign In</Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="create">
                  <CreateAccountStep
                    defaults={{ firstName: '', lastName: '', email: '', businessName: summary.businessName }}
                    onCreated={claimIt}
                  />
                </Tabs.Content>
                <Tabs.Content value="login">
                  <LoginForm
                    texts={{
                      successTitle: 'Welcome back!',
                      failureTitle: 'Login failed',
                      failureFallback: 'An error occurred. Please try again.',
                    }}
                    onSuccess={() => void claimIt()}
                  />
                </Tabs.Content>
              </Tabs.Root>
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}
