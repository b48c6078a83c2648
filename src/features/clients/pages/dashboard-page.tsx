import {
  Box,
  Button,
  Card,
  Container,
  EmptyState,
  Flex,
  Heading,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from '@/hooks/use-auth';
import { usePageMeta } from '@/hooks/use-page-meta';
import { DASHBOARD_REWARDS_PREVIEW } from '@shared/schemas/client';
import { useAcceptFundingFlow } from '../components/accept-funding';
import { ApplicationCard } from '../components/application-card';
import { DocumentRequestsSection } from '../components/document-requests';
import { LoanCard } from '../components/loan-card';
import { MilestoneCard } from '../components/milestone-card';
import { SectionError, SectionLoading } from '../components/query-state';
import { RefinanceDialog } from '../components/refinance-dialog';
import { RewardCard } from '../components/reward-card';
import { StatCard } from '../components/stat-card';
import {
  useClientApplications,
  useClientLoans,
  useRewardsDashboard,
  useSignedOutGuard,
} from '../hooks/use-client-area';
import { formatUsd } from '@shared/format';
import type { ClientApplication } from '../types';

const TABS = ['applications', 'loans', 'rewards'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab === value);

/** /dashboard: summary cards and the Applications, Current Loans and Rewards tabs. */
export default function DashboardPage() {
  usePageMeta('Dashboard');
  const { user } = useAuth();
  const applications = useClientApplications();
  useSignedOutGuard(applications.error);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'applications';
  const acceptFlow = useAcceptFundingFlow();

  const list = applications.data ?? [];
  const preApproved = list.filter((application) => application.status === 'approved').length;
  const totalRequested = list.reduce((sum, application) => sum + application.loanAmount, 0);

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="8">
        <Box>
          <Heading as="h1" size="2xl">
            Welcome back, {user?.firstName || 'Client'}!
          </Heading>
          <Text color="fg.muted" mt="1">
            Track your applications, loans and rewards in one place.
          </Text>
        </Box>

        <SimpleGrid as="section" columns={{ base: 1, sm: 3 }} gap="4" aria-label="Summary">
          <StatCard label="Total Applications" value={applications.isPending ? '…' : list.length} />
          <StatCard label="Pre-Approved" value={applications.isPending ? '…' : preApproved} />
          <StatCard label="Total Requested" value={applications.isPending ? '…' : formatUsd(totalRequested)} />
        </SimpleGrid>

        <Tabs.Root
          value={tab}
          onValueChange={(details) =>
            setSearchParams(details.value === 'applications' ? {} : { tab: details.value }, { replace: true })
          }
          variant="line"
          colorPalette="brand"
          lazyMount
        >
          <Tabs.List overflowX="auto">
            <Tabs.Trigger value="applications">Applications</Tabs.Trigger>
            <Tabs.Trigger value="loans">Current Loans</Tabs.Trigger>
            <Tabs.Trigger value="rewards">Rewards</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="applications" pt="6">
            <ApplicationsTab query={applications} canAccept={!acceptFlow.isAccepting} onAccept={acceptFlow.open} />
          </Tabs.Content>
          <Tabs.Content value="loans" pt="6">
            <LoansTab />
          </Tabs.Content>
          <Tabs.Content value="rewards" pt="6">
            <RewardsTab />
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
      {acceptFlow.dialogs}
    </Container>
  );
}

