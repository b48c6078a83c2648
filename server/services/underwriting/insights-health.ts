// Financing positions (a funder debited daily or weekly at one amount) and the account health score with its
// deductions.
import { canBeFinancing, classifyDebit, counterpartyOf } from './classify';
import { fromDayNumber, toDayNumber } from './dates';
import { formatCents } from './money';
import {
  BUSINESS_DAYS_PER_WEEK,
  DEPOSIT_CONCENTRATION_SHARE,
  HEALTH_CONCENTRATION,
  HEALTH_DECLINING_TREND,
  HEALTH_LOW_BALANCE,
  HEALTH_LOW_CONSISTENCY,
  HEALTH_MEDIUM_CONSISTENCY,
  HEALTH_NEGATIVE_DAYS_CAP,
  HEALTH_NSF_CAP,
  HEALTH_PER_NEGATIVE_DAY,
  HEALTH_PER_NSF_EVENT,
  HEALTH_PER_POSITION,
  HEALTH_POSITIONS_CAP,
  HEALTH_VERY_LOW_BALANCE,
  LOW_BALANCE_RATIO,
  POSITION_ACTIVE_WITHIN_DAYS,
  POSITION_MIN_DAILY_OCCURRENCES,
  POSITION_MIN_WEEKLY_OCCURRENCES,
  VERY_LOW_BALANCE_RATIO,
  WEEKS_PER_YEAR,
} from './policy';
import type { ParsedTransaction } from './types';
import { namesHolder, type HolderName } from './insights-holder';
import type { FinancingPosition, HealthDeduction, StatementInsights } from './insights-types';

/** A payment level: amounts within this share of their median are one amount that varies (fees, rounding, a %). */
const SAME_PAYMENT_SHARE = 0.15;

