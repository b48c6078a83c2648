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
import type { FinancingPosition, HealthDeduction, StatementInsights } from './insights-types';

/**
 * Existing financing: the same amount debited to the same counterparty every business day or every week. That is
 * how merchant cash advances and short-term loans collect, and each one already claims part of the revenue.
 */
export function findFinancingPositions(transactions: ParsedTransaction[], lastDayNumber: number): FinancingPosition[] {
  const groups = new Map<string, { counterparty: string; amountCents: number; days: number[] }>();
  for (const transaction of transactions) {
    if (transaction.direction !== 'debit') continue;
    if (classifyDebit(transaction.description) !== 'other' || !canBeFinancing(transaction.description)) continue;
    const counterparty = counterpartyOf(transaction.description);
    if (counterparty.length < 3) continue;
    const key = `${counterparty}|${transaction.amountCents}`;
    const group = groups.get(key) ?? { counterparty, amountCents: transaction.amountCents, days: [] };
    group.days.push(toDayNumber(transaction.date));
    groups.set(key, group);
  }
  const positions: FinancingPosition[] = [];
  for (const group of groups.values()) {
    const days = [...new Set(group.days)].sort((a, b) => a - b);
    const gaps = days.slice(1).map((day, index) => day - (days[index] ?? day));
    if (gaps.length === 0) continue;
    const share = (test: (gap: number) => boolean) => gaps.filter(test).length / gaps.length;
    let frequency: FinancingPosition['frequency'] | null = null;
    // Daily debits skip weekends and bank holidays, so allow gaps up to four days.
    if (days.length >= POSITION_MIN_DAILY_OCCURRENCES && share((gap) => gap <= 4) >= 0.8) frequency = 'daily';
    else if (days.length >= POSITION_MIN_WEEKLY_OCCURRENCES && share((gap) => gap >= 5 && gap <= 9) >= 0.75)
      frequency = 'weekly';
    if (!frequency) continue;
    const first = days[0] ?? 0;
    const last = days.at(-1) ?? 0;
    const weeklyBurdenCents = frequency === 'daily' ? group.amountCents * BUSINESS_DAYS_PER_WEEK : group.amountCents;
    positions.push({
      counterparty: group.counterparty,
      amountCents: group.amountCents,
      frequency,
      occurrences: days.length,
      firstDate: fromDayNumber(first),
      lastDate: fromDayNumber(last),
      isActive: lastDayNumber - last <= POSITION_ACTIVE_WITHIN_DAYS,
      weeklyBurdenCents,
      monthlyBurdenCents: Math.round((weeklyBurdenCents * WEEKS_PER_YEAR) / 12),
    });
  }
  return positions.sort(
    (a, b) => b.weeklyBurdenCents - a.weeklyBurdenCents || a.counterparty.localeCompare(b.counterparty),
  );
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
