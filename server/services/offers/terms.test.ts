import { describe, expect, it } from 'vitest';
import { estimateAprPct } from '../underwriting/index';
import { approvedPrincipalCents, loanTermsFor, toAnalysisSummary, toOfferDto } from './terms';

const engineResult = {
  approved: true,
  approvedAmount: 40_000,
  mcaTerms: { purchaseAmount: 50_000, factorRate: 1.25, weeklyPayment: 962, termWeeks: 52 },
  bankStatementInsights: {
    averageMonthlyRevenue: 61_234.5,
    healthScore: 82,
    consistencyRating: 'High',
    cashFlowTrend: 'Growing',
    recommendations: ['Keep a cash buffer'],
  },
  riskAssessment: { overallRiskLevel: 'Low', riskFactors: ['staff-only detail'] },
  nextSteps: ['Accept the offer'],
  confidence: 88,
  estimatedApr: 22.7,
};

describe('offer from the stored underwriting result', () => {
  it('uses the engine terms and the APR the client was shown', () => {
    const terms = loanTermsFor({
      loanAmountCents: 5_000_000,
      approvedAmountCents: 4_000_000,
      underwriting: { result: engineResult, aiData: {}, approvedAmountCents: 4_000_000 },
    });
    expect(toOfferDto(terms)).toEqual({
      amount: 40_000,
      factorRate: 1.25,
      purchasedAmount: 50_000,
      weeklyPayment: 962,
      termWeeks: 52,
      estimatedApr: 22.7,
    });
  });

  it('falls back to factor 1.35 over 36 weeks and computes the APR when terms are missing', () => {
    const terms = loanTermsFor({ loanAmountCents: 2_000_000, approvedAmountCents: null, underwriting: null });
    expect(toOfferDto(terms)).toEqual({
      amount: 20_000,
      factorRate: 1.35,
      purchasedAmount: 27_000,
      weeklyPayment: 750,
      termWeeks: 36,
      estimatedApr: estimateAprPct(1.35, 36),
    });
  });

  it('ignores malformed JSON instead of failing', () => {
    const weird = { mcaTerms: { factorRate: 'lots', termWeeks: -3 }, estimatedApr: 'n/a', approvedAmount: null };
    const terms = loanTermsFor({
      loanAmountCents: 1_000_000,
      approvedAmountCents: null,
      underwriting: { result: weird, aiData: 'x', approvedAmountCents: null },
    });
    expect(terms).toMatchObject({ principalCents: 1_000_000, factorRateMilli: 1350, termWeeks: 36 });
  });

  it('prefers the amount approved on the application, then the engine figures, then the request', () => {
    const underwriting = { result: engineResult, aiData: { approvedAmount: 30_000 }, approvedAmountCents: null };
    expect(approvedPrincipalCents({ loanAmountCents: 9_000_000, approvedAmountCents: 3_500_000, underwriting })).toBe(
      3_500_000,
    );
    expect(approvedPrincipalCents({ loanAmountCents: 9_000_000, approvedAmountCents: null, underwriting })).toBe(
      4_000_000,
    );
    expect(
      approvedPrincipalCents({
        loanAmountCents: 9_000_000,
        approvedAmountCents: null,
        underwriting: { result: {}, aiData: { approvedAmount: 30_000 }, approvedAmountCents: null },
      }),
    ).toBe(3_000_000);
    expect(approvedPrincipalCents({ loanAmountCents: 9_000_000, approvedAmountCents: null, underwriting: null })).toBe(
      9_000_000,
    );
  });
});

describe('analysis summary', () => {
  it('gives the client the insights and next steps, never the staff-only risk factors', () => {
    const summary = toAnalysisSummary({
      result: engineResult,
      aiData: { reasoning: 'internal' },
      approvedAmountCents: null,
    });
    expect(summary).toEqual({
      averageMonthlyRevenue: 61_235,
      revenueNote: null,
      healthScore: 82,
      consistencyRating: 'High',
      cashFlowTrend: 'Growing',
      overallRiskLevel: 'Low',
      recommendations: ['Keep a cash buffer'],
      nextSteps: ['Accept the offer'],
      lessThanAsked: null,
      whatWouldChange: [],
    });
    expect(JSON.stringify(summary)).not.toContain('staff-only');
  });

  it('passes on why the offer is below the request, as the engine said it', () => {
    const explanation = {
      lessThanAsked: 'We can offer $45,000 of the $400,000 you asked for because x.',
      whatWouldChange: ['y'],
    };
    const summary = toAnalysisSummary({
      result: { ...engineResult, explanation },
      aiData: {},
      approvedAmountCents: null,
    });
    expect(summary).toMatchObject(explanation);
  });

  it('never shows an unverified revenue as a figure, and says why', () => {
    const note = 'Revenue is unverified: no bank statement could be read.';
    const summary = toAnalysisSummary({
      result: { ...engineResult, revenueSource: 'stated', revenueNote: note },
      aiData: {},
      approvedAmountCents: null,
    });
    expect(summary).toMatchObject({ averageMonthlyRevenue: null, revenueNote: note });
  });
});
