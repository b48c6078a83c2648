import { describe, expect, it } from 'vitest';
import { CALCULATOR, calculateLoan } from './calculator';

/** Independent check: the payment that repays P is P / Σ(1+r)^-k, and a month-by-month schedule ends at zero. */
function reference(amount: number, annualRatePercent: number, months: number) {
  const r = annualRatePercent / 1200;
  let discount = 0;
  for (let k = 1; k <= months; k += 1) discount += (1 + r) ** -k;
  const payment = amount / discount;
  let balance = amount;
  for (let k = 1; k <= months; k += 1) balance = balance * (1 + r) - payment;
  return { payment, balance, total: payment * months };
}

const cases = [
  {
    name: 'defaults',
    amount: CALCULATOR.amount.default,
    rate: CALCULATOR.rate.default,
    months: CALCULATOR.months.default,
  },
  { name: 'all minimums', amount: CALCULATOR.amount.min, rate: CALCULATOR.rate.min, months: CALCULATOR.months.min },
  { name: 'all maximums', amount: CALCULATOR.amount.max, rate: CALCULATOR.rate.max, months: CALCULATOR.months.max },
  {
    name: 'max amount, min rate, min term',
    amount: CALCULATOR.amount.max,
    rate: CALCULATOR.rate.min,
    months: CALCULATOR.months.min,
  },
  {
    name: 'min amount, max rate, max term',
    amount: CALCULATOR.amount.min,
    rate: CALCULATOR.rate.max,
    months: CALCULATOR.months.max,
  },
];

describe('calculateLoan', () => {
  it('uses the ranges, steps and defaults of the spec', () => {
    expect(CALCULATOR).toEqual({
      amount: { min: 5000, max: 5_000_000, step: 5000, default: 100_000 },
      rate: { min: 8, max: 25, step: 0.5, default: 12 },
      months: { min: 6, max: 60, step: 1, default: 24 },
    });
  });

  it('gives the known figures at the defaults ($100,000, 12%, 24 months)', () => {
    expect(calculateLoan({ amount: 100_000, annualRatePercent: 12, months: 24 })).toEqual({
      emiAmount: 4707,
      totalAmount: 112_976,
      interestPayable: 12_976,
      loanDuration: 2,
    });
  });

  it.each(cases)('matches an independent amortization at $name', ({ amount, rate, months }) => {
    const ref = reference(amount, rate, months);
    expect(Math.abs(ref.balance)).toBeLessThan(1e-6 * amount);
    const result = calculateLoan({ amount, annualRatePercent: rate, months });
    expect(result.emiAmount).toBe(Math.round(ref.payment));
    expect(result.totalAmount).toBe(Math.round(ref.total));
    expect(result.interestPayable).toBe(Math.round(ref.total - amount));
    expect(Number.isInteger(result.emiAmount) && Number.isInteger(result.totalAmount)).toBe(true);
  });

  it('gives the figures at the range ends', () => {
    expect(calculateLoan({ amount: 5000, annualRatePercent: 8, months: 6 })).toEqual({
      emiAmount: 853,
      totalAmount: 5117,
      interestPayable: 117,
      loanDuration: 0.5,
    });
    expect(calculateLoan({ amount: 5_000_000, annualRatePercent: 25, months: 60 })).toEqual({
      emiAmount: 146_757,
      totalAmount: 8_805_397,
      interestPayable: 3_805_397,
      loanDuration: 5,
    });
  });

  it('shows the duration in years to one decimal', () => {
    expect(calculateLoan({ amount: 10_000, annualRatePercent: 10, months: 7 }).loanDuration).toBe(0.6);
    expect(calculateLoan({ amount: 10_000, annualRatePercent: 10, months: 25 }).loanDuration).toBe(2.1);
    expect(calculateLoan({ amount: 10_000, annualRatePercent: 10, months: 59 }).loanDuration).toBe(4.9);
  });
});
