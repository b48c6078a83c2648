import { Alert, Badge, HStack, Spinner, Table, Text } from '@chakra-ui/react';
import { trpc } from '@/lib/trpc';
import { formatCalendarDate, formatUsd } from '@shared/format';

const STATUS_PALETTE: Record<string, string> = { open: 'orange', in_review: 'blue', closed: 'gray' };

/** Refinance requests clients made (PRODUCT.md 5); the spec's empty text when there are none. */
export function RefinancingTab() {
  const query = trpc.admin.refinanceRequests.useQuery(undefined, { staleTime: 10_000 });
  if (query.isPending) {
    return (
      <HStack justify="center" py="10">
        <Spinner aria-label="Loading refinance requests" />
      </HStack>
    );
  }
  if (query.isError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>Failed to fetch refinance requests</Alert.Title>
      </Alert.Root>
    );
  }
  if (query.data.length === 0) {
    return (
      <Text py="10" textAlign="center" color="fg.muted">
        No refinance requests at this time
      </Text>
    );
  }
  return (
    <Table.ScrollArea tabIndex={0} borderWidth="1px" rounded="md">
      <Table.Root size="sm">
        <Table.Caption srOnly>Refinance requests, newest first</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Client</Table.ColumnHeader>
            <Table.ColumnHeader>Business</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Current principal</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Requested</Table.ColumnHeader>
            <Table.ColumnHeader>Reason</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Date</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {query.data.map((request) => (
            <Table.Row key={request.id}>
              <Table.Cell minW="36">
                {request.clientName}
                <Text fontSize="xs" color="fg.muted">
                  {request.email}
                </Text>
              </Table.Cell>
              <Table.Cell minW="40">{request.businessName || '—'}</Table.Cell>
              <Table.Cell textAlign="end">{formatUsd(request.loanPrincipal)}</Table.Cell>
              <Table.Cell textAlign="end">{formatUsd(request.requestedAmount)}</Table.Cell>
              <Table.Cell minW="64">{request.reason}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={STATUS_PALETTE[request.status] ?? 'gray'} variant="subtle">
                  {request.status.replace('_', ' ')}
                </Badge>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatCalendarDate(request.createdAt)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
