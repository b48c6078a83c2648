import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeOffer,
  estimateAprPct,
  OFFER_MAX_FACTOR_MILLI,
  OFFER_MIN_FACTOR_MILLI,
  PREPAYMENT_POLICY_TEXT,
} from '../underwriting/index';
import { sha256Hex } from '../../lib/crypto';
import {
  affordabilityPctOf,
  basisFromApprovedTerms,
  basisFromEngineOffer,
  buildMenu,
  canonicalJson,
  payoffOf,
  priceChoice,
  priceTerms,
  renewalOf,
  termLimitsOf,
  type OfferBasis,
} from './pricing';

/** A Low-tier engine offer on $60,000 a month of verified revenue, $50,000 approved. */
function lowTierBasis(overrides: Partial<OfferBasis> = {}): OfferBasis {
  const offer = computeOffer({
    revenueBasisCents: 60_000_00,
    tier: 'Low',
    requestedCents: 50_000_00,
    existingWeeklyFinancingCents: 0,
  });
  return {
    ...basisFromEngineOffer({ offer, approvedAmountCents: offer.amountCents, isRevenueVerified: true }),
    ...overrides,
  };
}

describe('pricing an option', () => {
  it('prices the standard offer exactly as the engine did', () => {
    const offer = computeOffer({
      revenueBasisCents: 60_000_00,
      tier: 'Low',
      requestedCents: 50_000_00,
      existingWeeklyFinancingCents: 0,
    });
    const terms = priceTerms(lowTierBasis(), offer.amountCents, offer.termWeeks);
    expect(terms).toMatchObject({
      amountCents: offer.amountCents,
      purchaseCents: offer.purchaseAmountCents,
      weeklyPaymentCents: offer.weeklyPaymentCents,
      aprPct: offer.estimatedAprPct,
    });
  });

  it('matches hand computations for amount, payments, finance charge, APR and affordability', () => {
    // $50,000 at 1.25 over 52 weeks: $62,500 repaid, $1,201.92 a week rounded up to $1,202, last $1,198.
    const standard = priceChoice(lowTierBasis(), 50_000_00, 52);
    expect(standard.ok).toBe(true);
    if (!standard.ok) return;
    expect(standard.priced.option).toEqual({
      key: 'standard',
      label: 'Standard offer',
      amount: 50_000,
      termWeeks: 52,
      factorRate: 1.25,
      totalRepayment: 62_500,
      financeCharge: 12_500,
      weeklyPayment: 1_202,
      estimatedApr: 45.7,
      // Weekly revenue is $60,000 x 12 / 52 = $13,846.15; $1,202 of it is 8.68%.
      affordabilityPct: 8.7,
    });
    expect(standard.terms.lastPaymentCents).toBe(1_198_00);
    // Longer: 13 more weeks at 0.002 each -> 1.276; $63,800 over 65 weeks -> $981.54, rounded up to $982.
    const longer = priceChoice(lowTierBasis(), 50_000_00, 65);
    expect(longer.ok && longer.priced.option).toMatchObject({
      key: 'longer',
      factorRate: 1.276,
      totalRepayment: 63_800,
      financeCharge: 13_800,
      weeklyPayment: 982,
      estimatedApr: estimateAprPct(1.276, 65),
      affordabilityPct: 7.1,
    });
  });

  it('computes an APR that solves the actuarial equation (Reg Z appendix J, weekly unit period)', () => {
    for (const [factor, weeks] of [
      [1.25, 52],
      [1.276, 65],
      [1.424, 13],
      [1.35, 39],
    ] as const) {
      const terms = priceTerms({ baseFactorMilli: Math.round(factor * 1000), baseTermWeeks: weeks }, 40_000_00, weeks);
      const rate = terms.aprPct / 100 / 52;
      const presentValue = ((factor / weeks) * (1 - (1 + rate) ** -weeks)) / rate;
      // One decimal of APR moves the present value by well under 0.1%.
      expect(presentValue).toBeCloseTo(1, 2);
    }
  });

  it('refuses with a clear sentence amounts outside the limits, off-step amounts, terms outside the range and over-cap payments', () => {
    const basis = lowTierBasis();
    expect(priceChoice(basis, 50_500_00, 52)).toEqual({
      ok: false,
      message: 'Please choose an amount between $10,000 and $50,000.',
    });
    expect(priceChoice(basis, 9_500_00, 52)).toMatchObject({ ok: false });
    expect(priceChoice(basis, 20_250_00, 52)).toEqual({ ok: false, message: 'Please choose an amount in $500 steps.' });
    expect(priceChoice(basis, 50_000_00, 66)).toEqual({
      ok: false,
      message: 'Please choose a term between 39 and 65 weeks.',
    });
    const tight = { ...basis, weeklyPaymentCapCents: 1_000_00 };
    expect(priceChoice(tight, 50_000_00, 52)).toEqual({
      ok: false,
      message:
        'A weekly payment of $1,202 is more than your revenue can carry (at most $1,000 a week). Please choose a smaller amount or a longer term.',
    });
  });

  it('hashes the canonical JSON of the disclosure fields', () => {
    const result = priceChoice(lowTierBasis(), 50_000_00, 52);
    if (!result.ok) throw new Error('expected an offer');
    const { summaryHash, ...fields } = result.priced.disclosure;
    expect(fields).toEqual({
      fundingProvided: 50_000,
      amountWithheld: 0,
      netFunds: 50_000,
      estimatedApr: 45.7,
      financeCharge: 12_500,
      totalRepayment: 62_500,
      paymentAmount: 1_202,
      paymentFrequency: 'Weekly',
      estimatedTermWeeks: 52,
      prepaymentPolicy: PREPAYMENT_POLICY_TEXT,
    });
    expect(summaryHash).toBe(sha256Hex(canonicalJson(fields)));
    expect(canonicalJson({ b: 1, a: { d: 2, c: [3] } })).toBe('{"a":{"c":[3],"d":2},"b":1}');
  });

  it('computes the affordability share from verified revenue only', () => {
    expect(affordabilityPctOf(1_500_00, 10_000_00)).toBe(15);
    expect(affordabilityPctOf(1_234_00, 9_876_00)).toBe(12.5);
    expect(affordabilityPctOf(1_234_00, null)).toBeNull();
  });
});

