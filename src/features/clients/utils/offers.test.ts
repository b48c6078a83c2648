import { describe, expect, it } from 'vitest';
import {
  affordabilityScale,
  clampAmount,
  clampTerm,
  describeAffordability,
  describePosition,
  describeWhatIf,
  disclosureRows,
  formatPct,
  formatTerm,
  parseDollars,
  renewalProgress,
} from './offers';

const limits = { minAmount: 5_000, maxAmount: 48_700, amountStep: 500, minTermWeeks: 12, maxTermWeeks: 52 };

describe('offer helpers', () => {
  it('formats percents with one decimal', () => {
    expect(formatPct(12)).toBe('12.0%');
    expect(formatPct(41.25)).toBe('41.3%');
  });

  it('states a term in weeks with the months beside long ones', () => {
    expect(formatTerm(1)).toBe('1 week');
    expect(formatTerm(6)).toBe('6 weeks');
    expect(formatTerm(40)).toBe('40 weeks (about 9 months)');
    expect(formatTerm(52)).toBe('52 weeks (about 12 months)');
  });

  it('places value and cap on a track reaching half again the cap', () => {
    // cap 15 -> track 0..25 (22.5 rounded up to 5): 10% fills 40%, the cap mark sits at 60%.
    expect(affordabilityScale(10, 15)).toEqual({ max: 25, fillPct: 40, capPct: 60, isOverCap: false });
    const over = affordabilityScale(30, 15);
    expect(over.isOverCap).toBe(true);
    expect(over.max).toBe(35);
    expect(over.fillPct).toBeCloseTo((30 / 35) * 100);
    expect(affordabilityScale(4, null)).toEqual({ max: 10, fillPct: 40, capPct: null, isOverCap: false });
    expect(affordabilityScale(120, 80).max).toBe(100);
    expect(affordabilityScale(120, 80).fillPct).toBe(100);
  });

  it('describes affordability in words', () => {
    expect(describeAffordability(12.3, 15)).toBe('12.3% of verified weekly revenue (limit 15.0%)');
    expect(describeAffordability(12.3, null)).toBe('12.3% of verified weekly revenue');
    expect(describeAffordability(null, 15)).toBe('Weekly revenue not verified from statements');
  });

  it('keeps a custom amount and term within the engine limits and steps', () => {
    expect(clampAmount(1_000, limits)).toBe(5_000);
    expect(clampAmount(20_260, limits)).toBe(20_500);
    expect(clampAmount(20_240, limits)).toBe(20_000);
    expect(clampAmount(48_690, limits)).toBe(48_500); // the highest step inside the maximum
    expect(clampAmount(99_999, limits)).toBe(48_700); // the maximum itself, off the steps
    expect(clampAmount(Number.NaN, limits)).toBe(5_000);
    expect(clampTerm(3, limits)).toBe(12);
    expect(clampTerm(30.6, limits)).toBe(31);
    expect(clampTerm(99, limits)).toBe(52);
  });

  it('reads typed dollars', () => {
    expect(parseDollars('$20,500')).toBe(20_500);
    expect(parseDollars(' 7000 ')).toBe(7_000);
    expect(Number.isNaN(parseDollars('12.5'))).toBe(true);
    expect(Number.isNaN(parseDollars(''))).toBe(true);
  });

  it('tracks progress toward renewal eligibility', () => {
    expect(renewalProgress({ paidPct: 25, eligibleAtPct: 50, eligible: false })).toEqual({
      towardPct: 50,
      label: '25% paid of the 50% needed for renewal',
    });
    expect(renewalProgress({ paidPct: 0, eligibleAtPct: 50, eligible: false }).towardPct).toBe(0);
    expect(renewalProgress({ paidPct: 61.4, eligibleAtPct: 50, eligible: true })).toEqual({
      towardPct: 100,
      label: 'Eligible for renewal (61% paid)',
    });
  });

  it('lists the summary rows in the disclosure order with whole dollars', () => {
    const rows = disclosureRows({
      fundingProvided: 45_000,
      amountWithheld: 0,
      netFunds: 45_000,
      estimatedApr: 41.25,
      financeCharge: 13_500,
      totalRepayment: 58_500,
      paymentAmount: 1_463,
      paymentFrequency: 'Weekly',
      estimatedTermWeeks: 40,
      prepaymentPolicy: 'No prepayment penalty.',
      summaryHash: 'a'.repeat(64),
    });
    expect(rows).toEqual([
      { label: 'Funding provided', value: '$45,000' },
      { label: 'Amount withheld', value: '$0' },
      { label: 'Net funds disbursed', value: '$45,000' },
      { label: 'Estimated APR', value: '41.3%' },
      { label: 'Finance charge', value: '$13,500' },
      { label: 'Total repayment', value: '$58,500' },
      { label: 'Payment amount and frequency', value: '$1,463 weekly' },
      { label: 'Estimated term', value: '40 weeks (about 9 months)' },
      { label: 'Prepayment policy', value: 'No prepayment penalty.' },
    ]);
  });

  it('says what the engine would decide without a fact', () => {
    expect(describeWhatIf({ decision: 'approved', amount: 52_000, weeklyPayment: 1_690, termWeeks: 40 })).toBe(
      'Without it: $52,000, $1,690 weekly for 40 weeks',
    );
    expect(describeWhatIf({ decision: 'review', amount: 0, weeklyPayment: 0, termWeeks: 0 })).toBe(
      'Without it: the application would still go to an underwriter',
    );
    expect(describeWhatIf({ decision: 'declined', amount: 0, weeklyPayment: 0, termWeeks: 0 })).toBe(
      'Without it: the engine would still not approve an offer',
    );
  });

  it('describes an outside position with its weekly burden', () => {
    expect(describePosition({ amount: 450, frequency: 'daily', weeklyBurden: 2_250 })).toBe(
      '$450 daily (about $2,250 a week)',
    );
  });
});
