import { Badge, Button, Stack, Table } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '@/lib/trpc';
import { ACTIVE_FILTERS } from '@shared/schemas/admin';
import { useCursorPager } from '../hooks/use-cursor-pager';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useListErrorToast } from '../hooks/use-list-error-toast';
import type { ApplicantRow } from '../types';
import type { AssigneeFilter } from '@shared/schemas/back-office-work';
import { AssigneeFilterField } from './assignee-filter';
import { FilterSelect, RowActions, SearchField } from './list-controls';
import { formatCalendarDate, formatDateTime } from '@shared/format';
import { PagedTable } from './data-table';

type ActiveFilter = (typeof ACTIVE_FILTERS)[number];
const ACTIVE_LABELS: Record<ActiveFilter, string> = { all: 'All applicants', active: 'Active', inactive: 'Inactive' };

type Props = {
  onView: (applicant: ApplicantRow) => void;
  onApps: (email: string) => void;
};

/** The CSV download of the current filters (an attachment from the admin API, audited there). */
export function exportHref(search: string, isActive: ActiveFilter): string {
  const params = new URLSearchParams({ isActive });
  if (search) params.set('search', search);
  return `/api/admin/applicants/export?${params.toString()}`;
}

/** Applicants tab: search, active filter, Export, columns Name … Joined, actions View and Apps. */
export function ApplicantsTab({ onView, onApps }: Props) {
  const [search, setSearch] = useState('');
  const [isActive, setIsActive] = useState<ActiveFilter>('all');
  const [assignee, setAssignee] = useState<AssigneeFilter>('all');
  const term = useDebouncedValue(search.trim());
  const pager = useCursorPager(JSON.stringify([term, isActive, assignee]));
  const query = trpc.admin.listApplicants.useQuery(
    { search: term || undefined, isActive, assignee, ...pager.input },
    { placeholderData: keepPreviousData, staleTime: 10_000 },
  );
  useListErrorToast(query.error, 'Failed to fetch applicants');
  const rows = query.data?.items ?? [];

  return (
    <Stack gap="4">
      <Stack
        direction={{ base: 'column', md: 'row' }}
        gap="3"
        align={{ md: 'flex-end' }}
        role="search"
        aria-label="Filter applicants"
      >
        <SearchField
          flex="2"
          label="Search applicants"
          placeholder="Name, email or business"
          value={search}
          onChange={setSearch}
        />
        <FilterSelect
          flex="1"
          label="Account status"
          options={ACTIVE_FILTERS}
          labelOf={(value) => ACTIVE_LABELS[value]}
          value={isActive}
          onChange={setIsActive}
        />
        <AssigneeFilterField flex="1" value={assignee} onChange={setAssignee} />
        <Button asChild variant="outline" colorPalette="brand">
          <a href={exportHref(term, isActive)} download>
            Export to CSV
          </a>
        </Button>
      </Stack>

      <PagedTable
        label="Applicants"
        texts={{ error: 'Failed to fetch applicants', loading: 'Loading applicants', empty: 'No applicants found' }}
        query={query}
        rowCount={rows.length}
        pager={pager}
        caption="Applicants, newest first"
        columns={[
          'Name',
          'Email',
          'Business',
          { label: 'Applications', isNumeric: true },
          { label: 'Active Apps', isNumeric: true },
          'Status',
          'Last Login',
          'Joined',
          'Actions',
        ]}
      >
        {rows.map((row) => {
          const name = `${row.firstName} ${row.lastName}`.trim();
          return (
            <Table.Row key={row.id}>
              <Table.Cell fontWeight="medium">{name}</Table.Cell>
              <Table.Cell>{row.email}</Table.Cell>
              <Table.Cell>{row.businessName || '—'}</Table.Cell>
              <Table.Cell textAlign="end">{row.totalApplications}</Table.Cell>
              <Table.Cell textAlign="end">{row.activeApplications}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={row.isActive ? 'green' : 'gray'} variant="subtle">
                  {row.isActive ? 'Active' : 'Inactive'}
                </Badge>
              </Table.Cell>
              <Table.Cell>{row.lastLoginAt ? formatDateTime(row.lastLoginAt) : 'Never'}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatCalendarDate(row.createdAt)}</Table.Cell>
              <Table.Cell>
                <RowActions
                  actions={[
                    { label: 'View', ariaLabel: `View ${name}`, onClick: () => onView(row), kind: 'view' },
                    { label: 'Apps', ariaLabel: `Applications of ${name}`, onClick: () => onApps(row.email) },
                  ]}
                />
              </Table.Cell>
            </Table.Row>
          );
        })}
      </PagedTable>
    </Stack>
  );
}
