import { describe, expect, it } from 'vitest';
import { flateBombPdf } from '../../test/statements/bad-files';
import { buildLedger } from '../../test/statements/ledger';
import { renderStatementPdf } from '../../test/statements/render';
import { extractPdfText, findDecompressionBomb } from './pdf-text';

// The first test loads pdf.js (two 2 MB modules): slow on a busy machine, so the limit is generous.
describe('pdf text extraction', { timeout: 30_000 }, () => {
  it('leaves Object.create and the built-ins pdf.js polyfills as they were', async () => {
    const natives = [Object.create, Array.prototype.push, JSON.parse, JSON.stringify];
    const pdf = await renderStatementPdf(buildLedger({ seed: 3, firstMonth: '2025-02', months: 1 }), {
      layout: 'signed-amount',
    });
    const result = await extractPdfText(new Uint8Array(pdf));
    expect(result.ok).toBe(true);
    expect([Object.create, Array.prototype.push, JSON.parse, JSON.stringify]).toEqual(natives);
  });

  it('reads only its share of pages when two workers split a statement', async () => {
    const pdf = await renderStatementPdf(buildLedger({ seed: 4, firstMonth: '2025-01', months: 3 }), {
      layout: 'sections',
    });
    const [even, odd] = await Promise.all([
      extractPdfText(new Uint8Array(pdf), { shard: { index: 0, count: 2 } }),
      extractPdfText(new Uint8Array(pdf), { shard: { index: 1, count: 2 } }),
    ]);
    if (!even.ok || !odd.ok) throw new Error('extraction failed');
    const numbers = [...even.pages, ...odd.pages].map((page) => page.pageNumber).sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(numbers).toEqual(Array.from({ length: even.pageCount }, (_, index) => index + 1));
    expect(even.pages.every((page) => ((page.pageNumber ?? 0) - 1) % 2 === 0)).toBe(true);
  });

  it('finds a decompression bomb before pdf.js inflates it', () => {
    expect(findDecompressionBomb(new Uint8Array(flateBombPdf(40 * 1024 * 1024)))).toMatch(/decompression bomb/);
  });

  it('lets an ordinary statement through the bomb check', async () => {
    const pdf = await renderStatementPdf(buildLedger({ seed: 5, firstMonth: '2025-01', months: 2 }), {
      layout: 'debit-credit',
    });
    expect(findDecompressionBomb(new Uint8Array(pdf))).toBeNull();
  });
});
