import { Card, SimpleGrid, Skeleton, Stat } from '@chakra-ui/react';
import type { DashboardData } from '../types';

/** Spec: summary cards: total applications, approved with approval rate, active loans, pending review. */
export function SummaryCards({ data, isLoading }: { data: DashboardData | undefined; isLoading: boolean }) {
  const cards = [
    { label: 'Total Applications', value: data?.totalApplications, help: 'All time' },
    { label: 'Approved', value: data?.approvedApplications, help: data ? `${data.approvalRate}% approval rate` : '' },
    { label: 'Active Loans', value: data?.activeLoans, help: 'Funded and not paid off' },
    { label: 'Pending Review', value: data?.pendingApplications, help: 'Pending or under review' },
  ];
  return (
    <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '3', md: '4' }}>
      {cards.map((card) => (
        <Card.Root key={card.label} size="sm">
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{card.label}</Stat.Label>
              <Stat.ValueText>
                {isLoading ? (
                  <Skeleton as="span" display="inline-block" h="8" w="16" />
                ) : card.value === undefined ? (
                  '—'
                ) : (
                  card.value.toLocaleString('en-US')
                )}
              </Stat.ValueText>
              <Stat.HelpText as="dd">{card.help}</Stat.HelpText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
