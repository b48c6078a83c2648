import { Alert, Card, HStack, SimpleGrid, Spinner, Stat, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { trpc } from '@/lib/trpc';
import { applicationStatusLabel } from '@shared/schemas/admin';
import { formatDateTime, formatUsd } from '@shared/format';

// The charts and their libraries load with this tab only.
const AnalyticsCharts = lazy(() => import('./analytics-charts'));

/** Analytics: application counts, success rate, total requested, average request, total approved, active loans. */
export function AnalyticsTab() {
  const query = trpc.admin.analytics.useQuery(undefined, { staleTime: 30_000 });
  if (query.isPending) {
    return (
      <HStack justify="center" py="10">
        <Spinner aria-label="Loading analytics" />
      </HStack>
    );
  }
  if (query.isError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>Failed to load analytics</Alert.Title>
      </Alert.Root>
    );
  }
  const data = query.data;
  const figures = [
    { label: 'Total applications', value: data.totalApplications.toLocaleString('en-US') },
    { label: 'Success rate', value: `${data.successRate}%`, help: 'Approved of decided applications' },
    { label: 'Total requested', value: formatUsd(data.totalRequested) },
    { label: 'Average request', value: formatUsd(data.averageRequest) },
    { label: 'Total approved', value: formatUsd(data.totalApproved) },
    { label: 'Active loans', value: data.activeLoans.toLocaleString('en-US') },
  ];
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        {figures.map((figure) => (
          <Card.Root key={figure.label} size="sm">
            <Card.Body>
              <Stat.Root>
                <Stat.Label>{figure.label}</Stat.Label>
                <Stat.ValueText>{figure.value}</Stat.ValueText>
                {figure.help && <Stat.HelpText as="dd">{figure.help}</Stat.HelpText>}
              </Stat.Root>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 2, sm: 3, lg: 6 }} gap="3" mt="6" role="group" aria-label="Applications by status">
        {Object.entries(data.statusCounts).map(([status, count]) => (
          <Card.Root key={status} size="sm" variant="subtle">
            <Card.Body>
              <Text fontSize="sm" color="fg.muted">
                {applicationStatusLabel(status)}
              </Text>
              <Text fontWeight="semibold" fontSize="lg">
                {count.toLocaleString('en-US')}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <Text mt="4" fontSize="xs" color="fg.muted">
        Counted at {formatDateTime(data.countedAt)}: every figure equals the applications at that moment.
      </Text>
      <Suspense fallback={<Spinner mt="8" aria-label="Loading charts" />}>
        <AnalyticsCharts />
      </Suspense>
    </>
  );
}
