import { Badge, Box, List, Stack, Text } from '@chakra-ui/react';
import { formatDateTime, formatUsd } from '@shared/format';
import { FieldList, type FieldRow } from './field-list';
import type { LowerPaymentRequest, OfferSignature } from '../types';

// For staff: the client's electronic signature on the application, and lower-payment requests on loans.

/** The signature record: who, when, from where, the hash of the summary shown and the option's terms. */
export function OfferSignaturePanel({ signature }: { signature: OfferSignature }) {
  const { option, disclosure } = signature;
  const rows: FieldRow[] = [
    ['Signed by', signature.fullName],
    ['Signed at', formatDateTime(signature.signedAt)],
    ['IP address', signature.ip],
    ['Option', option.label],
    ['Amount', formatUsd(option.amount)],
    ['Term', `${option.termWeeks} weeks`],
    ['Weekly payment', formatUsd(option.weeklyPayment)],
    ['Factor rate', option.factorRate.toFixed(2)],
    ['Total repayment', formatUsd(option.totalRepayment)],
    ['Estimated APR', `${disclosure.estimatedApr.toFixed(1)}%`],
    ['Net funds disbursed', formatUsd(disclosure.netFunds)],
  ];
  return (
    <Stack gap="2">
      <FieldList rows={rows} />
      <Box fontSize="sm">
        <Text color="fg.muted">Summary hash (SHA-256)</Text>
        <Text fontFamily="mono" wordBreak="break-all">
          {signature.summaryHash}
        </Text>
      </Box>
    </Stack>
  );
}

const STATUS_LABELS: Record<LowerPaymentRequest['status'], string> = {
  open: 'Open',
  in_review: 'In review',
  closed: 'Closed',
};

/** A loan's requests for a lower weekly payment, newest first as the server sends them. */
export function LowerPaymentRequestList({ requests }: { requests: LowerPaymentRequest[] }) {
  if (requests.length === 0) return null;
  return (
    <List.Root gap="2" fontSize="sm" listStyleType="none">
      {requests.map((request) => (
        <List.Item key={request.id}>
          <Text as="span" fontWeight="medium">
            {formatUsd(request.requestedWeeklyPayment)} a week requested
          </Text>{' '}
          <Badge size="sm" colorPalette={request.status === 'closed' ? 'gray' : 'orange'}>
            {STATUS_LABELS[request.status]}
          </Badge>
          <Text color="fg.muted" whiteSpace="pre-wrap">
            {formatDateTime(request.createdAt)}: {request.reason}
          </Text>
        </List.Item>
      ))}
    </List.Root>
  );
}
