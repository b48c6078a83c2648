// Activity grouped under day headings: a line with only a date ("Aug 3, 2026", "Monday, August 3"), perhaps with
// that day's balance, then rows of description and amounts that print no date of their own.
import { parseRowDate, type RowDate } from './dates';
import type { Line } from './text-layout';
import { signedCents } from './statement-rows';
import { CLOSING_LABEL, OPENING_LABEL } from './statement-words';

const WEEKDAY = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|urday|rsday)?\b\.?,?\s*/i;

/** The date of a line that prints only a date (after a weekday) and at most one amount, or null. */
function dateOnly(line: Line): RowDate | null {
  let cells = line.cells;
  if (cells.length > 0 && cells[0] && WEEKDAY.test(cells[0].text) && cells[0].text.replace(WEEKDAY, '') === '')
    cells = cells.slice(1);
  const [first, ...rest] = cells;
  if (!first || first.money || first.text.length > 40 || rest.length > 1 || rest.some((cell) => !cell.money))
    return null;
  return parseRowDate(first.text.replace(WEEKDAY, ''));
}

/** A short label ending in "balance" ("End of day balance", "Daily balance", "Ending balance:"). */
const DAY_BALANCE_LABEL = /^(?:[A-Za-z'-]+ ){0,4}balance\s*:?$/i;

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
  if (!line.cells.some((cell) => cell.money)) return false;
  const first = line.cells[0];
  if (!first || first.money || !/[A-Za-z]/.test(first.text) || parseRowDate(first.text)) return false;
  return !OPENING_LABEL.test(line.text) && !CLOSING_LABEL.test(line.text) && dayBalance(line) === null;
}

/**
 * Day headings by line index: the heading's date when its first row follows (the next line, or the first line with
 * an amount on the next page when the heading ends its page), null for a date-only line that heads nothing (a daily
 * balance list), which ends the day before it.
 */
export function dayHeadings(lines: Line[]): Map<number, RowDate | null> {
  const found = new Map<number, RowDate | null>();
  lines.forEach((line, index) => {
    const date = dateOnly(line);
    if (!date) return;
    const next = lines.slice(index + 1, index + 12).find((item) => item.cells.some((cell) => cell.money));
    const adjacent = next === lines[index + 1] || (next !== undefined && next.page !== line.page);
    found.set(index, next && adjacent && undatedRow(next) ? date : null);
  });
  return found;
}
