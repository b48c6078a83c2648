// The terms a loan is made on at acceptance (PRODUCT.md 5): principal, purchased amount (principal x factor),
// whole-dollar weekly payment (spec §9), term and estimated APR. Pure functions, integer cents.

const WEEKS_PER_YEAR = 52;

/**
 * Estimated APR (percent, one decimal) of an advance repaid in `termWeeks` equal weekly payments totalling
 * `factorRate` times the advance, first payment one week after funding: the actuarial method of US Truth in
 * Lending (Reg Z appendix J) with a weekly unit period, solving 1 = (factor / n) * (1 - (1 + r)^-n) / r for the
 * weekly rate r, then APR = 52 * r. The underwriting engine uses the same method, so the figure shown with the
 * offer and the one stored on the loan agree.
 */
export function estimateAprPct(factorRate: number, termWeeks: number): number {
  if (!(factorRate > 1) || !(termWeeks > 0)) return 0;
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
  // Spec §9: the weekly payment is rounded to whole dollars; never so high the last installment vanishes.
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
