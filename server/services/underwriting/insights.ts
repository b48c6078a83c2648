// Monthly figures and account health from parsed statements. Pure and deterministic.
import { canBeFinancing, classifyCredit, classifyDebit, counterpartyOf } from './classify';
import { daysInMonth, fromDayNumber, monthKeyOf, monthRange, toDayNumber } from './dates';
import { formatCents } from './money';
import {
  BUSINESS_DAYS_PER_WEEK,
  CONSISTENCY_HIGH_MAX_CV,
  CONSISTENCY_MEDIUM_MAX_CV,
  DAYS_PER_MONTH,
  DEPOSIT_CONCENTRATION_SHARE,
  FULL_MONTH_COVERAGE,
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
  TREND_MONTH_MIN_COVERAGE,
  TREND_THRESHOLD,
  VERY_LOW_BALANCE_RATIO,
  WEEKS_PER_YEAR,
} from './policy';
import type { ParsedSegment, ParsedStatement, ParsedTransaction } from './types';

export type MonthInsight = {
  month: string;
  daysInMonth: number;
  coveredDays: number;
  creditsCents: number;
  debitsCents: number;
  /** Deposits less own-account transfers, loan/advance proceeds and refunds/reversals. */
  trueRevenueCents: number;
  revenueDepositCount: number;
  excludedTransfersCents: number;
  excludedLoanProceedsCents: number;
  excludedRefundsCents: number;
  averageDailyBalanceCents: number | null;
  /** The balance at the end of the month's last day with a known balance (absent on runs before it was kept). */
  endingBalanceCents?: number | null;
  nsfEvents: number;
  negativeBalanceDays: number;
  largestDepositCents: number;
  /** Largest single revenue deposit as a percent of the month's true revenue (one decimal). */
  largestDepositSharePct: number;
};

export type FinancingPosition = {
  counterparty: string;
  amountCents: number;
  frequency: 'daily' | 'weekly';
  occurrences: number;
  firstDate: string;
  lastDate: string;
  /** Still being paid at the end of the statements. */
  isActive: boolean;
  weeklyBurdenCents: number;
  monthlyBurdenCents: number;
};

export type CashFlowTrend = 'Growing' | 'Stable' | 'Declining' | 'Insufficient data';
export type ConsistencyRating = 'High' | 'Medium' | 'Low' | 'Insufficient data';

export type HealthDeduction = { reason: string; points: number };

export type DuplicateSegment = {
  documentId: string;
  periodStart: string;
  periodEnd: string;
  duplicateOfDocumentId: string;
};

/** Statements that cover some of the same days as an earlier one: those days are counted once. */
export type OverlapSegment = {
  documentId: string;
  periodStart: string;
  periodEnd: string;
  overlapStart: string;
  overlapEnd: string;
  overlapsDocumentId: string;
  droppedTransactions: number;
};

/**
 * How the average monthly revenue was taken: `calendar-months` when every month shown is whole (the mean of the
 * months); `days-scaled` when a month is only partly covered (each month weighs the share of its days covered).
 */
export type RevenueAverageMethod = 'calendar-months' | 'days-scaled';

export type RevenueAverage = {
  method: RevenueAverageMethod;
  /** Months' worth of statements the average divides by (whole months count 1, partial ones their share). */
  monthsEquivalent: number;
  wholeMonths: string[];
  partialMonths: Array<{ month: string; coveredDays: number; daysInMonth: number }>;
  description: string;
};

export type DayRange = { start: string; end: string; days: number };

export type StatementInsights = {
  firstDay: string;
  lastDay: string;
  coveredDays: number;
  /** Covered days expressed in average months, one decimal. */
  monthsOfHistory: number;
  fullMonths: number;
  months: MonthInsight[];
  missingMonths: string[];
  duplicates: DuplicateSegment[];
  overlaps: OverlapSegment[];
  /** The days covered, as runs of consecutive days. */
  coveredRanges: DayRange[];
  /** Days between the first and last statement day that no statement covers. */
  gaps: DayRange[];
  totalTrueRevenueCents: number;
  averageMonthlyTrueRevenueCents: number;
  revenueAverage: RevenueAverage;
  averageDailyBalanceCents: number | null;
  nsfEvents: number;
  negativeBalanceDays: number;
  nsfPerMonth: number;
  negativeDaysPerMonth: number;
  trend: CashFlowTrend;
  trendPctPerMonth: number | null;
  consistency: ConsistencyRating;
  revenueCoefficientOfVariation: number | null;
  maxDepositSharePct: number;
  financingPositions: FinancingPosition[];
  activeWeeklyFinancingCents: number;
  healthScore: number;
  healthDeductions: HealthDeduction[];
};

export type StatementForInsights = { documentId: string; statement: ParsedStatement };

type Segment = ParsedSegment & { documentId: string; skipDays?: Array<{ start: string; end: string }> };

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

function sameSegment(a: ParsedSegment, b: ParsedSegment): boolean {
  if (a.periodStart !== b.periodStart || a.periodEnd !== b.periodEnd) return false;
  if (a.openingBalanceCents !== b.openingBalanceCents || a.closingBalanceCents !== b.closingBalanceCents) return false;
  if (a.transactions.length !== b.transactions.length) return false;
  return a.transactions.every((transaction, index) => {
    const other = b.transactions[index];
    return (
      other?.date === transaction.date &&
      other.amountCents === transaction.amountCents &&
      other.direction === transaction.direction
    );
  });
}

