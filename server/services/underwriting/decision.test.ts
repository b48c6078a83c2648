import { describe, expect, it } from 'vitest';
import { computeOffer, decide, estimateAprPct, tierOf, type ReadingSummary } from './decision';
import type { FinancingPosition, MonthInsight, StatementInsights } from './insights';
import { buildOutcome, type StatementRead } from './outcome';
import { TIER_TERMS } from './policy';
import type { ParsedStatement, StatedAnswers } from './types';

const STATED: StatedAnswers = {
  loanAmount: 50_000,
  estimatedCreditScore: 700,
  monthlyRevenue: '$50,000 - $100,000',
  timeInBusiness: '5-10 years',
  businessStartDate: '2018-01-15',
  businessType: 'Retail',
};

const READ_ALL: ReadingSummary = {
  submitted: 1,
  parsed: 1,
  notRead: [],
  mismatchedPeriods: 0,
  unverifiablePeriods: 0,
  layouts: ['signed-amount'],
};

function month(key: string, days: number): MonthInsight {
  return {
    month: key,
    daysInMonth: days,
    coveredDays: days,
    creditsCents: 60_000_00,
    debitsCents: 50_000_00,
    trueRevenueCents: 60_000_00,
    revenueDepositCount: 30,
    excludedTransfersCents: 0,
    excludedLoanProceedsCents: 0,
    excludedRefundsCents: 0,
    averageDailyBalanceCents: 15_000_00,
    nsfEvents: 0,
    negativeBalanceDays: 0,
    largestDepositCents: 3_000_00,
    largestDepositSharePct: 5,
  };
}

/** A clean three-month account earning $60,000 a month; tests override what they probe. */
function insights(overrides: Partial<StatementInsights> = {}): StatementInsights {
  return {
    firstDay: '2024-01-01',
    lastDay: '2024-03-31',
    coveredDays: 91,
    monthsOfHistory: 3,
    fullMonths: 3,
    months: [month('2024-01', 31), month('2024-02', 29), month('2024-03', 31)],
    missingMonths: [],
    duplicates: [],
    overlaps: [],
    coveredRanges: [{ start: '2024-01-01', end: '2024-03-31', days: 91 }],
    gaps: [],
    totalTrueRevenueCents: 180_000_00,
    averageMonthlyTrueRevenueCents: 60_000_00,
    revenueAverage: {
      method: 'calendar-months',
      monthsEquivalent: 3,
      wholeMonths: ['2024-01', '2024-02', '2024-03'],
      partialMonths: [],
      description: 'Mean of 3 whole calendar months (2024-01, 2024-02, 2024-03).',
    },
    averageDailyBalanceCents: 15_000_00,
    nsfEvents: 0,
    negativeBalanceDays: 0,
    nsfPerMonth: 0,
    negativeDaysPerMonth: 0,
    trend: 'Stable',
    trendPctPerMonth: 0,
    consistency: 'High',
    revenueCoefficientOfVariation: 0.02,
    maxDepositSharePct: 5,
    financingPositions: [],
    activeWeeklyFinancingCents: 0,
    healthScore: 100,
    healthDeductions: [],
    ...overrides,
  };
}

function position(counterparty: string, weeklyBurdenCents = 0): FinancingPosition {
  return {
    counterparty,
    amountCents: 100_00,
    frequency: 'daily',
    occurrences: 60,
    firstDate: '2024-01-02',
    lastDate: '2024-03-29',
    isActive: true,
    weeklyBurdenCents,
    monthlyBurdenCents: Math.round((weeklyBurdenCents * 52) / 12),
  };
}

