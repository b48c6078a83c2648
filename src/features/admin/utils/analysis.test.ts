import { describe, expect, it } from 'vitest';
import { parseAnalysis } from './analysis';

describe('parseAnalysis', () => {
  it('reads the engine shape: months in cents, flags, reasoning and summary facts', () => {
    const view = parseAnalysis({
      months: [
        {
          month: '2026-03',
          trueRevenueCents: 5_400_000,
          creditsCents: 5_600_000,
          debitsCents: 4_000_000,
          averageDailyBalanceCents: 820_000,
          nsfEvents: 2,
          negativeBalanceDays: 1,
        },
      ],
      flags: [{ code: 'nsf_events', severity: 'warning', message: 'Two NSF events' }],
      reasoning: ['Revenue is steady.', 'Two NSF events need a look.'],
      summary: { healthScore: 71, trend: 'Stable', averageMonthlyTrueRevenueCents: 5_400_000 },
      risk: { tier: 'moderate' },
    });
    expect(view.months[0]).toEqual({
      month: '2026-03',
      trueRevenue: 54_000,
      deposits: 56_000,
      withdrawals: 40_000,
      averageDailyBalance: 8_200,
      nsfEvents: 2,
      negativeBalanceDays: 1,
    });
    expect(view.flags).toEqual([{ code: 'nsf_events', severity: 'warning', message: 'Two NSF events' }]);
    expect(view.reasoning).toHaveLength(2);
    expect(view.facts).toContainEqual({ label: 'Health score', value: '71 / 100' });
    expect(view.facts).toContainEqual({ label: 'Risk tier', value: 'moderate' });
    expect(view.isEmpty).toBe(false);
  });

  it('survives missing, partial and unexpected shapes', () => {
    for (const raw of [null, undefined, 'text', 42, [], {}, { months: 'x', flags: {}, reasoning: 7 }]) {
      expect(parseAnalysis(raw).isEmpty).toBe(true);
    }
    const odd = parseAnalysis({
      months: [{ month: '2026-01', trueRevenueCents: 'NaN' }, { nope: 1 }],
      flags: ['plain text flag', { severity: 'weird', code: 'x' }],
      reasoning: 'One line',
    });
    expect(odd.months).toEqual([
      {
        month: '2026-01',
        trueRevenue: null,
        deposits: null,
        withdrawals: null,
        averageDailyBalance: null,
        nsfEvents: null,
        negativeBalanceDays: null,
      },
    ]);
    expect(odd.flags).toEqual([
      { code: null, severity: 'unknown', message: 'plain text flag' },
      { code: 'x', severity: 'unknown', message: 'x' },
    ]);
    expect(odd.reasoning).toEqual(['One line']);
  });
});
