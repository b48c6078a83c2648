import { Alert, Box, HStack, Spinner, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
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

/** The back office's table: scrolls sideways on a narrow screen, focusable so a keyboard can scroll it. */
export function DataTable({ caption, columns, hasStickyHeader = true, maxH, children }: DataTableProps) {
  return (
    <Table.ScrollArea tabIndex={0} borderWidth="1px" rounded="md" maxH={maxH}>
      <Table.Root size="sm" stickyHeader={hasStickyHeader}>
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
              ) : (
                <Table.ColumnHeader key={column.label} textAlign="end">
                  {column.label}
                </Table.ColumnHeader>
              ),
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
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