describe('decision boundaries', () => {
  type Case = {
    name: string;
    stated?: Partial<StatedAnswers>;
    insights?: Partial<StatementInsights> | null;
    reading?: Partial<ReadingSummary>;
    expected: 'approved' | 'review' | 'declined';
  };
  const cases: Case[] = [
    { name: 'approves a clean three-month account', expected: 'approved' },
    {
      name: 'refers when a statement could not be read',
      reading: { submitted: 2, notRead: [{ fileName: 'scan.jpg', reason: 'image' }] },
      expected: 'review',
    },
    { name: 'refers when balances do not reconcile', reading: { mismatchedPeriods: 1 }, expected: 'review' },
    { name: 'approves with 89 days of statements (Feb-Apr)', insights: { coveredDays: 89 }, expected: 'approved' },
    { name: 'refers with 88 days of statements', insights: { coveredDays: 88 }, expected: 'review' },
    { name: 'refers when a month is missing', insights: { missingMonths: ['2024-02'] }, expected: 'review' },
    {
      name: 'approves when the stated band is at most 1.5x what statements show',
      stated: { monthlyRevenue: '$100,000 - $250,000' },
      insights: { averageMonthlyTrueRevenueCents: 66_666_67 },
      expected: 'approved',
    },
    {
      name: 'refers when stated revenue is far above the statements',
      stated: { monthlyRevenue: '$100,000 - $250,000' },
      insights: { averageMonthlyTrueRevenueCents: 66_666_66 },
      expected: 'review',
    },
    { name: 'approves with two NSF events a month', insights: { nsfEvents: 6, nsfPerMonth: 2 }, expected: 'approved' },
    { name: 'refers above two NSF events a month', insights: { nsfEvents: 7, nsfPerMonth: 2.1 }, expected: 'review' },
    {
      name: 'recommends decline above eight NSF events a month',
      insights: { nsfEvents: 25, nsfPerMonth: 8.1 },
      expected: 'declined',
    },
    {
      name: 'approves with three negative days a month',
      insights: { negativeBalanceDays: 9, negativeDaysPerMonth: 3 },
      expected: 'approved',
    },
    {
      name: 'refers above three negative days a month',
      insights: { negativeBalanceDays: 10, negativeDaysPerMonth: 3.1 },
      expected: 'review',
    },
    {
      name: 'recommends decline when often overdrawn',
      insights: { negativeBalanceDays: 37, negativeDaysPerMonth: 12.1 },
      expected: 'declined',
    },
    {
      name: 'approves with one existing position',
      insights: { financingPositions: [position('ALPHA FUNDING')] },
      expected: 'approved',
    },
    {
      name: 'refers with two existing positions',
      insights: { financingPositions: [position('ALPHA FUNDING'), position('BETA CAPITAL')] },
      expected: 'review',
    },
    {
      name: 'recommends decline when stacking three positions',
      insights: {
        financingPositions: [position('ALPHA FUNDING'), position('BETA CAPITAL'), position('GAMMA ADVANCE')],
      },
      expected: 'declined',
    },
    {
      name: 'refers, not declines, when one of three weekly payees is not known as a funder',
      insights: {
        financingPositions: [
          position('ALPHA FUNDING'),
          position('BETA CAPITAL'),
          { ...position('CINTAS'), frequency: 'weekly', knownFunder: false },
        ],
      },
      expected: 'review',
    },
    {
      name: 'recommends decline when stacking three positions known as funders',
      insights: {
        financingPositions: [
          position('ALPHA FUNDING'),
          position('BETA CAPITAL'),
          { ...position('GAMMA ADVANCE'), knownFunder: true },
        ],
      },
      expected: 'declined',
    },
    { name: 'approves credit band 550', stated: { estimatedCreditScore: 550 }, expected: 'approved' },
    { name: 'recommends decline below credit band 550', stated: { estimatedCreditScore: 500 }, expected: 'declined' },
    { name: 'refers a business of six months', stated: { businessStartDate: '2023-09-30' }, expected: 'review' },
    {
      name: 'recommends decline under six months in business',
      stated: { businessStartDate: '2023-10-01' },
      expected: 'declined',
    },
    {
      name: 'recommends decline below $10,000 monthly revenue',
      insights: { averageMonthlyTrueRevenueCents: 9_999_99 },
      expected: 'declined',
    },
    { name: 'approves a Medium tier (risk score 60)', insights: { healthScore: 50 }, expected: 'approved' },
    { name: 'refers a High tier (risk score 59)', insights: { healthScore: 49 }, expected: 'review' },
    { name: 'refers at risk score 35', insights: { healthScore: 25 }, expected: 'review' },
    { name: 'recommends decline below risk score 35', insights: { healthScore: 24 }, expected: 'declined' },
    {
      name: 'recommends decline when the supportable offer is under $10,000',
      insights: { averageMonthlyTrueRevenueCents: 16_000_00, healthScore: 40 },
      expected: 'declined',
    },
    {
      name: 'refers when no statement was read, on stated answers',
      insights: null,
      reading: { parsed: 0, notRead: [{ fileName: 'a.pdf', reason: 'x' }] },
      expected: 'review',
    },
    {
      name: 'refers when no statement was uploaded',
      insights: null,
      reading: { submitted: 0, parsed: 0 },
      expected: 'review',
    },
  ];

  it.each(cases)('$name', ({ stated, insights: overrides, reading, expected }) => {
    const result = decide({
      stated: { ...STATED, ...stated },
      insights: overrides === null ? null : insights(overrides),
      reading: { ...READ_ALL, ...reading },
    });
    expect(result.decision).toBe(expected);
  });

  it('explains a referral with its reasons', () => {
    const result = decide({ stated: STATED, insights: insights({ missingMonths: ['2024-02'] }), reading: READ_ALL });
    expect(result.reasoning.at(-1)).toBe('Decision: refer to staff (months are missing).');
    expect(result.flags.map((flag) => flag.code)).toContain('missing-months');
  });

  it('names stated revenue far above the statements as a risk factor', () => {
    const result = decide({
      stated: { ...STATED, monthlyRevenue: '$250,000 - $500,000' },
      insights: insights(),
      reading: READ_ALL,
    });
    expect(result.flags).toContainEqual(
      expect.objectContaining({ code: 'stated-revenue-overstated', severity: 'warning' }),
    );
    expect(result.confidence).toBeLessThan(
      decide({ stated: STATED, insights: insights(), reading: READ_ALL }).confidence,
    );
  });

  it('lowers confidence when balances do not reconcile', () => {
    const clean = decide({ stated: STATED, insights: insights(), reading: READ_ALL }).confidence;
    const mismatched = decide({
      stated: STATED,
      insights: insights(),
      reading: { ...READ_ALL, mismatchedPeriods: 1 },
    }).confidence;
    expect(clean).toBe(92);
    expect(mismatched).toBe(67);
  });

  it('falls back to the low end of the stated revenue band without statements', () => {
    const result = decide({
      stated: STATED,
      insights: null,
      reading: { ...READ_ALL, parsed: 0, notRead: [{ fileName: 'a.jpg', reason: 'image' }] },
    });
    expect(result.revenueSource).toBe('stated');
    expect(result.revenueBasisCents).toBe(50_000_00);
    expect(result.confidence).toBe(30);
  });
});

