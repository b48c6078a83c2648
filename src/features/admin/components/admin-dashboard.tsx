import { Box, Button, Container, Flex, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { getErrorMessage, getErrorStatus } from '@/lib/errors';
import { trpc } from '@/lib/trpc';
import type { ApplicantRow, LoanRow } from '../types';
import { AnalyticsTab } from './analytics-tab';
import { ApplicantDetailDialog } from './applicant-detail-dialog';
import { ApplicantsTab } from './applicants-tab';
import { ApplicationDetailDialog, type DetailRequest } from './application-detail-dialog';
import { ApplicationsTab } from './applications-tab';
import { ByEmailDialog } from './by-email-dialog';
import { LoansTab } from './loans-tab';
import { OverviewTab } from './overview-tab';
import { PaymentsDialog } from './payments-dialog';
import { QueueTab } from './queue-tab';
import { RefinancingTab } from './refinancing-tab';
import { StaffTab } from './staff-tab';
import { SummaryCards } from './summary-cards';

type Props = { user: { id: string; firstName: string; role: string } };

/** Spec: the admin dashboard: summary cards, six tabs (plus Staff for super_admin) and the dialogs. */
export function AdminDashboard({ user }: Props) {
  const isSuperAdmin = user.role === 'super_admin';
  const dashboard = trpc.admin.dashboard.useQuery(undefined, { staleTime: 10_000 });
  const [detail, setDetail] = useState<DetailRequest | null>(null);
  const [byEmail, setByEmail] = useState<string | null>(null);
  const [applicant, setApplicant] = useState<ApplicantRow | null>(null);
  const [paymentsFor, setPaymentsFor] = useState<LoanRow | null>(null);

  useEffect(() => {
    if (!dashboard.error) return;
    // An expired staff session (30 minutes idle, 12 hours at most): the spec's Unauthorized toast, then log in.
    if (getErrorStatus(dashboard.error) === 401) {
      toaster.create({ type: 'error', title: 'Unauthorized', description: 'You are logged out. Logging in again...' });
      const timer = window.setTimeout(
        () => window.location.assign(`${paths.apiLogin}?returnTo=${encodeURIComponent(paths.admin)}`),
        500,
      );
      return () => window.clearTimeout(timer);
    }
    toaster.create({ type: 'error', title: 'Failed to load dashboard', description: getErrorMessage(dashboard.error) });
  }, [dashboard.error]);

  // One dialog at a time: opening an application from a list dialog replaces it.
  const openDetail = (id: string, focus?: 'analysis') => {
    setByEmail(null);
    setApplicant(null);
    setDetail({ id, focus });
  };
  const openByEmail = (email: string) => {
    setDetail(null);
    setApplicant(null);
    setByEmail(email);
  };

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Flex
          justify="space-between"
          align={{ base: 'flex-start', sm: 'center' }}
          gap="3"
          direction={{ base: 'column', sm: 'row' }}
        >
          <Box>
            <Heading as="h1" size="2xl">
              Admin Dashboard
            </Heading>
            <Text color="fg.muted">
              Welcome, {user.firstName || 'Staff'}. Review applications, applicants and loans.
            </Text>
          </Box>
          <Button asChild variant="outline">
            <Link to={paths.home}>Back to Home</Link>
          </Button>
        </Flex>

        <SummaryCards data={dashboard.data} isLoading={dashboard.isPending} />

        <Tabs.Root defaultValue="overview" variant="line" lazyMount colorPalette="brand">
          <Tabs.List
            overflowX="auto"
            overflowY="hidden"
            css={{ '& > button': { flexShrink: 0, whiteSpace: 'nowrap' } }}
          >
            <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
            <Tabs.Trigger value="queue">Queue</Tabs.Trigger>
            <Tabs.Trigger value="applications">Applications</Tabs.Trigger>
            <Tabs.Trigger value="applicants">Applicants</Tabs.Trigger>
            <Tabs.Trigger value="loans">Active Loans</Tabs.Trigger>
            <Tabs.Trigger value="refinancing">Refinancing</Tabs.Trigger>
            <Tabs.Trigger value="analytics">Analytics</Tabs.Trigger>
            {isSuperAdmin && <Tabs.Trigger value="staff">Staff</Tabs.Trigger>}
          </Tabs.List>
          <Tabs.Content value="overview">
            <OverviewTab dashboard={dashboard.data} onView={openDetail} />
          </Tabs.Content>
          <Tabs.Content value="queue">
            <QueueTab currentUserId={user.id} onView={openDetail} />
          </Tabs.Content>
          <Tabs.Content value="applications">
            <ApplicationsTab onView={openDetail} onByEmail={openByEmail} />
          </Tabs.Content>
          <Tabs.Content value="applicants">
            <ApplicantsTab onView={setApplicant} onApps={openByEmail} />
          </Tabs.Content>
          <Tabs.Content value="loans">
            <LoansTab onView={(applicationId) => openDetail(applicationId)} onPayments={setPaymentsFor} />
          </Tabs.Content>
          <Tabs.Content value="refinancing">
            <RefinancingTab />
          </Tabs.Content>
          <Tabs.Content value="analytics">
            <AnalyticsTab />
          </Tabs.Content>
          {isSuperAdmin && (
            <Tabs.Content value="staff">
              <StaffTab currentUserId={user.id} />
            </Tabs.Content>
          )}
        </Tabs.Root>
      </Stack>

      <ApplicationDetailDialog
        request={detail}
        canReveal={isSuperAdmin}
        currentUserId={user.id}
        onClose={() => setDetail(null)}
        onByEmail={openByEmail}
      />
      <ByEmailDialog email={byEmail} onClose={() => setByEmail(null)} onView={openDetail} />
      <ApplicantDetailDialog applicant={applicant} onClose={() => setApplicant(null)} onView={openDetail} />
      <PaymentsDialog loan={paymentsFor} onClose={() => setPaymentsFor(null)} />
    </Container>
  );
}