type Debit = { day: number; amountCents: number };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : Math.round(((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2);
}

function oneLevel(debits: Debit[]): boolean {
  if (debits.length === 0) return true;
  const typical = median(debits.map((debit) => debit.amountCents));
  return debits.every((debit) => Math.abs(debit.amountCents - typical) <= typical * SAME_PAYMENT_SHARE);
}

/**
 * A funder's debits in date order as one position: one payment level, or one level and then another (the payment
 * changed once). The payment is the recent typical amount (the median of the last five debits of the latest level).
 * Debits whose amounts follow no level (a supplier's invoices) are no position.
 */
function paymentSeries(debits: Debit[]): number | null {
  // Where the level may change: the first debits that jump from the one before (a few, so the check stays linear).
  const jumps = debits
    .map((debit, index) => index)
    .filter((index) => {
      const previous = debits[index - 1]?.amountCents;
      const amount = debits[index]?.amountCents ?? 0;
      return previous !== undefined && Math.abs(amount - previous) > previous * SAME_PAYMENT_SHARE;
    })
    .slice(0, 3);
  for (const split of [0, ...jumps]) {
    const before = debits.slice(0, split);
    const after = debits.slice(split);
    if (oneLevel(before) && oneLevel(after)) return median(after.slice(-5).map((debit) => debit.amountCents));
  }
  return null;
}

/** How often the days repeat: daily (business days, gaps up to four days), weekly, or neither. */
function frequencyOf(days: number[]): FinancingPosition['frequency'] | null {
  const gaps = days.slice(1).map((day, index) => day - (days[index] ?? day));
  if (gaps.length === 0) return null;
  const share = (test: (gap: number) => boolean) => gaps.filter(test).length / gaps.length;
  if (days.length >= POSITION_MIN_DAILY_OCCURRENCES && share((gap) => gap <= 4) >= 0.8) return 'daily';
  if (days.length >= POSITION_MIN_WEEKLY_OCCURRENCES && share((gap) => gap >= 5 && gap <= 9) >= 0.75) return 'weekly';
  return null;
}

/**
 * Existing financing: one counterparty debited every business day or every week at one payment (which may vary a
 * little or change once). That is how merchant cash advances and short-term loans collect, and each one already
 * claims part of the revenue. Two advances from one funder collected side by side at two amounts are two positions.
 */
export function findFinancingPositions(
  transactions: ParsedTransaction[],
  lastDayNumber: number,
  holders: HolderName[] = [],
): FinancingPosition[] {
  const byPayee = new Map<string, Debit[]>();
  for (const transaction of transactions) {
    if (transaction.direction !== 'debit') continue;
    if (classifyDebit(transaction.description) !== 'other' || !canBeFinancing(transaction.description)) continue;
    // A payment to the business itself (its other account) is money moved, not a funder collecting.
    if (namesHolder(transaction.description, 'debit', holders)) continue;
    const counterparty = counterpartyOf(transaction.description);
    if (counterparty.length < 3) continue;
    const debits = byPayee.get(counterparty) ?? [];
    debits.push({ day: toDayNumber(transaction.date), amountCents: transaction.amountCents });
    byPayee.set(counterparty, debits);
  }
  const positions: FinancingPosition[] = [];
  for (const [counterparty, debits] of byPayee) {
    debits.sort((a, b) => a.day - b.day);
    for (const series of seriesOf(debits)) {
      const days = [...new Set(series.map((debit) => debit.day))];
      const frequency = frequencyOf(days);
      const amountCents = paymentSeries(series);
      if (!frequency || amountCents === null) continue;
      const last = days.at(-1) ?? 0;
      const weeklyBurdenCents = frequency === 'daily' ? amountCents * BUSINESS_DAYS_PER_WEEK : amountCents;
      positions.push({
        counterparty,
        amountCents,
        frequency,
        occurrences: days.length,
        firstDate: fromDayNumber(days[0] ?? 0),
        lastDate: fromDayNumber(last),
        isActive: lastDayNumber - last <= POSITION_ACTIVE_WITHIN_DAYS,
        weeklyBurdenCents,
        monthlyBurdenCents: Math.round((weeklyBurdenCents * WEEKS_PER_YEAR) / 12),
      });
    }
  }
  return positions.sort(
    (a, b) => b.weeklyBurdenCents - a.weeklyBurdenCents || a.counterparty.localeCompare(b.counterparty),
  );
}

/**
 * One payee's debits as payment series: all of them together, unless they hold two or more exact amounts each
 * collected regularly over the same days at clearly different payments (two advances side by side), which are then
 * a series each.
 */
function seriesOf(debits: Debit[]): Debit[][] {
  const byAmount = new Map<number, Debit[]>();
  for (const debit of debits) byAmount.set(debit.amountCents, [...(byAmount.get(debit.amountCents) ?? []), debit]);
  const regular = [...byAmount.values()].filter((same) => frequencyOf([...new Set(same.map((d) => d.day))]) !== null);
  const apart = (one: Debit[], other: Debit[]) => {
    const [a, b] = [one[0]?.amountCents ?? 0, other[0]?.amountCents ?? 0];
    return Math.abs(a - b) > Math.min(a, b) * SAME_PAYMENT_SHARE;
  };
  const overlapping = regular.some((one, index) =>
    regular.some(
      (other, otherIndex) =>
        otherIndex !== index &&
        apart(one, other) &&
        (one[0]?.day ?? 0) <= (other.at(-1)?.day ?? 0) &&
        (other[0]?.day ?? 0) <= (one.at(-1)?.day ?? 0),
    ),
  );
  return overlapping ? regular : [debits];
}

export function scoreHealth(insights: StatementInsights): { score: number; deductions: HealthDeduction[] } {
  const deductions: HealthDeduction[] = [];
  const deduct = (points: number, reason: string) => {
    if (points > 0) deductions.push({ reason, points });
  };
  deduct(
    Math.min(HEALTH_NSF_CAP, Math.round(insights.nsfPerMonth * HEALTH_PER_NSF_EVENT)),
    `${insights.nsfEvents} NSF/overdraft event(s), ${insights.nsfPerMonth} a month`,
  );
  deduct(
    Math.min(HEALTH_NEGATIVE_DAYS_CAP, Math.round(insights.negativeDaysPerMonth * HEALTH_PER_NEGATIVE_DAY)),
    `${insights.negativeBalanceDays} negative-balance day(s), ${insights.negativeDaysPerMonth} a month`,
  );
  if (insights.averageDailyBalanceCents !== null && insights.averageMonthlyTrueRevenueCents > 0) {
    const ratio = insights.averageDailyBalanceCents / insights.averageMonthlyTrueRevenueCents;
    const adb = formatCents(insights.averageDailyBalanceCents);
    if (ratio < VERY_LOW_BALANCE_RATIO)
      deduct(HEALTH_VERY_LOW_BALANCE, `average daily balance ${adb} is under 5% of monthly revenue`);
    else if (ratio < LOW_BALANCE_RATIO)
      deduct(HEALTH_LOW_BALANCE, `average daily balance ${adb} is under 10% of monthly revenue`);
  }
  if (insights.consistency === 'Medium') deduct(HEALTH_MEDIUM_CONSISTENCY, 'monthly revenue varies moderately');
  if (insights.consistency === 'Low') deduct(HEALTH_LOW_CONSISTENCY, 'monthly revenue is erratic');
  if (insights.trend === 'Declining')
    deduct(HEALTH_DECLINING_TREND, `revenue is declining (${insights.trendPctPerMonth}% a month)`);
  if (insights.maxDepositSharePct > DEPOSIT_CONCENTRATION_SHARE * 100) {
    deduct(HEALTH_CONCENTRATION, `one deposit made up ${insights.maxDepositSharePct}% of a month's revenue`);
  }
  const active = insights.financingPositions.filter((position) => position.isActive).length;
  deduct(Math.min(HEALTH_POSITIONS_CAP, active * HEALTH_PER_POSITION), `${active} active financing position(s)`);
  const score = Math.max(0, Math.min(100, 100 - deductions.reduce((sum, deduction) => sum + deduction.points, 0)));
  return { score, deductions };
}
