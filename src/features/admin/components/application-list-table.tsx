import { Table } from '@chakra-ui/react';
import type { ApplicationRow } from '../types';
import { formatCalendarDate, formatUsd, shortId } from '@shared/format';
import { AiDecisionBadge, StatusBadge } from './badges';
import { DataTable } from './data-table';
import { ViewButton } from './list-controls';

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
    <DataTable
      caption={caption}
      columns={['ID', 'Business', { label: 'Amount', isNumeric: true }, 'Status', 'AI Decision', 'Date', 'Actions']}
      hasStickyHeader={false}
    >
      {rows.map((row) => (
        <Table.Row key={row.id}>
          <Table.Cell fontFamily="mono">{shortId(row.id)}</Table.Cell>
          <Table.Cell>{row.businessName}</Table.Cell>
          <Table.Cell textAlign="end">{formatUsd(row.loanAmount)}</Table.Cell>
          <Table.Cell>
            <StatusBadge status={row.status} />
          </Table.Cell>
          <Table.Cell>
            <AiDecisionBadge decision={row.aiApproved} />
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap">{formatCalendarDate(row.createdAt)}</Table.Cell>
          <Table.Cell>
            <ViewButton ariaLabel={`View application ${shortId(row.id)}`} onClick={() => onView(row.id)} />
          </Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  );
}
