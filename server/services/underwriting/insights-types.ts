// The shapes of statement insights: months, financing positions, coverage (duplicates, overlaps, gaps), the revenue
// average and its method, account health.
import type { ParsedSegment, ParsedStatement } from './types';

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
  /** Deposited items returned unpaid and chargebacks (absent on runs before it was kept). */
  returnedItems?: number;
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
  /**
   * The payee is known to be a funder: its words name financing ("CAPITAL", "FUNDING"), it collects every business
   * day, or it paid the business a deposit that was its proceeds. A weekly same-amount debit to anyone else (a
   * uniform service, a franchise fee) may be a supplier. Absent on older runs, which counted every position as known.
   */
  knownFunder?: boolean;
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
  /** The account the balance facts are taken from (the operating account), in words for staff. */
  balanceAccount?: string;
  nsfEvents: number;
  /** Deposited items returned unpaid and chargebacks over all months. */
  returnedItems?: number;
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

/** A read statement; `holderNames` are the account holder's names the reader found in its header (when it did). */
export type StatementForInsights = { documentId: string; statement: ParsedStatement & { holderNames?: string[] } };

export type Segment = ParsedSegment & { documentId: string; skipDays?: Array<{ start: string; end: string }> };