describe('factor-rate tiers', () => {
  it.each([
    { score: 110, tier: 'Low', factor: 1.25, weeks: 52 },
    { score: 80, tier: 'Low', factor: 1.25, weeks: 52 },
    { score: 79, tier: 'Medium', factor: 1.35, weeks: 39 },
    { score: 60, tier: 'Medium', factor: 1.35, weeks: 39 },
    { score: 59, tier: 'High', factor: 1.45, weeks: 26 },
    { score: 0, tier: 'High', factor: 1.45, weeks: 26 },
  ] as const)('risk score $score is $tier risk at $factor over $weeks weeks', ({ score, tier, factor, weeks }) => {
    expect(tierOf(score)).toBe(tier);
    const offer = computeOffer({
      revenueBasisCents: 60_000_00,
      tier,
      requestedCents: 20_000_00,
      existingWeeklyFinancingCents: 0,
    });
    expect(offer.factorRate).toBe(factor);
    expect(offer.termWeeks).toBe(weeks);
  });

  it('keeps every factor rate within the product range 1.25-1.45', () => {
    for (const terms of Object.values(TIER_TERMS)) {
      expect(terms.factorRateBp).toBeGreaterThanOrEqual(12_500);
      expect(terms.factorRateBp).toBeLessThanOrEqual(14_500);
    }
  });
});

