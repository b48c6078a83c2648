// Tables printed from a web page with every cell centred on its row (docs/product.md 4.1): a row's description wraps
// over two lines or more while its date and amounts sit on the middle line, or between two of its lines. The
// description lines above and below such a row are its own: they join the row's line before the rows are read.
import { detectHeading, headingPart } from './statement-lines';
import { HEADING_WORDS, PAGE_FURNITURE, TYPE_COLUMN, TYPE_WORD } from './statement-words';
import type { Cell, Line } from './text-layout';

/** Where a row's description lines stand: right of where its date starts, left of its first amount. */
type Span = { x0: number; x1: number };

function spanOf(line: Line): Span | null {
  const first = line.cells[0];
  const money = line.cells.find((cell) => cell.money);
  return first && money ? { x0: first.x0 + 1, x1: money.x0 + 2 } : null;
}

/** A line of description words that may belong to the row of `span`: no amount, inside the span, the row's size. */
function describes(line: Line, row: Line, span: Span): boolean {
  if (line.page !== row.page || Math.abs(line.fontSize - row.fontSize) > 0.6) return false;
  if (line.text.length <= 160 && PAGE_FURNITURE.test(line.text)) return false;
  return line.cells.every((cell) => !cell.money && cell.x0 >= span.x0 && cell.x1 <= span.x1);
}

/** Lines printed one under the other at a line's pitch or less (a wrapped description, not a gap to a footer). */
const adjoins = (upper: Line, lower: Line) =>
  upper.page === lower.page &&
  upper.y - lower.y > 0 &&
  upper.y - lower.y <= Math.max(upper.fontSize, lower.fontSize) * 1.8;

/** Closer than a line's pitch, above and below: a row's cells centred between two of its description's lines. */
const halfLine = (upper: Line, lower: Line) => adjoins(upper, lower) && upper.y - lower.y < lower.fontSize * 0.95;

/** The second line of a column heading: right under it, of heading words only ("Effective" over "Date"). */
function headingLower(lines: Line[], index: number): boolean {
  const above = lines[index - 1];
  const words = lines[index]?.text.split(' ') ?? [];
  return above !== undefined && detectHeading(above) !== null && words.every((word) => HEADING_WORDS.test(word));
}

/** A row's description lines above it and below it, nearest first: up to 8 each way, not taken by a row above. */
function runs(
  lines: Line[],
  index: number,
  span: Span,
  taken: ReadonlySet<number>,
): { ups: number[]; downs: number[] } {
  const row = lines[index];
  const ups: number[] = [];
  const downs: number[] = [];
  if (!row) return { ups, downs };
  for (let at = index - 1; at >= 0 && ups.length < 8; at -= 1) {
    const line = lines[at];
    const lower = lines[at + 1];
    if (!line || !lower || taken.has(at) || !describes(line, row, span) || !adjoins(line, lower)) break;
    if (detectHeading(line) || headingLower(lines, at)) break;
    ups.push(at);
  }
  for (let at = index + 1; at < lines.length && downs.length < 8; at += 1) {
    const line = lines[at];
    const upper = lines[at - 1];
    if (!line || !upper || !describes(line, row, span) || !adjoins(upper, line) || detectHeading(line)) break;
    downs.push(at);
  }
  return { ups, downs };
}

/**
 * How many description lines a centred row has on each side: its lines above (nearest first) that each have one
 * as far below it. A row centred on its description has as many lines above its own line as below it.
 */
function mirrored(lines: Line[], index: number, ups: number[], downs: number[]): number {
  const row = lines[index];
  if (!row) return 0;
  const tolerance = Math.max(1.5, row.fontSize * 0.3);
  let count = 0;
  for (; count < ups.length && count < downs.length; count += 1) {
    const up = (lines[ups[count] ?? -1]?.y ?? Number.NaN) - row.y;
    const down = row.y - (lines[downs[count] ?? -1]?.y ?? Number.NaN);
    if (!(Math.abs(up - down) <= tolerance)) break;
  }
  return count;
}

/**
 * Whether the table prints its rows centred: a row sits between two description lines half a line away from each
 * (an even number of lines), or the first row under a column heading has description lines between it and the
 * heading, each with one as far below the row (the row's line in the middle of its description), or, with no
 * heading, nearly every row's lines above are mirrored below (rowsMirrored).
 */
