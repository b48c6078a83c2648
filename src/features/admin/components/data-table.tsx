import { Alert, Box, HStack, Spinner, Table, Text } from '@chakra-ui/react';
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import type { useCursorPager } from '../hooks/use-cursor-pager';
import { Pager } from './pager';

/** A column heading; numeric columns (amounts, counts) align to the end. */
export type Column = string | { label: string; isNumeric: true };

type DataTableProps = {
  /** Read by screen readers only: what the rows are and their order. */
  caption: string;
  columns: readonly Column[];
  hasStickyHeader?: boolean;
  maxH?: string;
  children: ReactNode;
};

const columnLabel = (column: Column) => (typeof column === 'string' ? column : column.label);

/**
 * Each row's cells labelled with their column's heading (`data-label`), which a phone shows beside the value, and
 * given their table roles explicitly, since a table laid out as cards loses them in some browsers.
 */
function labelledRows(children: ReactNode, labels: string[]): ReactNode {
  return Children.map(children, (row) => {
    if (!isValidElement<{ children?: ReactNode }>(row)) return row;
    let index = 0;
    const cells = Children.map(row.props.children, (cell) => {
      if (!isValidElement(cell)) return cell;
      const label = labels[index] ?? '';
      index += 1;
      return cloneElement(cell as ReactElement<Record<string, unknown>>, { 'data-label': label, role: 'cell' });
    });
    return cloneElement(row as ReactElement<Record<string, unknown>>, { role: 'row' }, cells);
  });
}

// Below md the rows become cards: one bordered block per row, each value beside its column's heading; the
// headings row stays for screen readers only. From md the table is a table; values wrap (long emails and reasons
// break anywhere) so that at 1280 px and wider every list fits without scrolling sideways (the scroll area remains
// for the widths in between).
const cardsOnPhones = {
  '& td': { overflowWrap: 'anywhere' },
  '@media screen and (max-width: 47.99em)': {
    '& table, & tbody, & tr, & td': { display: 'block', width: '100%' },
    '& thead': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
    '& tbody tr': {
      borderWidth: '1px',
      borderColor: 'border',
      rounded: 'md',
      px: '3',
      py: '2',
      mb: '3',
    },
    '& tbody td': {
      display: 'flex',
      justifyContent: 'space-between',
      alignItems: 'flex-start',
      gap: '3',
      textAlign: 'end',
      borderBottomWidth: '0',
      px: '0',
      py: '1.5',
      minWidth: '0',
    },
    '& tbody td::before': {
      content: 'attr(data-label)',
      fontWeight: 'medium',
      color: 'fg.muted',
      textAlign: 'start',
      flexShrink: 0,
    },
    '& tbody td[data-label=""]::before': { content: 'none' },
  },
} as const;

/**
 * The back office's table: a table from md on, fitting at 1280 px (values wrap), cards on a phone; focusable so a
 * keyboard can scroll it when a medium screen is narrower than its columns.
 */
export function DataTable({ caption, columns, hasStickyHeader = true, maxH, children }: DataTableProps) {
  return (
    <Table.ScrollArea
      tabIndex={0}
      borderWidth={{ base: '0', md: '1px' }}
      rounded="md"
      maxH={maxH}
      data-list-table=""
      // Chakra's scroll area keeps every value on one line; here values wrap (dates and amounts stay whole).
      whiteSpace="normal"
      css={cardsOnPhones}
    >
      <Table.Root size="sm" stickyHeader={hasStickyHeader} role="table">
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row role="row">
            {columns.map((column) =>
              typeof column === 'string' ? (
                <Table.ColumnHeader key={column} role="columnheader">
                  {column}
                </Table.ColumnHeader>
              ) : (
                <Table.ColumnHeader key={column.label} role="columnheader" textAlign="end">
                  {column.label}
                </Table.ColumnHeader>
              ),
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>{labelledRows(children, columns.map(columnLabel))}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

export type ListTexts = { error: string; loading: string; empty: string };

/** What a list shows instead of its rows: the error, a spinner, or the empty text; null when there are rows. */
export function ListStatus({
  texts,
  isError,
  isPending,
  isEmpty,
}: {
  texts: ListTexts;
  isError: boolean;
  isPending: boolean;
  isEmpty: boolean;
}) {
  if (isError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{texts.error}</Alert.Title>
      </Alert.Root>
    );
  }
  if (isPending) {
    return (
      <HStack justify="center" py="10">
        <Spinner aria-label={texts.loading} />
      </HStack>
    );
  }
  if (isEmpty) {
    return (
      <Text py="10" textAlign="center" color="fg.muted">
        {texts.empty}
      </Text>
    );
  }
  return null;
}

type PagedQuery = {
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  data?: { prevCursor?: string | null; nextCursor?: string | null };
};

type PagedTableProps = Omit<DataTableProps, 'hasStickyHeader' | 'maxH'> & {
  /** Names the pager for screen readers ("Applications pages"). */
  label: string;
  texts: ListTexts;
  query: PagedQuery;
  rowCount: number;
  pager: ReturnType<typeof useCursorPager>;
};

/**
 * A server list a page at a time: its error, loading and empty states, the table (kept while the next page loads,
 * marked busy) and Previous / Next. An error after a page has loaded keeps that page; the list's toast reports it.
 */
export function PagedTable({ label, texts, query, rowCount, pager, caption, columns, children }: PagedTableProps) {
  const isError = query.isError && !query.data;
  const hasRows = !isError && !query.isPending && rowCount > 0;
  return (
    <>
      {hasRows ? (
        <Box position="relative" aria-busy={query.isFetching}>
          <DataTable caption={caption} columns={columns}>
            {children}
          </DataTable>
        </Box>
      ) : (
        <ListStatus texts={texts} isError={isError} isPending={query.isPending} isEmpty={rowCount === 0} />
      )}
      <Pager
        label={label}
        page={pager.page}
        prevCursor={query.data?.prevCursor}
        nextCursor={query.data?.nextCursor}
        isFetching={query.isFetching}
        onPrevious={pager.previous}
        onNext={pager.next}
      />
    </>
  );
}
