import { Stack, Table } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '@/lib/trpc';
import {
  AI_STATUS_FILTERS,
  APPLICATION_STATUS_FILTERS,
  aiDecisionLabel,
  applicationStatusLabel,
} from '@shared/schemas/admin';
import type { AssigneeFilter } from '@shared/schemas/back-office-work';
import { useCursorPager } from '../hooks/use-cursor-pager';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useListErrorToast } from '../hooks/use-list-error-toast';
import { formatCalendarDate, formatUsd } from '@shared/format';
import { AiDecisionBadge } from './badges';
import { PagedTable } from './data-table';
import { StatusSelect } from './status-select';
import { AssigneeFilterField } from './assignee-filter';
import { FilterSelect, RowActions, SearchField } from './list-controls';

type StatusFilter = (typeof APPLICATION_STATUS_FILTERS)[number];
type AiFilter = (typeof AI_STATUS_FILTERS)[number];

type Props = {
  onView: (id: string, focus?: 'analysis') => void;
  onByEmail: (email: string) => void;
};

/** Applications tab: search, status filter, AI status filter, paged table with the inline status changer. */
export function ApplicationsTab({ onView, onByEmail }: Props) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [aiApproved, setAiApproved] = useState<AiFilter>('all');
  const [assignee, setAssignee] = useState<AssigneeFilter>('all');
  const term = useDebouncedValue(search.trim());
  const pager = useCursorPager(JSON.stringify([term, status, aiApproved, assignee]));
  const query = trpc.admin.listApplications.useQuery(
    { search: term || undefined, status, aiApproved, assignee, ...pager.input },
    { placeholderData: keepPreviousData, staleTime: 10_000 },
  );
  useListErrorToast(query.error, 'Failed to fetch applications');
  const rows = query.data?.items ?? [];

  return (
    <Stack gap="4">
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" role="search" aria-label="Filter applications">
        <SearchField
          flex="2"
          label="Search applications"
          placeholder="Business, owner, email or ID"
          value={search}
          onChange={setSearch}
        />
        <FilterSelect
          flex="1"
          label="Status"
          options={APPLICATION_STATUS_FILTERS}
          labelOf={(value) => (value === 'all' ? 'All statuses' : applicationStatusLabel(value))}
          value={status}
          onChange={setStatus}
        />
        <FilterSelect
          flex="1"
          label="AI status"
          options={AI_STATUS_FILTERS}
          labelOf={(value) => (value === 'all' ? 'All AI decisions' : aiDecisionLabel(value))}
          value={aiApproved}
          onChange={setAiApproved}
        />
        <AssigneeFilterField flex="1" value={assignee} onChange={setAssignee} />
      </Stack>

      <PagedTable
        label="Applications"
        texts={{
          error: 'Failed to fetch applications',
          loading: 'Loading applications',
          empty: 'No applications found',
        }}
        query={query}
        rowCount={rows.length}
        pager={pager}
        caption="Applications, newest first"
        columns={[
          'Business',
          'Owner',
          { label: 'Amount', isNumeric: true },
          'Status',
          'AI Decision',
          'Date',
          'Actions',
        ]}
      >
        {rows.map((row) => (
          <Table.Row key={row.id}>
            <Table.Cell fontWeight="medium">{row.businessName}</Table.Cell>
            <Table.Cell>{row.ownerName}</Table.Cell>
            <Table.Cell textAlign="end">{formatUsd(row.loanAmount)}</Table.Cell>
            <Table.Cell>
              <StatusSelect application={row} />
            </Table.Cell>
            <Table.Cell>
              <AiDecisionBadge decision={row.aiApproved} />
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatCalendarDate(row.createdAt)}</Table.Cell>
            <Table.Cell>
              <RowActions
                actions={[
                  { label: 'View', ariaLabel: `View ${row.businessName}`, onClick: () => onView(row.id), kind: 'view' },
                  {
                    label: 'By Email',
                    ariaLabel: `Applications by email for ${row.businessName}`,
                    onClick: () => onByEmail(row.email),
                  },
                  ...(row.aiApproved === 'review'
                    ? [
                        {
                          label: 'Review',
                          ariaLabel: `Review ${row.businessName}`,
                          onClick: () => onView(row.id, 'analysis'),
                          kind: 'attention' as const,
                        },
                      ]
                    : []),
                ]}
              />
            </Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
    </Stack>
  );
}
