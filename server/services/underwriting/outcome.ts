// Assembles what each audience sees from one decision: the applicant's submission result, staff's aiData and
// the full analysis behind both.
import { classifyDebit, counterpartyOf, entryText } from './classify';
import { decide, type DecisionResult, type EngineDecision, type ReadingSummary } from './decision';
import {
  computeInsights,
  type DuplicateSegment,
  type FinancingPosition,
  type StatementForInsights,
  type StatementInsights,
} from './insights';
import { explainDecision } from './explain';
import { centsToDollars, formatCents } from './money';
import { DAYS_PER_MONTH, ENGINE_VERSION, MIN_HISTORY_DAYS_FOR_APPROVAL, WHAT_IF_MAX_FACTS } from './policy';
import type { ParsedSegment, ParsedTransaction, ParseResult, StatedAnswers } from './types';
import type {
  AiData,
  StatementAnalysis,
  StatementPeriodSummary,
  StatementRead,
  StatementReconciliation,
  UnderwritingAnalysis,
  UnderwritingOutcome,
  UnderwritingResult,
  WhatIf,
  WhatIfScenario,
} from './outcome-types';
export type {
  ParseStatus,
  StatementPeriodSummary,
  StatementReconciliation,
  StatementOcr,
  StatementAnalysis,
  UnderwritingAnalysis,
  WhatIfCode,
  WhatIf,
  WhatIfScenario,
  UnderwritingResult,
  AiData,
  DocumentOutcome,
  UnderwritingOutcome,
  StatementRead,
} from './outcome-types';

function summarizePeriods(read: ParseResult): StatementPeriodSummary[] {
  if (!read.ok) return [];
  return read.statement.segments.map((segment) => ({
    start: segment.periodStart,
    end: segment.periodEnd,
    openingBalanceCents: segment.openingBalanceCents,
    closingBalanceCents: segment.closingBalanceCents,
    creditsCents: segment.transactions
      .filter((t) => t.direction === 'credit')
      .reduce((sum, t) => sum + t.amountCents, 0),
    debitsCents: segment.transactions.filter((t) => t.direction === 'debit').reduce((sum, t) => sum + t.amountCents, 0),
    transactionCount: segment.transactions.length,
    balanceCheck: segment.balanceCheck.status,
    differenceCents: segment.balanceCheck.differenceCents,
    runningBalanceBreaks: segment.balanceCheck.runningBalanceBreaks,
    note: segment.balanceCheck.note,
    reconciliationReason: reconciliationReasonOf(segment),
    correctedRows: segment.balanceCheck.correctedRows ?? 0,
    order: segment.order ?? 'oldest-first',
  }));
}

function reconciliationReasonOf(segment: ParsedSegment): string {
  const check = segment.balanceCheck;
  const span = `${segment.periodStart} to ${segment.periodEnd}`;
  const corrected = check.correctedRows
    ? ` ${check.correctedRows} row(s) were read by the running balance where the layout suggested the other direction.`
    : '';
  if (check.status === 'reconciled') {
    const opening = segment.openingBalanceCents;
    const closing = segment.closingBalanceCents;
    const proof =
      check.expectedClosingCents !== null && opening !== null && closing !== null
        ? `opening ${formatCents(opening)} + credits - debits = closing ${formatCents(closing)}`
        : 'every printed running balance agrees with the transactions read';
    const balances = check.printedBalances ? `; ${check.printedBalances} running balance(s) checked` : '';
    return `${span}: reconciles (${proof}${balances}).${corrected}`;
  }
  if (check.status === 'mismatch') return `${span}: does not reconcile. ${check.note ?? ''}${corrected}`.trim();
  return `${span}: cannot be checked; the statement prints no opening, closing or running balance.`;
}

function reconciliationOf(read: StatementRead['read']): StatementReconciliation {
  if ('skipped' in read) return { status: 'not-read', reason: read.skipped };
  if (!read.ok) return { status: 'not-read', reason: read.reason };
  const segments = read.statement.segments;
  const mismatched = segments.filter((segment) => segment.balanceCheck.status === 'mismatch');
  if (mismatched.length > 0)
    return { status: 'not-reconciled', reason: mismatched.map(reconciliationReasonOf).join(' ') };
  if (segments.every((segment) => segment.balanceCheck.status === 'unverifiable'))
    return { status: 'unverifiable', reason: segments.map(reconciliationReasonOf).join(' ') };
  return { status: 'reconciled', reason: segments.map(reconciliationReasonOf).join(' ') };
}

