// The loan calculator of the public pages: the one formula the page and the tests share.

export const CALCULATOR = {
  amount: { min: 5_000, max: 5_000_000, step: 5_000, default: 100_000 },
  rate: { min: 8, max: 25, step: 0.5, default: 12 },
  months: { min: 6, max: 60, step: 1, default: 24 },
} as const;

export type LoanInput = { amount: number; annualRatePercent: number; months: number };

/** Whole US dollars and years to one decimal, as the calculator shows them. */
export type LoanEstimate = {
  /** Monthly payment (EMI). */
  emiAmount: number;
  /** Payment x months. */
  totalAmount: number;
  /** Total - principal. */
  interestPayable: number;
  /** Duration in years, rounded to one decimal. */
  loanDuration: number;
};

/**
 * Standard amortization: EMI = P·r·(1+r)^n / ((1+r)^n − 1) with r = annual/12. Rounding happens only on
 * the outputs, so total and interest are computed from the unrounded payment.
 */
export function calculateLoan({ amount, annualRatePercent, months }: LoanInput): LoanEstimate {
  const monthlyRate = annualRatePercent / 100 / 12;
  const emi =
    monthlyRate === 0
      ? amount / months
      : (amount * monthlyRate * (1 + monthlyRate) ** months) / ((1 + monthlyRate) ** months - 1);
  const total = emi * months;
  return {
    emiAmount: Math.round(emi),
    totalAmount: Math.round(total),
    interestPayable: Math.round(total - amount),
    loanDuration: Math.round((months / 12) * 10) / 10,
  };
}
