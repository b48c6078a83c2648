// One pricing function for the offer menu, live repricing and acceptance. Pure and integer
// cents: the same basis, amount and term always give the same option, disclosure and summary hash, so what the
// client signs is exactly what the server recomputes at acceptance.
import type {
  OfferDisclosureDto,
  OfferLimitsDto,
  OfferOptionDto,
  OfferOptionKey,
  PricedOfferDto,
} from '../../../src/shared/schemas/offers';
import { sha256Hex } from '../../lib/crypto';
import {
  estimateAprPct,
  formatWholeDollars,
  OFFER_FACTOR_MILLI_PER_WEEK,
  OFFER_MAX_FACTOR_MILLI,
  OFFER_MAX_TERM_WEEKS,
  OFFER_MIN_AMOUNT_CENTS,
  OFFER_MIN_FACTOR_MILLI,
  OFFER_MIN_TERM_WEEKS,
  OFFER_ROUNDING_CENTS,
  OFFER_SMALLER_SHARE_BP,
  OFFER_TERM_SPREAD_WEEKS,
  OFFER_WITHHELD_CENTS,
  PREPAYMENT_POLICY_TEXT,
  PREPAYMENT_UNEARNED_WAIVER_BP,
  RENEWAL_PAID_SHARE_BP,
} from '../underwriting/index';
import { centsToDollars } from '../../../src/shared/format';

/** What an approved application may be priced from (the engine's stored offer, or the staff-approved terms). */
export type OfferBasis = {
  /** The most the client may take: the engine's or staff's approved amount, never more. */
  maxAmountCents: number;
  /** The standard offer's term and factor rate (thousandths: 1.35 -> 1350). */
  baseTermWeeks: number;
  baseFactorMilli: number;
  /** Our weekly payment may not exceed this (policy share of weekly revenue less existing positions). */
  weeklyPaymentCapCents: number;
  /** Verified weekly true revenue from statements; null when the decision rests on stated revenue. */
  verifiedWeeklyRevenueCents: number | null;
  existingWeeklyFinancingCents: number;
};

/** The engine's stored offer (analysis.offer), the fields pricing needs. */
export type EngineOfferBasis = {
  factorRate: number;
  termWeeks: number;
  weeklyRevenueCents: number;
  existingWeeklyFinancingCents: number;
  weeklyPaymentCapCents: number;
};

export type PricedTerms = {
  amountCents: number;
  termWeeks: number;
  factorMilli: number;
  purchaseCents: number;
  financeChargeCents: number;
  /** The regular weekly payment, whole dollars; the last payment absorbs the rounding and is never larger. */
  weeklyPaymentCents: number;
  lastPaymentCents: number;
  aprPct: number;
};

export type TermLimits = { minAmountCents: number; maxAmountCents: number; minTermWeeks: number; maxTermWeeks: number };

const LABELS: Record<OfferOptionKey, string> = {
  smaller: 'Smaller, shorter',
  standard: 'Standard offer',
  longer: 'Longer term',
  custom: 'Your choice',
};

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Ceil-to-dollar weekly payment of `purchaseCents` over `termWeeks`, as the engine prices its offers. */
function weeklyPaymentOf(purchaseCents: number, termWeeks: number): number {
  let weekly = Math.ceil(purchaseCents / termWeeks / 100) * 100;
  // Keep something for the last payment (only bites on tiny amounts over long terms).
  while (termWeeks > 1 && weekly > 100 && weekly * (termWeeks - 1) >= purchaseCents) weekly -= 100;
  return weekly;
}

/**
 * The basis from the engine's stored offer. `approvedAmountCents` is what the application carries (engine or
 * staff); the engine's weekly cap holds, raised only to the payment of the standard offer staff approved, so a
 * staff decision above policy can still be accepted as approved and nothing heavier than it is offered.
 */
export function basisFromEngineOffer(input: {
  offer: EngineOfferBasis;
  approvedAmountCents: number;
  isRevenueVerified: boolean;
}): OfferBasis {
  const { offer } = input;
  const baseFactorMilli = Math.round(offer.factorRate * 1000);
  const baseTermWeeks = offer.termWeeks;
  const standard = priceTerms({ baseFactorMilli, baseTermWeeks }, input.approvedAmountCents, baseTermWeeks);
  return {
    maxAmountCents: input.approvedAmountCents,
    baseTermWeeks,
    baseFactorMilli,
    weeklyPaymentCapCents: Math.max(
      offer.weeklyPaymentCapCents,
      standard.weeklyPaymentCents,
      standard.lastPaymentCents,
    ),
    verifiedWeeklyRevenueCents:
      input.isRevenueVerified && offer.weeklyRevenueCents > 0 ? offer.weeklyRevenueCents : null,
    existingWeeklyFinancingCents: offer.existingWeeklyFinancingCents,
  };
}