function parsedNote(
  read: Extract<ParseResult, { ok: true }>,
  duplicates: DuplicateSegment[],
  documentId: string,
): string {
  const { statement } = read;
  const first = statement.segments[0];
  const last = statement.segments.at(-1);
  const count = statement.segments.reduce((sum, segment) => sum + segment.transactions.length, 0);
  const span = first && last ? `${first.periodStart} to ${last.periodEnd}` : 'no period';
  const mismatched = statement.segments.filter((segment) => segment.balanceCheck.status === 'mismatch');
  const unverifiable = statement.segments.filter((segment) => segment.balanceCheck.status === 'unverifiable');
  let check = 'balances reconcile';
  if (mismatched.length > 0) {
    check = `balances do not reconcile for ${mismatched
      .map(
        (segment) =>
          `${segment.periodStart}..${segment.periodEnd}${segment.balanceCheck.differenceCents ? ` (off by ${formatCents(segment.balanceCheck.differenceCents)})` : ''}`,
      )
      .join(', ')}`;
  } else if (unverifiable.length > 0) check = 'no balances printed to cross-check';
  const duplicated = duplicates.filter((duplicate) => duplicate.documentId === documentId).length;
  const duplicateNote =
    duplicated > 0 ? `; ${duplicated} period(s) duplicate another upload and were counted once` : '';
  return `${statement.pageCount} page(s), ${statement.segments.length} period(s) ${span}, ${count} transactions; ${check}${duplicateNote}.`;
}

/** Everything after reading: insights, decision and the three views. Pure, so tests need no worker or files. */
export function buildOutcome(stated: StatedAnswers, reads: StatementRead[]): UnderwritingOutcome {
  const parsed = reads.flatMap((item) =>
    'ok' in item.read && item.read.ok ? [{ documentId: item.documentId, statement: item.read.statement }] : [],
  );
  const insights: StatementInsights | null = computeInsights(parsed, stated);
  const segments = parsed.flatMap((item) => item.statement.segments);
  const reading: ReadingSummary = {
    submitted: reads.length,
    parsed: parsed.length,
    notRead: reads.flatMap((item) => {
      if ('skipped' in item.read) return [{ fileName: item.fileName, reason: item.read.skipped }];
      return item.read.ok ? [] : [{ fileName: item.fileName, reason: item.read.reason }];
    }),
    mismatchedPeriods: segments.filter((segment) => segment.balanceCheck.status === 'mismatch').length,
    unverifiablePeriods: segments.filter((segment) => segment.balanceCheck.status === 'unverifiable').length,
    layouts: parsed.map((item) => item.statement.layout),
    mismatches: reads.flatMap((item) =>
      'ok' in item.read && item.read.ok
        ? item.read.statement.segments
            .filter((segment) => segment.balanceCheck.status === 'mismatch')
            .map((segment) => ({
              fileName: item.fileName,
              start: segment.periodStart,
              end: segment.periodEnd,
              note: segment.balanceCheck.note,
            }))
        : [],
    ),
  };
  const decision = decide({ stated, insights, reading });
  const duplicates = insights?.duplicates ?? [];
  const whatIf = computeWhatIfs({ stated, parsed, reading, insights, decision });

  const statements: StatementAnalysis[] = reads.map((item) => {
    if ('skipped' in item.read) {
      return {
        documentId: item.documentId,
        fileName: item.fileName,
        parseStatus: 'skipped',
        parseNote: item.read.skipped,
        layout: null,
        pageCount: null,
        periods: [],
        warnings: [],
        reconciliation: reconciliationOf(item.read),
      };
    }
    if (!item.read.ok) {
      return {
        documentId: item.documentId,
        fileName: item.fileName,
        parseStatus: 'unreadable',
        parseNote: item.read.reason,
        layout: null,
        pageCount: null,
        periods: [],
        warnings: [],
        reconciliation: reconciliationOf(item.read),
      };
    }
    return {
      documentId: item.documentId,
      fileName: item.fileName,
      parseStatus: 'parsed',
      parseNote: parsedNote(item.read, duplicates, item.documentId),
      layout: item.read.statement.layout,
      pageCount: item.read.statement.pageCount,
      periods: summarizePeriods(item.read),
      warnings: item.read.statement.warnings,
      reconciliation: reconciliationOf(item.read),
    };
  });

  return {
    engineVersion: ENGINE_VERSION,
    decision: decision.decision,
    result: {
      ...toResult(decision, insights, statements),
      explanation: explainDecision({ requestedCents: Math.round(stated.loanAmount * 100), decision, whatIf }),
    },
    aiData: toAiData(decision),
    analysis: { ...toAnalysis({ stated, decision, insights, statements }), whatIf },
    documents: statements.map(({ documentId, parseStatus, parseNote }) => ({ documentId, parseStatus, parseNote })),
  };
}

function riskFactorsOf(decision: DecisionResult): string[] {
  return decision.flags.filter((flag) => flag.severity !== 'info').map((flag) => flag.message);
}

