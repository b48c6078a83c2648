// Financing positions (a funder debited daily or weekly at one amount) and the account health score with its
// deductions.
import { counterpartyOf, entryText, looksLikeFunder, mayBeRepayment, namesAPayee, namesFunder } from './classify';
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
/** A level may hold a few odd debits (a catch-up, a partial): this share of them must keep to it. */
const LEVEL_MIN_SHARE = 0.8;
/** ...and the typical debit keeps within this share of the median (invoices and card fees wander much further). */
const LEVEL_TYPICAL_SHARE = 0.08;
/** A change of payment is a step this large (a share of the old payment)... */
const LEVEL_MIN_STEP = 0.05;
/** ...and this many times larger than the typical wander of the amounts on either side of it. */
const LEVEL_STEP_OVER_WANDER = 2;
/** The payment is the median of this many of the latest level's last debits. */
const RECENT_DEBITS = 10;
/** Places where the payment may have changed that are tried (the largest steps), so the check stays linear. */
const STEP_CANDIDATES = 6;
const STEP_WINDOW = 3;

type Debit = { day: number; amountCents: number; funder: boolean; funderLike: boolean };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : Math.round(((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2);
}

/** How far amounts typically stray from their median (the median absolute deviation). */
function wander(amounts: number[], typical: number): number {
  return median(amounts.map((amount) => Math.abs(amount - typical)));
}

/** Amounts that are one payment: most keep within 15% of their median, and the typical one keeps close to it. */
function oneLevel(amounts: number[]): boolean {
  if (amounts.length === 0) return true;
  const typical = median(amounts);
  const near = amounts.filter((amount) => Math.abs(amount - typical) <= typical * SAME_PAYMENT_SHARE).length;
  return near >= amounts.length * LEVEL_MIN_SHARE && wander(amounts, typical) <= typical * LEVEL_TYPICAL_SHARE;
}

/**
 * Where each payment level starts (0 first): the amounts split at most `changes` times into levels that are each one
 * payment, at least `minimum` debits long and clearly apart from the next (a step larger than the amounts' own
 * wander); a split is preferred to one level. Null when the amounts follow no levels. Splits are tried only at the few
 * places where the amounts around them differ most, and each stretch is searched once, so the search stays small.
 */
function levelsOf(amounts: number[], changes: number, minimum: number): number[] | null {
  const memo = new Map<string, number[] | null>();
  const stepAt = (index: number) => {
    const before = median(amounts.slice(Math.max(0, index - STEP_WINDOW), index));
    const after = median(amounts.slice(index, index + STEP_WINDOW));
    return before > 0 ? Math.abs(after - before) / before : 0;
  };
  const search = (from: number, to: number, left: number): number[] | null => {
    const key = `${from}:${to}:${left}`;
    if (memo.has(key)) return memo.get(key) ?? null;
    const stretch = amounts.slice(from, to);
    let found: number[] | null = null;
    const candidates =
      left === 0
        ? []
        : stretch
            .map((_, offset) => ({
              index: from + offset,
              step: offset >= minimum && offset <= stretch.length - Math.max(2, minimum) ? stepAt(from + offset) : 0,
            }))
            .filter((candidate) => candidate.step >= LEVEL_MIN_STEP)
            .sort((a, b) => b.step - a.step || b.index - a.index)
            .slice(0, STEP_CANDIDATES);
    for (const { index } of candidates) {
      const before = search(from, index, left - 1);
      const after = before && search(index, to, left - before.length);
      if (!before || !after) continue;
      const starts = [...before, ...after];
      if (levelsApart(starts.map((start, at) => amounts.slice(start, starts[at + 1] ?? to)))) {
        found = starts;
        break;
      }
    }
    found ??= oneLevel(stretch) ? [from] : null;
    memo.set(key, found);
    return found;
  };
  return search(0, amounts.length, changes);
}

/** Each level is clearly apart from the one before: a step of 5% or more, and twice the amounts' own wander. */
function levelsApart(levels: number[][]): boolean {
  return levels.slice(1).every((level, at) => {
    const previous = levels[at] ?? [];
    const [typicalBefore, typicalAfter] = [median(previous), median(level)];
    const step = Math.abs(typicalAfter - typicalBefore);
    const noise = Math.max(wander(previous, typicalBefore), wander(level, typicalAfter));
    return step >= typicalBefore * LEVEL_MIN_STEP && step >= noise * LEVEL_STEP_OVER_WANDER;
  });
}

/**
 * A funder's debits in date order as one position: one payment level, or levels one after another (the payment
 * changed once, or up to three times with at least three debits at each). The payment is the current one: the median
 * of the latest level's last debits. Debits whose amounts follow no level (a supplier's invoices, card fees that
 * follow sales) are no position, unless the payee's own words name a funder and it collects every business day: a
 * share of each day's sales (split funding), priced at the median of its last debits.
 */
function paymentSeries(debits: Debit[], frequency: FinancingPosition['frequency'], funder: boolean): number | null {
  const amounts = debits.map((debit) => debit.amountCents);
  const starts = levelsOf(amounts, 1, 1) ?? levelsOf(amounts, 3, 3);
  if (starts) return median(amounts.slice(starts.at(-1) ?? 0).slice(-RECENT_DEBITS));
  return funder && frequency === 'daily' ? median(amounts.slice(-RECENT_DEBITS)) : null;
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
    const words = entryText(transaction);
    if (!mayBeRepayment(words)) continue;
    // A payment to the business itself (its other account) is money moved, not a funder collecting.
    if (namesHolder(transaction.description, 'debit', holders)) continue;
    const counterparty = counterpartyOf(transaction.description);
    if (!namesAPayee(counterparty)) continue;
    const debits = byPayee.get(counterparty) ?? [];
    debits.push({
      day: toDayNumber(transaction.date),
      amountCents: transaction.amountCents,
      funder: namesFunder(words),
      funderLike: looksLikeFunder(words),
    });
    byPayee.set(counterparty, debits);
  }
  const positions: FinancingPosition[] = [];
  for (const [counterparty, debits] of byPayee) {
    debits.sort((a, b) => a.day - b.day);
    for (const series of seriesOf(debits)) {
      const days = [...new Set(series.map((debit) => debit.day))];
      const frequency = frequencyOf(days);
      const amountCents = frequency
        ? paymentSeries(
            series,
            frequency,
            series.every((debit) => debit.funder),
          )
        : null;
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
        // Known by its words or its daily rhythm here; a deposit of its proceeds is seen with the credits (insights.ts).
        knownFunder: frequency === 'daily' || series.some((debit) => debit.funderLike),
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
