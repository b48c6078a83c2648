// Monthly figures and account health from parsed statements. Pure and deterministic.
import { classifyDebit, entryText, isReturnedDeposit } from './classify';
import { creditClassifier, holderNames } from './insights-credits';
import { holderNamesOf } from './insights-holder';
import type { CreditCategory } from './classify';
import { daysInMonth, fromDayNumber, monthKeyOf, monthRange, toDayNumber } from './dates';
import { formatCents } from './money';
import {
  CONSISTENCY_HIGH_MAX_CV,
  CONSISTENCY_MEDIUM_MAX_CV,
  DAYS_PER_MONTH,
  FULL_MONTH_COVERAGE,
  TREND_MONTH_MIN_COVERAGE,
  TREND_THRESHOLD,
} from './policy';
import type { ParsedSegment, ParsedTransaction } from './types';
import type {
  CashFlowTrend,
  ConsistencyRating,
  MonthInsight,
  RevenueAverage,
  RevenueAverageMethod,
  StatementForInsights,
  StatementInsights,
} from './insights-types';
import { dayRanges, dedupeSegments } from './insights-coverage';
import { accountInWords, operatingSegments, savingsCredits, skippedDay } from './insights-accounts';
import { findFinancingPositions, scoreHealth } from './insights-health';
export type {
  MonthInsight,
  FinancingPosition,
  CashFlowTrend,
  ConsistencyRating,
  HealthDeduction,
  DuplicateSegment,
  OverlapSegment,
  RevenueAverageMethod,
  RevenueAverage,
  DayRange,
  StatementInsights,
  StatementForInsights,
} from './insights-types';
export { findFinancingPositions } from './insights-health';

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The rule: whole months give their mean; a partial month weighs the share of its days covered. */
export function averageRevenue(months: MonthInsight[]): { averageCents: number; average: RevenueAverage } {
  const shown = months.filter((month) => month.coveredDays > 0);
  const wholeMonths = shown.filter((month) => month.coveredDays === month.daysInMonth).map((month) => month.month);
  const partialMonths = shown
    .filter((month) => month.coveredDays < month.daysInMonth)
    .map(({ month, coveredDays, daysInMonth }) => ({ month, coveredDays, daysInMonth }));
  const total = shown.reduce((sum, month) => sum + month.trueRevenueCents, 0);
  const weight = shown.reduce((sum, month) => sum + month.coveredDays / month.daysInMonth, 0);
  const method: RevenueAverageMethod = partialMonths.length === 0 ? 'calendar-months' : 'days-scaled';
  const averageCents = weight > 0 ? Math.round(total / weight) : 0;
  const monthsEquivalent = Math.round(weight * 100) / 100;
  const description =
    method === 'calendar-months'
      ? `Mean of ${wholeMonths.length} whole calendar month${wholeMonths.length === 1 ? '' : 's'} (${wholeMonths.join(', ')}).`
      : `True revenue ${formatCents(total)} over ${monthsEquivalent} months' worth of days: ` +
        [
          ...(wholeMonths.length > 0 ? [`${wholeMonths.join(', ')} whole`] : []),
          ...partialMonths.map((month) => `${month.month} ${month.coveredDays} of ${month.daysInMonth} days`),
        ].join('; ') +
        '.';
  return { averageCents, average: { method, monthsEquivalent, wholeMonths, partialMonths, description } };
}

function signed(transaction: ParsedTransaction): number {
  return transaction.direction === 'credit' ? transaction.amountCents : -transaction.amountCents;
}

/** Within this many days a returned deposit is matched to the deposit it returns. */
const RETURN_MATCH_DAYS = 45;

/**
 * Returned deposits and chargebacks whose deposit (the same amount, credited before it) counted as revenue: that
 * revenue never arrived, so the month of the return gives it back.
 */
