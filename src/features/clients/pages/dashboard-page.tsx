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
import { useId, useState, type ReactNode } from 'react';
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
import { useRewardActions } from '../hooks/use-reward-actions';
import { loanSummary, rewardsPreview, shownOf, type LoanSummary } from '../utils/dashboard';
import { formatCalendarDate, formatUsd } from '@shared/format';
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
  // After funding the summary is about the money: what is left to repay and the next payment.
  const loans = useClientLoans();
  const summary = loanSummary(loans.data ?? []);

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
          {summary.open.length > 0 ? (
            <>
              <StatCard label="Current Balance" value={formatUsd(summary.balance)} />
              <StatCard
                label="Next Payment"
                value={
                  summary.nextPayment
                    ? `${formatUsd(summary.nextPayment.amount)} on ${formatCalendarDate(summary.nextPayment.date)}`
                    : 'None due'
                }
              />
              <StatCard label="Total Applications" value={list.length} />
            </>
          ) : (
            <>
              <StatCard label="Total Applications" value={applications.isPending ? '…' : list.length} />
              <StatCard label="Pre-Approved" value={applications.isPending ? '…' : preApproved} />
              <StatCard label="Total Requested" value={applications.isPending ? '…' : formatUsd(totalRequested)} />
            </>
          )}
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
            <ApplicationsTab
              query={applications}
              loans={summary}
              canAccept={!acceptFlow.isAccepting}
              onAccept={acceptFlow.open}
            />
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
  loans,
  canAccept,
  onAccept,
}: {
  query: ReturnType<typeof useClientApplications>;
  loans: LoanSummary;
  canAccept: boolean;
  onAccept: (application: ClientApplication) => void;
}) {
  const [isRefinanceOpen, setRefinanceOpen] = useState(false);
  // While a loan is being repaid, a new loan or a refinance is offered only once the server finds it eligible.
  const isRepaying = loans.open.length > 0;
  const mayRefinance = !isRepaying || loans.eligible.length > 0;
  return (
    <Stack gap="6">
      <Card.Root variant="subtle" size="sm">
        <Card.Body>
          <Flex gap="3" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
            <Heading as="h2" size="md" flex="1">
              Quick Actions
            </Heading>
            {!isRepaying && (
              <Button asChild colorPalette="brand">
                <Link to={paths.apply}>Apply for New Loan</Link>
              </Button>
            )}
            {isRepaying && loans.eligible.length > 0 && (
              <Button asChild colorPalette="brand">
                <Link to={paths.apply}>Apply for Renewal</Link>
              </Button>
            )}
            {mayRefinance ? (
              <Button variant="outline" colorPalette="brand" onClick={() => setRefinanceOpen(true)}>
                Request Refinancing
              </Button>
            ) : (
              <Text fontSize="sm" color="fg.muted" maxW={{ sm: 'sm' }}>
                Renewal and refinancing open once half of your loan&apos;s total repayment is paid.
              </Text>
            )}
          </Flex>
        </Card.Body>
      </Card.Root>
      <RefinanceDialog open={isRefinanceOpen} onOpenChange={setRefinanceOpen} loans={loans.eligible} />
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
  const actions = useRewardActions();
  if (rewards.isPending) return <SectionLoading label="Loading rewards" />;
  if (rewards.isError) {
    return (
      <SectionError error={rewards.error} fallback="Failed to load rewards" onRetry={() => void rewards.refetch()} />
    );
  }
  const { ready, active, available } = rewardsPreview(rewards.data, DASHBOARD_REWARDS_PREVIEW);
  const { stats } = rewards.data;
  return (
    <Stack gap="6">
      <Flex gap="3" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
        <Text flex="1" color="fg.muted" data-testid="rewards-counts">
          Level {stats.level} · {stats.completedMilestones} of {stats.totalMilestones} milestones completed ·{' '}
          {ready.total > 0 && `${ready.total} ready to claim · `}
          {available.total} {available.total === 1 ? 'reward' : 'rewards'} available
        </Text>
        <Button asChild colorPalette="brand">
          <Link to={paths.rewards}>Open Rewards Dashboard</Link>
        </Button>
      </Flex>
      {ready.total > 0 && (
        <PreviewSection title="Ready to Claim" shown={shownOf(ready)}>
          {ready.items.map((item) => (
            <MilestoneCard
              key={item.milestoneId}
              item={item}
              onClaim={(milestone) => void actions.claimMilestone(milestone)}
              isClaiming={item.id !== null && actions.claimingId === item.id}
            />
          ))}
        </PreviewSection>
      )}
      <PreviewSection
        title="Active Milestones"
        shown={shownOf(active)}
        empty={active.total === 0 ? 'Every milestone is complete. Well done!' : null}
      >
        {active.items.map((item) => (
          <MilestoneCard key={item.milestoneId} item={item} />
        ))}
      </PreviewSection>
      <PreviewSection
        title="Available Rewards"
        shown={shownOf(available)}
        empty={
          available.total > 0
            ? null
            : ready.total > 0
              ? 'Claim a completed milestone above to add its reward here.'
              : 'No rewards earned yet. Complete milestones to earn rewards!'
        }
      >
        {available.items.map((reward) => (
          <RewardCard key={reward.id} reward={reward} />
        ))}
      </PreviewSection>
    </Stack>
  );
}

/** One of the Rewards tab's short lists: its heading, its cards, and how many of the whole list it shows. */
function PreviewSection({
  title,
  shown,
  empty = null,
  children,
}: {
  title: string;
  shown: string | null;
  empty?: string | null;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Stack as="section" gap="3" aria-labelledby={headingId}>
      <Flex gap="2" align="baseline" wrap="wrap">
        <Heading as="h2" size="md" id={headingId}>
          {title}
        </Heading>
        {shown && (
          <Text fontSize="sm" color="fg.muted">
            {shown}
          </Text>
        )}
      </Flex>
      {empty ? (
        <Text color="fg.muted">{empty}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {children}
        </SimpleGrid>
      )}
    </Stack>
  );
}