describe('offer caps', () => {
  it('offers the requested amount when it is the smallest cap', () => {
    const offer = computeOffer({
      revenueBasisCents: 60_000_00,
      tier: 'Low',
      requestedCents: 50_000_00,
      existingWeeklyFinancingCents: 0,
    });
    expect(offer).toMatchObject({
      bindingCap: 'requested',
      amountCents: 50_000_00,
      purchaseAmountCents: 62_500_00,
      weeklyPaymentCents: 1_202_00,
    });
  });

  it('caps at 1.25x monthly revenue for Low risk', () => {
    const offer = computeOffer({
      revenueBasisCents: 60_000_00,
      tier: 'Low',
      requestedCents: 200_000_00,
      existingWeeklyFinancingCents: 0,
    });
    expect(offer.caps['revenue-multiple']).toBe(75_000_00);
    expect(offer).toMatchObject({ bindingCap: 'revenue-multiple', amountCents: 75_000_00 });
  });

  it('caps at the product maximum', () => {
    const offer = computeOffer({
      revenueBasisCents: 1_000_000_00,
      tier: 'Low',
      requestedCents: 5_000_000_00,
      existingWeeklyFinancingCents: 0,
    });
    expect(offer).toMatchObject({ bindingCap: 'product-maximum', amountCents: 1_000_000_00 });
  });

  it('caps by the weekly payment share when existing debits take part of it', () => {
    // Weekly revenue $13,846.15; 15% is $2,076.92; less $500 existing leaves $1,576.92 a week,
    // which at 1.25 over 52 weeks supports $65,599.87, rounded down to $65,500.
    const offer = computeOffer({
      revenueBasisCents: 60_000_00,
      tier: 'Low',
      requestedCents: 200_000_00,
      existingWeeklyFinancingCents: 500_00,
    });
    expect(offer.weeklyRevenueCents).toBe(13_846_15);
    expect(offer.weeklyPaymentCapCents).toBe(1_576_92);
    expect(offer).toMatchObject({ bindingCap: 'weekly-payment', amountCents: 65_500_00, weeklyPaymentCents: 1_575_00 });
  });

  it('rounds offers down to $500', () => {
    const offer = computeOffer({
      revenueBasisCents: 60_000_00,
      tier: 'Low',
      requestedCents: 12_345_00,
      existingWeeklyFinancingCents: 0,
    });
    expect(offer.amountCents).toBe(12_000_00);
  });

  it('never sets a weekly payment above the share cap', () => {
    for (const tier of ['Low', 'Medium', 'High'] as const) {
      for (let revenue = 10_000_00; revenue <= 400_000_00; revenue += 7_919_13) {
        for (const existing of [0, 250_00, 1_333_33, 4_000_00]) {
          const offer = computeOffer({
            revenueBasisCents: revenue,
            tier,
            requestedCents: 5_000_000_00,
            existingWeeklyFinancingCents: existing,
          });
          expect(offer.weeklyPaymentCents).toBeLessThanOrEqual(offer.weeklyPaymentCapCents);
          expect(offer.weeklyPaymentCents * offer.termWeeks).toBeGreaterThanOrEqual(offer.purchaseAmountCents);
        }
      }
    }
  });
});

describe('estimated APR', () => {
  // Hand computation: bisection on 1 = (f/n) * (1 - (1+r)^-n) / r, APR = 52r (Python, 200 iterations):
  // f=1.25 n=52 -> 45.6733%; f=1.35 n=39 -> 82.7730%; f=1.45 n=26 -> 154.6333%; f=1.30 n=52 -> 54.1266%.
  it.each([
    { factor: 1.25, weeks: 52, apr: 45.7 },
    { factor: 1.35, weeks: 39, apr: 82.8 },
    { factor: 1.45, weeks: 26, apr: 154.6 },
    { factor: 1.3, weeks: 52, apr: 54.1 },
  ])('is $apr% for factor $factor over $weeks weeks', ({ factor, weeks, apr }) => {
    expect(estimateAprPct(factor, weeks)).toBe(apr);
  });

  it('solves the weekly annuity equation', () => {
    const rate = estimateAprPct(1.25, 52) / 100 / 52;
    const presentValue = ((1.25 / 52) * (1 - (1 + rate) ** -52)) / rate;
    expect(presentValue).toBeCloseTo(1, 3);
  });

  it('is zero without a cost of capital', () => {
    expect(estimateAprPct(1, 52)).toBe(0);
  });
});

