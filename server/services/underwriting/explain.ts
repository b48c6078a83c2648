// The decision in plain words for the applicant (docs/product.md 4): why an offer is below the request, built from
// the cap that bound in computeOffer, and what would change it (the what-if re-runs).
// The only place these sentences are made; the wizard and the client portal show them as given.
import type { DecisionResult, OfferCalculation } from './decision';
import { formatWholeDollars } from './money';
import { OFFER_ROUNDING_CENTS, TIER_TERMS, WEEKLY_PAYMENT_SHARE_BP } from './policy';

/** A fact that limited the offer and the engine's amount without it (outcome.ts WhatIf). */
type WhatIf = { code: string; fact: string; withoutIt: { amountCents: number } };

export type DecisionExplanation = {
  /** Why the offer is below the amount asked for; null when the full request is offered or nothing is. */
  lessThanAsked: string | null;
  /** What would raise the offer, each from the engine re-run without one fact. */
  whatWouldChange: string[];
};

const times = (bp: number) => (bp / 10_000).toFixed(2);

function revenueWords(decision: DecisionResult): string {
  return decision.revenueSource === 'statements'
    ? 'your bank statements show'
    : 'you told us (not yet verified from statements)';
}

function capSentence(offer: OfferCalculation, decision: DecisionResult): string {
  const revenue = revenueWords(decision);
  const roundedCap = Math.floor(offer.caps[offer.bindingCap] / OFFER_ROUNDING_CENTS) * OFFER_ROUNDING_CENTS;
  // The amount was stepped down below its cap because the rounded-up weekly payment would pass the payment cap.
  const paymentBound = offer.bindingCap === 'weekly-payment' || offer.amountCents < roundedCap;
  if (paymentBound) {
    const existing =
      offer.existingWeeklyFinancingCents > 0
        ? `, less the ${formatWholeDollars(offer.existingWeeklyFinancingCents)} a week you already pay on other financing`
        : '';
    return (
      `weekly payments are capped at ${WEEKLY_PAYMENT_SHARE_BP / 100}% of the weekly revenue ${revenue} ` +
      `(${formatWholeDollars(offer.weeklyRevenueCents)} a week${existing}), so at most ` +
      `${formatWholeDollars(offer.weeklyPaymentCapCents)} a week over ${offer.termWeeks} weeks.`
    );
  }
  if (offer.bindingCap === 'revenue-multiple') {
    const multiple = times(TIER_TERMS[offer.tier].revenueMultipleBp);
    return (
      `we advance at most ${multiple} times the average monthly revenue ${revenue} ` +
      `(${formatWholeDollars(offer.revenueBasisCents)} a month).`
    );
  }
  if (offer.bindingCap === 'product-maximum') {
    return `${formatWholeDollars(offer.caps['product-maximum'])} is the largest advance we fund.`;
  }
  return `offers are made in steps of ${formatWholeDollars(OFFER_ROUNDING_CENTS)}.`;
}

function changeSentence(whatIf: WhatIf): string {
  const amount = formatWholeDollars(whatIf.withoutIt.amountCents);
  if (whatIf.code === 'short-history') return `With three months of statements, the offer could be up to ${amount}.`;
  if (whatIf.code === 'existing-financing') {
    return `Once your ${whatIf.fact.charAt(0).toLowerCase()}${whatIf.fact.slice(1)} ends, the offer could be up to ${amount}.`;
  }
  return `Without the ${whatIf.fact}, the offer could be up to ${amount}.`;
}

/** Plain words for an approved offer; empty for a referral or a decline (they show no offer). */
export function explainDecision(input: {
  requestedCents: number;
  decision: DecisionResult;
  whatIf: WhatIf[];
}): DecisionExplanation {
  const { decision } = input;
  const offer = decision.decision === 'approved' ? decision.offer : null;
  if (!offer || offer.amountCents <= 0) return { lessThanAsked: null, whatWouldChange: [] };
  const lessThanAsked =
    offer.amountCents < input.requestedCents
      ? `We can offer ${formatWholeDollars(offer.amountCents)} of the ${formatWholeDollars(input.requestedCents)} ` +
        `you asked for because ${capSentence(offer, decision)}`
      : null;
  return {
    lessThanAsked,
    whatWouldChange: lessThanAsked ? input.whatIf.map(changeSentence) : [],
  };
}
