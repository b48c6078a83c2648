// Rows that print only their day ("03", "19") under a month heading ("MAY 2026", "April, 2026"): docs/product.md 4.1.
import { dayUnderHeading, monthIndexOf, readMonthHeading, type MonthHeading } from './dates';
import { splitTrailingAmount, type RowPart } from './statement-rows';
import type { Line } from './text-layout';

/**
 * A month heading printed on a line of its own: with its year ("MAY 2026"), or the month alone ("JANUARY") after a
 * heading that gave the year, taking the year that keeps it nearest that heading's month (December then January
 * rolls the year on; January then December, newest first, rolls it back). Null for any other line.
 */
export function monthHeadingOf(line: Line, previous: MonthHeading | null): MonthHeading | null {
  const text = line.text.trim();
  if (line.cells.length !== 1 || text.length > 20 || line.cells[0]?.money) return null;
  const dated = readMonthHeading(text);
  if (dated) return dated;
  const month = previous && /^[A-Za-z]{3,9}\.?$/.test(text) ? monthIndexOf(text) : null;
  if (!month || !previous) return null;
  const shift = month - previous.month;
  return { year: previous.year + (shift < -6 ? 1 : shift > 6 ? -1 : 0), month };
}

/**
 * The words of an account summary's count lines ("3 Deposits/Credits 4,500.00", "12 Checks Paid"), which print a
 * number first too: only such words, one of them a plural count of items (a row's "DEPOSIT" or "ATM CARD" is none).
 */
const COUNTED =
  /\b(?:deposits|credits|withdrawals|debits|checks|items|fees|charges|transactions|payments|purchases|transfers|additions|subtractions)\b/i;
const SUMMARY_WORDS =
  /^(?:(?:total|deposits?|credits?|withdrawals?|debits?|checks?|items?|fees?|charges?|other|electronic|atm|card|service|and|paid|posted|transactions?|payments?|purchases?|transfers?|additions|subtractions)\b|[\s/&,:-])+$/i;

/**
 * A row printing only its day, in a cell of its own before its words and amounts, under month heading `heading`: the
 * row's dated part, or null (a number that is no day of that month, a check number, a summary's count). Its words may
 * run into its amount in one piece of text, as any row's may.
 */
export function dayRowPart(line: Line, heading: MonthHeading): RowPart | null {
  const [first, ...rest] = line.cells;
  if (!first || first.money || !/^\d{1,2}$/.test(first.text)) return null;
  const last = rest.at(-1);
  const split = rest.some((cell) => cell.money) || !last ? null : splitTrailingAmount(last);
  if (!split && !rest.some((cell) => cell.money)) return null;
  const words = [...rest.slice(0, split ? -1 : rest.length), ...(split ? [split.words] : [])]
    .filter((cell) => !cell.money)
    .map((cell) => cell.text)
    .join(' ');
  if (!/[A-Za-z]{2}/.test(words) || (COUNTED.test(words) && SUMMARY_WORDS.test(words))) return null;
  const date = dayUnderHeading(first.text, heading);
  return date ? { date, reference: null, cells: rest } : null;
}
