import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLedger, expectedMonths, ledgerNoiseArbitrary } from '../../test/statements/ledger';
import { LAYOUTS, NEGATIVE_STYLES, renderStatementPdf } from '../../test/statements/render';
import { computeInsights } from './insights';
import { extractPdfText } from './pdf-text';
import { parseStatementPages } from './statement-parser';

const caseArbitrary = fc.record({
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  firstMonth: fc.constantFrom('2023-11', '2024-01', '2024-02', '2025-06'),
  months: fc.integer({ min: 1, max: 3 }),
  depositsPerMonth: fc.integer({ min: 1, max: 25 }),
  debitsPerMonth: fc.integer({ min: 0, max: 25 }),
  revenuePerMonthCents: fc.integer({ min: 5_000_00, max: 2_500_000_00 }),
  openingBalanceCents: fc.integer({ min: -5_000_00, max: 250_000_00 }),
  noise: ledgerNoiseArbitrary,
  layout: fc.constantFrom(...LAYOUTS),
  negativeStyle: fc.constantFrom(...NEGATIVE_STYLES),
});

describe('reader totals on random ledgers', () => {
  it('equal the ledger per month (credits, debits, true revenue) in every layout', async () => {
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async ({ layout, negativeStyle, ...options }) => {
        const ledger = buildLedger(options);
        const pdf = await renderStatementPdf(ledger, { layout, negativeStyle });
        const text = await extractPdfText(new Uint8Array(pdf));
        expect(text.ok).toBe(true);
        if (!text.ok) return;
        const parsed = parseStatementPages(text.pages);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        const months = computeInsights([{ documentId: 'doc', statement: parsed.statement }])?.months ?? [];
        const totals = months.map((m) => [m.month, m.creditsCents, m.debitsCents, m.trueRevenueCents]);
        const truth = expectedMonths(ledger).map((m) => [m.month, m.creditsCents, m.debitsCents, m.trueRevenueCents]);
        expect(totals).toEqual(truth);
        for (const segment of parsed.statement.segments) expect(segment.balanceCheck.status).toBe('reconciled');
      }),
      // Each run renders and reads a real PDF (~50 ms); a modest count keeps the unit suite fast.
      { numRuns: 20 },
    );
  }, 60_000);
});
