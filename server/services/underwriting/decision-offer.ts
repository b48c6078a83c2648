// The decision's shapes and its offer arithmetic: the APR estimate, the amount a revenue figure and a credit tier
// allow, and which cap binds.
import {
  LOW_RISK_MIN_SCORE,
  MEDIUM_RISK_MIN_SCORE,
  OFFER_ROUNDING_CENTS,
  PRODUCT_MAX_OFFER_CENTS,
  TIER_TERMS,
  WEEKLY_PAYMENT_SHARE_BP,
  WEEKS_PER_YEAR,
  type RiskTier,
} from './policy';

export type EngineDecision = 'approved' | 'declined' | 'review';

export type FlagSeverity = 'info' | 'warning' | 'critical';
export type Flag = { code: string; severity: FlagSeverity; message: string };

export type BindingCap = 'requested' | 'product-maximum' | 'revenue-multiple' | 'weekly-payment';

export type OfferCalculation = {
  tier: RiskTier;
  factorRate: number;
  termWeeks: number;
  revenueBasisCents: number;
  weeklyRevenueCents: number;
  existingWeeklyFinancingCents: number;
  weeklyPaymentCapCents: number;
  caps: Record<BindingCap, number>;
  bindingCap: BindingCap;
  amountCents: number;
  purchaseAmountCents: number;
  weeklyPaymentCents: number;
  estimatedAprPct: number;
};

export type RiskAssessment = {
  tier: RiskTier;
  score: number;
  components: Array<{ label: string; points: number }>;
};

/** How reading the uploaded files went, for the decision (the engine never approves on partial evidence). */
export type ReadingSummary = {
  submitted: number;
  parsed: number;
  notRead: Array<{ fileName: string; reason: string }>;
  mismatchedPeriods: number;
  unverifiablePeriods: number;
  layouts: string[];
  /** The statement periods that do not reconcile, with why (absent on older callers). */
  mismatches?: Array<{ fileName: string; start: string; end: string; note: string | null }>;
};

export type DecisionResult = {
  decision: EngineDecision;
  revenueSource: 'statements' | 'stated';
  revenueBasisCents: number;
  healthScore: number;
  monthsInBusiness: number;
  risk: RiskAssessment;
  offer: OfferCalculation | null;
  confidence: number;
  flags: Flag[];
  reasoning: string[];
  recommendations: string[];
  nextSteps: string[];
};

/**
 * Estimated APR (percent, one decimal) of an advance repaid in `termWeeks` equal weekly payments totalling
 * `factorRate` times the advance, first payment one week after funding. It is the actuarial method of US
 * Truth in Lending (Reg Z appendix J) with a weekly unit period: find the weekly rate r with
 *   1 = (factorRate / termWeeks) * (1 - (1 + r)^-termWeeks) / r
 * and annualise it as APR = 52 * r. The advance amount cancels out, so the APR depends only on factor and term.
 */
export function estimateAprPct(factorRate: number, termWeeks: number): number {
  if (factorRate <= 1 || termWeeks <= 0) return 0;
  const payment = factorRate / termWeeks;
  const presentValue = (rate: number) => (payment * (1 - (1 + rate) ** -termWeeks)) / rate;
  let low = 1e-9;
  let high = 1;
  while (presentValue(high) > 1) high *= 2;
  for (let step = 0; step < 100; step += 1) {
    const middle = (low + high) / 2;
    if (presentValue(middle) > 1) low = middle;
    else high = middle;
  }
  return Math.round(((low + high) / 2) * WEEKS_PER_YEAR * 100 * 10) / 10;
}

/** The largest advance the policy allows, with every cap shown so staff see which one bound. */
export function computeOffer(input: {
  revenueBasisCents: number;
  tier: RiskTier;
  requestedCents: number;
  existingWeeklyFinancingCents: number;
}): OfferCalculation {
  const terms = TIER_TERMS[input.tier];
  const weeklyRevenueCents = Math.floor((input.revenueBasisCents * 12) / WEEKS_PER_YEAR);
  const weeklyPaymentCapCents = Math.max(
    0,
    Math.floor((weeklyRevenueCents * WEEKLY_PAYMENT_SHARE_BP) / 10_000) - input.existingWeeklyFinancingCents,
  );
  const caps: Record<BindingCap, number> = {
    requested: Math.max(0, input.requestedCents),
    'product-maximum': PRODUCT_MAX_OFFER_CENTS,
    'revenue-multiple': Math.floor((input.revenueBasisCents * terms.revenueMultipleBp) / 10_000),
    'weekly-payment': Math.floor((weeklyPaymentCapCents * terms.termWeeks * 10_000) / terms.factorRateBp),
  };
  // Ties resolve in this order so the reported binding cap is stable.
  const order: BindingCap[] = ['requested', 'product-maximum', 'revenue-multiple', 'weekly-payment'];
  let bindingCap: BindingCap = 'requested';
  for (const cap of order) if (caps[cap] < caps[bindingCap]) bindingCap = cap;
  let amountCents = Math.floor(caps[bindingCap] / OFFER_ROUNDING_CENTS) * OFFER_ROUNDING_CENTS;
  const paymentFor = (amount: number) => {
    const purchase = Math.round((amount * terms.factorRateBp) / 10_000);
    // Whole-dollar weekly payments, rounded up so the payments always cover the purchase amount.
    return { purchase, weekly: Math.ceil(purchase / terms.termWeeks / 100) * 100 };
  };
  while (amountCents > 0 && paymentFor(amountCents).weekly > weeklyPaymentCapCents) amountCents -= OFFER_ROUNDING_CENTS;
  const { purchase, weekly } = amountCents > 0 ? paymentFor(amountCents) : { purchase: 0, weekly: 0 };
  const factorRate = terms.factorRateBp / 10_000;
  return {
    tier: input.tier,
    factorRate,
    termWeeks: terms.termWeeks,
    revenueBasisCents: input.revenueBasisCents,
    weeklyRevenueCents,
    existingWeeklyFinancingCents: input.existingWeeklyFinancingCents,
    weeklyPaymentCapCents,
    caps,
    bindingCap,
    amountCents,
    purchaseAmountCents: purchase,
    weeklyPaymentCents: weekly,
    estimatedAprPct: estimateAprPct(factorRate, terms.termWeeks),
  };
}

export function tierOf(score: number): RiskTier {
  if (score >= LOW_RISK_MIN_SCORE) return 'Low';
  if (score >= MEDIUM_RISK_MIN_SCORE) return 'Medium';
  return 'High';
}
