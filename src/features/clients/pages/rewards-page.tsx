import { Badge, Box, Button, Container, Flex, Group, Heading, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { usePageMeta } from '@/hooks/use-page-meta';
import { MILESTONE_FILTERS, type MilestoneFilter } from '@shared/schemas/client';
import { MilestoneCard } from '../components/milestone-card';
import { SectionError, SectionLoading } from '../components/query-state';
import { RewardCard } from '../components/reward-card';
import { StatCard } from '../components/stat-card';
import { useRewardsDashboard, useSignedOutGuard } from '../hooks/use-client-area';
import { useRewardActions } from '../hooks/use-reward-actions';
import { categoryLabel } from '../utils/labels';

/** /rewards: stat cards, Milestones with category filters, My Rewards. */
export default function RewardsPage() {
  usePageMeta('Rewards', 'Your Summit Funding milestones and rewards.');
  const dashboard = useRewardsDashboard();
  useSignedOutGuard(dashboard.error);
  const actions = useRewardActions();
  const [filter, setFilter] = useState<MilestoneFilter>('all');

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="8">
        <Flex gap="3" justify="space-between" align={{ base: 'flex-start', sm: 'center' }} wrap="wrap">
          <Box>
            <Heading as="h1" size="2xl">
              Rewards Dashboard
            </Heading>
            <Text color="fg.muted" mt="1">
              Reach milestones as your business grows and claim rewards along the way.
            </Text>
          </Box>
          {dashboard.data && (
            <Badge colorPalette="yellow" size="lg" variant="solid">
              Level {dashboard.data.stats.level}
            </Badge>
          )}
        </Flex>

        {dashboard.isPending ? (
          <SectionLoading label="Loading rewards" />
        ) : dashboard.isError ? (
          <SectionError
            error={dashboard.error}
            fallback="Failed to load rewards"
            onRetry={() => void dashboard.refetch()}
          />
        ) : (
          <>
            <SimpleGrid as="section" aria-label="Rewards summary" columns={{ base: 2, md: 5 }} gap="4">
              <StatCard label="Total Points" value={dashboard.data.stats.totalPointsEarned.toLocaleString('en-US')} />
              <StatCard
                label="Milestones Completed"
                value={`${dashboard.data.stats.completedMilestones} / ${dashboard.data.stats.totalMilestones}`}
              />
              <StatCard label="Completion" value={`${dashboard.data.stats.completionPercentage}%`} />
              <StatCard label="Available Rewards" value={dashboard.data.stats.availableRewards} />
              <StatCard
                label="Current Level"
                value={dashboard.data.stats.level}
                help="A new level every 3 milestones"
              />
            </SimpleGrid>

            <Tabs.Root defaultValue="milestones" variant="line" colorPalette="brand">
              <Tabs.List>
                <Tabs.Trigger value="milestones">Milestones</Tabs.Trigger>
                <Tabs.Trigger value="rewards">My Rewards</Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="milestones" pt="6">
                <Stack gap="5">
                  <Group
                    attached={false}
                    gap="2"
                    flexWrap="wrap"
                    role="group"
                    aria-label="Filter milestones by category"
                  >
                    {MILESTONE_FILTERS.map((value) => (
                      <Button
                        key={value}
                        size="sm"
                        variant={filter === value ? 'solid' : 'outline'}
                        colorPalette="brand"
                        aria-pressed={filter === value}
                        onClick={() => setFilter(value)}
                      >
                        {categoryLabel(value)}
                      </Button>
                    ))}
                  </Group>
                  <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
                    {dashboard.data.milestoneProgress
                      .filter((item) => filter === 'all' || item.milestone.category === filter)
                      .map((item) => (
                        <MilestoneCard
                          key={item.milestoneId}
                          item={item}
                          onClaim={(milestone) => void actions.claimMilestone(milestone)}
                          isClaiming={item.id !== null && actions.claimingId === item.id}
                        />
                      ))}
                  </SimpleGrid>
                </Stack>
              </Tabs.Content>
              <Tabs.Content value="rewards" pt="6">
                {dashboard.data.rewards.length === 0 ? (
                  <Text color="fg.muted" textAlign="center" py="10">
                    No rewards earned yet. Complete milestones to earn rewards!
                  </Text>
                ) : (
                  <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
                    {dashboard.data.rewards.map((reward) => (
                      <RewardCard
                        key={reward.id}
                        reward={reward}
                        onUse={(item) => void actions.redeemReward(item)}
                        isUsing={actions.usingId === reward.id}
                      />
                    ))}
                  </SimpleGrid>
                )}
              </Tabs.Content>
            </Tabs.Root>
          </>
        )}
      </Stack>
    </Container>
  );
}
