import { z } from 'zod';
import {
  DEFAULT_FACTOR_RATE,
  DEFAULT_TERM_WEEKS,
  type AnalysisSummaryDto,
  type OfferDto,
} from '../../../src/shared/schemas/client';
import { priceLoan, type LoanTerms } from './loan-terms';
import { centsToWholeDollars } from '../../../src/shared/format';

// Reads the stored underwriting JSON (underwriting_results.result / ai_data) defensively: a missing or odd field
// falls back to the spec's defaults rather than failing the client's page.

const finite = z.number().finite();
const text = z.string().max(2000);

const storedResultSchema = z
  .object({
    approvedAmount: finite.nonnegative().optional().catch(undefined),
    mcaTerms: z
      .object({
        purchaseAmount: finite.optional().catch(undefined),
        factorRate: finite.optional().catch(undefined),
        weeklyPayment: finite.optional().catch(undefined),
        termWeeks: finite.optional().catch(undefined),
      })
      .partial()
      .optional()
      .catch(undefined),
    revenueSource: z.enum(['statements', 'stated']).optional().catch(undefined),
    revenueNote: text.optional().catch(undefined),
    bankStatementInsights: z
      .object({
        averageMonthlyRevenue: finite.optional().catch(undefined),
        healthScore: finite.optional().catch(undefined),
        consistencyRating: text.optional().catch(undefined),
        cashFlowTrend: text.optional().catch(undefined),
        recommendations: z.array(text).max(50).optional().catch(undefined),
      })
      .partial()
      .optional()
      .catch(undefined),
    riskAssessment: z
      .object({ overallRiskLevel: text.optional().catch(undefined) })
      .partial()
      .optional()
      .catch(undefined),
    nextSteps: z.array(text).max(50).optional().catch(undefined),
    estimatedApr: finite.optional().catch(undefined),
    explanation: z
      .object({
        lessThanAsked: text.nullable().optional().catch(undefined),
        whatWouldChange: z.array(text).max(10).optional().catch(undefined),
      })
      .partial()
      .optional()
      .catch(undefined),
  })
  .partial()
  .catch({});

const storedAiDataSchema = z
  .object({
    approvedAmount: finite.nonnegative().optional().catch(undefined),
    interestRate: finite.optional().catch(undefined),
  })
  .partial()
  .catch({});

export type StoredUnderwriting = {
  /** underwriting_results.result */
  result: unknown;
  /** underwriting_results.ai_data */
  aiData: unknown;
  /** underwriting_results.approved_amount_cents */
  approvedAmountCents: number | null;
};

export type OfferSource = {
  loanAmountCents: number;
  /** applications.approved_amount_cents: what the engine or staff approved, the authoritative figure. */
  approvedAmountCents: number | null;
  underwriting: StoredUnderwriting | null;
};

const positiveCents = (dollars: number | undefined) =>
  dollars !== undefined && dollars > 0 ? Math.round(dollars * 100) : null;

/**
 * The principal of an approved application: the amount approved on the application (engine or staff), else
 * the engine's figure, else the amount requested (staff approved a referral without naming a figure).
 */
export function approvedPrincipalCents(source: OfferSource): number {
  const result = storedResultSchema.parse(source.underwriting?.result ?? {});
  const aiData = storedAiDataSchema.parse(source.underwriting?.aiData ?? {});
  const candidates = [
    source.approvedAmountCents,
    source.underwriting?.approvedAmountCents ?? null,
    positiveCents(result.approvedAmount),
    positiveCents(aiData.approvedAmount),
    source.loanAmountCents,
  ];
  return candidates.find((value): value is number => typeof value === 'number' && value > 0) ?? source.loanAmountCents;
}

/**
 * The loan terms acceptance would create. Factor rate and term come from the offer's MCA terms, defaulting to
 * 1.35 and 36 weeks; the purchased amount and weekly payment are recomputed from the principal, so a
 * staff-changed amount is priced on the same factor and term.
 */
export function loanTermsFor(source: OfferSource): LoanTerms {
  const result = storedResultSchema.parse(source.underwriting?.result ?? {});
  const aiData = storedAiDataSchema.parse(source.underwriting?.aiData ?? {});
  const stated = result.mcaTerms ?? {};
  const statedFactor = stated.factorRate;
  const statedTerm = stated.termWeeks;
  const hasFactor = statedFactor !== undefined && statedFactor > 1 && statedFactor < 3;
  const hasTerm = statedTerm !== undefined && Number.isInteger(statedTerm) && statedTerm >= 1 && statedTerm <= 260;
  const factorRate = hasFactor ? statedFactor : DEFAULT_FACTOR_RATE;
  const termWeeks = hasTerm ? statedTerm : DEFAULT_TERM_WEEKS;
  // The APR shown with the offer belongs to its own factor and term; with a default in play, recompute it.
  const shownApr = hasFactor && hasTerm ? (result.estimatedApr ?? aiData.interestRate ?? null) : null;
  return priceLoan({
    principalCents: approvedPrincipalCents(source),
    factorRate,
    termWeeks,
    estimatedAprPct: shownApr,
  });
}

export function toOfferDto(terms: LoanTerms): OfferDto {
  return {
    amount: centsToWholeDollars(terms.principalCents),
    factorRate: terms.factorRateMilli / 1000,
    purchasedAmount: centsToWholeDollars(terms.purchasedAmountCents),
    weeklyPayment: centsToWholeDollars(terms.weeklyPaymentCents),
    termWeeks: terms.termWeeks,
    estimatedApr: terms.aprBps / 100,
  };
}

/** The client-facing analysis summary; the staff-only reasoning and risk factors stay out. */
export function toAnalysisSummary(underwriting: StoredUnderwriting | null): AnalysisSummaryDto | null {
  if (!underwriting) return null;
  const result = storedResultSchema.parse(underwriting.result);
  const insights = result.bankStatementInsights ?? {};
  // An unverified revenue (no statement read) is not shown as a figure; the note says why.
  const isUnverified = result.revenueSource === 'stated';
  return {
    averageMonthlyRevenue:
      insights.averageMonthlyRevenue !== undefined && !isUnverified ? Math.round(insights.averageMonthlyRevenue) : null,
    revenueNote: result.revenueNote ?? null,
    healthScore: insights.healthScore !== undefined ? Math.round(insights.healthScore) : null,
    consistencyRating: insights.consistencyRating ?? null,
    cashFlowTrend: insights.cashFlowTrend ?? null,
    overallRiskLevel: result.riskAssessment?.overallRiskLevel ?? null,
    recommendations: insights.recommendations ?? [],
    nextSteps: result.nextSteps ?? [],
    lessThanAsked: result.explanation?.lessThanAsked ?? null,
    whatWouldChange: result.explanation?.whatWouldChange ?? [],
  };
}
