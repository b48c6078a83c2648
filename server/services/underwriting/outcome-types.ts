// The shapes of the underwriting answer: per-statement summaries and reconciliation, the analysis staff see, the
// result the applicant sees, what-if scenarios and the data kept for later review.
import type { EngineDecision, Flag, OfferCalculation, ReadingSummary, RiskAssessment } from './decision';
import type {
  DayRange,
  DuplicateSegment,
  FinancingPosition,
  OverlapSegment,
  RevenueAverage,
  RevenueAverageMethod,
  HealthDeduction,
  MonthInsight,
  StatementInsights,
} from './insights';
import type { BalanceCheck, ParseResult, StatedAnswers, StatementLayout } from './types';
import type { DecisionExplanation } from './explain';

export type ParseStatus = 'parsed' | 'unreadable' | 'skipped';

export type StatementPeriodSummary = {
  start: string;
  end: string;
  openingBalanceCents: number | null;
  closingBalanceCents: number | null;
  creditsCents: number;
  debitsCents: number;
  transactionCount: number;
  balanceCheck: BalanceCheck['status'];
  differenceCents: number | null;
  runningBalanceBreaks: number;
  note: string | null;
  /** Plain words staff read: why this period reconciled, did not, or could not be checked. */
  reconciliationReason?: string;
  /** Rows whose direction the printed running balance corrected. */
  correctedRows?: number;
  order?: 'oldest-first' | 'newest-first';
};

/** One file's proof: all its periods reconcile, one does not (the decision goes to review), or none can be checked. */
export type StatementReconciliation = {
  status: 'reconciled' | 'not-reconciled' | 'unverifiable' | 'not-read';
  reason: string;
};

/**
 * OCR of a photo or scan (the second stage), read after the answer: `pending` until the background loop has
 * run, then `read` (the figures are in the analysis) or `failed` (with the reason in `note`).
 */
export type StatementOcr = {
  status: 'pending' | 'read' | 'failed';
  note: string | null;
  pagesRead?: number;
  /** Mean word confidence 0-100. */
  meanConfidence?: number | null;
  durationMs?: number;
  finishedAt?: string;
};

export type StatementAnalysis = {
  documentId: string;
  fileName: string;
  parseStatus: ParseStatus;
  parseNote: string | null;
  layout: StatementLayout | null;
  pageCount: number | null;
  periods: StatementPeriodSummary[];
  warnings: string[];
  /** Absent on analyses stored before reconciliation was reported per file. */
  reconciliation?: StatementReconciliation;
  /** Absent for files that need no OCR and on analyses stored before OCR existed. */
  ocr?: StatementOcr;
};

/** The staff view of an underwriting run; stored as JSON with the application. Money in integer cents. */
export type UnderwritingAnalysis = {
  engineVersion: string;
  /** Last statement day: the date the decision is made "as of" (never the server clock). */
  asOfDate: string | null;
  revenueSource: 'statements' | 'stated';
  statements: StatementAnalysis[];
  months: MonthInsight[];
  missingMonths: string[];
  duplicatePeriods: DuplicateSegment[];
  /** Statements sharing days with an earlier one; the shared days were counted once (absent on older runs). */
  overlappingPeriods?: OverlapSegment[];
  /** Days covered by the statements read, as runs of days, and the days between them no statement covers. */
  coverage?: { periods: DayRange[]; gaps: DayRange[] };
  /** How the average monthly revenue was taken (absent when no statement was read, and on older runs). */
  revenueAverage?: RevenueAverage | null;
  financingPositions: FinancingPosition[];
  summary: {
    coveredDays: number;
    monthsOfHistory: number;
    averageMonthlyTrueRevenueCents: number | null;
    /** 'calendar-months' | 'days-scaled', or null without statements (absent on older runs). */
    averageRevenueMethod?: RevenueAverageMethod | null;
    revenueBasisCents: number;
    statedMonthlyRevenue: string;
    averageDailyBalanceCents: number | null;
    nsfEvents: number;
    negativeBalanceDays: number;
    trend: string;
    trendPctPerMonth: number | null;
    consistency: string;
    revenueCoefficientOfVariation: number | null;
    maxDepositSharePct: number;
    healthScore: number;
    healthDeductions: HealthDeduction[];
    monthsInBusiness: number;
    confidence: number;
  };
  risk: RiskAssessment;
  offer: OfferCalculation | null;
  flags: Flag[];
  reasoning: string[];
  /** Facts that limited the offer and the engine's answer without each; absent on older runs. */
  whatIf?: WhatIf[];
};

export type WhatIfCode = 'nsf-events' | 'existing-financing' | 'short-history';

/** A fact that limited the offer and the engine's answer re-run on the input without it. Money in cents. */
export type WhatIf = {
  code: WhatIfCode;
  fact: string;
  withoutIt: { decision: EngineDecision; amountCents: number; weeklyPaymentCents: number; termWeeks: number };
};

/** One adjusted input of the engine: the same applicant with one fact taken away. */
export type WhatIfScenario = {
  code: WhatIfCode;
  fact: string;
  stated: StatedAnswers;
  insights: StatementInsights | null;
  reading: ReadingSummary;
};

export type UnderwritingResult = {
  approved: boolean;
  approvedAmount: number;
  mcaTerms: { purchaseAmount: number; factorRate: number; weeklyPayment: number; termWeeks: number };
  bankStatementInsights: {
    averageMonthlyRevenue: number;
    healthScore: number;
    consistencyRating: string;
    cashFlowTrend: string;
    recommendations: string[];
  };
  riskAssessment: { overallRiskLevel: string; riskFactors: string[] };
  nextSteps: string[];
  confidence: number;
  estimatedApr: number;
  /**
   * Where the revenue figure comes from: 'statements' (read and verified) or 'stated' (no statement could be read;
   * averageMonthlyRevenue is then 0 and the applicant's answer is unverified).
   */
  revenueSource: 'statements' | 'stated';
  /** One plain sentence for the applicant about how revenue was established. */
  revenueNote: string;
  /** Each uploaded statement: read or not, and whether its balances reconciled, in plain words. */
  statements: Array<{ fileName: string; status: StatementReconciliation['status']; reason: string }>;
  /** The decision in plain words (explain.ts); absent on results stored before it existed. */
  explanation?: DecisionExplanation;
};

export type AiData = {
  recommendation: string;
  approvedAmount: number;
  confidence: number;
  reasoning: string;
  riskFactors: string[];
  interestRate: number;
};

export type DocumentOutcome = { documentId: string; parseStatus: ParseStatus; parseNote: string | null };

export type UnderwritingOutcome = {
  engineVersion: string;
  decision: 'approved' | 'declined' | 'review';
  result: UnderwritingResult;
  aiData: AiData;
  analysis: UnderwritingAnalysis;
  documents: DocumentOutcome[];
};

/** One uploaded file after reading: parsed, unreadable (with the reason) or skipped (with the reason). */
export type StatementRead = {
  documentId: string;
  fileName: string;
  read: ParseResult | { skipped: string };
};
