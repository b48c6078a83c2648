import { Box, Button, HStack, Table, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';

export type ChartTable = {
  /** Column headings; the first column names each row. */
  columns: string[];
  rows: { key: string; cells: string[] }[];
};

type Props = {
  title: string;
  /** What the chart shows in one or two sentences: the chart's accessible name, after the title. */
  summary: string;
  /** The figures the chart draws, as text: always in the page for screen readers, on screen with "Show as table". */
  table: ChartTable;
  children: ReactNode;
};

/**
 * A chart with a title, an accessible name, and its figures as a table (docs/product.md, Charts): the drawing is one
 * image to assistive technology; the table underneath is read instead, and anyone can switch the view to it.
 */
export function ChartFigure({ title, summary, table, children }: Props) {
  const [isTable, setTable] = useState(false);
  const titleId = useId();
  const tableId = useId();
  const dataTable = (
    <Table.Root size="sm">
      <Table.Caption srOnly>{title}</Table.Caption>
      <Table.Header>
        <Table.Row>
          {table.columns.map((column) => (
            <Table.ColumnHeader key={column} scope="col">
              {column}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {table.rows.map((row) => (
          <Table.Row key={row.key}>
            {row.cells.map((cell, index) =>
              index === 0 ? (
                <Table.Cell key={index} as="th" scope="row" fontWeight="medium">
                  {cell}
                </Table.Cell>
              ) : (
                <Table.Cell key={index}>{cell}</Table.Cell>
              ),
            )}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
  return (
    <Box as="figure" aria-labelledby={titleId} m="0" minW="0">
      <HStack justify="space-between" align="flex-start" gap="2" mb="2">
        <Text as="figcaption" id={titleId} fontWeight="semibold" fontSize="sm">
          {title}
        </Text>
        <Button size="xs" variant="outline" aria-controls={tableId} onClick={() => setTable((shown) => !shown)}>
          {isTable ? 'Show as chart' : 'Show as table'}
        </Button>
      </HStack>
      {!isTable && (
        <Box role="img" aria-label={`${title}. ${summary}`}>
          {/* One image to assistive technology: the drawing's own parts (an svg is an image too) are not read. */}
          <Box aria-hidden>{children}</Box>
        </Box>
      )}
      <Box id={tableId} srOnly={!isTable}>
        {/* Only the shown table scrolls (and takes focus to scroll by keyboard): a hidden one that could scroll would
            be a scrollable region no keyboard can reach. */}
        {isTable ? (
          <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0}>
            {dataTable}
          </Table.ScrollArea>
        ) : (
          dataTable
        )}
      </Box>
    </Box>
  );
}

/** A colour token as the CSS value recharts draws with (the chart helper's `color()` is typed `any`). */
export function chartColor(chart: { color: (token: never) => unknown }, token: string | undefined): string {
  return String((chart.color as (token: string | undefined) => unknown)(token));
}