/**
 * The basis of a staff-approved application without an engine offer (loanTermsFor's terms): no verified revenue,
 * so the cap is the approved offer's own weekly payment; nothing heavier is offered.
 */
export function basisFromApprovedTerms(terms: {
  principalCents: number;
  factorRateMilli: number;
  termWeeks: number;
}): OfferBasis {
  const standard = priceTerms(
    { baseFactorMilli: terms.factorRateMilli, baseTermWeeks: terms.termWeeks },
    terms.principalCents,
    terms.termWeeks,
  );
  return {
    maxAmountCents: terms.principalCents,
    baseTermWeeks: terms.termWeeks,
    baseFactorMilli: terms.factorRateMilli,
    weeklyPaymentCapCents: Math.max(standard.weeklyPaymentCents, standard.lastPaymentCents),
    verifiedWeeklyRevenueCents: null,
    existingWeeklyFinancingCents: 0,
  };
}

export function termLimitsOf(basis: OfferBasis): TermLimits {
  const base = basis.baseTermWeeks;
  return {
    minAmountCents: Math.min(OFFER_MIN_AMOUNT_CENTS, basis.maxAmountCents),
    maxAmountCents: basis.maxAmountCents,
    // The standard term is always inside the range, even when staff set it outside the policy's spread.
    minTermWeeks: Math.min(base, Math.max(OFFER_MIN_TERM_WEEKS, base - OFFER_TERM_SPREAD_WEEKS)),
    maxTermWeeks: Math.max(base, Math.min(OFFER_MAX_TERM_WEEKS, base + OFFER_TERM_SPREAD_WEEKS)),
  };
}

/** Factor rate for a term: the base moved by the weekly step, kept inside 1.25-1.45 (or the base, if staff set one outside). */
export function factorMilliFor(basis: Pick<OfferBasis, 'baseFactorMilli' | 'baseTermWeeks'>, termWeeks: number) {
  const moved = basis.baseFactorMilli + (termWeeks - basis.baseTermWeeks) * OFFER_FACTOR_MILLI_PER_WEEK;
  return clamp(
    moved,
    Math.min(basis.baseFactorMilli, OFFER_MIN_FACTOR_MILLI),
    Math.max(basis.baseFactorMilli, OFFER_MAX_FACTOR_MILLI),
  );
}

/** The arithmetic of one option, without any limit check. */
export function priceTerms(
  basis: Pick<OfferBasis, 'baseFactorMilli' | 'baseTermWeeks'>,
  amountCents: number,
  termWeeks: number,
): PricedTerms {
  const factorMilli = factorMilliFor(basis, termWeeks);
  const purchaseCents = Math.round((amountCents * factorMilli) / 1000);
  const weeklyPaymentCents = weeklyPaymentOf(purchaseCents, termWeeks);
  return {
    amountCents,
    termWeeks,
    factorMilli,
    purchaseCents,
    financeChargeCents: purchaseCents - amountCents,
    weeklyPaymentCents,
    lastPaymentCents: purchaseCents - weeklyPaymentCents * (termWeeks - 1),
    aprPct: estimateAprPct(factorMilli / 1000, termWeeks),
  };
}

