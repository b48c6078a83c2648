import { Alert, Box, Card, Heading, HStack, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { toaster } from '@/components/ui/toaster';
import { getErrorMessage } from '@/lib/errors';
import { trpc } from '@/lib/trpc';
import type { DashboardData } from '../types';
import { formatCalendarDate, formatTime, formatUsd } from '@shared/format';
import { AiDecisionBadge, StatusBadge } from './badges';
import { ViewButton } from './list-controls';

type Props = { dashboard: DashboardData | undefined; onView: (id: string) => void };

/** Overview: the 5 newest applications with the automated decision, and Loan Performance (real figures). */
export function OverviewTab({ dashboard, onView }: Props) {
  const recent = trpc.admin.recentApplications.useQuery(undefined, { staleTime: 10_000 });
  useEffect(() => {
    if (recent.error)
      toaster.create({
        type: 'error',
        title: 'Failed to fetch applications',
        description: getErrorMessage(recent.error),
      });
  }, [recent.error]);
  const performance = dashboard?.loanPerformance;
  const stats = [
    {
      label: 'Total Outstanding',
      value: performance ? formatUsd(performance.totalOutstanding) : undefined,
      help: 'Unpaid balance of active loans',
    },
    {
      label: 'Monthly Collections',
      value: performance ? formatUsd(performance.monthlyCollections) : undefined,
      help: performance ? `Payments received this month, as of ${formatTime(dashboard.asOf)}` : '',
    },
    {
      label: 'Default Rate',
      value: performance ? `${performance.defaultRate}%` : undefined,
      help: performance ? `${performance.defaultedLoans} of ${performance.totalLoans} loans` : '',
    },
    {
      label: 'Avg Approval Time',
      value: performance
        ? performance.averageDecisionHours === null
          ? '—'
          : `${performance.averageDecisionHours} hrs`
        : undefined,
      help: performance
        ? `Submission to decision, last ${performance.decisionWindowDays} days, as of ${formatTime(dashboard.asOf)}`
        : '',
    },
  ];
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="md">
            Recent Applications
          </Heading>
        </Card.Header>
        <Card.Body>
          {recent.isError ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>Failed to fetch applications</Alert.Title>
            </Alert.Root>
          ) : recent.isPending ? (
            <Stack gap="3">
              {Array.from({ length: 5 }, (_, index) => (
                <Skeleton key={index} h="10" />
              ))}
            </Stack>
          ) : recent.data.length === 0 ? (
            <Text color="fg.muted">No applications found</Text>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none">
              {recent.data.map((row) => (
                <HStack as="li" key={row.id} justify="space-between" gap="3" wrap="wrap">
                  <Box minW="0">
                    <Text fontWeight="medium" truncate>
                      {row.businessName}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {formatUsd(row.loanAmount)} · {formatCalendarDate(row.createdAt)}
                    </Text>
                  </Box>
                  <HStack gap="2">
                    <StatusBadge status={row.status} />
                    <AiDecisionBadge decision={row.aiApproved} />
                    <ViewButton ariaLabel={`View ${row.businessName}`} onClick={() => onView(row.id)} />
                  </HStack>
                </HStack>
              ))}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="md">
            Loan Performance
          </Heading>
        </Card.Header>
        <Card.Body>
          <SimpleGrid columns={2} gap="4">
            {stats.map((stat) => (
              <Stat.Root key={stat.label}>
                <Stat.Label>{stat.label}</Stat.Label>
                <Stat.ValueText fontSize="xl">
                  {stat.value ?? <Skeleton as="span" display="inline-block" h="7" w="20" />}
                </Stat.ValueText>
                <Stat.HelpText as="dd">{stat.help}</Stat.HelpText>
              </Stat.Root>
            ))}
          </SimpleGrid>
        </Card.Body>
      </Card.Root>
    </SimpleGrid>
  );
}
