// Activity grouped under day headings: a line with only a date ("Aug 3, 2026", "Monday, August 3"), perhaps with
// that day's balance, then rows of description and amounts that print no date of their own.
import { findDateMentions, parseRowDate, type RowDate } from './dates';
import type { Cell, Line } from './text-layout';
import { labelledAmounts, signedCents, splitTrailingAmount, type Heading } from './statement-rows';
import { CLOSING_LABEL, OPENING_LABEL } from './statement-words';

const WEEKDAY = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|urday|rsday)?\b\.?,?\s*/i;

/**
 * The date of a line that prints only a date (after a weekday) and at most one amount, perhaps labelled as the day's
 * balance ("Monday, September 30, 2024   End of day balance -$735.77"), or null.
 */
function dateOnly(line: Line): RowDate | null {
  let cells = line.cells;
  if (cells.length > 0 && cells[0] && WEEKDAY.test(cells[0].text) && cells[0].text.replace(WEEKDAY, '') === '')
    cells = cells.slice(1);
  const [first, ...rest] = cells;
  if (!first || first.money || first.text.length > 40) return null;
  const label = rest.length > 0 && !rest[0]?.money ? rest[0] : undefined;
  const amounts = label ? rest.slice(1) : rest;
  if (amounts.length > 1 || amounts.some((cell) => !cell.money)) return null;
  if (label && !isDayBalanceLabel(label, amounts.length === 0)) return null;
  return parseRowDate(first.text.replace(WEEKDAY, ''));
}

