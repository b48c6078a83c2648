// A table that prints each row's words on the line above its date and amounts (docs/product.md 4.1).
import type { Row } from './statement-rows';
import { TYPE_COLUMN, TYPE_WORD, typeWordDirection } from './statement-words';

/**
 * Descriptions printed above their rows: a table whose dated lines print only the entry's type ("06/01 Debit 5,400.00
 * 8,285.89") with its words on the line above. The lines under a column heading wait; the first row that prints only
 * a type is kept as it is, and when the next one does too, with text lines between them, the table is found to print
 * descriptions above: both rows take the lines above them, and so does every later row.
 */
export type DescriptionsAbove = { lines: string[]; first: { row: Row; lines: string[] } | null; on: boolean };

/** An entry's kind printed alone where a description would be. */
const ENTRY_KIND = /^(checks?|fees?|transfer|wire|interest|payment|adjustment|reversal|dividend|service charge)$/i;

const typeOnly = (row: Row) => {
  const words = row.text.join(' ').trim();
  return words === '' || TYPE_WORD.test(words) || TYPE_COLUMN.test(words) || ENTRY_KIND.test(words);
};

function takeAbove(row: Row, lines: string[]): void {
  const words = row.text.join(' ').trim();
  if (TYPE_WORD.test(words)) row.typeWord ??= typeWordDirection(words);
  row.text = typeOnly(row) ? [...lines] : [...lines, ...row.text];
  row.pieces = null;
  row.continuation = [];
}

/** The table's state after `row` (its text lines since the last row are `above.lines`); null: it prints them below. */
export function placeAbove(above: DescriptionsAbove, row: Row): DescriptionsAbove | null {
  const lines = above.lines;
  if (above.on) {
    if (lines.length > 0) takeAbove(row, lines);
    return { ...above, lines: [] };
  }
  if (!above.first) return typeOnly(row) && lines.length > 0 ? { lines: [], first: { row, lines }, on: false } : null;
  if (!typeOnly(row) || lines.length === 0) return null;
  takeAbove(above.first.row, above.first.lines);
  takeAbove(row, lines);
  return { lines: [], first: null, on: true };
}
