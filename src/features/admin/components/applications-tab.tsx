import { Button, Field, HStack, Input, NativeSelect, Stack, Table } from '@chakra-ui/react';
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

type StatusFilter = (typeof APPLICATION_STATUS_FILTERS)[number];
type AiFilter = (typeof AI_STATUS_FILTERS)[number];

const isStatusFilter = (value: string): value is StatusFilter =>
  (APPLICATION_STATUS_FILTERS as readonly string[]).includes(value);
const isAiFilter = (value: string): value is AiFilter => (AI_STATUS_FILTERS as readonly string[]).includes(value);

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
        <Field.Root flex="2">
          <Field.Label>Search applications</Field.Label>
          <Input
            type="search"
            placeholder="Business, owner, email or ID"
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Field.Root>
        <Field.Root flex="1">
          <Field.Label>Status</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={status}
              onChange={(event) => isStatusFilter(event.currentTarget.value) && setStatus(event.currentTarget.value)}
            >
              {APPLICATION_STATUS_FILTERS.map((value) => (
                <option key={value} value={value}>
                  {value === 'all' ? 'All statuses' : applicationStatusLabel(value)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root flex="1">
          <Field.Label>AI status</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={aiApproved}
              onChange={(event) => isAiFilter(event.currentTarget.value) && setAiApproved(event.currentTarget.value)}
            >
              {AI_STATUS_FILTERS.map((value) => (
                <option key={value} value={value}>
                  {value === 'all' ? 'All AI decisions' : aiDecisionLabel(value)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
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
              <HStack gap="1">
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={`View ${row.businessName}`}
                  onClick={() => onView(row.id)}
                >
                  View
                </Button>
                <Button
                  size="xs"
                  variant="ghost"
                  aria-label={`Applications by email for ${row.businessName}`}
                  onClick={() => onByEmail(row.email)}
                >
                  By Email
                </Button>
                {row.aiApproved === 'review' && (
                  <Button
                    size="xs"
                    colorPalette="orange"
                    variant="surface"
                    aria-label={`Review ${row.businessName}`}
                    onClick={() => onView(row.id, 'analysis')}
                  >
                    Review
                  </Button>
                )}
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
    </Stack>
  );
}