/** A short label ending in "balance" ("End of day balance", "Daily balance", "Ending balance:"). */
const DAY_BALANCE_LABEL = /^(?:[A-Za-z'-]+ ){0,4}balance\s*:?$/i;

/**
 * A day's balance label ("End of day balance"), alone or (`withAmount`) printed up against its amount in one piece of
 * text; a statement's opening or closing balance ("08/31 Ending Balance 1,200.00") is a row of its table instead.
 */
function isDayBalanceLabel(cell: Cell, withAmount: boolean): boolean {
  const words = withAmount ? splitTrailingAmount(cell)?.words.text : cell.text;
  if (words === undefined || OPENING_LABEL.test(words) || CLOSING_LABEL.test(words)) return false;
  return DAY_BALANCE_LABEL.test(words.trim());
}

/**
 * The balance a day group ends with: a line of a balance label and one amount ("End of day balance $1,060.00"),
 * the day's balance rather than a transaction. Null for any other line.
 */
export function dayBalance(line: Line): number | null {
  const amounts = line.cells.filter((cell) => cell.money);
  const words = line.cells.filter((cell) => !cell.money);
  const [amount] = amounts;
  if (!amount?.money || amounts.length !== 1 || words.length !== 1 || line.text.length > 80) return null;
  return DAY_BALANCE_LABEL.test(words[0]?.text.trim() ?? '') ? signedCents(amount.money) : null;
}

/** A line with words and an amount but no date at its start: a row under a day heading. */
export function undatedRow(line: Line): boolean {
  // An entry's labelled amounts under its dated line ("Amount -$45.00  Balance $1.00") are that entry's.
  if (!line.cells.some((cell) => cell.money) || labelledAmounts(line)) return false;
  const first = line.cells[0];
  if (!first || first.money || !/[A-Za-z]/.test(first.text) || parseRowDate(first.text)) return false;
  return !OPENING_LABEL.test(line.text) && !CLOSING_LABEL.test(line.text) && dayBalance(line) === null;
}

/** The date a listing's last dated row printed, where its description starts and where its amount columns end. */
export type CarriedDate = { date: RowDate; textX0: number; edges: Set<number> };

/**
 * A row printed without a date below a dated row (statements that print each day's date on its first row only): its
 * description starts where the dated rows' descriptions start and each amount ends where an amount column of the
 * dated rows ends or stands under a column heading.
 */
export function carriedRow(line: Line, carried: CarriedDate, heading: Heading | null): boolean {
  const first = line.cells[0];
  const tolerance = Math.max(3, Math.round(line.fontSize * 0.5));
  if (!first || Math.abs(first.x0 - carried.textX0) > tolerance || !undatedRow(line)) return false;
  const headed = (cell: Cell) =>
    heading?.cells.some((item) => item.x0 <= cell.x1 + tolerance && cell.x0 <= item.x1 + tolerance) ?? false;
  return line.cells.every((cell) => !cell.money || endsAtEdge(carried.edges, cell.x1, tolerance) || headed(cell));
}

/** An amount ending at `x` ends at one of a listing's column edges (whole points), within `tolerance` points. */
function endsAtEdge(edges: ReadonlySet<number>, x: number, tolerance: number): boolean {
  const edge = Math.round(x);
  for (let near = edge - tolerance; near <= edge + tolerance; near += 1) if (edges.has(near)) return true;
  return false;
}

/**
 * A row of a day's listing printed as one piece of text up against its amount ("ACH DEBIT ... -$100.00"), perhaps
 * with the running balance beside it: the line with the amount split off, or null. Only a line of one description
 * cell then amounts qualifies, its words naming no date (a check image's caption prints the check's date). When the
 * line prints amounts of its own, the split amount must end at the right edge of an amount column the listing's
 * other rows print (`amountEdges`) that this line leaves empty.
 */
export function joinedRow(line: Line, amountEdges: ReadonlySet<number>): Line | null {
  const [first, ...rest] = line.cells;
  if (!first || rest.some((cell) => !cell.money)) return null;
  const split = splitTrailingAmount(first);
  if (!split || findDateMentions(split.words.text).length > 0) return null;
  const tolerance = Math.max(2, Math.round(line.fontSize * 0.3));
  const at = (x: number) => Math.abs(x - split.amount.x1) <= tolerance;
  const listed = endsAtEdge(amountEdges, split.amount.x1, tolerance);
  if (rest.length > 0 && (!listed || rest.some((cell) => at(cell.x1)))) return null;
  const joined: Line = { ...line, cells: [split.words, split.amount, ...rest] };
  return undatedRow(joined) ? joined : null;
}

export type DayListing = {
  /**
   * Day headings by line index: the heading's date when its first row follows (the next line, or the first line
   * with an amount on the next page when the heading ends its page), null for a date-only line that heads nothing
   * (a daily balance list), which ends the day before it.
   */
  headings: Map<number, RowDate | null>;
  /** Right edges (whole points) of the amounts and balances the rows under the headings print: its amount columns. */
  amountEdges: Set<number>;
};

export function dayListing(lines: Line[]): DayListing {
  const headings = new Map<number, RowDate | null>();
  const amountEdges = new Set<number>();
  const pageNumbers = pageNumberLines(lines);
  lines.forEach((line, index) => {
    const date = pageNumbers.has(index) ? null : dateOnly(line);
    if (!date) return;
    const following = lines[index + 1];
    // A first row printed as one piece of text heads the day only right below its heading.
    if (following?.page === line.page && joinedRow(following, new Set())) {
      headings.set(index, date);
      return;
    }
    const next = lines.slice(index + 1, index + 12).find((item) => item.cells.some((cell) => cell.money));
    const adjacent = next === following || (next !== undefined && next.page !== line.page);
    const heads = next !== undefined && adjacent && undatedRow(next);
    headings.set(index, heads ? date : null);
    if (!heads) return;
    // The day's rows (and their wrapped lines) up to the next date-only line show where the amount columns end.
    for (const item of lines.slice(index + 1, index + 40)) {
      if (dateOnly(item)) break;
      if (!undatedRow(item)) continue;
      for (const cell of item.cells) if (cell.money) amountEdges.add(Math.round(cell.x1));
    }
  });
  return { headings, amountEdges };
}

// A page's number alone on a line: "1/5", "1 of 5", "Page 1", "Page 1 of 5", "Pg. 1/5", "- 1 -" (the number, and the
// number of pages where printed).
const PAGE_NUMBER =
  /^(?:(?:page|pg\.?|p\.)\s*(\d{1,3})(?:\s*(?:of|\/)\s*(\d{1,3}))?|(\d{1,3})\s*(?:of|\/)\s*(\d{1,3})|[-\u2013\u2014]\s*(\d{1,3})\s*[-\u2013\u2014])$/i;

/**
 * Lines that print a page's number alone (which may read like a date, a day or a description's wrapped line): first
 * or last on the page, where another page prints its number the same way and the numbers run with the pages, or where
 * it is the page's own number (and, "1/5", the number of the file's pages).
 */
export function pageNumberLines(lines: Line[]): Set<number> {
  const pages = lines.reduce((most, line) => Math.max(most, line.page), 0);
  const candidates: Array<{ index: number; page: number; form: string; shift: number; own: boolean }> = [];
  lines.forEach((line, index) => {
    const edge = lines[index - 1]?.page !== line.page || lines[index + 1]?.page !== line.page;
    const text = line.text.trim();
    const match = edge && line.cells.length === 1 && text.length <= 16 ? PAGE_NUMBER.exec(text) : null;
    if (!match) return;
    const number = Number(match[1] ?? match[3] ?? match[5]);
    const of = match[2] ?? match[4];
    if (of !== undefined && number > Number(of)) return;
    // "n/m" alone reads like a date: only the page's own number of the file's pages, or a run of them.
    const slash = match[3] !== undefined && text.includes('/');
    candidates.push({
      index,
      page: line.page,
      form: `${text.replace(/\d+/g, '#')}|${of ?? ''}`,
      shift: number - line.page,
      own: number === line.page && (!slash || Number(of) === pages),
    });
  });
  const found = new Set<number>();
  for (const item of candidates)
    if (
      item.own ||
      candidates.some((other) => other.page !== item.page && other.form === item.form && other.shift === item.shift)
    )
      found.add(item.index);
  return found;
}
