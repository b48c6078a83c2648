import { describe, expect, it } from 'vitest';
import { computeOffer } from '../underwriting/index';
import { offerBasisFor, readStoredAnalysis } from './stored';

const source = (approvedAmountCents: number | null) => ({
  loanAmountCents: 60_000_00,
  approvedAmountCents,
  underwriting: {
    result: { mcaTerms: { factorRate: 1.3, termWeeks: 40 } },
    aiData: {},
    approvedAmountCents,
  },
});

describe('reading the stored analysis', () => {
  it('tolerates missing, older and malformed analyses', () => {
    for (const raw of [
      null,
      {},
      'text',
      [],
      { offer: { factorRate: 'high' }, financingPositions: 'none', whatIf: 3 },
    ]) {
      expect(readStoredAnalysis(raw)).toMatchObject({ offer: null, financingPositions: [], whatIf: [] });
    }
  });

  it('prices from the engine offer when there is one, else from the approved terms', () => {
    const offer = computeOffer({
      revenueBasisCents: 60_000_00,
      tier: 'Medium',
      requestedCents: 80_000_00,
      existingWeeklyFinancingCents: 0,
    });
    const engine = offerBasisFor(
      source(offer.amountCents),
      readStoredAnalysis({ revenueSource: 'statements', offer, financingPositions: [], whatIf: [] }),
    );
    expect(engine).toMatchObject({
      maxAmountCents: offer.amountCents,
      baseFactorMilli: 1350,
      baseTermWeeks: 39,
      weeklyPaymentCapCents: offer.weeklyPaymentCapCents,
      verifiedWeeklyRevenueCents: offer.weeklyRevenueCents,
    });
    // Staff approved above the engine's figure: the cap rises to that offer's payment, never beyond.
    const raised = offerBasisFor(source(offer.amountCents * 2), readStoredAnalysis({ offer }));
    expect(raised.maxAmountCents).toBe(offer.amountCents * 2);
    expect(raised.weeklyPaymentCapCents).toBeGreaterThan(offer.weeklyPaymentCapCents);
    expect(raised.verifiedWeeklyRevenueCents).toBeNull();
    expect(offerBasisFor(source(40_000_00), readStoredAnalysis({}))).toMatchObject({
      maxAmountCents: 40_000_00,
      baseFactorMilli: 1300,
      baseTermWeeks: 40,
      weeklyPaymentCapCents: 1_300_00,
    });
  });
});