/** Why these terms cannot be offered (a sentence for the client), or null when they can. */
export function refusalOf(basis: OfferBasis, amountCents: number, termWeeks: number): string | null {
  const limits = termLimitsOf(basis);
  if (amountCents < limits.minAmountCents || amountCents > limits.maxAmountCents) {
    return limits.minAmountCents === limits.maxAmountCents
      ? `The amount of this offer is ${formatWholeDollars(limits.maxAmountCents)}.`
      : `Please choose an amount between ${formatWholeDollars(limits.minAmountCents)} and ${formatWholeDollars(limits.maxAmountCents)}.`;
  }
  if (amountCents % OFFER_ROUNDING_CENTS !== 0 && amountCents !== limits.maxAmountCents) {
    return `Please choose an amount in ${formatWholeDollars(OFFER_ROUNDING_CENTS)} steps.`;
  }
  if (termWeeks < limits.minTermWeeks || termWeeks > limits.maxTermWeeks) {
    return `Please choose a term between ${limits.minTermWeeks} and ${limits.maxTermWeeks} weeks.`;
  }
  const terms = priceTerms(basis, amountCents, termWeeks);
  const heaviest = Math.max(terms.weeklyPaymentCents, terms.lastPaymentCents);
  if (heaviest > basis.weeklyPaymentCapCents) {
    return (
      `A weekly payment of ${formatWholeDollars(heaviest)} is more than your revenue can carry ` +
      `(at most ${formatWholeDollars(basis.weeklyPaymentCapCents)} a week). Please choose a smaller amount or a longer term.`
    );
  }
  return null;
}

/** Canonical JSON: object keys sorted at every level, so the same summary always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** sha256 (hex) of the disclosure's canonical JSON without the hash itself: what the signature binds to. */
export function summaryHashOf(disclosure: Omit<OfferDisclosureDto, 'summaryHash'>): string {
  const { fundingProvided, amountWithheld, netFunds, estimatedApr, financeCharge, totalRepayment } = disclosure;
  const { paymentAmount, paymentFrequency, estimatedTermWeeks, prepaymentPolicy } = disclosure;
  return sha256Hex(
    canonicalJson({
      fundingProvided,
      amountWithheld,
      netFunds,
      estimatedApr,
      financeCharge,
      totalRepayment,
      paymentAmount,
      paymentFrequency,
      estimatedTermWeeks,
      prepaymentPolicy,
    }),
  );
}

/** The California / New York style summary of one option. */
export function disclosureOf(terms: PricedTerms): OfferDisclosureDto {
  const fields: Omit<OfferDisclosureDto, 'summaryHash'> = {
    fundingProvided: centsToDollars(terms.amountCents),
    amountWithheld: centsToDollars(OFFER_WITHHELD_CENTS),
    netFunds: centsToDollars(terms.amountCents - OFFER_WITHHELD_CENTS),
    estimatedApr: terms.aprPct,
    financeCharge: centsToDollars(terms.financeChargeCents),
    totalRepayment: centsToDollars(terms.purchaseCents),
    paymentAmount: centsToDollars(terms.weeklyPaymentCents),
    paymentFrequency: 'Weekly',
    estimatedTermWeeks: terms.termWeeks,
    prepaymentPolicy: PREPAYMENT_POLICY_TEXT,
  };
  return { ...fields, summaryHash: summaryHashOf(fields) };
}

/** Weekly payment as a percent (one decimal) of verified weekly revenue; null without verified revenue. */
export function affordabilityPctOf(weeklyPaymentCents: number, verifiedWeeklyRevenueCents: number | null) {
  if (verifiedWeeklyRevenueCents === null || verifiedWeeklyRevenueCents <= 0) return null;
  return Math.round((weeklyPaymentCents * 1000) / verifiedWeeklyRevenueCents) / 10;
}

export function toOptionDto(basis: OfferBasis, terms: PricedTerms, key: OfferOptionKey): OfferOptionDto {
  return {
    key,
    label: LABELS[key],
    amount: centsToDollars(terms.amountCents),
    termWeeks: terms.termWeeks,
    factorRate: terms.factorMilli / 1000,
    totalRepayment: centsToDollars(terms.purchaseCents),
    financeCharge: centsToDollars(terms.financeChargeCents),
    weeklyPayment: centsToDollars(terms.weeklyPaymentCents),
    estimatedApr: terms.aprPct,
    affordabilityPct: affordabilityPctOf(terms.weeklyPaymentCents, basis.verifiedWeeklyRevenueCents),
  };
}

export function toLimitsDto(basis: OfferBasis): OfferLimitsDto {
  const limits = termLimitsOf(basis);
  return {
    minAmount: centsToDollars(limits.minAmountCents),
    maxAmount: centsToDollars(limits.maxAmountCents),
    amountStep: centsToDollars(OFFER_ROUNDING_CENTS),
    minTermWeeks: limits.minTermWeeks,
    maxTermWeeks: limits.maxTermWeeks,
  };
}

