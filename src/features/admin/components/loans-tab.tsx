import { Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import type { AssigneeFilter } from '@shared/schemas/back-office-work';
import { trpc } from '@/lib/trpc';
import { useCursorPager } from '../hooks/use-cursor-pager';
import { useListErrorToast } from '../hooks/use-list-error-toast';
import type { LoanRow } from '../types';
import { formatCalendarDate, formatUsd, formatUsdCents } from '@shared/format';
import { LoanStatusBadge } from './badges';
import { AssigneeFilterField } from './assignee-filter';
import { PagedTable } from './data-table';
import { RowActions } from './list-controls';

type Props = { onView: (applicationId: string) => void; onPayments: (loan: LoanRow) => void };

/**
 * Active Loans tab: Business, Principal, Current Balance, payment, Next Payment, Status, Actions. Every loan is repaid
 * weekly, so the payment column says so and shows the weekly installment (a monthly figure would mislead).
 */
export function LoansTab({ onView, onPayments }: Props) {
  const [assignee, setAssignee] = useState<AssigneeFilter>('all');
  const pager = useCursorPager(`loans-${assignee}`);
  const query = trpc.admin.listLoans.useQuery(
    { assignee, ...pager.input },
    { placeholderData: keepPreviousData, staleTime: 10_000 },
  );
  useListErrorToast(query.error, 'Failed to fetch loans');
  const loans = query.data?.loans ?? [];

  return (
    <Stack gap="4">
      <AssigneeFilterField maxW={{ md: '16rem' }} value={assignee} onChange={setAssignee} />
      {query.data && (
        <Text color="fg.muted" fontSize="sm">
          {query.data.total.toLocaleString('en-US')} active {query.data.total === 1 ? 'loan' : 'loans'}
        </Text>
      )}
      <PagedTable
        label="Loans"
        texts={{ error: 'Failed to fetch loans', loading: 'Loading loans', empty: 'No active loans found' }}
        query={query}
        rowCount={loans.length}
        pager={pager}
        caption="Active loans, newest first"
        columns={[
          'Business',
          { label: 'Principal', isNumeric: true },
          { label: 'Current Balance', isNumeric: true },
          { label: 'Weekly Payment', isNumeric: true },
          'Next Payment',
          'Status',
          'Actions',
        ]}
      >
        {loans.map((loan) => (
          <Table.Row key={loan.id}>
            <Table.Cell fontWeight="medium">{loan.businessName}</Table.Cell>
            <Table.Cell textAlign="end">{formatUsd(loan.principalAmount)}</Table.Cell>
            <Table.Cell textAlign="end">{formatUsdCents(loan.currentBalance)}</Table.Cell>
            <Table.Cell textAlign="end">
              {formatUsdCents(loan.weeklyPayment)}
              <Text fontSize="xs" color="fg.muted">
                every week
              </Text>
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatCalendarDate(loan.nextPaymentDate)}</Table.Cell>
            <Table.Cell>
              <LoanStatusBadge status={loan.status} daysPastDue={loan.daysPastDue} />
            </Table.Cell>
            <Table.Cell>
              <RowActions
                actions={[
                  {
                    label: 'View',
                    ariaLabel: `View ${loan.businessName}`,
                    onClick: () => onView(loan.applicationId),
                    kind: 'view',
                  },
                  {
                    label: 'Payments',
                    ariaLabel: `Payments for ${loan.businessName}`,
                    onClick: () => onPayments(loan),
                  },
                ]}
              />
            </Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
    </Stack>
  );
}