describe('the menu', () => {
  it('offers a smaller amount on a shorter term, the standard offer and a longer term', () => {
    const menu = buildMenu(lowTierBasis());
    expect(menu.map(({ option }) => [option.key, option.amount, option.termWeeks])).toEqual([
      ['smaller', 30_000, 39],
      ['standard', 50_000, 52],
      ['longer', 50_000, 65],
    ]);
  });

  it('prices a staff-approved application without an engine offer on its own terms, nothing heavier', () => {
    const basis = basisFromApprovedTerms({ principalCents: 40_000_00, factorRateMilli: 1300, termWeeks: 40 });
    expect(termLimitsOf(basis)).toEqual({
      minAmountCents: 10_000_00,
      maxAmountCents: 40_000_00,
      minTermWeeks: 27,
      maxTermWeeks: 53,
    });
    const menu = buildMenu(basis);
    expect(menu.find(({ option }) => option.key === 'standard')?.option).toMatchObject({
      amount: 40_000,
      factorRate: 1.3,
      totalRepayment: 52_000,
      weeklyPayment: 1_300,
      affordabilityPct: null,
    });
    for (const { option } of menu) expect(option.weeklyPayment).toBeLessThanOrEqual(1_300);
  });
});

const basisArbitrary = fc
  .record({
    tier: fc.constantFrom<'Low' | 'Medium' | 'High'>('Low', 'Medium', 'High'),
    revenueBasisCents: fc.integer({ min: 10_000_00, max: 2_000_000_00 }),
    requestedCents: fc.integer({ min: 10_000_00, max: 5_000_000_00 }),
    existingWeeklyFinancingCents: fc.integer({ min: 0, max: 5_000_00 }),
  })
  .map((input) => {
    const offer = computeOffer(input);
    return basisFromEngineOffer({ offer, approvedAmountCents: offer.amountCents, isRevenueVerified: true });
  })
  .filter((basis) => basis.maxAmountCents >= 10_000_00);

