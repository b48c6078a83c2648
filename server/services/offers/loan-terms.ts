import { estimateAprPct } from '../underwriting/index';

// The terms a loan is made on at acceptance (docs/product.md 5): principal, purchased amount (principal x factor),
// whole-dollar weekly payment, term and estimated APR. Pure functions, integer cents.

export type LoanTerms = {
  principalCents: number;
  purchasedAmountCents: number;
  /** 1.35 -> 1350 (the loans.factor_rate_milli column). */
  factorRateMilli: number;
  /** The regular weekly installment, whole dollars; the last one absorbs the rounding. */
  weeklyPaymentCents: number;
  termWeeks: number;
  /** Estimated APR in basis points (the loans.apr_bps column). */
  aprBps: number;
};

/**
 * Prices a loan. `estimatedAprPct` is the figure the client was shown with the offer; without one it is
 * computed from factor and term.
 */
export function priceLoan(opts: {
  principalCents: number;
  factorRate: number;
  termWeeks: number;
  estimatedAprPct?: number | null;
}): LoanTerms {
  const { principalCents, termWeeks } = opts;
  if (!Number.isInteger(principalCents) || principalCents < 100) throw new Error('principalCents must be at least $1');
  if (!Number.isInteger(termWeeks) || termWeeks < 1) throw new Error('termWeeks must be a positive integer');
  if (!(opts.factorRate >= 1)) throw new Error('factorRate must be at least 1');
  const factorRateMilli = Math.round(opts.factorRate * 1000);
  const purchasedAmountCents = Math.round((principalCents * factorRateMilli) / 1000);
  // The weekly payment is rounded to whole dollars; never so high the last installment vanishes.
  let weeklyPaymentCents = Math.max(100, Math.round(purchasedAmountCents / termWeeks / 100) * 100);
  while (termWeeks > 1 && weeklyPaymentCents * (termWeeks - 1) >= purchasedAmountCents) weeklyPaymentCents -= 100;
  if (weeklyPaymentCents < 100) weeklyPaymentCents = Math.max(1, Math.floor(purchasedAmountCents / termWeeks));
  const aprPct =
    opts.estimatedAprPct && opts.estimatedAprPct > 0
      ? opts.estimatedAprPct
      : estimateAprPct(factorRateMilli / 1000, termWeeks);
  return {
    principalCents,
    purchasedAmountCents,
    factorRateMilli,
    weeklyPaymentCents,
    termWeeks,
    aprBps: Math.round(aprPct * 100),
  };
}
