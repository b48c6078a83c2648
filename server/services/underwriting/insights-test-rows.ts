// Synthetic statement rows for the insights tests: a row is [date, description, signed dollars], a segment gets
// running balances from its opening balance, and business days skip weekends and the given holidays.
import { computeInsights } from './insights';
import type { ParsedSegment, ParsedStatement, ParsedTransaction, StatementAccount } from './types';

export type Row = [date: string, description: string, dollars: number];

type SegmentOptions = { account?: StatementAccount; opening?: number; start?: string; end?: string };

export function segment(rows: Row[], options: SegmentOptions = {}): ParsedSegment {
  let balance = (options.opening ?? 10_000) * 100;
  const transactions: ParsedTransaction[] = [...rows]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([date, description, dollars]) => {
      const amountCents = Math.round(Math.abs(dollars) * 100);
      balance += dollars < 0 ? -amountCents : amountCents;
      return {
        date,
        description,
        amountCents,
        direction: dollars < 0 ? 'debit' : 'credit',
        balanceCents: balance,
        page: 1,
      };
    });
  return {
    periodStart: options.start ?? '2026-03-01',
    periodEnd: options.end ?? '2026-03-31',
    openingBalanceCents: (options.opening ?? 10_000) * 100,
    closingBalanceCents: balance,
    transactions,
    balanceCheck: {
      status: 'reconciled',
      expectedClosingCents: balance,
      differenceCents: 0,
      runningBalanceBreaks: 0,
      note: null,
    },
    ...(options.account ? { account: options.account } : {}),
  };
}

/** The account holder's names the reader found in a statement's header, and the business's name from the form. */
export type Holder = { holderNames?: string[]; businessName?: string; ownerName?: string };

export function insightsWith(holder: Holder, ...segments: ParsedSegment[]) {
  const statement: ParsedStatement = {
    pageCount: 1,
    layout: 'signed-amount',
    segments,
    warnings: [],
    holderNames: holder.holderNames ?? [],
  };
  const insights = computeInsights([{ documentId: 'doc-1', statement }], {
    businessName: holder.businessName,
    ownerName: holder.ownerName,
  });
  if (!insights) throw new Error('no insights');
  return insights;
}

export const insightsOf = (...segments: ParsedSegment[]) => insightsWith({}, ...segments);

/** Weekdays from `from` to `to` (inclusive, YYYY-MM-DD) less the holidays. */
export function businessDaysBetween(from: string, to: string, holidays: string[] = []): string[] {
  const days: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += 86_400_000) {
    const date = new Date(time);
    const iso = date.toISOString().slice(0, 10);
    if (![0, 6].includes(date.getUTCDay()) && !holidays.includes(iso)) days.push(iso);
  }
  return days;
}

/** Business days of March 2026 between two days of the month. */
export const businessDays = (from: number, to: number) =>
  businessDaysBetween(`2026-03-${String(from).padStart(2, '0')}`, `2026-03-${String(to).padStart(2, '0')}`);

/** The same weekday every week from `from` to `to`. */
export function weekly(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += 7 * 86_400_000)
    days.push(new Date(time).toISOString().slice(0, 10));
  return days;
}

/** Deterministic numbers in [0, 1) (a linear congruential generator), so the "random" rows repeat. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}