describe('outcome', () => {
  const statement: ParsedStatement = {
    holderNames: [],
    pageCount: 3,
    layout: 'signed-amount',
    warnings: [],
    segments: ['01', '02', '03'].map((m) => {
      const end = m === '02' ? '29' : '31';
      return {
        periodStart: `2024-${m}-01`,
        periodEnd: `2024-${m}-${end}`,
        openingBalanceCents: 20_000_00,
        closingBalanceCents: 20_000_00,
        balanceCheck: {
          status: 'reconciled' as const,
          expectedClosingCents: 20_000_00,
          differenceCents: 0,
          runningBalanceBreaks: 0,
          note: null,
        },
        transactions: [
          ...[5, 12, 19, 26].map((day) => ({
            date: `2024-${m}-${day}`,
            description: day % 2 ? 'SQUARE INC DEPOSIT' : 'STRIPE TRANSFER ST-1',
            amountCents: 15_000_00,
            direction: 'credit' as const,
            balanceCents: null,
            page: 1,
          })),
          {
            date: `2024-${m}-27`,
            description: 'CARD PURCHASE SUPPLIES',
            amountCents: 60_000_00,
            direction: 'debit' as const,
            balanceCents: null,
            page: 1,
          },
        ],
      };
    }),
  };
  const reads: StatementRead[] = [{ documentId: 'doc-1', fileName: 'q1.pdf', read: { ok: true, statement } }];

  it('gives the applicant the offer in whole dollars with the spec field names', () => {
    const outcome = buildOutcome(STATED, reads);
    expect(outcome.decision).toBe('approved');
    expect(outcome.result).toMatchObject({
      approved: true,
      approvedAmount: 50_000,
      mcaTerms: { purchaseAmount: 62_500, factorRate: 1.25, weeklyPayment: 1_202, termWeeks: 52 },
      // Three whole calendar months of $60,000: their mean.
      bankStatementInsights: { averageMonthlyRevenue: 60_000, consistencyRating: 'High', cashFlowTrend: 'Stable' },
      riskAssessment: { overallRiskLevel: 'Low', riskFactors: [] },
      estimatedApr: 45.7,
    });
    expect(outcome.aiData).toMatchObject({ recommendation: 'Approved', approvedAmount: 50_000, interestRate: 45.7 });
    expect(outcome.documents).toEqual([
      { documentId: 'doc-1', parseStatus: 'parsed', parseNote: expect.stringContaining('balances reconcile') },
    ]);
  });

  it('shows a recommended decline to staff but a plain review to the applicant', () => {
    const outcome = buildOutcome({ ...STATED, estimatedCreditScore: 500 }, reads);
    expect(outcome.decision).toBe('declined');
    expect(outcome.aiData.recommendation).toBe('Declined');
    expect(outcome.result.approved).toBe(false);
    expect(outcome.result.approvedAmount).toBe(0);
    const review = buildOutcome(STATED, [
      { documentId: 'doc-1', fileName: 'scan.png', read: { ok: false, reason: 'PNG image' } },
    ]);
    expect(outcome.result.nextSteps[0]).toBe(review.result.nextSteps[0]);
  });

  it('keeps a referral offer for staff and explains every step', () => {
    const outcome = buildOutcome(STATED, [
      ...reads,
      { documentId: 'doc-2', fileName: 'photo.jpg', read: { ok: false, reason: 'JPEG image' } },
    ]);
    expect(outcome.decision).toBe('review');
    expect(outcome.aiData.recommendation).toBe('Review');
    expect(outcome.aiData.approvedAmount).toBe(50_000);
    expect(outcome.aiData.reasoning).toContain('Not read: photo.jpg: JPEG image');
    expect(outcome.analysis.reasoning.length).toBeGreaterThan(5);
    expect(outcome.documents[1]).toEqual({ documentId: 'doc-2', parseStatus: 'unreadable', parseNote: 'JPEG image' });
  });

  it('is deterministic: the same input gives the same outcome', () => {
    expect(JSON.stringify(buildOutcome(STATED, reads))).toBe(JSON.stringify(buildOutcome(STATED, reads)));
  });
});
