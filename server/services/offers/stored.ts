// Reads what pricing needs from the stored underwriting analysis (underwriting_results.analysis), defensively: an
// older or odd analysis falls back to the staff-approved terms (loanTermsFor), never fails the client's page.
import { z } from 'zod';
import { loanTermsFor, type OfferSource, approvedPrincipalCents } from './terms';
import { basisFromApprovedTerms, basisFromEngineOffer, type OfferBasis } from './pricing';

const cents = z.number().int().nonnegative();

const storedOfferSchema = z.object({
  factorRate: z.number().finite().gt(1).lt(3),
  termWeeks: z.number().int().min(1).max(260),
  weeklyRevenueCents: cents,
  existingWeeklyFinancingCents: cents,
  weeklyPaymentCapCents: cents,
  amountCents: cents,
});

const storedPositionSchema = z.object({
  counterparty: z.string().min(1).max(200),
  amountCents: cents,
  frequency: z.enum(['daily', 'weekly']),
  weeklyBurdenCents: cents,
  isActive: z.boolean(),
});

const storedWhatIfSchema = z.object({
  code: z.string().max(40),
  fact: z.string().min(1).max(300),
  withoutIt: z.object({
    decision: z.enum(['approved', 'review', 'declined']),
    amountCents: cents,
    weeklyPaymentCents: cents,
    termWeeks: z.number().int().nonnegative(),
  }),
});

const storedAnalysisSchema = z
  .object({
    revenueSource: z.enum(['statements', 'stated']).optional().catch(undefined),
    offer: storedOfferSchema.nullable().optional().catch(null),
    financingPositions: z.array(storedPositionSchema).max(50).optional().catch([]),
    whatIf: z.array(storedWhatIfSchema).max(10).optional().catch([]),
  })
  .catch({});

export type StoredAnalysis = {
  revenueSource: 'statements' | 'stated' | null;
  offer: z.infer<typeof storedOfferSchema> | null;
  financingPositions: Array<z.infer<typeof storedPositionSchema>>;
  whatIf: Array<z.infer<typeof storedWhatIfSchema>>;
};

export function readStoredAnalysis(raw: unknown): StoredAnalysis {
  const parsed = storedAnalysisSchema.parse(raw ?? {});
  return {
    revenueSource: parsed.revenueSource ?? null,
    offer: parsed.offer ?? null,
    financingPositions: parsed.financingPositions ?? [],
    whatIf: parsed.whatIf ?? [],
  };
}

/**
 * The pricing basis of an approved application: the engine's stored offer when there is one (with the amount the
 * application carries, engine or staff), else the staff-approved terms the spec's defaults fill in.
 */
export function offerBasisFor(source: OfferSource, analysis: StoredAnalysis): OfferBasis {
  if (analysis.offer && analysis.offer.amountCents > 0) {
    return basisFromEngineOffer({
      offer: analysis.offer,
      approvedAmountCents: approvedPrincipalCents(source),
      isRevenueVerified: analysis.revenueSource === 'statements',
    });
  }
  return basisFromApprovedTerms(loanTermsFor(source));
}
