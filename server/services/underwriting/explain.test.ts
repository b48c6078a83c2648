import { describe, expect, it } from 'vitest';
import { computeOffer, type DecisionResult } from './decision';
import { explainDecision } from './explain';
import type { RiskTier } from './policy';

function approved(input: {
  revenueBasisCents: number;
  tier: RiskTier;
  requestedCents: number;
  existingWeeklyFinancingCents?: number;
}): DecisionResult {
  const offer = computeOffer({ existingWeeklyFinancingCents: 0, ...input });
  return { decision: 'approved', revenueSource: 'statements', offer } as DecisionResult;
}

describe('the decision in plain words', () => {
  it('says the weekly payment cap bound, with the existing financing it subtracts', () => {
    const decision = approved({
      revenueBasisCents: 40_000_00,
      tier: 'Medium',
      requestedCents: 400_000_00,
      existingWeeklyFinancingCents: 1_000_00,
    });
    expect(decision.offer?.bindingCap).toBe('weekly-payment');
    const words = explainDecision({
      requestedCents: 400_000_00,
      decision,
      whatIf: [
        {
          code: 'existing-financing',
          fact: 'Existing weekly debit of $1,000.00 to FASTCAP',
          withoutIt: { amountCents: 36_000_00 },
        },
        { code: 'nsf-events', fact: '2 NSF/overdraft events on the statements', withoutIt: { amountCents: 20_000_00 } },
        {
          code: 'short-history',
          fact: '2 months of statements instead of three',
          withoutIt: { amountCents: 15_000_00 },
        },
      ],
    });
    expect(words.lessThanAsked).toBe(
      'We can offer $11,000 of the $400,000 you asked for because weekly payments are capped at 15% of the weekly ' +
        'revenue your bank statements show ($9,231 a week, less the $1,000 a week you already pay on other ' +
        'financing), so at most $385 a week over 39 weeks.',
    );
    expect(words.whatWouldChange).toEqual([
      'Once your existing weekly debit of $1,000.00 to FASTCAP ends, the offer could be up to $36,000.',
      'Without the 2 NSF/overdraft events on the statements, the offer could be up to $20,000.',
      'With three months of statements, the offer could be up to $15,000.',
    ]);
  });

  it('says the revenue multiple bound', () => {
    const decision = approved({ revenueBasisCents: 50_000_00, tier: 'Medium', requestedCents: 400_000_00 });
    expect(decision.offer?.bindingCap).toBe('revenue-multiple');
    expect(explainDecision({ requestedCents: 400_000_00, decision, whatIf: [] }).lessThanAsked).toBe(
      'We can offer $45,000 of the $400,000 you asked for because we advance at most 0.90 times the average ' +
        'monthly revenue your bank statements show ($50,000 a month).',
    );
  });

  it('says the product maximum bound', () => {
    const decision = approved({ revenueBasisCents: 3_000_000_00, tier: 'Low', requestedCents: 5_000_000_00 });
    expect(explainDecision({ requestedCents: 5_000_000_00, decision, whatIf: [] }).lessThanAsked).toBe(
      'We can offer $1,000,000 of the $5,000,000 you asked for because $1,000,000 is the largest advance we fund.',
    );
  });

  it('gives no reason when the full request is offered', () => {
    const decision = approved({ revenueBasisCents: 100_000_00, tier: 'Low', requestedCents: 50_000_00 });
    expect(
      explainDecision({
        requestedCents: 50_000_00,
        decision,
        whatIf: [{ code: 'nsf-events', fact: '1 NSF/overdraft event', withoutIt: { amountCents: 60_000_00 } }],
      }),
    ).toEqual({ lessThanAsked: null, whatWouldChange: [] });
  });

  it('says nothing for a referral', () => {
    const decision = { ...approved({ revenueBasisCents: 50_000_00, tier: 'Medium', requestedCents: 400_000_00 }) };
    decision.decision = 'review';
    expect(explainDecision({ requestedCents: 400_000_00, decision, whatIf: [] })).toEqual({
      lessThanAsked: null,
      whatWouldChange: [],
    });
  });
});
