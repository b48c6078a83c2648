import {
  Alert,
  Badge,
  Box,
  Button,
  DataList,
  Dialog,
  Field,
  Heading,
  HStack,
  Input,
  SimpleGrid,
  Spinner,
  Stack,
  Table,
  Text,
  chakra,
} from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { AppDialog } from '@/components/form-dialog';
import { toaster } from '@/components/ui/toaster';
import { getErrorMessage, getFieldErrors } from '@/lib/errors';
import { trpc } from '@/lib/trpc';
import { dollarsToCents } from '@shared/schemas/admin';
import { useInvalidateAdmin } from '../hooks/use-invalidate-admin';
import { formatCalendarDate, formatDateTime, formatUsdCents, localToday } from '@shared/format';
import { LoanStatusBadge } from './badges';
import { DataTable } from './data-table';
import { LowerPaymentRequestList } from './offer-signature';

type Props = { loan: { id: string; businessName: string } | null; onClose: () => void };

const INSTALLMENT_PALETTE: Record<string, string> = {
  paid: 'green',
  partial: 'blue',
  late: 'red',
  due: 'orange',
  upcoming: 'gray',
};

/** Payments of one loan: its weekly schedule, the payments recorded so far, and a form to record one. */
export function PaymentsDialog({ loan, onClose }: Props) {
  return (
    <AppDialog open={loan !== null} onOpenChange={(next) => !next && onClose()} size="xl">
      <Dialog.Header>
        <Dialog.Title>Payments — {loan?.businessName}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{loan && <PaymentsBody loanId={loan.id} />}</Dialog.Body>
    </AppDialog>
  );
}