function returnedRevenueDeposits(
  transactions: ParsedTransaction[],
  category: (transaction: ParsedTransaction) => CreditCategory,
): ReadonlySet<ParsedTransaction> {
  const matched = new Set<ParsedTransaction>();
  const used = new Set<ParsedTransaction>();
  for (const returned of transactions) {
    if (returned.direction !== 'debit' || !isReturnedDeposit(entryText(returned))) continue;
    const day = toDayNumber(returned.date);
    const deposit = transactions.find(
      (credit) =>
        credit.direction === 'credit' &&
        !used.has(credit) &&
        credit.amountCents === returned.amountCents &&
        toDayNumber(credit.date) <= day &&
        day - toDayNumber(credit.date) <= RETURN_MATCH_DAYS &&
        category(credit) === 'revenue',
    );
    if (!deposit) continue;
    used.add(deposit);
    matched.add(returned);
  }
  return matched;
}

/** End-of-day balances for every day of the segment, or null when no opening balance is known. */
function dailyBalances(segment: ParsedSegment): Map<number, number> | null {
  if (segment.openingBalanceCents === null) return null;
  const byDay = new Map<number, number>();
  for (const transaction of segment.transactions) {
    const day = toDayNumber(transaction.date);
    byDay.set(day, (byDay.get(day) ?? 0) + signed(transaction));
  }
  const balances = new Map<number, number>();
  let balance = segment.openingBalanceCents;
  for (let day = toDayNumber(segment.periodStart); day <= toDayNumber(segment.periodEnd); day += 1) {
    balance += byDay.get(day) ?? 0;
    balances.set(day, balance);
  }
  return balances;
}

/** The owner's name as banks print it on a transfer: as written, and without middle initials ("MARIA GARCIA"). */
function ownerNames(name: string | undefined): string[] {
  if (!name) return [];
  const initials = name.replace(/\b\p{L}\b\.?/gu, ' ');
  return [name, initials];
}

/**
 * The facts the decision rests on. `stated.businessName` is the legal name on the application: with the names the
 * statements print for their holder, it tells the business's own transfers from sales. `stated.ownerName` is the
 * owner's: money the owner puts in is no sale either.
 */
