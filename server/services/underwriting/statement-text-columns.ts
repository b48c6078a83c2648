// A table may print text columns beside its description (an entry type such as "LOAN PMT" or "ACH DEBIT", a category):
// the description is the description column's text, on the row's line and on its wrapped lines, and the others are
// the entry's type (docs/product.md 4.1). So a payee is named the same on every row, whatever its neighbours print.
// Columns are found by where their text starts, row after row (no heading or wording is needed), or by a heading over
// a type column.
import type { Row, TextPiece } from './statement-rows';
import { DESCRIPTION_HEADING } from './statement-words';
import { alignedEdges } from './text-layout';

/** Where a text column starts; `side`: a column beside the description, printing few different texts. */
export type TextColumn = { x0: number; side: boolean };

/** Points within which the pieces of one column start. */
const ALIGN = 3;

/**
 * The table's text columns by their left edges: [] when its rows print one text column (most statements), or when
 * no column beside the description repeats its texts as a type column does.
 */
export function textColumns(rows: Row[]): TextColumn[] {
  const placed = rows.filter((row) => row.pieces && row.pieces.length > 0);
  if (placed.length < 3) return [];
  // Rows whose text starts at each whole point.
  const lefts = placed.map((row) => [...new Set((row.pieces ?? []).map((piece) => Math.round(piece.x0)))]);
  const near = alignedEdges(lefts.flat(), ALIGN);
  const starts = new Set(lefts.flat());
  const least = Math.max(3, placed.length * 0.2);
  const peaks: number[] = [];
  for (const x of [...starts].sort((a, b) => near(b) - near(a) || a - b)) {
    if (near(x) < least) break;
    if (peaks.every((peak) => Math.abs(peak - x) > ALIGN * 2)) peaks.push(x);
  }
  if (peaks.length < 2) return [];
  peaks.sort((a, b) => a - b);
  const texts = peaks.map((peak) =>
    placed.flatMap((row) =>
      (row.pieces ?? []).filter((piece) => Math.abs(Math.round(piece.x0) - peak) <= ALIGN).map((piece) => piece.text),
    ),
  );
  // The description column is the one its heading names, or else the one that names many things at length (a type
  // column repeats a few short words).
  const named = peaks.map((peak) =>
    placed.some((row) => headingOver(row, peak, DESCRIPTION_HEADING) && !headingOver(row, peak, TYPE_HEADING)),
  );
  const weight = (list: string[]) => [...new Set(list)].reduce((sum, text) => sum + text.length, 0);
  const weights = texts.map(weight);
  const description = named.filter(Boolean).length === 1 ? named.indexOf(true) : weights.indexOf(Math.max(...weights));
  const columns = peaks.map((x0, index) => {
    const list = texts[index] ?? [];
    const typed = placed.some((row) => headingOver(row, x0, TYPE_HEADING));
    return { x0, side: index !== description && (typed || new Set(list).size * 2 <= list.length) };
  });
  return columns.some((column) => column.side) ? columns : [];
}

/** Whether the row's column heading over the text starting at `x` says what `words` say. */
function headingOver(row: Row, x: number, words: RegExp): boolean {
  const cell = row.heading?.cells.find((item) => item.x0 - ALIGN <= x && x <= item.x1);
  return cell !== undefined && words.test(cell.text);
}

/** A heading over a column of entry types ("Type", "Transaction Type", "Tran Code", "Category"). */
const TYPE_HEADING = /\b(type|code|kind|category|class)\b/i;

/** Whether a piece stands in a side column: the last column starting at or before it. */
function inSide(piece: TextPiece, columns: TextColumn[]): boolean {
  let side = false;
  for (const column of columns) if (piece.x0 >= column.x0 - ALIGN) side = column.side;
  return side;
}

const joined = (texts: string[]) => texts.join(' ').replace(/\s+/g, ' ').trim();

/**
 * When the row's heading names a column as the entries' type, whether a piece stands in it: under the heading cell
 * it overlaps most (a type column is a side column however few rows print a type the reader keeps, most may print
 * "ACH DEBIT"). Null when no heading names a type column.
 */
function sideByHeading(row: Row): ((piece: TextPiece) => boolean) | null {
  const cells = [...(row.heading?.cells ?? [])].sort((a, b) => a.x0 - b.x0);
  if (!cells.some((cell) => TYPE_HEADING.test(cell.text))) return null;
  const bands = cells.map((cell) => ({ x0: cell.x0, side: TYPE_HEADING.test(cell.text) }));
  return (piece) => {
    let most = 0;
    let under: (typeof cells)[number] | null = null;
    for (const cell of cells) {
      const overlap = Math.min(piece.x1, cell.x1) - Math.max(piece.x0, cell.x0);
      if (overlap > most) [most, under] = [overlap, cell];
    }
    return under ? TYPE_HEADING.test(under.text) : inSide(piece, bands);
  };
}

/** A row's description (its wrapped lines joined) and the entry type its side columns print, if any. */
export function describeRow(row: Row, table: TextColumn[]): { description: string; entryType: string | null } {
  const pieces = [...(row.pieces ?? []), ...row.continuation.flat()];
  if (!row.pieces) return { description: joined([...row.text, ...pieces.map((piece) => piece.text)]), entryType: null };
  const isSide = sideByHeading(row) ?? ((piece: TextPiece) => inSide(piece, table));
  const words = joined(pieces.filter((piece) => !isSide(piece)).map((piece) => piece.text));
  const side = joined(pieces.filter((piece) => isSide(piece)).map((piece) => piece.text));
  // A row whose only words stand in a side column is described by them.
  if (!/[A-Za-z]/.test(words)) return { description: joined([words, side]), entryType: null };
  return { description: words, entryType: side || null };
}
