// Positioned text for the reader's tests, the way pdf.js reports a page: rows of [x, text] cells, top to bottom.
import { parseStatementPages } from './statement-parser';
import type { PageText, ParsedStatement, TextItem } from './types';

const CHAR_WIDTH = 4.4;

/** A page from rows of [x, text] cells, top to bottom. */
export function page(rows: Array<Array<[number, string]>>, top = 700): PageText {
  const items: TextItem[] = [];
  rows.forEach((cells, index) => {
    for (const [x, str] of cells)
      items.push({ str, x, y: top - index * 11, width: str.length * CHAR_WIDTH, fontSize: 8 });
  });
  return { items };
}

/** A right-aligned money cell ending at `rightEdge`. */
export function right(rightEdge: number, text: string): [number, string] {
  return [rightEdge - text.length * CHAR_WIDTH, text];
}

/** Parses the pages, failing the test with the reader's reason when it refuses them. */
export function parse(pages: PageText[]): ParsedStatement {
  const result = parseStatementPages(pages);
  if (!result.ok) throw new Error(result.reason);
  return result.statement;
}

/** Each transaction as [date, description, cents, direction], statement by statement. */
export const rowsOf = (statement: ParsedStatement) =>
  statement.segments.flatMap((segment) =>
    segment.transactions.map((t) => [t.date, t.description, t.amountCents, t.direction]),
  );

/** A line placed at its own height, in its font size (8 unless told) and font (the PDF's name, when told). */
export type PlacedLine = { y: number; cells: Array<[number, string]>; fontSize?: number; font?: string };

/** A page from lines placed at their own heights. */
export function placedPage(lines: PlacedLine[]): PageText {
  return {
    items: lines.flatMap(({ y, cells, fontSize = 8, font }) =>
      cells.map(([x, str]) => ({
        str,
        x,
        y,
        width: str.length * CHAR_WIDTH * (fontSize / 8),
        fontSize,
        ...(font ? { font } : {}),
      })),
    ),
  };
}
