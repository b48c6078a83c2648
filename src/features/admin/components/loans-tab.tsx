import { Alert, Box, Button, HStack, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '@/lib/trpc';
import { useCursorPager } from '../hooks/use-cursor-pager';
import { useListErrorToast } from '../hooks/use-list-error-toast';
import type { LoanRow } from '../types';
import { formatCalendarDate, formatUsd, formatUsdCents } from '@shared/format';
import { LoanStatusBadge } from './badges';
import { Pager } from './pager';

type Props = { onView: (applicationId: string) => void; onPayments: (loan: LoanRow) => void };

/** Spec: Active Loans tab: Business, Principal, Current Balance, Monthly Payment, Next Payment, Status, Actions. */
export function LoansTab({ onView, onPayments }: Props) {
  const pager = useCursorPager('loans');
  const query = trpc.admin.listLoans.useQuery(
    { ...pager.input },
    { placeholderData: keepPreviousData, staleTime: 10_000 },
  );
  useListErrorToast(query.error, 'Failed to fetch loans');
  const loans = query.data?.loans ?? [];

  if (query.isError && !query.data) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>Failed to fetch loans</Alert.Title>
      </Alert.Root>
    );
  }
  if (query.isPending) {
    return (
      <HStack justify="center" py="10">
        <Spinner aria-label="Loading loans" />
      </HStack>
    );
  }
  return (
    <Stack gap="4">
      <Text color="fg.muted" fontSize="sm">
        {query.data.total.toLocaleString('en-US')} active {query.data.total === 1 ? 'loan' : 'loans'}
      </Text>
      {loans.length === 0 ? (
        <Text py="10" textAlign="center" color="fg.muted">
          No active loans found
        </Text>
      ) : (
        <Box aria-busy={query.isFetching}>
          <Table.ScrollArea tabIndex={0} borderWidth="1px" rounded="md">
            <Table.Root size="sm" stickyHeader>
              <Table.Caption srOnly>Active loans, newest first</Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Business</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Principal</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Current Balance</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Monthly Payment</Table.ColumnHeader>
                  <Table.ColumnHeader>Next Payment</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader>Actions</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {loans.map((loan) => (
                  <Table.Row key={loan.id}>
                    <Table.Cell fontWeight="medium" minW="44">
                      {loan.businessName}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{formatUsd(loan.principalAmount)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatUsdCents(loan.currentBalance)}</Table.Cell>
                    <Table.Cell textAlign="end">
                      {formatUsdCents(loan.monthlyPayment)}
                      <Text fontSize="xs" color="fg.muted">
                        {formatUsdCents(loan.weeklyPayment)} weekly
                      </Text>
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatCalendarDate(loan.nextPaymentDate)}</Table.Cell>
                    <Table.Cell>
                      <LoanStatusBadge status={loan.status} daysPastDue={loan.daysPastDue} />
                    </Table.Cell>
                    <Table.Cell>
                      <HStack gap="1">
                        <Button
                          size="xs"
                          variant="outline"
                          aria-label={`View ${loan.businessName}`}
                          onClick={() => onView(loan.applicationId)}
                        >
                          View
                        </Button>
                        <Button
                          size="xs"
                          variant="ghost"
                          aria-label={`Payments for ${loan.businessName}`}
                          onClick={() => onPayments(loan)}
                        >
                          Payments
                        </Button>
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Box>
      )}
      <Pager
        label="Loans"
        page={pager.page}
        prevCursor={query.data.prevCursor}
        nextCursor={query.data.nextCursor}
        isFetching={query.isFetching}
        onPrevious={pager.previous}
        onNext={pager.next}
      />
    </Stack>
  );
}
