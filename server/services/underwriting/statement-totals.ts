// The totals a statement prints for its period ("Total deposits and other credits", "Withdrawals/Debits (14)"): what
// the rows read must add up to, so a row read the wrong way or lost is seen (docs/product.md 4.1).
import { parseMoney } from './money';
import type { Line } from './text-layout';
import type { Direction } from './types';
import { labelOver } from './statement-lines';
import type { PrintedTotal } from './statement-rows';
import { CLOSING_LABEL, OPENING_LABEL, roleOf } from './statement-words';

// All of a period's credits or debits, never a section's share ("Total checks paid", "Other credits", "Electronic
// withdrawals"): a label is nothing but these words.
const JOIN = String.raw`\s*(?:and|&|\/|,)\s*(?:other\s+)?`;
const CREDIT_TOTAL = new RegExp(
  String.raw`^(?:deposits|credits|additions|money in|deposits?${JOIN}(?:credits?|additions?)|credits?${JOIN}deposits?)$`,
  'i',
);
const DEBIT_TOTAL = new RegExp(
  String.raw`^(?:withdrawals|debits|subtractions|deductions|money out|withdrawals?${JOIN}(?:debits?|subtractions?)|debits?${JOIN}withdrawals?|checks?${JOIN}debits?)$`,
  'i',
);
// A count printed with the label: "(12)", "12", "# 12", "12 items".
const COUNT = String.raw`(?:\(\s*\d{1,4}\s*\)|#?\s*\d{1,4}(?:\s+items?)?)`;
const LABEL = new RegExp(
  String.raw`^(?:${COUNT}\s+)?(?:[+-]\s*)?(?:totals?\s+)?(.+?)(?:\s*:)?(?:\s+${COUNT})?(?:\s*:)?$`,
  'i',
);

/** The direction a label names, or null: "Total deposits", "+ Credits (5)", "14 Withdrawals/Debits". */
export function totalLabel(text: string): Direction | null {
  if (text.length > 70) return null;
  const match = LABEL.exec(text.trim());
  const words = match?.[1]?.replace(/\s+/g, ' ');
  if (!match || !words) return null;
  return CREDIT_TOTAL.test(words) ? 'credit' : DEBIT_TOTAL.test(words) ? 'debit' : null;
}

/**
 * The amounts a line prints after labels of money in or out: a label and the amount after it, in its cell or the
 * next ones (a count may stand between them), or, under a summary printed across the page, each amount under its
 * label on the line above. A period total of a direction is kept as such; any other such label ("Service Charge",
 * "Checks Paid", "Total electronic withdrawals") is a share of its direction, so no total of that direction is the
 * whole of it.
 */
export function detectTotals(line: Line, above: Line | undefined): { totals: PrintedTotal[]; shares: Direction[] } {
  const found = { totals: [] as PrintedTotal[], shares: [] as Direction[] };
  if (line.cells.length > 16) return found;
  const take = (label: string, cents: number) => {
    const direction = totalLabel(label);
    if (direction) found.totals.push({ direction, cents });
    const role = direction || label.length > 50 || BALANCE_LABEL.test(label) ? null : roleOf(label);
    if (role === 'credit' || role === 'debit') found.shares.push(role);
  };
  line.cells.forEach((cell, index) => {
    if (cell.money || !/[A-Za-z]{3}/.test(cell.text)) return;
    const inline = splitAmount(cell.text);
    if (inline) return take(inline.words, inline.cents);
    // The amount in the next cell, or the one after a count printed in a cell of its own.
    const [next, after] = line.cells.slice(index + 1);
    const amount = next?.money ? next : after?.money && /^\(?\d{1,4}\)?$/.test(next?.text ?? '') ? after : null;
    if (amount?.money) take(cell.text, amount.money.cents);
  });
  if (found.totals.length > 0 || found.shares.length > 0 || !above || line.cells.some((cell) => !cell.money))
    return found;
  const words = above.page === line.page ? above.cells.filter((cell) => !cell.money) : [];
  for (const cell of line.cells) {
    const over = cell.money ? labelOver(words, cell) : null;
    if (over && cell.money) take(over.text, cell.money.cents);
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

/**
 * The one total printed for each direction (the same amount printed twice, in a summary and at a section's foot, is
 * one; two different ones are no period's total and say nothing), unless shares of that direction are printed too.
 */
export function periodTotals(printed: PrintedTotal[], shares: Direction[]): Partial<Record<Direction, number>> {
  const result: Partial<Record<Direction, number>> = {};
  for (const direction of ['credit', 'debit'] as const) {
    if (shares.includes(direction)) continue;
    const amounts = new Set(printed.filter((total) => total.direction === direction).map((total) => total.cents));
    const [cents] = amounts;
    if (amounts.size === 1 && cents !== undefined) result[direction] = cents;
  }
  return result;
}
