import { Button, Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { formatCalendarDate, formatLocalDate, formatUsd } from '@shared/format';
import { loanStatusBadge } from '../utils/labels';
import { LoanExtras } from './loan-extras';
import { PaymentScheduleDialog } from './payment-schedule-dialog';
import { StatusBadge } from './status-badge';
import type { ClientLoan } from '../types';

// The progress charts and their libraries load with the loan cards only.
const LoanProgress = lazy(() => import('./loan-progress'));

/** A loan as the Current Loans tab shows it: every figure derived by the server from schedule and payments. */
export function LoanCard({ loan }: { loan: ClientLoan }) {
  const [isScheduleOpen, setScheduleOpen] = useState(false);
  const headingId = `loan-${loan.id}`;
  return (
    <Card.Root as="article" aria-labelledby={headingId} size="sm">
      <Card.Body>
        <Stack gap="4">
          <Flex gap="3" justify="space-between" align={{ base: 'flex-start', sm: 'center' }} wrap="wrap">
            <Stack gap="0">
              <Heading as="h3" size="md" id={headingId}>
                {loan.businessName}
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                Funded {formatLocalDate(loan.fundedAt)}
              </Text>
            </Stack>
            <StatusBadge look={loanStatusBadge(loan.status, loan.daysPastDue)} />
          </Flex>
          <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="3">
            <Figure label="Principal" value={formatUsd(loan.principal)} />
            <Figure label="Current Balance" value={formatUsd(loan.balance)} />
            <Figure label="Rate (est. APR)" value={`${loan.interestRate}%`} />
            <Figure label="Weekly Payment" value={formatUsd(loan.weeklyPayment)} />
            <Figure
              label="Next Payment"
              value={loan.nextPaymentDate ? formatCalendarDate(loan.nextPaymentDate) : 'None, paid in full'}
            />
            <Figure label="Payments Remaining" value={String(loan.paymentsRemaining)} />
            <Figure label="Total Payback" value={formatUsd(loan.purchasedAmount)} />
            <Figure label="Paid So Far" value={formatUsd(loan.totalPaid)} />
          </SimpleGrid>
          <Suspense fallback={null}>
            <LoanProgress loan={loan} />
          </Suspense>
          <Flex justify="flex-end">
            <Button size="sm" variant="outline" onClick={() => setScheduleOpen(true)}>
              View Payment Schedule
            </Button>
          </Flex>
          {loan.status !== 'paid_off' && <LoanExtras loan={loan} />}
        </Stack>
      </Card.Body>
      <PaymentScheduleDialog loan={loan} open={isScheduleOpen} onOpenChange={setScheduleOpen} />
    </Card.Root>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="0">
      <Text as="dt" fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Text as="dd" fontWeight="semibold">
        {value}
      </Text>
    </Stack>
  );
}
