import { Dialog, Table, Text } from '@chakra-ui/react';
import { AppDialog } from '@/components/form-dialog';
import { useLoanSchedule } from '../hooks/use-client-area';
import { formatCalendarDate, formatUsd, formatUsdExact } from '@shared/format';
import { installmentBadge } from '../utils/labels';
import { SectionError, SectionLoading } from './query-state';
import { StatusBadge } from './status-badge';
import type { ClientLoan } from '../types';

/** The client-visible weekly payment schedule of one loan, with what is paid of each installment. */
export function PaymentScheduleDialog({
  loan,
  open,
  onOpenChange,
}: {
  loan: ClientLoan;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const schedule = useLoanSchedule(loan.id, open);
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} size="lg" placement="center">
      <Dialog.Header>
        <Dialog.Title>Payment Schedule: {loan.businessName}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Text color="fg.muted" mb="4" fontSize="sm">
          {loan.termWeeks} weekly payments of {formatUsd(loan.weeklyPayment)} totalling{' '}
          {formatUsd(loan.purchasedAmount)}. Balance {formatUsd(loan.balance)}.
        </Text>
        {schedule.isPending ? (
          <SectionLoading label="Loading payment schedule" />
        ) : schedule.isError ? (
          <SectionError
            error={schedule.error}
            fallback="Failed to load the payment schedule"
            onRetry={() => void schedule.refetch()}
          />
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm" striped>
              <Table.Caption srOnly>Weekly payments of this loan</Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>#</Table.ColumnHeader>
                  <Table.ColumnHeader>Due Date</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Paid</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {schedule.data.items.map((item) => (
                  <Table.Row key={item.seq}>
                    <Table.Cell>{item.seq}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatCalendarDate(item.dueDate)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatUsdExact(item.amount)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatUsdExact(item.paidAmount)}</Table.Cell>
                    <Table.Cell>
                      <StatusBadge look={installmentBadge(item.state)} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Dialog.Body>
    </AppDialog>
  );
}