describe('every option stays within policy', () => {
  it('for many engine offers, amounts and terms', () => {
    fc.assert(
      fc.property(
        basisArbitrary,
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 1, max: 260 }),
        (basis, steps, termWeeks) => {
          const amountCents = Math.min(basis.maxAmountCents + 500_00, steps * 500_00);
          const result = priceChoice(basis, amountCents, termWeeks);
          const limits = termLimitsOf(basis);
          const inLimits =
            amountCents >= limits.minAmountCents &&
            amountCents <= limits.maxAmountCents &&
            termWeeks >= limits.minTermWeeks &&
            termWeeks <= limits.maxTermWeeks;
          if (!inLimits) expect(result.ok).toBe(false);
          if (!result.ok) return;
          const { terms, priced } = result;
          expect(terms.factorMilli).toBeGreaterThanOrEqual(OFFER_MIN_FACTOR_MILLI);
          expect(terms.factorMilli).toBeLessThanOrEqual(OFFER_MAX_FACTOR_MILLI);
          expect(termWeeks).toBeGreaterThanOrEqual(13);
          expect(amountCents).toBeLessThanOrEqual(basis.maxAmountCents);
          expect(terms.weeklyPaymentCents).toBeLessThanOrEqual(basis.weeklyPaymentCapCents);
          expect(terms.lastPaymentCents).toBeGreaterThan(0);
          expect(terms.lastPaymentCents).toBeLessThanOrEqual(terms.weeklyPaymentCents);
          expect(terms.weeklyPaymentCents * (termWeeks - 1) + terms.lastPaymentCents).toBe(terms.purchaseCents);
          expect(terms.weeklyPaymentCents % 100).toBe(0);
          expect(priced.disclosure.totalRepayment - priced.disclosure.fundingProvided).toBe(
            priced.disclosure.financeCharge,
          );
          expect(priced.disclosure.summaryHash).toMatch(/^[0-9a-f]{64}$/);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('for every menu: two or three options, none over the cap, standard first priced at the engine offer', () => {
    fc.assert(
      fc.property(basisArbitrary, (basis) => {
        const menu = buildMenu(basis);
        expect(menu.length).toBeGreaterThanOrEqual(2);
        expect(menu.length).toBeLessThanOrEqual(3);
        const standard = menu.find(({ option }) => option.key === 'standard');
        expect(standard?.option.amount).toBe(basis.maxAmountCents / 100);
        expect(standard?.option.factorRate).toBe(basis.baseFactorMilli / 1000);
        for (const { option } of menu) {
          expect(option.weeklyPayment * 100).toBeLessThanOrEqual(basis.weeklyPaymentCapCents);
          expect(option.amount * 100).toBeLessThanOrEqual(basis.maxAmountCents);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('loan extras', () => {
  it('waives half of the unearned finance charge on a payoff today', () => {
    // $40,000 at 1.3: $12,000 finance charge. With $26,000 (half) still owed, $6,000 is unearned; half waived.
    expect(payoffOf({ balanceCents: 26_000_00, purchasedAmountCents: 52_000_00, principalCents: 40_000_00 })).toEqual({
      balanceCents: 26_000_00,
      discountCents: 3_000_00,
      payoffCents: 23_000_00,
    });
    expect(payoffOf({ balanceCents: 0, purchasedAmountCents: 52_000_00, principalCents: 40_000_00 }).payoffCents).toBe(
      0,
    );
  });

  it('makes a loan eligible for renewal at half paid', () => {
    expect(renewalOf({ totalPaidCents: 25_999_99, purchasedAmountCents: 52_000_00 })).toEqual({
      paidPct: 49.9,
      eligibleAtPct: 50,
      eligible: false,
    });
    expect(renewalOf({ totalPaidCents: 26_000_00, purchasedAmountCents: 52_000_00 })).toMatchObject({
      paidPct: 50,
      eligible: true,
    });
  });
});
