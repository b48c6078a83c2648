import { describe, expect, it } from 'vitest';
import { submissionBodySchema } from './submission';

const answer = {
  success: true,
  applicationId: '3f2a9c1e-7b44-4d1a-9b1e-1234567890ab',
  data: {
    approved: true,
    approvedAmount: 50_000,
    mcaTerms: { purchaseAmount: 67_500, factorRate: 1.35, weeklyPayment: 1_875, termWeeks: 36 },
    bankStatementInsights: {
      averageMonthlyRevenue: 42_000,
      healthScore: 78,
      consistencyRating: 'Consistent',
      cashFlowTrend: 'Stable',
      recommendations: [],
    },
    riskAssessment: { overallRiskLevel: 'Low', riskFactors: [] },
    nextSteps: ['Create an account to accept your offer.'],
    confidence: 82,
    estimatedApr: 48.2,
    revenueSource: 'statements',
    revenueNote: 'Average monthly revenue is read from your bank statements: the mean of 3 whole calendar months.',
    statements: [{ fileName: 'march.pdf', status: 'reconciled', reason: 'Balances add up.' }],
  },
  offers: [
    {
      key: 'standard',
      label: 'Standard offer',
      amount: 50_000,
      termWeeks: 36,
      factorRate: 1.35,
      totalRepayment: 67_500,
      financeCharge: 17_500,
      weeklyPayment: 1_875,
      estimatedApr: 48.2,
      affordabilityPct: null,
    },
  ],
};

describe('the submission answer', () => {
  it('reads the answer the server sends', () => {
    expect(submissionBodySchema.parse(answer)).toEqual(answer);
  });

  it('refuses an answer without the underwriting result', () => {
    expect(submissionBodySchema.safeParse({ ...answer, data: undefined }).success).toBe(false);
    expect(submissionBodySchema.safeParse({ success: true, applicationId: 'x' }).success).toBe(false);
  });
});