const transactionKey = (transaction: ParsedTransaction) =>
  `${transaction.date}|${transaction.direction}|${transaction.amountCents}`;

/**
 * Drops statement periods uploaded twice (the same file, or the same month in two files), keeping the first, and
 * counts days that two statements of the same account share once: a printout overlapping a monthly statement adds
 * only its new days. Overlapping statements whose shared days hold different transactions are another account.
 */
function dedupeSegments(statements: StatementForInsights[]): {
  segments: Segment[];
  duplicates: DuplicateSegment[];
  overlaps: OverlapSegment[];
} {
  const segments: Segment[] = [];
  const duplicates: DuplicateSegment[] = [];
  const overlaps: OverlapSegment[] = [];
  for (const { documentId, statement } of statements) {
    for (const segment of statement.segments) {
      const original = segments.find((kept) => sameSegment(kept, segment));
      if (original) {
        duplicates.push({
          documentId,
          periodStart: segment.periodStart,
          periodEnd: segment.periodEnd,
          duplicateOfDocumentId: original.documentId,
        });
        continue;
      }
      let kept: Segment = { ...segment, documentId };
      for (const earlier of segments) {
        const start = kept.periodStart > earlier.periodStart ? kept.periodStart : earlier.periodStart;
        const end = kept.periodEnd < earlier.periodEnd ? kept.periodEnd : earlier.periodEnd;
        if (start > end) continue;
        const inWindow = (transaction: ParsedTransaction) => transaction.date >= start && transaction.date <= end;
        const mine = kept.transactions.filter(inWindow).map(transactionKey);
        const theirs = new Map<string, number>();
        for (const key of earlier.transactions.filter(inWindow).map(transactionKey))
          theirs.set(key, (theirs.get(key) ?? 0) + 1);
        let shared = 0;
        for (const key of mine) {
          const count = theirs.get(key) ?? 0;
          if (count > 0) {
            shared += 1;
            theirs.set(key, count - 1);
          }
        }
        if (mine.length > 0 && shared < mine.length * 0.8) continue;
        overlaps.push({
          documentId,
          periodStart: segment.periodStart,
          periodEnd: segment.periodEnd,
          overlapStart: start,
          overlapEnd: end,
          overlapsDocumentId: earlier.documentId,
          droppedTransactions: mine.length,
        });
        kept = {
          ...kept,
          transactions: kept.transactions.filter((transaction) => !inWindow(transaction)),
          skipDays: [...(kept.skipDays ?? []), { start, end }],
        };
      }
      segments.push(kept);
    }
  }
  return { segments, duplicates, overlaps };
}

function dayRanges(days: number[]): DayRange[] {
  const ranges: DayRange[] = [];
  for (const day of days) {
    const last = ranges.at(-1);
    if (last && toDayNumber(last.end) === day - 1) {
      last.end = fromDayNumber(day);
      last.days += 1;
    } else ranges.push({ start: fromDayNumber(day), end: fromDayNumber(day), days: 1 });
  }
  return ranges;
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

export function computeInsights(statements: StatementForInsights[]): StatementInsights | null {
  const { segments, duplicates, overlaps } = dedupeSegments(statements);
  if (segments.length === 0) return null;

  const covered = new Set<number>();
  const balanceSum = new Map<number, number>();
  const negativeDays = new Set<number>();
  for (const segment of segments) {
    for (let day = toDayNumber(segment.periodStart); day <= toDayNumber(segment.periodEnd); day += 1) covered.add(day);
    const balances = dailyBalances(segment);
    if (!balances) continue;
    const skipped = (day: number) =>
      (segment.skipDays ?? []).some((range) => day >= toDayNumber(range.start) && day <= toDayNumber(range.end));
    for (const [day, balance] of balances) {
      if (skipped(day)) continue;
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
  const months = monthRange(monthKeyOf(firstDay), monthKeyOf(lastDay)).map((month) =>
    monthInsight(month, transactions, covered, balanceSum, negativeDays),
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

  const financingPositions = findFinancingPositions(transactions, lastDayNumber);
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
    nsfEvents,
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

function monthInsight(
  month: string,
  transactions: ParsedTransaction[],
  covered: Set<number>,
  balanceSum: Map<number, number>,
  negativeDays: Set<number>,
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
    negativeBalanceDays: negative,
    largestDepositCents: 0,
    largestDepositSharePct: 0,
  };
  for (const transaction of transactions) {
    if (monthKeyOf(transaction.date) !== month) continue;
    if (transaction.direction === 'debit') {
      row.debitsCents += transaction.amountCents;
      if (classifyDebit(transaction.description) === 'nsf-fee') row.nsfEvents += 1;
      continue;
    }
    row.creditsCents += transaction.amountCents;
    const category = classifyCredit(transaction.description);
    if (category === 'own-transfer') row.excludedTransfersCents += transaction.amountCents;
    else if (category === 'loan-proceeds') row.excludedLoanProceedsCents += transaction.amountCents;
    else if (category === 'refund') row.excludedRefundsCents += transaction.amountCents;
    else {
      row.trueRevenueCents += transaction.amountCents;
      row.revenueDepositCount += 1;
      row.largestDepositCents = Math.max(row.largestDepositCents, transaction.amountCents);
    }
  }
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

function scoreHealth(insights: StatementInsights): { score: number; deductions: HealthDeduction[] } {
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
