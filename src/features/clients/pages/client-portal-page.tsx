import {
  Box,
  Button,
  Card,
  Container,
  DataList,
  EmptyState,
  Flex,
  Heading,
  HStack,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/hooks/use-page-meta';
import { useAcceptFundingFlow } from '../components/accept-funding';
import { ApplicationCard } from '../components/application-card';
import { DocumentRequestsSection } from '../components/document-requests';
import { ApplicationDetailsDialog } from '../components/application-details-dialog';
import { SectionError, SectionLoading } from '../components/query-state';
import { useClientApplications, useClientProfile, useLogout, useSignedOutGuard } from '../hooks/use-client-area';
import { formatLocalDate } from '@shared/format';
import type { ClientApplication } from '../types';

/** /client-portal when signed in: account information, applications, offer and acceptance. */
export default function ClientPortalPage() {
  usePageMeta('Client Portal', 'Your Summit Funding applications, offers and account.');
  const profile = useClientProfile();
  const applications = useClientApplications();
  useSignedOutGuard(profile.error, applications.error);
  const { logOut, isPending: isLoggingOut } = useLogout();
  const acceptFlow = useAcceptFundingFlow();
  const [detailsId, setDetailsId] = useState<string | null>(null);
  // Follow the list, so the dialog shows fresh data after an acceptance.
  const details = applications.data?.find((application) => application.id === detailsId) ?? null;

  function handleAccept(application: ClientApplication) {
    setDetailsId(null);
    acceptFlow.open(application);
  }

  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }}>
      <Stack gap="8">
        <Flex gap="4" justify="space-between" align={{ base: 'flex-start', sm: 'center' }} wrap="wrap">
          <Box>
            <Heading as="h1" size="2xl">
              {profile.data ? `Welcome, ${profile.data.firstName}!` : 'Welcome!'}
            </Heading>
            <Text color="fg.muted" mt="1">
              Your client portal: applications, offers and funding.
            </Text>
          </Box>
          <HStack gap="2" flexWrap="wrap">
            <Button asChild variant="outline" colorPalette="brand">
              <Link to={paths.dashboard}>Dashboard</Link>
            </Button>
            <Button asChild variant="outline" colorPalette="brand">
              <Link to={paths.rewards}>Rewards</Link>
            </Button>
            <Button variant="ghost" onClick={() => void logOut()} loading={isLoggingOut} loadingText="Logging out...">
              Log Out
            </Button>
          </HStack>
        </Flex>

        <Card.Root as="section" aria-labelledby="account-information">
          <Card.Header>
            <Heading as="h2" size="lg" id="account-information">
              Account Information
            </Heading>
          </Card.Header>
          <Card.Body>
            {profile.isError ? (
              <SectionError
                error={profile.error}
                fallback="Failed to load your account"
                onRetry={() => void profile.refetch()}
              />
            ) : (
              <DataList.Root orientation={{ base: 'vertical', md: 'horizontal' }} gap="3">
                <ProfileItem
                  label="Full Name"
                  value={profile.data && `${profile.data.firstName} ${profile.data.lastName}`}
                />
                <ProfileItem label="Email" value={profile.data?.email} />
                <ProfileItem
                  label="Business"
                  value={profile.data ? profile.data.businessName || 'Not provided' : undefined}
                />
                <ProfileItem label="Member Since" value={profile.data && formatLocalDate(profile.data.createdAt)} />
              </DataList.Root>
            )}
          </Card.Body>
        </Card.Root>

        <DocumentRequestsSection />
        <Stack as="section" aria-labelledby="your-applications" gap="4">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Heading as="h2" size="lg" id="your-applications">
              Your Applications
            </Heading>
            <Button asChild size="sm" colorPalette="brand">
              <Link to={paths.apply}>Apply for New Loan</Link>
            </Button>
          </Flex>
          {applications.isPending ? (
            <SectionLoading label="Loading applications" />
          ) : applications.isError ? (
            <SectionError
              error={applications.error}
              fallback="Failed to fetch applications"
              onRetry={() => void applications.refetch()}
            />
          ) : applications.data.length === 0 ? (
            <EmptyState.Root borderWidth="1px" borderRadius="lg">
              <EmptyState.Content>
                <EmptyState.Title>No Applications Found</EmptyState.Title>
                <EmptyState.Description>You have not applied for funding with this account yet.</EmptyState.Description>
                <Button asChild colorPalette="brand">
                  <Link to={paths.apply}>Apply Now</Link>
                </Button>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            applications.data.map((application) => (
              <ApplicationCard
                key={application.id}
                application={application}
                canAccept={!acceptFlow.isAccepting}
                onAccept={handleAccept}
                onViewDetails={(item) => setDetailsId(item.id)}
                showAnalysis
              />
            ))
          )}
        </Stack>
      </Stack>
      <ApplicationDetailsDialog
        application={details}
        onClose={() => setDetailsId(null)}
        onAccept={handleAccept}
        canAccept={!acceptFlow.isAccepting}
      />
      {acceptFlow.dialogs}
    </Container>
  );
}

function ProfileItem({ label, value }: { label: string; value: string | undefined }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value ?? <Skeleton height="5" width="40" />}</DataList.ItemValue>
    </DataList.Item>
  );
}