function PaymentsBody({ loanId }: { loanId: string }) {
  const query = trpc.admin.loanPayments.useQuery({ id: loanId });
  if (query.isPending) {
    return (
      <HStack justify="center" py="10">
        <Spinner aria-label="Loading payments" />
      </HStack>
    );
  }
  if (query.isError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>Failed to load payments</Alert.Title>
        <Alert.Description>{getErrorMessage(query.error)}</Alert.Description>
      </Alert.Root>
    );
  }
  const { loan, schedule, payments, lowerPaymentRequests } = query.data;
  return (
    <Stack gap="6">
      <DataList.Root orientation="horizontal" size="sm">
        {(
          [
            [
              'Current balance',
              <Text key="b" fontWeight="semibold" data-testid="loan-balance">
                {formatUsdCents(loan.currentBalance)}
              </Text>,
            ],
            ['Status', <LoanStatusBadge key="s" status={loan.status} daysPastDue={loan.daysPastDue} />],
            ['Principal', formatUsdCents(loan.principalAmount)],
            ['Purchased amount', formatUsdCents(loan.purchasedAmount)],
            ['Total paid', formatUsdCents(loan.totalPaid)],
            ['Weekly payment', formatUsdCents(loan.weeklyPayment)],
            ['Factor rate', loan.factorRate.toFixed(2)],
            [
              'Next payment',
              loan.nextPaymentDate
                ? `${formatCalendarDate(loan.nextPaymentDate)} (${formatUsdCents(loan.nextPaymentAmount)})`
                : '—',
            ],
          ] as [string, ReactNode][]
        ).map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>

      {lowerPaymentRequests.length > 0 && (
        <Box>
          <Heading as="h3" size="sm" mb="2">
            Lower payment requests
          </Heading>
          <LowerPaymentRequestList requests={lowerPaymentRequests} />
        </Box>
      )}

      {loan.status !== 'paid_off' && <RecordPaymentForm loanId={loan.id} balance={loan.currentBalance} />}

      <Box>
        <Heading as="h3" size="sm" mb="2">
          Recorded payments
        </Heading>
        {payments.length === 0 ? (
          <Text color="fg.muted">No payments recorded yet.</Text>
        ) : (
          <DataTable
            caption="Recorded payments"
            columns={['Paid on', { label: 'Amount', isNumeric: true }, 'Note', 'Recorded by']}
            maxH="60"
          >
            {payments.map((payment) => (
              <Table.Row key={payment.id}>
                <Table.Cell whiteSpace="nowrap">{formatCalendarDate(payment.paidOn)}</Table.Cell>
                <Table.Cell textAlign="end">{formatUsdCents(payment.amount)}</Table.Cell>
                <Table.Cell>{payment.note ?? '—'}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {payment.recordedBy ?? 'Automatic'} · {formatDateTime(payment.createdAt)}
                </Table.Cell>
              </Table.Row>
            ))}
          </DataTable>
        )}
      </Box>

      <Box>
        <Heading as="h3" size="sm" mb="2">
          Schedule ({schedule.length} weekly payments)
        </Heading>
        <DataTable
          caption="Payment schedule"
          columns={['#', 'Due', { label: 'Amount', isNumeric: true }, { label: 'Paid', isNumeric: true }, 'State']}
          maxH="72"
        >
          {schedule.map((item) => (
            <Table.Row key={item.seq}>
              <Table.Cell>{item.seq}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatCalendarDate(item.dueDate)}</Table.Cell>
              <Table.Cell textAlign="end">{formatUsdCents(item.amount)}</Table.Cell>
              <Table.Cell textAlign="end">{formatUsdCents(item.paid)}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={INSTALLMENT_PALETTE[item.status] ?? 'gray'} variant="subtle">
                  {item.status}
                </Badge>
              </Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
      </Box>
    </Stack>
  );
}

function RecordPaymentForm({ loanId, balance }: { loanId: string; balance: number }) {
  const [amount, setAmount] = useState('');
  const [paidOn, setPaidOn] = useState(localToday);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const invalidate = useInvalidateAdmin();
  const record = trpc.admin.recordPayment.useMutation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const amountCents = dollarsToCents(amount);
    if (amountCents === null || amountCents <= 0) {
      setErrors({ amountCents: ['Enter the amount received, e.g. 1,250.00'] });
      return;
    }
    setErrors({});
    try {
      const result = await record.mutateAsync({ loanId, amountCents, paidOn, note: note.trim() || undefined });
      toaster.create({
        type: 'success',
        title: 'Payment recorded',
        description: `New balance ${formatUsdCents(result.balance)}`,
      });
      setAmount('');
      setNote('');
      await invalidate();
    } catch (failure) {
      setErrors(getFieldErrors(failure));
      toaster.create({ type: 'error', title: 'Failed to record payment', description: getErrorMessage(failure) });
    }
  }

  return (
    <chakra.form onSubmit={handleSubmit} noValidate borderWidth="1px" rounded="md" p="4">
      <Heading as="h3" size="sm" mb="3">
        Record a payment
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <Field.Root required invalid={Boolean(errors.amountCents)}>
          <Field.Label>
            Amount (USD) <Field.RequiredIndicator />
          </Field.Label>
          <Input
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            placeholder="0.00"
          />
          <Field.HelperText>Balance {formatUsdCents(balance)}</Field.HelperText>
          {errors.amountCents && <Field.ErrorText>{errors.amountCents[0]}</Field.ErrorText>}
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.paidOn)}>
          <Field.Label>
            Date received <Field.RequiredIndicator />
          </Field.Label>
          <Input type="date" value={paidOn} max={localToday()} onChange={(event) => setPaidOn(event.target.value)} />
          {errors.paidOn && <Field.ErrorText>{errors.paidOn[0]}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.note)}>
          <Field.Label>Note</Field.Label>
          <Input
            value={note}
            maxLength={500}
            onChange={(event) => setNote(event.target.value)}
            placeholder="ACH, check no., …"
          />
        </Field.Root>
      </SimpleGrid>
      <Button type="submit" mt="3" colorPalette="brand" loading={record.isPending} loadingText="Recording...">
        Record Payment
      </Button>
    </chakra.form>
  );
}
