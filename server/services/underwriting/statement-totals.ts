// The totals a statement prints for its period ("Total deposits and other credits", "Withdrawals/Debits (14)"): what
// the rows read must add up to, so a row read the wrong way or lost is seen (docs/product.md 4.1).
import { parseMoney } from './money';
import type { Line } from './text-layout';
import type { Direction } from './types';
import { labelOver } from './statement-lines';
import type { PrintedTotal } from './statement-rows';
import { CLOSING_LABEL, OPENING_LABEL, roleOf } from './statement-words';

// All of a period's credits or debits, never a section's share ("Total checks paid", "Other credits", "Electronic
// withdrawals"): a label is nothing but these words, in English or Spanish ("Depósitos y otros créditos", "Retiros").
const JOIN = String.raw`\s*(?:and|y|&|\/|,)\s*(?:other\s+|otros\s+)?`;
const DEPOSIT = String.raw`(?:deposits?|dep[oó]sitos?)`;
const CREDIT = String.raw`(?:credits?|cr[eé]ditos?|additions?|abonos?)`;
const WITHDRAWAL = String.raw`(?:withdrawals?|retiros?)`;
const DEBIT = String.raw`(?:debits?|d[eé]bitos?|subtractions?|cargos?)`;
const CREDIT_TOTAL = new RegExp(
  String.raw`^(?:deposits|credits|additions|money in|dep[oó]sitos|cr[eé]ditos|abonos|${DEPOSIT}${JOIN}${CREDIT}|${CREDIT}${JOIN}${DEPOSIT})$`,
  'i',
);
const DEBIT_TOTAL = new RegExp(
  String.raw`^(?:withdrawals|debits|subtractions|deductions|money out|retiros|d[eé]bitos|cargos|${WITHDRAWAL}${JOIN}${DEBIT}|${DEBIT}${JOIN}${WITHDRAWAL}|checks?${JOIN}${DEBIT})$`,
  'i',
);
// A count printed with the label: "(12)", "12", "# 12", "12 items".
const COUNT = String.raw`(?:\(\s*\d{1,4}\s*\)|#?\s*\d{1,4}(?:\s+items?)?)`;
const LABEL = new RegExp(
  String.raw`^(?:(${COUNT})\s+)?(?:[+-]\s*)?(?:(?:total de los|total de|totals?)\s+)?(.+?)(?:\s*:)?(?:\s+(${COUNT}))?(?:\s*:)?$`,
  'i',
);
// The checks a period paid, as a summary prints them ("Checks Paid (7)", "Total checks paid", "7 Checks Cleared").
// A check's own number ("Check 1043", a caption) is no count: counts print beside the plural or "paid".
const CHECK_COUNT = String.raw`(?:\(\s*\d{1,3}\s*\)|#?\s*\d{1,3}(?:\s+items?)?)`;
const CHECKS_LABEL = new RegExp(
  String.raw`^(?:(${CHECK_COUNT})\s+)?(?:total\s+)?(?:checks(?:\s+(?:paid|cleared))?|check\s+(?:paid|cleared))(?:\s*:)?(?:\s+(${CHECK_COUNT}))?(?:\s*:)?$`,
  'i',
);
// A count of checks printed on its own, beside a section's title ("No. Checks: 7", "Number of checks: 7").
const CHECKS_COUNT = /^(?:no\.?|number\s+of|#)\s*checks?\s*:?\s*(\d{1,4})$/i;
// A count's own label over or beside it: "# Credits", "Number of deposits", "Deposits count", "No. of debits".
const COUNT_LABEL =
  /^(?:(?:#|no\.?(?:\s+of)?|number\s+of|count\s+of|n[uú]mero\s+de|cantidad\s+de)\s*(.+)|(.+?)\s+(?:count|#))$/i;
// A cell of a count alone: "12", "(12)".
const COUNT_CELL = /^\(?\s*\d{1,4}\s*\)?$/;

/** A total's label read: the direction it names and the count of items printed with it ("(12)"), if any. */
export type TotalLabel = { direction: Direction; count: number | null };

const countOf = (text: string | undefined): number | null => (text ? Number(text.replace(/\D/g, '')) : null);

/** One language's label (a half of a bilingual one): "Total deposits", "+ Credits (5)", "14 Withdrawals/Debits". */
function oneLabel(text: string): TotalLabel | null {
  const match = LABEL.exec(text.trim());
  const words = match?.[2]?.replace(/\s+/g, ' ');
  if (!match || !words) return null;
  const direction = CREDIT_TOTAL.test(words) ? 'credit' : DEBIT_TOTAL.test(words) ? 'debit' : null;
  return direction ? { direction, count: countOf(match[1] ?? match[3]) } : null;
}

/**
 * The direction a label names and its count, or null: "Total deposits", "+ Credits (5)", "14 Withdrawals/Debits", and
 * a label printed in two languages, each half naming the same direction ("Depósitos / Deposits").
 */
export function readTotalLabel(text: string): TotalLabel | null {
  if (text.length > 70) return null;
  const whole = oneLabel(text);
  if (whole) return whole;
  if (!text.includes('/') && !text.includes('|')) return null;
  const halves = text.split(/\s+[/|]\s+/);
  if (halves.length < 2) return null;
  const read = halves.map(oneLabel);
  const [first] = read;
  if (!first || read.some((half) => half?.direction !== first.direction)) return null;
  const counts = new Set(read.map((half) => half?.count).filter((count) => count !== null && count !== undefined));
  return { direction: first.direction, count: counts.size === 1 ? ([...counts][0] ?? null) : null };
}

/** The direction a label names, or null: "Total deposits", "+ Credits (5)", "14 Withdrawals/Debits". */
export function totalLabel(text: string): Direction | null {
  return readTotalLabel(text)?.direction ?? null;
}

/** The direction whose count of items a label names ("# Credits", "Number of deposits"), or null. */
function countLabel(text: string): Direction | null {
  const match = COUNT_LABEL.exec(text.trim());
  const words = match?.[1] ?? match?.[2];
  return words ? totalLabel(words) : null;
}

/**
 * The amounts a line prints after labels of money in or out: a label and the amount after it, in its cell or the
 * next ones (a count may stand between them, or before the label), or, under a summary printed across the page, each
 * amount under its label on the line above (and each count under its own label). A period total of a direction is kept
 * as such, with the count of items printed beside it; any other such label ("Service Charge", "Checks Paid", "Total
 * electronic withdrawals") is a share of its direction, so no total of that direction is the whole of it.
 */
export function detectTotals(line: Line, above: Line | undefined): { totals: PrintedTotal[]; shares: Direction[] } {
  const found = { totals: [] as PrintedTotal[], shares: [] as Direction[] };
  if (line.cells.length > 16) return found;
  const take = (label: string, cents: number, count: number | null) => {
    const read = readTotalLabel(label);
    if (read) found.totals.push({ direction: read.direction, cents, count: read.count ?? count });
    const checks = read || !/check/i.test(label) ? null : CHECKS_LABEL.exec(label.trim());
    if (checks)
      found.totals.push({ direction: 'debit', cents, count: countOf(checks[1] ?? checks[2]) ?? count, of: 'checks' });
    const role = read || label.length > 50 || BALANCE_LABEL.test(label) ? null : roleOf(label);
    if (role === 'credit' || role === 'debit') found.shares.push(role);
  };
  line.cells.forEach((cell, index) => {
    if (cell.money || !/[A-Za-z]{3}/.test(cell.text)) return;
    // A count printed in a cell of its own before the label, first on the line ("12 | Deposits | 45,210.33").
    const before = index === 1 && COUNT_CELL.test(line.cells[0]?.text ?? '') ? countOf(line.cells[0]?.text) : null;
    const inline = splitAmount(cell.text);
    if (inline) return take(inline.words, inline.cents, before);
    // The amount in the next cell, or the one after a count printed in a cell of its own.
    const [next, after] = line.cells.slice(index + 1);
    const counted = after?.money && COUNT_CELL.test(next?.text ?? '');
    const amount = next?.money ? next : counted ? after : null;
    if (amount?.money) take(cell.text, amount.money.cents, counted ? countOf(next?.text) : before);
  });
  // A section's title with the number of its checks and no amount ("Checks Paid (7)", "Checks Paid | No. Checks: 7").
  if (found.totals.length === 0 && found.shares.length === 0 && !line.cells.some((cell) => cell.money)) {
    if (!/check/i.test(line.text)) return found;
    const [title] = line.cells;
    const titled = title ? CHECKS_LABEL.exec(title.text.trim()) : null;
    const count = line.cells.map((cell) => CHECKS_COUNT.exec(cell.text.trim())?.[1]).find(Boolean);
    const printed = countOf(titled?.[1] ?? titled?.[2] ?? count);
    if (printed !== null && (titled || count))
      found.totals.push({ direction: 'debit', cents: null, count: printed, of: 'checks' });
    return found;
  }
  if (found.totals.length > 0 || found.shares.length > 0 || !above) return found;
  if (line.cells.some((cell) => !cell.money && !COUNT_CELL.test(cell.text)) || !line.cells.some((cell) => cell.money))
    return found;
  const words = above.page === line.page ? above.cells.filter((cell) => !cell.money) : [];
  const counts: Array<{ direction: Direction; count: number }> = [];
  for (const cell of line.cells) {
    const over = labelOver(words, cell);
    if (!over) continue;
    if (cell.money) take(over.text, cell.money.cents, null);
    const direction = cell.money ? null : countLabel(over.text);
    const count = countOf(cell.text);
    if (direction && count !== null) counts.push({ direction, count });
  }
  // Counts under labels of their own ("# Credits") go with the total of their direction on the same line.
  for (const item of counts) {
    const total = found.totals.find((entry) => entry.direction === item.direction && !entry.of);
    if (total) total.count ??= item.count;
  }
  return found;
}

const BALANCE_LABEL = new RegExp(`${OPENING_LABEL.source}|${CLOSING_LABEL.source}|\\bbalance\\b`, 'i');

/** A label run into its amount in one piece of text ("Total deposits 5,000.00"): the words and the amount. */
function splitAmount(text: string): { words: string; cents: number } | null {
  const space = text.trimEnd().lastIndexOf(' ');
  if (space <= 0) return null;
  const money = parseMoney(text.slice(space + 1));
  return money ? { words: text.slice(0, space).trim(), cents: money.cents } : null;
}

/** A period's total of one direction as printed: its amount, and the count of its items where one is printed. */
export type PeriodTotal = { cents: number; count: number | null };

/**
 * The one total printed for each direction (the same amount printed twice, in a summary and at a section's foot, is
 * one; two different ones are no period's total and say nothing), unless shares of that direction are printed too;
 * with the one count printed beside it (two different counts say nothing of the count).
 */
export function periodTotals(printed: PrintedTotal[], shares: Direction[]): Partial<Record<Direction, PeriodTotal>> {
  const result: Partial<Record<Direction, PeriodTotal>> = {};
  for (const direction of ['credit', 'debit'] as const) {
    if (shares.includes(direction)) continue;
    const own = printed.filter((total) => total.direction === direction && !total.of);
    const amounts = new Set(own.map((total) => total.cents));
    const counts = new Set(own.flatMap((total) => (total.count === null ? [] : [total.count])));
    const [cents] = amounts;
    const [count] = counts;
    if (amounts.size === 1 && cents !== undefined && cents !== null)
      result[direction] = { cents, count: counts.size === 1 && count !== undefined ? count : null };
  }
  return result;
}

/**
 * The checks paid in the period as printed: their one amount and their one count, each null where not printed (or
 * printed as two different figures, which say nothing); null when neither is.
 */
export function checksTotal(printed: PrintedTotal[]): { cents: number | null; count: number | null } | null {
  const own = printed.filter((total) => total.of === 'checks');
  const amounts = new Set(own.flatMap((total) => (total.cents === null ? [] : [total.cents])));
  const counts = new Set(own.flatMap((total) => (total.count === null ? [] : [total.count])));
  const [cents] = amounts;
  const [count] = counts;
  const result = {
    cents: amounts.size === 1 && cents !== undefined ? cents : null,
    count: counts.size === 1 && count !== undefined ? count : null,
  };
  return result.cents === null && result.count === null ? null : result;
}