function toResult(
  decision: DecisionResult,
  insights: StatementInsights | null,
  statements: StatementAnalysis[],
): UnderwritingResult {
  const isApproved = decision.decision === 'approved';
  const offer = isApproved ? decision.offer : null;
  const assessed = decision.revenueSource === 'statements' && insights;
  // Without a statement read, the applicant's own answer must never be shown as a figure from their statements.
  const revenueNote = assessed
    ? `Average monthly revenue is read from your bank statements: ${insights.revenueAverage.description}`
    : 'Revenue is unverified: no bank statement could be read, so it rests on what you stated until an underwriter reviews your statements.';
  return {
    approved: isApproved,
    approvedAmount: offer ? centsToDollars(offer.amountCents) : 0,
    mcaTerms: {
      purchaseAmount: offer ? centsToDollars(offer.purchaseAmountCents) : 0,
      factorRate: offer?.factorRate ?? 0,
      weeklyPayment: offer ? centsToDollars(offer.weeklyPaymentCents) : 0,
      termWeeks: offer?.termWeeks ?? 0,
    },
    bankStatementInsights: {
      averageMonthlyRevenue: assessed ? centsToDollars(decision.revenueBasisCents) : 0,
      healthScore: decision.healthScore,
      consistencyRating: assessed ? insights.consistency : 'Not assessed',
      cashFlowTrend: assessed ? insights.trend : 'Not assessed',
      recommendations: decision.recommendations,
    },
    riskAssessment: { overallRiskLevel: decision.risk.tier, riskFactors: riskFactorsOf(decision) },
    nextSteps: decision.nextSteps,
    confidence: decision.confidence,
    estimatedApr: offer?.estimatedAprPct ?? 0,
    revenueSource: decision.revenueSource,
    revenueNote,
    statements: statements.map((statement) => ({
      fileName: statement.fileName,
      status: statement.reconciliation?.status ?? 'not-read',
      reason: statement.reconciliation?.reason ?? statement.parseNote ?? '',
    })),
  };
}

function toAiData(decision: DecisionResult): AiData {
  const offer = decision.decision === 'declined' ? null : decision.offer;
  const hasOffer = offer !== null && offer.amountCents > 0;
  const recommendation =
    decision.decision === 'approved' ? 'Approved' : decision.decision === 'declined' ? 'Declined' : 'Review';
  return {
    recommendation,
    // For a referral this is the amount policy would support, so staff can approve it as is.
    approvedAmount: hasOffer ? centsToDollars(offer.amountCents) : 0,
    confidence: decision.confidence,
    reasoning: decision.reasoning.join(' '),
    riskFactors: riskFactorsOf(decision),
    interestRate: hasOffer ? offer.estimatedAprPct : 0,
  };
}

function toAnalysis(input: {
  stated: StatedAnswers;
  decision: DecisionResult;
  insights: StatementInsights | null;
  statements: StatementAnalysis[];
}): UnderwritingAnalysis {
  const { stated, decision, insights, statements } = input;
  return {
    engineVersion: ENGINE_VERSION,
    asOfDate: insights?.lastDay ?? null,
    revenueSource: decision.revenueSource,
    statements,
    months: insights?.months ?? [],
    missingMonths: insights?.missingMonths ?? [],
    duplicatePeriods: insights?.duplicates ?? [],
    overlappingPeriods: insights?.overlaps ?? [],
    coverage: { periods: insights?.coveredRanges ?? [], gaps: insights?.gaps ?? [] },
    revenueAverage: insights?.revenueAverage ?? null,
    financingPositions: insights?.financingPositions ?? [],
    summary: {
      coveredDays: insights?.coveredDays ?? 0,
      monthsOfHistory: insights?.monthsOfHistory ?? 0,
      averageMonthlyTrueRevenueCents: insights?.averageMonthlyTrueRevenueCents ?? null,
      averageRevenueMethod: insights?.revenueAverage.method ?? null,
      revenueBasisCents: decision.revenueBasisCents,
      statedMonthlyRevenue: stated.monthlyRevenue,
      averageDailyBalanceCents: insights?.averageDailyBalanceCents ?? null,
      nsfEvents: insights?.nsfEvents ?? 0,
      negativeBalanceDays: insights?.negativeBalanceDays ?? 0,
      trend: insights?.trend ?? 'Not assessed',
      trendPctPerMonth: insights?.trendPctPerMonth ?? null,
      consistency: insights?.consistency ?? 'Not assessed',
      revenueCoefficientOfVariation: insights?.revenueCoefficientOfVariation ?? null,
      maxDepositSharePct: insights?.maxDepositSharePct ?? 0,
      healthScore: decision.healthScore,
      healthDeductions: insights?.healthDeductions ?? [],
      monthsInBusiness: decision.monthsInBusiness,
      confidence: decision.confidence,
    },
    risk: decision.risk,
    offer: decision.offer,
    flags: decision.flags,
    reasoning: decision.reasoning,
  };
}