/** The amount and term of each menu option (before the cap check). */
function menuCandidates(basis: OfferBasis): Array<{ key: OfferOptionKey; amountCents: number; termWeeks: number }> {
  const limits = termLimitsOf(basis);
  const smallerCents = Math.max(
    limits.minAmountCents,
    Math.floor((basis.maxAmountCents * OFFER_SMALLER_SHARE_BP) / 10_000 / OFFER_ROUNDING_CENTS) * OFFER_ROUNDING_CENTS,
  );
  const candidates: Array<{ key: OfferOptionKey; amountCents: number; termWeeks: number }> = [];
  if (smallerCents < basis.maxAmountCents && limits.minTermWeeks < basis.baseTermWeeks) {
    candidates.push({ key: 'smaller', amountCents: smallerCents, termWeeks: limits.minTermWeeks });
  }
  candidates.push({ key: 'standard', amountCents: basis.maxAmountCents, termWeeks: basis.baseTermWeeks });
  if (limits.maxTermWeeks > basis.baseTermWeeks) {
    candidates.push({ key: 'longer', amountCents: basis.maxAmountCents, termWeeks: limits.maxTermWeeks });
  }
  return candidates;
}

/** Two or three options within policy (smaller on a shorter term, the standard offer, a longer term); over-cap ones dropped. */
export function buildMenu(basis: OfferBasis): PricedOfferDto[] {
  return menuCandidates(basis)
    .filter((candidate) => refusalOf(basis, candidate.amountCents, candidate.termWeeks) === null)
    .map((candidate) => {
      const terms = priceTerms(basis, candidate.amountCents, candidate.termWeeks);
      return { option: toOptionDto(basis, terms, candidate.key), disclosure: disclosureOf(terms) };
    });
}

export type PriceResult = { ok: true; terms: PricedTerms; priced: PricedOfferDto } | { ok: false; message: string };

/** Prices a chosen amount and term, or says why it cannot be offered. A menu option keeps its key and label. */
export function priceChoice(basis: OfferBasis, amountCents: number, termWeeks: number): PriceResult {
  const message = refusalOf(basis, amountCents, termWeeks);
  if (message !== null) return { ok: false, message };
  const terms = priceTerms(basis, amountCents, termWeeks);
  const key =
    menuCandidates(basis).find(
      (candidate) => candidate.amountCents === amountCents && candidate.termWeeks === termWeeks,
    )?.key ?? 'custom';
  return { ok: true, terms, priced: { option: toOptionDto(basis, terms, key), disclosure: disclosureOf(terms) } };
}

/** The affordability cap as a percent (one decimal) of verified weekly revenue; null without verified revenue. */
export function capPctOf(basis: OfferBasis): number | null {
  return affordabilityPctOf(basis.weeklyPaymentCapCents, basis.verifiedWeeklyRevenueCents);
}

/**
 * Payoff today under the prepayment policy: the finance charge is earned in proportion to what is repaid, so the
 * unearned part is financeCharge x balance / totalRepayment; half of it (policy) is waived.
 */
export function payoffOf(loan: { balanceCents: number; purchasedAmountCents: number; principalCents: number }) {
  const financeChargeCents = Math.max(0, loan.purchasedAmountCents - loan.principalCents);
  const unearnedCents =
    loan.purchasedAmountCents > 0
      ? Math.floor((financeChargeCents * loan.balanceCents) / loan.purchasedAmountCents)
      : 0;
  const discountCents = Math.floor((unearnedCents * PREPAYMENT_UNEARNED_WAIVER_BP) / 10_000);
  return { balanceCents: loan.balanceCents, discountCents, payoffCents: loan.balanceCents - discountCents };
}

/** Renewal eligibility: once RENEWAL_PAID_SHARE_BP of the total repayment is paid. paidPct is floored to one decimal. */
export function renewalOf(loan: { totalPaidCents: number; purchasedAmountCents: number }) {
  const paid = Math.min(loan.totalPaidCents, loan.purchasedAmountCents);
  const paidPct = loan.purchasedAmountCents > 0 ? Math.floor((paid * 1000) / loan.purchasedAmountCents) / 10 : 0;
  return {
    paidPct,
    eligibleAtPct: RENEWAL_PAID_SHARE_BP / 100,
    eligible: loan.purchasedAmountCents > 0 && paid * 10_000 >= loan.purchasedAmountCents * RENEWAL_PAID_SHARE_BP,
  };
}
