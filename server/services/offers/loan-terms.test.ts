import { describe, expect, it } from 'vitest';
import { estimateAprPct } from '../underwriting/index';
import { priceLoan } from './loan-terms';
import { buildWeeklySchedule } from '../loans/index';

describe('estimated APR', () => {
  it('depends only on factor and term, and falls as the term grows', () => {
    const short = estimateAprPct(1.35, 26);
    const long = estimateAprPct(1.35, 52);
    expect(short).toBeGreaterThan(long);
    expect(long).toBeGreaterThan(35);
  });

  it('is zero without a cost of credit', () => {
    expect(estimateAprPct(1, 36)).toBe(0);
    expect(estimateAprPct(1.35, 0)).toBe(0);
  });
});

describe('loan pricing', () => {
  it('prices a $50,000 advance at the spec defaults', () => {
    const terms = priceLoan({ principalCents: 5_000_000, factorRate: 1.35, termWeeks: 36 });
    expect(terms).toMatchObject({
      principalCents: 5_000_000,
      purchasedAmountCents: 6_750_000,
      factorRateMilli: 1350,
      weeklyPaymentCents: 187_500,
      termWeeks: 36,
    });
    expect(terms.aprBps).toBe(Math.round(estimateAprPct(1.35, 36) * 100));
  });

  it('rounds the weekly payment to whole dollars and lets the last installment absorb the rest', () => {
    const terms = priceLoan({ principalCents: 3_333_300, factorRate: 1.29, termWeeks: 40 });
    expect(terms.weeklyPaymentCents % 100).toBe(0);
    const schedule = buildWeeklySchedule({
      firstPaymentDate: '2026-05-04',
      termWeeks: terms.termWeeks,
      purchasedAmountCents: terms.purchasedAmountCents,
      installmentCents: terms.weeklyPaymentCents,
    });
    expect(schedule.reduce((sum, item) => sum + item.amountCents, 0)).toBe(terms.purchasedAmountCents);
    expect(schedule.slice(0, -1).every((item) => item.amountCents === terms.weeklyPaymentCents)).toBe(true);
    expect(Math.abs(schedule.at(-1)!.amountCents - terms.weeklyPaymentCents)).toBeLessThanOrEqual(40 * 50);
  });

  it('keeps the APR the client was shown', () => {
    expect(
      priceLoan({ principalCents: 1_000_000, factorRate: 1.25, termWeeks: 52, estimatedAprPct: 23.4 }).aprBps,
    ).toBe(2340);
  });

  it('refuses nonsense terms', () => {
    expect(() => priceLoan({ principalCents: 0, factorRate: 1.35, termWeeks: 36 })).toThrow();
    expect(() => priceLoan({ principalCents: 1_000_000, factorRate: 0.9, termWeeks: 36 })).toThrow();
    expect(() => priceLoan({ principalCents: 1_000_000, factorRate: 1.35, termWeeks: 0 })).toThrow();
  });
});