export function computeInsights(
  statements: StatementForInsights[],
  stated: { businessName?: string; ownerName?: string } = {},
): StatementInsights | null {
  const { segments, duplicates, overlaps } = dedupeSegments(statements);
  if (segments.length === 0) return null;

  const covered = new Set<number>();
  const balanceSum = new Map<number, number>();
  const negativeDays = new Set<number>();
  const operating = operatingSegments(segments);
  for (const segment of segments) {
    for (let day = toDayNumber(segment.periodStart); day <= toDayNumber(segment.periodEnd); day += 1) covered.add(day);
    const balances = operating.has(segment) ? dailyBalances(segment) : null;
    if (!balances) continue;
    for (const [day, balance] of balances) {
      if (skippedDay(segment, day)) continue;
      balanceSum.set(day, (balanceSum.get(day) ?? 0) + balance);
      if (balance < 0) negativeDays.add(day);
    }
  }
  const coveredDays = [...covered].sort((a, b) => a - b);
  const firstDayNumber = coveredDays[0] ?? 0;
  const lastDayNumber = coveredDays.at(-1) ?? 0;
  const firstDay = fromDayNumber(firstDayNumber);
  const lastDay = fromDayNumber(lastDayNumber);

  const transactions = segments.flatMap((segment) => segment.transactions);
  const ownAccount = savingsCredits(segments);
  const holders = holderNamesOf([
    stated.businessName,
    ...ownerNames(stated.ownerName),
    ...statements.flatMap(({ statement }) => statement.holderNames ?? []),
    ...holderNames(transactions),
  ]);
  const found = findFinancingPositions(transactions, lastDayNumber, holders);
  const { classify, paidProceeds } = creditClassifier(transactions, found, holders);
  const financingPositions = found.map((position) =>
    paidProceeds.has(position) ? { ...position, knownFunder: true } : position,
  );
  const category = (transaction: ParsedTransaction): CreditCategory =>
    ownAccount.has(transaction) ? 'own-transfer' : classify(transaction);
  const returnedRevenue = returnedRevenueDeposits(transactions, category);
  const months = monthRange(monthKeyOf(firstDay), monthKeyOf(lastDay)).map((month) =>
    monthInsight(month, transactions, { covered, balanceSum, negativeDays, category, returnedRevenue }),
  );
  const missingMonths = months.filter((month) => month.coveredDays === 0).map((month) => month.month);
  const shownMonths = months.filter((month) => month.coveredDays > 0);

  const totalTrueRevenueCents = shownMonths.reduce((sum, month) => sum + month.trueRevenueCents, 0);
  const { averageCents: averageMonthlyTrueRevenueCents, average: revenueAverage } = averageRevenue(months);
  const coveredRanges = dayRanges(coveredDays);
  const gaps = coveredRanges.slice(1).map((range, index) => {
    const start = toDayNumber(coveredRanges[index]?.end ?? range.start) + 1;
    const end = toDayNumber(range.start) - 1;
    return { start: fromDayNumber(start), end: fromDayNumber(end), days: end - start + 1 };
  });
  const monthsOfHistory = covered.size / DAYS_PER_MONTH;
  const nsfEvents = shownMonths.reduce((sum, month) => sum + month.nsfEvents, 0);
  const negativeBalanceDays = negativeDays.size;
  const historyMonths = Math.max(1, monthsOfHistory);
  const balanceValues = [...balanceSum.values()];
  const averageDailyBalanceCents =
    balanceValues.length > 0
      ? Math.round(balanceValues.reduce((sum, value) => sum + value, 0) / balanceValues.length)
      : null;

  const comparable = shownMonths
    .filter((month) => month.coveredDays / month.daysInMonth >= TREND_MONTH_MIN_COVERAGE)
    .map((month) => ({
      index: monthIndex(month.month),
      revenue: (month.trueRevenueCents * month.daysInMonth) / month.coveredDays,
    }));
  const { trend, trendPctPerMonth } = trendOf(comparable);
  const { consistency, cv } = consistencyOf(comparable.map((month) => month.revenue));
  const maxDepositSharePct = Math.max(
    0,
    ...shownMonths
      .filter((month) => month.coveredDays / month.daysInMonth >= TREND_MONTH_MIN_COVERAGE)
      .map((month) => month.largestDepositSharePct),
  );

  const activeWeeklyFinancingCents = financingPositions
    .filter((position) => position.isActive)
    .reduce((sum, position) => sum + position.weeklyBurdenCents, 0);

  const insights: StatementInsights = {
    firstDay,
    lastDay,
    coveredDays: covered.size,
    monthsOfHistory: round1(monthsOfHistory),
    fullMonths: shownMonths.filter((month) => month.coveredDays / month.daysInMonth >= FULL_MONTH_COVERAGE).length,
    months,
    missingMonths,
    duplicates,
    overlaps,
    coveredRanges,
    gaps,
    totalTrueRevenueCents,
    averageMonthlyTrueRevenueCents,
    revenueAverage,
    averageDailyBalanceCents,
    balanceAccount: accountInWords(operating),
    nsfEvents,
    returnedItems: shownMonths.reduce((sum, month) => sum + (month.returnedItems ?? 0), 0),
    negativeBalanceDays,
    nsfPerMonth: round1(nsfEvents / historyMonths),
    negativeDaysPerMonth: round1(negativeBalanceDays / historyMonths),
    trend,
    trendPctPerMonth,
    consistency,
    revenueCoefficientOfVariation: cv === null ? null : Math.round(cv * 1000) / 1000,
    maxDepositSharePct,
    financingPositions,
    activeWeeklyFinancingCents,
    healthScore: 0,
    healthDeductions: [],
  };
  const health = scoreHealth(insights);
  insights.healthScore = health.score;
  insights.healthDeductions = health.deductions;
  return insights;
}

function monthIndex(month: string): number {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return year * 12 + monthNumber - 1;
}

type MonthContext = {
  covered: Set<number>;
  balanceSum: Map<number, number>;
  negativeDays: Set<number>;
  category: (transaction: ParsedTransaction) => CreditCategory;
  /** Returned deposits (debits) whose deposit had counted as revenue. */
  returnedRevenue: ReadonlySet<ParsedTransaction>;
};

