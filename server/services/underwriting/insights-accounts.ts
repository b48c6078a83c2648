// Which account the balance facts come from when a file holds several (the operating one, never checking and
// savings summed), and which credits are a savings account's own money (docs/product.md, sections 4.2 and 4.3).
import { classifyCredit, classifyDebit, entryText } from './classify';
import { toDayNumber } from './dates';
import type { Segment } from './insights-types';
import type { ParsedSegment, ParsedTransaction } from './types';

/**
 * Credits of a savings account shown beside the business's operating account (docs/product.md, section 4): money
 * swept or moved between the customer's own accounts and the interest on it, never sales. A savings account shown
 * alone keeps its credits as they read.
 */
export function savingsCredits(segments: ParsedSegment[]): ReadonlySet<ParsedTransaction> {
  if (!segments.some((segment) => segment.account?.kind !== 'savings')) return new Set();
  return new Set(
    segments
      .filter((segment) => segment.account?.kind === 'savings')
      .flatMap((segment) => segment.transactions.filter((transaction) => transaction.direction === 'credit')),
  );
}

/** How much of the business's own trade an account carries: credits that are not transfers or interest, and payments. */
function tradeRows(segments: Segment[]): number {
  return segments
    .flatMap((segment) => segment.transactions)
    .filter((transaction) =>
      transaction.direction === 'credit'
        ? classifyCredit(entryText(transaction)) !== 'own-transfer'
        : classifyDebit(entryText(transaction)) === 'other',
    ).length;
}

/** A day of the segment that another upload of the same account already covers (counted there). */
export function skippedDay(segment: Segment, day: number): boolean {
  return (segment.skipDays ?? []).some((range) => day >= toDayNumber(range.start) && day <= toDayNumber(range.end));
}

/** The days an account's periods cover, less those another upload of the same account already covers. */
function daysOf(segments: Segment[]): Set<number> {
  const days = new Set<number>();
  for (const segment of segments)
    for (let day = toDayNumber(segment.periodStart); day <= toDayNumber(segment.periodEnd); day += 1)
      if (!skippedDay(segment, day)) days.add(day);
  return days;
}

/**
 * The operating account's periods: the balance facts (average daily balance, negative days) are the operating
 * account's, never checking and savings summed (docs/product.md, section 4.3). A savings account shown beside another
 * account is not operating. When several accounts cover the same days and none says it is savings, the operating one
 * is the account that carries the revenue deposits and the business's payments; an account covering other days (a
 * later statement of a new account) still counts.
 */
export function operatingSegments(segments: Segment[]): ReadonlySet<Segment> {
  const notSavings = segments.filter((segment) => segment.account?.kind !== 'savings');
  const candidates = notSavings.length > 0 ? notSavings : segments;
  const accounts = new Map<string, Segment[]>();
  for (const segment of candidates) {
    const key = segment.account?.last4 ?? '';
    accounts.set(key, [...(accounts.get(key) ?? []), segment]);
  }
  const ranked = [...accounts.values()].sort((a, b) => tradeRows(b) - tradeRows(a));
  const operating: Segment[] = [];
  const taken = new Set<number>();
  for (const account of ranked) {
    const days = daysOf(account);
    if (operating.length > 0 && [...days].some((day) => taken.has(day))) continue;
    operating.push(...account);
    for (const day of days) taken.add(day);
  }
  return new Set(operating);
}

export function accountInWords(operating: ReadonlySet<Segment>): string {
  const account = [...operating][0]?.account;
  const kind = account?.kind ?? 'operating';
  return account?.last4 ? `${kind} account ending ${account.last4}` : `${kind} account`;
}