// What would change the offer: the engine re-run on the same input with one fact taken away,
// never a made-up sentence. Only facts whose removal improves the answer are kept, the strongest first.

function withoutTransactions(
  parsed: StatementForInsights[],
  drop: (transaction: ParsedTransaction) => boolean,
): StatementForInsights[] {
  return parsed.map(({ documentId, statement }) => ({
    documentId,
    statement: {
      ...statement,
      segments: statement.segments.map((segment) => ({
        ...segment,
        transactions: segment.transactions.filter((transaction) => !drop(transaction)),
      })),
    },
  }));
}

/**
 * A debit of the position: to its payee within its dates, whatever the amount (a payment varies or changed once),
 * unless the payee collects two positions side by side: then the one whose payment is nearest the debit.
 */
function isPositionDebit(
  transaction: ParsedTransaction,
  position: FinancingPosition,
  insights: StatementInsights,
): boolean {
  if (transaction.direction !== 'debit' || counterpartyOf(transaction.description) !== position.counterparty)
    return false;
  if (transaction.date < position.firstDate || transaction.date > position.lastDate) return false;
  const distance = (other: FinancingPosition) => Math.abs(other.amountCents - transaction.amountCents);
  return insights.financingPositions.every(
    (other) => other.counterparty !== position.counterparty || distance(position) <= distance(other),
  );
}

/** The adjusted inputs: without the NSF/overdraft fees, without each active position's debits, with three months. */
export function whatIfScenarios(input: {
  stated: StatedAnswers;
  parsed: StatementForInsights[];
  reading: ReadingSummary;
  insights: StatementInsights | null;
}): WhatIfScenario[] {
  const { stated, parsed, reading, insights } = input;
  if (!insights || insights.coveredDays === 0) return [];
  const scenarios: WhatIfScenario[] = [];
  if (insights.nsfEvents > 0) {
    scenarios.push({
      code: 'nsf-events',
      fact: `${insights.nsfEvents} NSF/overdraft event${insights.nsfEvents === 1 ? '' : 's'} on the statements`,
      stated,
      reading,
      insights: computeInsights(
        withoutTransactions(
          parsed,
          (transaction) => transaction.direction === 'debit' && classifyDebit(entryText(transaction)) === 'nsf-fee',
        ),
        stated,
      ),
    });
  }
  for (const position of insights.financingPositions.filter((item) => item.isActive)) {
    scenarios.push({
      code: 'existing-financing',
      fact: `Existing ${position.frequency} debit of ${formatCents(position.amountCents)} to ${position.counterparty}`,
      stated,
      reading,
      insights: computeInsights(
        withoutTransactions(parsed, (transaction) => isPositionDebit(transaction, position, insights)),
        stated,
      ),
    });
  }
  if (insights.coveredDays < MIN_HISTORY_DAYS_FOR_APPROVAL) {
    // A third month like the ones shown: same revenue and habits, only the length of the history changes.
    const months = Math.max(1, Math.round(insights.coveredDays / DAYS_PER_MONTH));
    scenarios.push({
      code: 'short-history',
      fact: `${months} month${months === 1 ? '' : 's'} of statements instead of three`,
      stated,
      reading,
      insights: { ...insights, coveredDays: MIN_HISTORY_DAYS_FOR_APPROVAL, missingMonths: [] },
    });
  }
  return scenarios;
}

const DECISION_RANK: Record<EngineDecision, number> = { declined: 0, review: 1, approved: 2 };

export function computeWhatIfs(input: {
  stated: StatedAnswers;
  parsed: StatementForInsights[];
  reading: ReadingSummary;
  insights: StatementInsights | null;
  decision: DecisionResult;
}): WhatIf[] {
  const actualRank = DECISION_RANK[input.decision.decision];
  const actualAmount = input.decision.offer?.amountCents ?? 0;
  return whatIfScenarios(input)
    .map((scenario) => {
      const rerun = decide({ stated: scenario.stated, insights: scenario.insights, reading: scenario.reading });
      const whatIf: WhatIf = {
        code: scenario.code,
        fact: scenario.fact,
        withoutIt: {
          decision: rerun.decision,
          amountCents: rerun.offer?.amountCents ?? 0,
          weeklyPaymentCents: rerun.offer?.weeklyPaymentCents ?? 0,
          termWeeks: rerun.offer?.termWeeks ?? 0,
        },
      };
      return {
        whatIf,
        rankGain: DECISION_RANK[rerun.decision] - actualRank,
        amountGain: whatIf.withoutIt.amountCents - actualAmount,
      };
    })
    .filter((item) => item.rankGain > 0 || (item.rankGain === 0 && item.amountGain > 0))
    .sort((a, b) => b.rankGain - a.rankGain || b.amountGain - a.amountGain)
    .slice(0, WHAT_IF_MAX_FACTS)
    .map((item) => item.whatIf);
}