function monthInsight(
  month: string,
  transactions: ParsedTransaction[],
  { covered, balanceSum, negativeDays, category: categoryOf, returnedRevenue }: MonthContext,
): MonthInsight {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const days = daysInMonth(year, monthNumber);
  const first = toDayNumber(`${month}-01`);
  let coveredDays = 0;
  let balanceDays = 0;
  let balanceTotal = 0;
  let endingBalance: number | null = null;
  let negative = 0;
  for (let day = first; day < first + days; day += 1) {
    if (covered.has(day)) coveredDays += 1;
    const balance = balanceSum.get(day);
    if (balance !== undefined) {
      balanceDays += 1;
      balanceTotal += balance;
      endingBalance = balance;
    }
    if (negativeDays.has(day)) negative += 1;
  }
  const row: MonthInsight = {
    month,
    daysInMonth: days,
    coveredDays,
    creditsCents: 0,
    debitsCents: 0,
    trueRevenueCents: 0,
    revenueDepositCount: 0,
    excludedTransfersCents: 0,
    excludedLoanProceedsCents: 0,
    excludedRefundsCents: 0,
    averageDailyBalanceCents: balanceDays > 0 ? Math.round(balanceTotal / balanceDays) : null,
    endingBalanceCents: endingBalance,
    nsfEvents: 0,
    returnedItems: 0,
    negativeBalanceDays: negative,
    largestDepositCents: 0,
    largestDepositSharePct: 0,
  };
  for (const transaction of transactions) {
    if (monthKeyOf(transaction.date) !== month) continue;
    if (transaction.direction === 'debit') {
      row.debitsCents += transaction.amountCents;
      if (classifyDebit(entryText(transaction)) === 'nsf-fee') row.nsfEvents += 1;
      if (isReturnedDeposit(entryText(transaction))) row.returnedItems = (row.returnedItems ?? 0) + 1;
      if (returnedRevenue.has(transaction)) {
        row.trueRevenueCents -= transaction.amountCents;
        row.excludedRefundsCents += transaction.amountCents;
      }
      continue;
    }
    row.creditsCents += transaction.amountCents;
    const category = categoryOf(transaction);
    if (category === 'own-transfer') row.excludedTransfersCents += transaction.amountCents;
    else if (category === 'loan-proceeds') row.excludedLoanProceedsCents += transaction.amountCents;
    else if (category === 'refund') row.excludedRefundsCents += transaction.amountCents;
    else {
      row.trueRevenueCents += transaction.amountCents;
      row.revenueDepositCount += 1;
      row.largestDepositCents = Math.max(row.largestDepositCents, transaction.amountCents);
    }
  }
  row.trueRevenueCents = Math.max(0, row.trueRevenueCents);
  row.largestDepositSharePct =
    row.trueRevenueCents > 0 ? round1((row.largestDepositCents / row.trueRevenueCents) * 100) : 0;
  return row;
}

function trendOf(points: Array<{ index: number; revenue: number }>): {
  trend: CashFlowTrend;
  trendPctPerMonth: number | null;
} {
  if (points.length < 2) return { trend: 'Insufficient data', trendPctPerMonth: null };
  const meanX = points.reduce((sum, point) => sum + point.index, 0) / points.length;
  const meanY = points.reduce((sum, point) => sum + point.revenue, 0) / points.length;
  if (meanY <= 0) return { trend: 'Insufficient data', trendPctPerMonth: null };
  let covariance = 0;
  let variance = 0;
  for (const point of points) {
    covariance += (point.index - meanX) * (point.revenue - meanY);
    variance += (point.index - meanX) ** 2;
  }
  const slope = variance === 0 ? 0 : covariance / variance;
  const relative = slope / meanY;
  const trend = relative >= TREND_THRESHOLD ? 'Growing' : relative <= -TREND_THRESHOLD ? 'Declining' : 'Stable';
  return { trend, trendPctPerMonth: round1(relative * 100) };
}

function consistencyOf(revenues: number[]): { consistency: ConsistencyRating; cv: number | null } {
  if (revenues.length < 2) return { consistency: 'Insufficient data', cv: null };
  const mean = revenues.reduce((sum, value) => sum + value, 0) / revenues.length;
  if (mean <= 0) return { consistency: 'Low', cv: null };
  const variance = revenues.reduce((sum, value) => sum + (value - mean) ** 2, 0) / revenues.length;
  const cv = Math.sqrt(variance) / mean;
  const consistency = cv <= CONSISTENCY_HIGH_MAX_CV ? 'High' : cv <= CONSISTENCY_MEDIUM_MAX_CV ? 'Medium' : 'Low';
  return { consistency, cv };
}