function ApplicationsTab({
  query,
  canAccept,
  onAccept,
}: {
  query: ReturnType<typeof useClientApplications>;
  canAccept: boolean;
  onAccept: (application: ClientApplication) => void;
}) {
  const [isRefinanceOpen, setRefinanceOpen] = useState(false);
  const loans = useClientLoans();
  return (
    <Stack gap="6">
      <Card.Root variant="subtle" size="sm">
        <Card.Body>
          <Flex gap="3" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
            <Heading as="h2" size="md" flex="1">
              Quick Actions
            </Heading>
            <Button asChild colorPalette="brand">
              <Link to={paths.apply}>Apply for New Loan</Link>
            </Button>
            <Button variant="outline" colorPalette="brand" onClick={() => setRefinanceOpen(true)}>
              Request Refinancing
            </Button>
          </Flex>
        </Card.Body>
      </Card.Root>
      <RefinanceDialog open={isRefinanceOpen} onOpenChange={setRefinanceOpen} loans={loans.data ?? []} />
      <DocumentRequestsSection />

      <Stack gap="4">
        <Heading as="h2" size="lg">
          Your Applications
        </Heading>
        {query.isPending ? (
          <SectionLoading label="Loading applications" />
        ) : query.isError ? (
          <SectionError
            error={query.error}
            fallback="Failed to fetch applications"
            onRetry={() => void query.refetch()}
          />
        ) : query.data.length === 0 ? (
          <EmptyState.Root borderWidth="1px" borderRadius="lg">
            <EmptyState.Content>
              <EmptyState.Title>No Applications Yet</EmptyState.Title>
              <EmptyState.Description>Apply in minutes and get a same-day decision.</EmptyState.Description>
              <Button asChild colorPalette="brand">
                <Link to={paths.apply}>Apply Now</Link>
              </Button>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          query.data.map((application) => (
            <ApplicationCard key={application.id} application={application} canAccept={canAccept} onAccept={onAccept} />
          ))
        )}
      </Stack>
    </Stack>
  );
}

function LoansTab() {
  const loans = useClientLoans();
  if (loans.isPending) return <SectionLoading label="Loading loans" />;
  if (loans.isError) {
    return <SectionError error={loans.error} fallback="Failed to fetch loans" onRetry={() => void loans.refetch()} />;
  }
  if (loans.data.length === 0) {
    return (
      <EmptyState.Root borderWidth="1px" borderRadius="lg">
        <EmptyState.Content>
          <EmptyState.Title>No active loans found</EmptyState.Title>
          <EmptyState.Description>
            Once you accept a funding offer, your loan and its payment schedule appear here.
          </EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">
        Current Loans
      </Heading>
      {loans.data.map((loan) => (
        <LoanCard key={loan.id} loan={loan} />
      ))}
    </Stack>
  );
}

function RewardsTab() {
  const rewards = useRewardsDashboard();
  if (rewards.isPending) return <SectionLoading label="Loading rewards" />;
  if (rewards.isError) {
    return (
      <SectionError error={rewards.error} fallback="Failed to load rewards" onRetry={() => void rewards.refetch()} />
    );
  }
  const active = rewards.data.milestoneProgress.filter((item) => !item.isCompleted).slice(0, DASHBOARD_REWARDS_PREVIEW);
  const available = rewards.data.rewards
    .filter((reward) => reward.state === 'available')
    .slice(0, DASHBOARD_REWARDS_PREVIEW);
  const { stats } = rewards.data;
  return (
    <Stack gap="6">
      <Flex gap="3" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
        <Text flex="1" color="fg.muted">
          Level {stats.level} · {stats.completedMilestones} of {stats.totalMilestones} milestones completed ·{' '}
          {stats.availableRewards} {stats.availableRewards === 1 ? 'reward' : 'rewards'} available
        </Text>
        <Button asChild colorPalette="brand">
          <Link to={paths.rewards}>Open Rewards Dashboard</Link>
        </Button>
      </Flex>
      <Stack gap="3">
        <Heading as="h2" size="md">
          Active Milestones
        </Heading>
        {active.length === 0 ? (
          <Text color="fg.muted">Every milestone is complete. Well done!</Text>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {active.map((item) => (
              <MilestoneCard key={item.milestoneId} item={item} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <Stack gap="3">
        <Heading as="h2" size="md">
          Available Rewards
        </Heading>
        {available.length === 0 ? (
          <Text color="fg.muted">No rewards earned yet. Complete milestones to earn rewards!</Text>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {available.map((reward) => (
              <RewardCard key={reward.id} reward={reward} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}
