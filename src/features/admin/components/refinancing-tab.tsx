import { Badge, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '@/lib/trpc';
import type { AssigneeFilter } from '@shared/schemas/back-office-work';
import { AssigneeFilterField } from './assignee-filter';
import { formatCalendarDate, formatUsd } from '@shared/format';
import { useCursorPager } from '../hooks/use-cursor-pager';
import { useListErrorToast } from '../hooks/use-list-error-toast';
import { PagedTable } from './data-table';

const STATUS_PALETTE: Record<string, string> = { open: 'orange', in_review: 'blue', closed: 'gray' };

/** Refinance requests clients made, newest first, a page at a time, or a line saying there are none. */
export function RefinancingTab() {
  const [assignee, setAssignee] = useState<AssigneeFilter>('all');
  const pager = useCursorPager(`refinancing-${assignee}`);
  const query = trpc.admin.refinanceRequests.useQuery(
    { assignee, ...pager.input },
    { placeholderData: keepPreviousData, staleTime: 10_000 },
  );
  useListErrorToast(query.error, 'Failed to fetch refinance requests');
  const rows = query.data?.items ?? [];
  return (
    <Stack gap="4">
      <AssigneeFilterField maxW={{ md: '16rem' }} value={assignee} onChange={setAssignee} />
      <PagedTable
        label="Refinancing"
        texts={{
          error: 'Failed to fetch refinance requests',
          loading: 'Loading refinance requests',
          empty: 'No refinance requests at this time',
        }}
        query={query}
        rowCount={rows.length}
        pager={pager}
        caption="Refinance requests, newest first"
        columns={[
          'Client',
          'Business',
          { label: 'Current principal', isNumeric: true },
          { label: 'Requested', isNumeric: true },
          'Reason',
          'Status',
          'Date',
        ]}
      >
        {rows.map((request) => (
          <Table.Row key={request.id}>
            <Table.Cell>
              {request.clientName}
              <Text fontSize="xs" color="fg.muted">
                {request.email}
              </Text>
            </Table.Cell>
            <Table.Cell>{request.businessName || '—'}</Table.Cell>
            <Table.Cell textAlign="end">{formatUsd(request.loanPrincipal)}</Table.Cell>
            <Table.Cell textAlign="end">{formatUsd(request.requestedAmount)}</Table.Cell>
            <Table.Cell>{request.reason}</Table.Cell>
            <Table.Cell>
              <Badge colorPalette={STATUS_PALETTE[request.status] ?? 'gray'} variant="subtle">
                {request.status.replace('_', ' ')}
              </Badge>
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatCalendarDate(request.createdAt)}</Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
    </Stack>
  );
}
