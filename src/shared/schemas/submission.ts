import { z } from 'zod';
import type { OfferOptionDto, OfferOptionKey } from './offers';

// The answer to POST /api/loan-application-enhanced (a 201, or the stored one replayed for the same
// Idempotency-Key): what the server sends and what the wizard reads, one shape for both. Money in whole dollars.

/** The underwriting engine's result, as the approval screen shows it. */
export const underwritingResultSchema = z.object({
  approved: z.boolean(),
  approvedAmount: z.number(),
  mcaTerms: z.object({
    purchaseAmount: z.number(),
    factorRate: z.number(),
    weeklyPayment: z.number(),
    termWeeks: z.number(),
  }),
  bankStatementInsights: z.object({
    averageMonthlyRevenue: z.number(),
    healthScore: z.number(),
    consistencyRating: z.string(),
    cashFlowTrend: z.string(),
    recommendations: z.array(z.string()),
  }),
  riskAssessment: z.object({ overallRiskLevel: z.string(), riskFactors: z.array(z.string()) }),
  nextSteps: z.array(z.string()),
  confidence: z.number(),
  estimatedApr: z.number(),
  /** 'statements': revenue read from the bank statements; 'stated': none could be read, the figure is unverified. */
  revenueSource: z.enum(['statements', 'stated']),
  /** One plain sentence for the applicant on how revenue was established. */
  revenueNote: z.string(),
  /** Each uploaded statement: whether it was read and whether its balances reconciled, in plain words. */
  statements: z.array(
    z.object({
      fileName: z.string(),
      status: z.enum(['reconciled', 'not-reconciled', 'unverifiable', 'not-read']),
      reason: z.string(),
    }),
  ),
  /** The decision in plain words, built by the server (absent on answers stored before it existed). */
  explanation: z
    .object({
      /** Why the offer is below the request: a sentence from the limit that bound; null when it is not. */
      lessThanAsked: z.string().nullable(),
      /** What would raise the offer, each from the engine re-run without one fact. */
      whatWouldChange: z.array(z.string()),
    })
    .optional(),
});
export type UnderwritingResultDto = z.infer<typeof underwritingResultSchema>;

// The option keys of ./offers, written out so the wizard's chunk does not take the offers module along; the two
// checks below fail to compile when the lists differ.
const OPTION_KEYS = ['smaller', 'standard', 'longer', 'custom'] as const satisfies readonly OfferOptionKey[];
const hasEveryKey: OfferOptionKey extends (typeof OPTION_KEYS)[number] ? true : never = true;
void hasEveryKey;

/** One priced option of the offer menu (the same shape as OfferOptionDto). */
export const offerOptionSchema = z.object({
  key: z.enum(OPTION_KEYS),
  label: z.string(),
  amount: z.number(),
  termWeeks: z.number(),
  factorRate: z.number(),
  totalRepayment: z.number(),
  financeCharge: z.number(),
  weeklyPayment: z.number(),
  estimatedApr: z.number(),
  affordabilityPct: z.number().nullable(),
}) satisfies z.ZodType<OfferOptionDto>;
export type SubmissionOfferDto = z.infer<typeof offerOptionSchema>;

/** The whole answer: the new application's id, the engine's result, and the offer menu when it approved (else []). */
export const submissionBodySchema = z.object({
  success: z.literal(true),
  applicationId: z.string(),
  data: underwritingResultSchema,
  offers: z.array(offerOptionSchema),
});
export type SubmissionBodyDto = z.infer<typeof submissionBodySchema>;
