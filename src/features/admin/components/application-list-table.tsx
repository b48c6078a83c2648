import { Button, Table } from '@chakra-ui/react';
import type { ApplicationRow } from '../types';
import { formatCalendarDate, formatUsd, shortId } from '@shared/format';
import { AiDecisionBadge, StatusBadge } from './badges';

/** A compact list of applications inside a dialog (by email, an applicant's own). */
export function ApplicationListTable({
  rows,
  caption,
  onView,
}: {
  rows: ApplicationRow[];
  caption: string;
  onView: (id: string) => void;
}) {
  return (
    <Table.ScrollArea tabIndex={0} borderWidth="1px" rounded="md">
      <Table.Root size="sm">
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>ID</Table.ColumnHeader>
            <Table.ColumnHeader>Business</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>AI Decision</Table.ColumnHeader>
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            <Table.ColumnHeader>Actions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.id}>
              <Table.Cell fontFamily="mono">{shortId(row.id)}</Table.Cell>
              <Table.Cell minW="40">{row.businessName}</Table.Cell>
              <Table.Cell textAlign="end">{formatUsd(row.loanAmount)}</Table.Cell>
              <Table.Cell>
                <StatusBadge status={row.status} />
              </Table.Cell>
              <Table.Cell>
                <AiDecisionBadge decision={row.aiApproved} />
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatCalendarDate(row.createdAt)}</Table.Cell>
              <Table.Cell>
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={`View application ${shortId(row.id)}`}
                  onClick={() => onView(row.id)}
                >
                  View
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
