import { describe, expect, it } from 'vitest';
import { hasPendingOcr, parseAnalysis } from './analysis';

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
          endingBalanceCents: 912_345,
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
      endingBalance: 9_123.45,
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
        endingBalance: null,
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

  it('reads where OCR of each photo or scan stands, and what the engine would answer with it', () => {
    const raw = {
      statements: [
        { fileName: 'march.png', parseStatus: 'parsed', parseNote: 'Read by OCR. 1 page(s)', ocr: { status: 'read' } },
        { fileName: 'april.jpg', parseStatus: 'unreadable', parseNote: 'JPEG image', ocr: { status: 'pending' } },
        {
          fileName: 'may.pdf',
          parseStatus: 'unreadable',
          parseNote: 'OCR failed: No transaction table found.',
          ocr: { status: 'failed', note: 'No transaction table found.' },
        },
        { fileName: 'june.pdf', parseStatus: 'parsed', ocr: { status: 'sideways' } },
      ],
      financingPositions: [],
      ocr: {
        updatedAt: '2026-02-01T10:00:00.000Z',
        engineAnswer: { decision: 'review', amountCents: 2_500_000, averageMonthlyTrueRevenueCents: 3_000_000 },
        financingPositions: [
          { counterparty: 'QUICKFUND', amountCents: 25_000, frequency: 'daily', knownFunder: true },
          { counterparty: 'CINTAS', amountCents: 8_640, frequency: 'weekly', knownFunder: false },
        ],
      },
    };
    const view = parseAnalysis(raw);
    expect(view.statements.map((statement) => statement.ocr)).toEqual([
      { status: 'read', note: null },
      { status: 'pending', note: null },
      { status: 'failed', note: 'No transaction table found.' },
      null,
    ]);
    expect(view.isOcrPending).toBe(true);
    expect(hasPendingOcr(raw)).toBe(true);
    expect(view.ocr).toEqual({
      updatedAt: '2026-02-01T10:00:00.000Z',
      decision: 'review',
      amount: 25_000,
      averageMonthlyTrueRevenue: 30_000,
    });
    expect(view.financingPositions).toEqual([
      { counterparty: 'QUICKFUND', amount: 250, frequency: 'daily', unsure: false },
      { counterparty: 'CINTAS', amount: 86.4, frequency: 'weekly', unsure: true },
    ]);
  });

  it('stops asking for a refresh once no statement waits for OCR', () => {
    expect(hasPendingOcr({ statements: [{ fileName: 'a.png', ocr: { status: 'read' } }] })).toBe(false);
    for (const raw of [null, undefined, {}, { statements: 'x' }, { statements: [null] }]) {
      expect(hasPendingOcr(raw)).toBe(false);
    }
    expect(parseAnalysis({ statements: [{ fileName: 'a.pdf' }] }).ocr).toBeNull();
  });
});