function isCentred(lines: Line[], spans: Array<Span | null>): boolean {
  const none = new Set<number>();
  for (const [index, line] of lines.entries()) {
    const span = spans[index];
    if (!span) continue;
    const { ups, downs } = runs(lines, index, span, none);
    const [above] = ups;
    const [below] = downs;
    const before = lines[above ?? -1];
    const after = lines[below ?? -1];
    const between = above === index - 1 && below === index + 1 && before && after;
    if (between && halfLine(before, line) && halfLine(line, after) && mirrored(lines, index, ups, downs) > 0)
      return true;
    const top = lines[index - ups.length - 1];
    const heading = top?.page === line.page ? detectHeading(top) : null;
    // Between the heading and the row: description lines, not the heading's second line.
    const titled = ups.some((at) => !lines[at] || (heading !== null && headingPart(lines[at], heading)));
    if (ups.length > 0 && heading && !titled && mirrored(lines, index, ups, downs) === ups.length) return true;
  }
  return rowsMirrored(lines, spans);
}

/**
 * Without a heading or a row set half a line between two lines: three rows at least, and every row with description
 * lines around it but one, have all their lines above mirrored below (the lines above each taken by the row they
 * mirror around). A table wrapping its descriptions below its rows leaves all rows but the first without lines
 * above them (the row above took them), so no more than one fits.
 */
function rowsMirrored(lines: Line[], spans: Array<Span | null>): boolean {
  const taken = new Set<number>();
  let [involved, fits] = [0, 0];
  for (const [index, span] of spans.entries()) {
    if (!span) continue;
    const { ups, downs } = runs(lines, index, span, taken);
    if (ups.length + downs.length === 0) continue;
    involved += 1;
    const count = mirrored(lines, index, ups, downs);
    if (count === 0 || count < ups.length) continue;
    fits += 1;
    for (const at of [...ups, ...downs.slice(0, count)]) taken.add(at);
  }
  return fits >= 3 && involved - fits <= Math.max(1, involved / 10);
}

/** Words of a row's own beside its date and amounts, an entry's kind alone ("Debit", "ACH") left out. */
const hasWords = (line: Line) =>
  line.cells.some(
    (cell, at) =>
      at > 0 &&
      !cell.money &&
      /[A-Za-z]{2}/.test(cell.text) &&
      !TYPE_WORD.test(cell.text) &&
      !TYPE_COLUMN.test(cell.text),
  );

/**
 * The lines with each row of a centred table carrying its description lines: as many above it as below it, those
 * as far from it on either side; every other line as it was. Lines as read when the table is not centred, or when
 * more than one in ten of the rows with description lines around them does not fit it (a line above it mirrored by
 * none below it, or a row left with no words: a table printing each description above its row, or under it).
 */
export function centredRows(lines: Line[], isRow: (line: Line) => boolean): Line[] {
  const spans = lines.map((line) => (isRow(line) ? spanOf(line) : null));
  if (!isCentred(lines, spans)) return lines;
  const taken = new Set<number>();
  const joined = new Map<number, Line>();
  let [involved, misfits] = [0, 0];
  for (const [index, line] of lines.entries()) {
    const span = spans[index];
    if (!span) continue;
    const { ups, downs } = runs(lines, index, span, taken);
    const count = mirrored(lines, index, ups, downs);
    if (ups.length + downs.length > 0) involved += 1;
    if (count < ups.length || (count === 0 && !hasWords(line))) misfits += 1;
    if (count === 0) continue;
    const above = ups.slice(0, count).reverse();
    const below = downs.slice(0, count);
    for (const at of [...above, ...below]) taken.add(at);
    const pick = (indices: number[]) => indices.flatMap((at) => (lines[at] ? [lines[at]] : []));
    joined.set(index, withDescription(line, pick(above), pick(below)));
  }
  if (misfits * 10 > involved) return lines;
  return lines.flatMap((line, index) => (taken.has(index) ? [] : [joined.get(index) ?? line]));
}

/** The row's line with its description lines above and below joined into its description cell. */
function withDescription(row: Line, ups: Line[], downs: Line[]): Line {
  const words = (lines: Line[]) => lines.map((line) => line.text);
  const cells = [...ups, ...downs].flatMap((line) => line.cells);
  const x0 = Math.min(...cells.map((cell) => cell.x0));
  const x1 = Math.max(...cells.map((cell) => cell.x1));
  const own = row.cells.findIndex((cell, at) => at > 0 && !cell.money && cell.x0 <= x1 + 2 && cell.x1 >= x0 - 2);
  const mine = row.cells[own];
  const description: Cell = {
    text: [...words(ups), ...(mine ? [mine.text] : []), ...words(downs)].join(' '),
    x0: Math.min(x0, mine?.x0 ?? x0),
    x1: Math.max(x1, mine?.x1 ?? x1),
    money: null,
  };
  const rest = row.cells.filter((_, at) => at !== own);
  const place = rest.findIndex((cell, at) => at > 0 && cell.x0 >= description.x0);
  const joined = place < 0 ? [...rest, description] : [...rest.slice(0, place), description, ...rest.slice(place)];
  return { ...row, cells: joined, text: joined.map((cell) => cell.text).join(' ') };
}
